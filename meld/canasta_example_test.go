package meld_test

import (
	"errors"
	"fmt"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// exampleHandFootA is the policy of Hand and Foot rule set A, as the game
// builds it: natural cards must outnumber wild cards, and a red three may be
// laid on a completed clean canasta.
var exampleHandFootA = meld.RankPolicy{
	Ranks:           meld.Ranks(card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight, card.Nine, card.Ten, card.Jack, card.Queen, card.King),
	MinSize:         3,
	MinNaturals:     1,
	Ratio:           meld.MoreNatural,
	CanastaSize:     7,
	RedThreeOnClean: true,
}

// A new meld is checked as a whole: under Hand and Foot the natural cards
// must outnumber the wild cards.
func ExampleRankPolicy_New() {
	p := exampleHandFootA

	m, err := p.New(card.MustParseCards("7H 7D 2C")...)
	fmt.Println(m, err)

	_, err = p.New(card.MustParseCards("7H 7D 2C 2S")...)
	fmt.Println(err)
	fmt.Println(errors.Is(err, meld.ErrWildRatio))
	// Output:
	// 7D 7H 2C <nil>
	// meld: too many wild cards for the natural cards: 7D 7H 2C 2S: 2 natural cards and 2 wild cards (more natural than wild required)
	// true
}

// Cards are added to a meld one play at a time; each result is checked, and
// the meld given to Add is never changed.
func ExampleRankPolicy_Add() {
	p := exampleHandFootA
	m, _ := p.New(card.MustParseCards("9S 9H 2C")...)
	fmt.Printf("%v: %v\n", m, p.Class(m))

	for _, play := range []string{"JK", "9D 9C", "JK", "2H 9S"} {
		next, err := p.Add(m, card.MustParseCards(play)...)
		if err != nil {
			fmt.Println(play, "rejected:", err)
			continue
		}
		m = next
		fmt.Printf("+ %s = %v: %v\n", play, m, p.Class(m))
	}
	// Output:
	// 9H 9S 2C: meld
	// JK rejected: meld: too many wild cards for the natural cards: 9H 9S 2C JK: 2 natural cards and 2 wild cards (more natural than wild required)
	// + 9D 9C = 9C 9D 9H 9S 2C: meld
	// + JK = 9C 9D 9H 9S 2C JK: meld
	// + 2H 9S = 9C 9D 9H 9S 9S 2C 2H JK: dirty canasta
}

// Under Hand and Foot rule set A a red three may be laid on a completed
// clean canasta, which can then never take a wild card.
func ExampleRankPolicy_LayRedThree() {
	p := exampleHandFootA
	clean, _ := p.New(card.MustParseCards("KC KC KD KH KH KS KS")...)
	fmt.Println(p.Class(clean))

	locked, err := p.LayRedThree(clean, card.MustParse("3H"))
	fmt.Println(locked, err)

	_, err = p.Add(locked, card.Joker)
	fmt.Println(err)

	more, err := p.Add(locked, card.MustParse("KD"))
	fmt.Println(more, err)

	short, _ := p.New(card.MustParseCards("QC QD QH")...)
	_, err = p.LayRedThree(short, card.MustParse("3D"))
	fmt.Println(err)
	// Output:
	// clean canasta
	// KC KC KD KH KH KS KS 3H <nil>
	// meld: a red three keeps that canasta clean: cannot add JK to KC KC KD KH KH KS KS 3H
	// KC KC KD KD KH KH KS KS 3H <nil>
	// meld: a red three goes only on a completed clean canasta: QC QD QH is not a completed clean canasta
}

// Under Hand and Foot rule set B a clean canasta is closed at exactly seven
// cards, while a dirty canasta has no limit: CleanClosed says so.
func ExampleRankPolicy_cleanClosed() {
	p := exampleHandFootA
	p.RedThreeOnClean = false
	p.CleanClosed = true
	clean, _ := p.New(card.MustParseCards("8C 8C 8D 8D 8H 8S 8S")...)
	fmt.Println(clean, "-", p.Class(clean))

	_, err := p.Add(clean, card.MustParse("8H"))
	fmt.Println(errors.Is(err, meld.ErrClosed), err)

	dirty, _ := p.New(card.MustParseCards("8C 8C 8D 8D 8H 2S JK")...)
	dirty, err = p.Add(dirty, card.MustParseCards("8H 8S")...)
	fmt.Println(dirty, "-", p.Class(dirty), err)
	// Output:
	// 8C 8C 8D 8D 8H 8S 8S - clean canasta
	// true meld: that canasta is closed: the clean canasta 8C 8C 8D 8D 8H 8S 8S takes no more cards
	// 8C 8C 8D 8D 8H 8H 8S 2S JK - dirty canasta <nil>
}
