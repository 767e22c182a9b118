package bot_test

import (
	"fmt"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/doublets/bot"
)

// Three players try the same deal: random, greedy, and a search player
// with a small Budget. A patience has one seat.
func Example() {
	players := []struct {
		name string
		p    bot.Player
	}{
		{"random", bot.Random(1)},
		{"heuristic", bot.Heuristic(1)},
		{"search", bot.SearchWith(1, bot.Budget{Samples: 2, Positions: 200})},
	}
	for _, pl := range players {
		s, err := doublets.New(doublets.Aisleriot(), 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		s, err = cardrules.Run(s, []bot.Player{pl.p}, bot.Options{Limit: s.Rules().MaxActions()})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %d cards on the foundation, won %v\n", pl.name, s.Totals()[0], s.Won())
	}
	// Output:
	// random: 17 cards on the foundation, won false
	// heuristic: 26 cards on the foundation, won false
	// search: 48 cards on the foundation, won true
}

// The greedy player plays the needed rank from the lowest reserve slot.
func ExampleHeuristic() {
	s, err := doublets.New(doublets.Aisleriot(), 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	v := s.View(0)
	fmt.Println("reserve:", v.Reserve, "- foundation:", v.Foundation, "- needed:", v.Needed)
	fmt.Println("legal:", v.Legal)
	fmt.Println("plays:", bot.Heuristic(1).Choose(v))
	// Output:
	// reserve: [9S AD 2D 6H 2H AS 6S] - foundation: [7C] - needed: A
	// legal: [play 2 play 6 turn]
	// plays: play 2
}
