package bot_test

import (
	"errors"
	"fmt"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// A heuristic player against a random one: cardrules.Run plays a hand of
// basic Rummy to the end.
func Example() {
	r := rummy.Basic()
	s, err := rummy.New(r, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	var players []bot.Player
	for seat, strength := range []string{"heuristic", "random"} {
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
	fmt.Println("totals:", s.Totals(), "- winners:", s.Winners())
	// Output:
	// actions: 63 - went out: 0
	// totals: [50 -35] - winners: [0]
}

// The heuristic player's first turn of a fixed deal: each choice from
// the View of the seat to act.
func ExampleHeuristic() {
	s, err := rummy.New(rummy.Basic(), 17)
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
		if s, err = rummy.Apply(s, a); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("hand:", s.Hand(seat))
	// Output:
	// hand: 3C 3S 8C 8D 8H JH QD QH QS KD - upcard: 9H
	// plays: draw pile
	// plays: meld 8C 8D 8H
	// plays: meld QD QH QS
	// plays: discard KD
	// hand: 3C 3S 9H JH
}

// A search player with a small budget and the heuristic player choose
// from the same View: draw from the stock, or take the upcard. Their
// choices may differ.
func ExampleSearchWith() {
	s, err := rummy.New(rummy.Basic(), 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	v := s.View(s.ToAct())
	fmt.Println("hand:", v.Hand, "- pile:", v.Pile)
	fmt.Println("heuristic:", bot.Heuristic(1).Choose(v))
	fmt.Println("search:", bot.SearchWith(1, bot.Budget{Playouts: 32}).Choose(v))
	// Output:
	// hand: 2D 3S 4H 5C 7D 10H JC QC QS KC - pile: [5D]
	// heuristic: draw pile
	// search: draw stock
}

// New builds a player by the name of its strength, as a program reads it
// from a flag or a form. An unknown name lists the strengths.
func ExampleNew() {
	fmt.Println(bot.Strengths())
	_, err := bot.New("expert", 1)
	fmt.Println(errors.Is(err, bot.ErrStrength), err)
	// Output:
	// [random heuristic search]
	// true rummy/bot: no such strength: "expert": the strengths are random, heuristic, search
}
