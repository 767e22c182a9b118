package rummy_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/rummy"
)

// A two-player game dealt from a seed: ten cards each, the upcard, the
// stock, and what seat 0, first to play, may do.
func Example() {
	s, err := rummy.New(rummy.Basic(), 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("to act:", s.ToAct(), s.Phase())
	for seat := range s.Rules().Players {
		fmt.Println("seat", seat, "holds", s.HandSize(seat), "cards")
	}
	fmt.Println("upcard:", s.Upcard(), "- stock:", s.StockSize())
	fmt.Println("legal:", rummy.Legal(s))
	// Output:
	// to act: 0 drawing
	// seat 0 holds 10 cards
	// seat 1 holds 10 cards
	// upcard: AD - stock: 31
	// legal: [draw stock draw pile]
}

// deckFrom returns the 52 cards in the order top gives, then the rest of
// the deck.
func deckFrom(top string) []card.Card {
	order := card.MustParseCards(top)
	all := card.All()
	for _, c := range all[:card.Joker-1] {
		if !slices.Contains(order, c) {
			order = append(order, c)
		}
	}
	return order
}

// A game dealt from an exact order, one card at a time to seat 0 then seat
// 1, and played from the actions' text, at a table that plays the house
// rule KeepTaken: seat 0 draws and melds; seat 1 takes the discard, which
// it may not throw straight back; seat 0 lays off on its run.
func ExampleDeal() {
	order := deckFrom(`4C 2D  5C 3D  6C 8S  7D 9S  7H JC  7S JD  KD AH  QS 3H  9H 10C  2S 5D
		KH
		8C 7C`)
	r := rummy.Basic()
	r.KeepTaken = true
	s, err := rummy.Deal(r, order, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seat 0:", s.Hand(0), "- upcard:", s.Upcard())
	play := func(text string) error {
		a, err := rummy.ParseAction(text)
		if err == nil {
			s, err = rummy.Apply(s, a)
		}
		return err
	}
	for _, text := range []string{"draw stock", "meld 4C 5C 6C", "meld 7D 7H 7S", "discard KD", "draw pile"} {
		if err := play(text); err != nil {
			fmt.Println(err)
		}
	}
	err = play("discard KD")
	fmt.Println(errors.Is(err, rummy.ErrTaken), err)
	for _, text := range []string{"discard AH", "draw stock", "lay 7C on 1", "lay 8C on 1", "discard 2S"} {
		if err := play(text); err != nil {
			fmt.Println(err)
		}
	}
	for i, m := range s.Melds() {
		fmt.Printf("meld %d by seat %d: %v\n", i+1, m.Seat, m.Meld)
	}
	fmt.Println("seat 0:", s.Hand(0), "- pile:", s.Pile(), "- to act:", s.ToAct())
	// Output:
	// seat 0: 2S 4C 5C 6C 7D 7H 7S 9H QS KD - upcard: KH
	// true rummy: the card taken from the pile stays: you drew KD from the pile this turn: discard another card
	// meld 1 by seat 0: 4C 5C 6C 7C 8C
	// meld 2 by seat 0: 7D 7H 7S
	// seat 0: 9H QS - pile: [KH AH 2S] - to act: 1
}

// A round scored: seat 0 melds its whole hand and goes out by discarding
// the card it drew; each seat scores the cards it laid less the cards it
// holds.
func ExampleState_Score() {
	order := deckFrom(`AC 2D  2C 3D  3C 8S  4C 8D  KD JC  KH JD  KS AH  9S 3H  9H 10C  9D 5D
		QH
		6H`)
	s, err := rummy.Deal(rummy.Basic(), order, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{"draw stock", "meld AC 2C 3C 4C", "meld KD KH KS", "meld 9D 9H 9S", "discard 6H"} {
		a, err := rummy.ParseAction(text)
		if err == nil {
			s, err = rummy.Apply(s, a)
		}
		if err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(s.Phase(), "- went out:", s.Results()[0].WentOut)
	for _, ps := range s.Score() {
		fmt.Printf("seat %d:\n%v\n", ps.Seat, ps.Breakdown)
	}
	fmt.Println("winners:", s.Winners())
	// Output:
	// game over - went out: 0
	// seat 0:
	// cards melded and laid off  80
	// cards in hand               0
	// Total                      80
	// seat 1:
	// cards melded and laid off    0
	// cards in hand              -80
	// Total                      -80
	// winners: [0]
}
