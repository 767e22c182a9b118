package bot_test

import (
	"fmt"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
)

// A heuristic team (seats 0 and 2) against a random one plays one round
// under rule set A. Rounds is a house rule that keeps the game short.
func Example() {
	r := handfoot.RulesA()
	r.Rounds = 1
	s, err := handfoot.New(r, 1)
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
	// actions: 282 - went out: 2
	// team totals: [5520 1360] - winners: [0]
}

// The heuristic player's first turn of a fixed deal: each choice from
// the View of the seat to act.
func ExampleHeuristic() {
	s, err := handfoot.New(handfoot.RulesA(), 10)
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
		if s, err = handfoot.Apply(s, a); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("hand:", s.Hand(seat))
	// Output:
	// hand: AH 2H 2H 6S 7H 9S 10D KH KH KS KS - upcard: QD
	// plays: draw
	// plays: meld KD KH KH KS KS
	// plays: add 2H 2H to K
	// plays: discard AH
	// hand: 6S 7H 8C 9S 10D
}

// A search player with a small budget and the heuristic player choose
// from the same View: draw, or take the pile. The search plays each
// choice out over deals its View cannot tell from the real one.
func ExampleSearchWith() {
	s, err := handfoot.New(handfoot.RulesA(), 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	v := s.View(s.ToAct())
	fmt.Println("hand:", v.Hand, "- upcard:", v.Upcard, "- legal:", v.Legal)
	fmt.Println("heuristic:", bot.Heuristic(1).Choose(v))
	fmt.Println("search:", bot.SearchWith(1, bot.Budget{Playouts: 16}).Choose(v))
	// Output:
	// hand: AD AS 3S 4H 4S 5C 5D 5H 6D KS JK - upcard: 5D - legal: [draw take]
	// heuristic: draw
	// search: draw
}
