package bot_test

import (
	"fmt"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/canasta/bot"
)

// Heuristic partners (seats 0 and 2) against random ones play one round
// of Classic Canasta. Rounds is a house rule that keeps the game short.
func Example() {
	r := canasta.Classic()
	r.Rounds = 1
	s, err := canasta.New(r, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	var players []bot.Player
	for seat, strength := range []string{"heuristic", "random", "heuristic", "random"} {
		p, err := bot.New(strength, uint64(seat))
		if err != nil {
			fmt.Println(err)
			return
		}
		players = append(players, p)
	}
	s, err = cardrules.Run(s, players, bot.Options{Limit: r.MaxActions()})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("actions:", s.Seq(), "- went out:", s.Results()[0].WentOut)
	fmt.Println("team totals:", s.Totals(), "- winners:", s.Winners())
	// Output:
	// actions: 84 - went out: 2
	// team totals: [1070 100] - winners: [0]
}

// The heuristic player's first turn of a fixed deal: each choice from
// the View of the seat to act.
func ExampleHeuristic() {
	s, err := canasta.New(canasta.Classic(), 12)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := bot.Heuristic(1)
	seat := s.Turn()
	fmt.Println("hand:", s.Hand(seat), "- upcard:", s.Upcard())
	for s.Turn() == seat && !s.Over() {
		a := p.Choose(s.View(s.ToAct()))
		fmt.Println("plays:", a)
		if s, err = canasta.Apply(s, a); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("hand:", s.Hand(seat))
	// Output:
	// hand: 2D 2S 6C 6D 6S 8C 8D 9S JS QS JK - upcard: 10S
	// plays: draw
	// plays: meld 8C 8D 2D 2S JK
	// plays: meld 6C 6D 6S
	// plays: discard QS
	// hand: 9S 10C JS
}

// A search player with a small budget and the heuristic player choose a
// discard from the same View. Their choices may differ.
func ExampleSearchWith() {
	s, err := canasta.New(canasta.Classic(), 19)
	if err != nil {
		fmt.Println(err)
		return
	}
	if s, err = canasta.Apply(s, canasta.Draw()); err != nil {
		fmt.Println(err)
		return
	}
	v := s.View(s.ToAct())
	fmt.Println("hand:", v.Hand)
	fmt.Println("heuristic:", bot.Heuristic(1).Choose(v))
	fmt.Println("search:", bot.SearchWith(1, bot.Budget{Playouts: 16}).Choose(v))
	// Output:
	// hand: 4D 4H 5C 7S 8D 8S 9D 10H 10S JH QS KD
	// heuristic: discard 7S
	// search: discard 7S
}
