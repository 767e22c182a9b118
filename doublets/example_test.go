package doublets_test

import (
	"fmt"
	"slices"

	"github.com/cardrules/cardrules/doublets"
)

// A game is dealt from a seed; Legal lists the moves and Apply plays one,
// returning the next State.
func ExampleNew() {
	s, err := doublets.New(doublets.Aisleriot(), 7)
	if err != nil {
		panic(err)
	}
	fmt.Println("foundation:", s.Foundation(), "needs", s.Needed())
	fmt.Println("reserve:", s.Reserve())
	fmt.Println("legal:", doublets.Legal(s))
	a, _ := doublets.PlayReserve(0) // slot 1 in text: "play 1"
	s, err = doublets.Apply(s, a)
	if err != nil {
		panic(err)
	}
	fmt.Println("after", a, "the foundation needs", s.Needed(), "and the score is", s.Totals()[0])
	fmt.Println("reserve:", s.Reserve())
	_, err = doublets.Apply(s, doublets.PlayWaste())
	fmt.Println(err)
	// Output:
	// foundation: [3C] needs 6
	// reserve: [6S 5H 3S QD JH 5C AC]
	// legal: [play 1 turn]
	// after play 1 the foundation needs Q and the score is 2
	// reserve: [JS 5H 3S QD JH 5C AC]
	// doublets: there is no card there: the waste is empty: turn a card from the stock
}

// The View is what the player sees: the stock is only a count. PySol
// turns a card onto the waste once the deal is done.
func ExampleState_View() {
	s, _ := doublets.New(doublets.PySol(), 10)
	v := s.View(0)
	fmt.Printf("stock: %d cards; waste: %v; pass %d of %d\n", v.StockSize, v.Waste, v.Pass, v.Rules.Passes)
	fmt.Printf("needs: %v; score: %d; legal: %v\n", v.Needed, v.Score, v.Legal)
	// Output:
	// stock: 43 cards; waste: [7H]; pass 1 of 3
	// needs: Q; score: 1; legal: [play 4 turn]
}

// ParseAction reads an action's text in any case, with "play w" for the
// waste; malformed text is refused with a message naming the problem.
func ExampleParseAction() {
	for _, text := range []string{"play waste", "PLAY W", "play 3", "turn", "redeal", "play 9"} {
		a, err := doublets.ParseAction(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q: %v (kind %v, slot index %d)\n", text, a, a.Kind(), a.Slot())
	}
	// Output:
	// "play waste": play waste (kind play waste, slot index -1)
	// "PLAY W": play waste (kind play waste, slot index -1)
	// "play 3": play 3 (kind play, slot index 2)
	// "turn": turn (kind turn, slot index -1)
	// "redeal": redeal (kind redeal, slot index -1)
	// doublets: not a well-formed action: "play 9": play waste, or play a reserve slot 1 to 7
}

// Solve finds whether a deal can be won and the best score play can
// reach; its line of moves (which solvers may choose differently) replays
// with Apply to that score.
func ExampleSolve() {
	s, _ := doublets.New(doublets.Aisleriot(), 7)
	sol := doublets.Solve(s)
	fmt.Println("winnable:", sol.Winnable, "score:", sol.Score)
	for _, a := range sol.Moves {
		s, _ = doublets.Apply(s, a)
	}
	fmt.Println("the line reaches", s.Totals()[0], "won:", s.Won())
	// Output:
	// winnable: true score: 48
	// the line reaches 48 won: true
}

// Hint gives the first move of a best line. At the deal of seed 1 no card
// plays, so turning is the only move.
func ExampleHint() {
	s, _ := doublets.New(doublets.Aisleriot(), 1)
	a, ok := doublets.Hint(s)
	fmt.Println(doublets.Legal(s), a, ok)
	// Mid-game, whatever the best line, the hint is a legal move.
	for range 20 {
		s, _ = doublets.Apply(s, doublets.Legal(s)[0])
	}
	a, ok = doublets.Hint(s)
	fmt.Println(ok, slices.Contains(doublets.Legal(s), a))
	// Output:
	// [turn] turn true
	// true true
}
