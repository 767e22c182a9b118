package meld_test

import (
	"errors"
	"fmt"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

func ExampleNewRun() {
	run, err := meld.NewRun(card.MustParseCards("3C AC 2C"))
	fmt.Println(run, err)
	fmt.Println(run.Suit().Name(), run.Low(), run.High(), run.Len())

	// The ace is low only: Q-K-A is not a run.
	_, err = meld.NewRun(card.MustParseCards("QC KC AC"))
	fmt.Println(err)

	_, err = meld.NewRun(card.MustParseCards("4C 5C 7C"))
	fmt.Println(errors.Is(err, meld.ErrNotRun))
	fmt.Println(err)
	// Output:
	// AC 2C 3C <nil>
	// clubs A 3 3
	// meld: a run is three or more cards in sequence in one suit: QC KC AC: the ace is low only, so AC does not follow KC (no wrapping)
	// true
	// meld: a run is three or more cards in sequence in one suit: 4C 5C 7C: 6C is missing
}

func ExampleNewGroup() {
	group, err := meld.NewGroup(card.MustParseCards("7S 7D 7H"))
	fmt.Println(group, err)
	fmt.Println(group.Rank().Name(), group.Len(), group.LayOffs())

	_, err = meld.NewGroup(card.MustParseCards("7D 7H 8S"))
	fmt.Println(err)
	// Output:
	// 7D 7H 7S <nil>
	// seven 3 [7C]
	// meld: a group is three or four cards of one rank: 7D 7H 8S: 8S is not a seven
}

func ExampleCombination_LayOff() {
	// "For example to the club4, club5, club6 you could add the club3 or
	// the club7."
	run, _ := meld.NewRun(card.MustParseCards("4C 5C 6C"))
	fmt.Println(run.LayOffs())

	longer, err := run.LayOff(card.MustParse("3C"))
	fmt.Println(longer, err)

	_, err = run.LayOff(card.MustParse("9C"))
	fmt.Println(errors.Is(err, meld.ErrLayOff))
	fmt.Println(err)

	// Melds are never rearranged: with 2C 2H 2D 2S and 3S 4S 5S on the
	// table, the spade ace fits neither.
	group, _ := meld.NewGroup(card.MustParseCards("2C 2H 2D 2S"))
	spades, _ := meld.NewRun(card.MustParseCards("3S 4S 5S"))
	fmt.Println(group.CanLayOff(card.MustParse("AS")), spades.CanLayOff(card.MustParse("AS")))
	// Output:
	// [3C 7C]
	// 3C 4C 5C 6C <nil>
	// true
	// meld: that card does not fit the meld: 9C on 4C 5C 6C: only 3C or 7C fit
	// false false
}

func ExampleNewCombination() {
	for _, s := range []string{"9H 10H JH", "KD KC KS", "9H 9D 10D"} {
		m, err := meld.NewCombination(card.MustParseCards(s))
		switch {
		case err != nil:
			fmt.Println(err)
		case m.IsRun():
			fmt.Println("run:", m)
		default:
			fmt.Println("group:", m)
		}
	}
	// Output:
	// run: 9H 10H JH
	// group: KC KD KS
	// meld: a run is three or more cards in sequence in one suit: 9H 9D 10D: neither a run (mixed suits) nor a group (mixed ranks)
}
