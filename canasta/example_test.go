package canasta_test

import (
	"errors"
	"fmt"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
)

// A Classic table from a seed: what the first player holds, the upcard,
// the red threes laid out at the deal, and what the player may do.
func Example() {
	s, err := canasta.New(canasta.Classic(), 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	seat := s.ToAct()
	fmt.Println("to act:", seat, s.Phase())
	fmt.Println("hand:", s.Hand(seat))
	fmt.Println("upcard:", s.Upcard(), "- pile frozen for team 0:", s.Frozen(0))
	for team := range 2 {
		fmt.Println("team", team, "red threes:", s.RedThrees(team), "- minimum:", s.Minimum(team))
	}
	fmt.Println("legal:", canasta.Legal(s))
	// Output:
	// to act: 0 drawing
	// hand: 2C 3C 3S 5D 7H 7S 8H 10S KH KS JK
	// upcard: 8C - pile frozen for team 0: true
	// team 0 red threes: [] - minimum: 50
	// team 1 red threes: [3H] - minimum: 50
	// legal: [draw]
}

// The frozen pile: a team that has not melded takes it only with a
// natural pair of the upcard's rank. Here seat 0 holds 8S 8S against the
// upcard 8D, and lays the three eights as its first meld, worth 30 of the
// 50 the team needs: the pile waits (Opening) until more melds reach the
// minimum, or the take is taken back.
func ExampleTake() {
	p := canasta.Position{
		Rules: canasta.Classic(), Round: 1,
		Totals: []int{0, 0}, Down: []bool{false, false}, RedThrees: [][]card.Card{nil, nil},
		Phase: canasta.Drawing, Turn: 0,
		Hands: [][]card.Card{
			card.MustParseCards("8S 8S KC KD KH 5C 6D"),
			card.MustParseCards("4C 4D 9S"), card.MustParseCards("4H 4S 9H"), card.MustParseCards("5D 5H 9D"),
		},
		Pile: card.MustParseCards("2C 7H 8D"),
	}
	p.Stock = rest(p)
	s, err := canasta.FromPosition(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("frozen:", s.Frozen(0))
	with2, _ := canasta.TakeWith(card.MustParse("2C"))
	_, err = canasta.Apply(s, with2)
	fmt.Println(errors.Is(err, canasta.ErrPile), err)

	s, err = canasta.Apply(s, canasta.Take())
	fmt.Println(s.Phase(), "laid", s.LaidThisTurn(), "of", s.Minimum(0), "- hand", s.Hand(0))
	kings, _ := canasta.Meld(card.MustParseCards("KC KD KH")...)
	s, err = canasta.Apply(s, kings)
	fmt.Println(s.Phase(), "- down:", s.Down(0), "- hand", s.Hand(0), err)
	// Output:
	// frozen: true
	// true canasta: you cannot take the discard pile: the pile is frozen: take it only with a natural pair of eights from your hand
	// opening laid 30 of 50 - hand 5C 6D KC KD KH
	// melding - down: true - hand 2C 5C 6D 7H <nil>
}

// rest returns the cards of the shoe a position's other zones leave, for
// the stock.
func rest(p canasta.Position) []card.Card {
	all, _ := card.MultisetOf()
	for _, h := range p.Hands {
		_ = all.AddCards(h)
	}
	_ = all.AddCards(p.Pile)
	for _, m := range p.Melds {
		_ = all.AddCards(m.Meld.Cards())
	}
	s, _ := canasta.New(p.Rules, 1)
	shoe := s.Cards()
	_ = shoe.RemoveAll(all)
	return shoe.Cards()
}

// Actions have a text form that ParseAction reads back, and JSON carries
// it.
func ExampleParseAction() {
	for _, text := range []string{"draw", "Take With jk", "meld 7h 7d 2c", "add 9S to 9", "take to #1", "discard 3c", "meld 7H 8H 9H"} {
		a, err := canasta.ParseAction(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-16q -> %v (%v)\n", text, a, a.Kind())
	}
	// Output:
	// "draw"           -> draw (draw)
	// "Take With jk"   -> take with JK (take)
	// "meld 7h 7d 2c"  -> meld 7D 7H 2C (meld)
	// "add 9S to 9"    -> add 9S to 9 (add)
	// "take to #1"     -> take to #1 (take)
	// "discard 3c"     -> discard 3C (discard)
	// canasta: that breaks a meld rule: "meld 7H 8H 9H": a meld holds one rank, not sevens and eights
}

// A game is recorded as its rules, its seed and its actions; the record's
// text replays to the same game.
func ExampleState_Record() {
	s, _ := canasta.New(canasta.TwoPlayer(), 3)
	for range 4 {
		s, _ = canasta.Apply(s, canasta.Legal(s)[0])
	}
	text, _ := s.Record().MarshalText()
	fmt.Print(string(text))
	var rec canasta.Record
	if err := rec.UnmarshalText(text); err != nil {
		fmt.Println(err)
		return
	}
	again, err := canasta.Replay(rec)
	fmt.Println("replayed:", again.Equal(s), err)
	// Output:
	// canasta record
	// rules two
	// seed 3
	// 0: draw
	// 0: meld 4D 4H JK
	// 0: meld 5C 5D 2H
	// 0: meld 6C 6D 2S
	// replayed: true <nil>
}

// Legal lists one action of each choice: melding KC KD KH or KS KD KH is
// the same choice, since no rule tells the suits apart. Equivalent finds
// the listed one; Apply accepts either.
func ExampleEquivalent() {
	queens, err := canasta.Classic().Meld.New(card.MustParseCards("QC QD QH")...)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := canasta.Position{
		Rules: canasta.Classic(), Round: 1,
		Totals: []int{0, 0}, Down: []bool{true, false}, RedThrees: [][]card.Card{nil, nil},
		Phase: canasta.Melding, Turn: 0,
		Hands: [][]card.Card{
			card.MustParseCards("KC KD KH KS 5C 6D"),
			card.MustParseCards("4C 4D 9S"), card.MustParseCards("4H 4S 9H"), card.MustParseCards("5D 5H 9D"),
		},
		Melds: []canasta.TeamMeld{{Team: 0, Meld: queens}},
		Pile:  card.MustParseCards("7H"),
	}
	p.Stock = rest(p)
	s, err := canasta.FromPosition(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	mine, _ := canasta.Meld(card.MustParseCards("KS KD KH")...)
	for _, a := range canasta.Legal(s) {
		if canasta.Equivalent(a, mine) {
			fmt.Println("listed:", a, "- equal:", a == mine)
		}
	}
	_, err = canasta.Apply(s, mine)
	fmt.Println("applied:", mine, err)
	// Output:
	// listed: meld KC KD KH - equal: false
	// applied: meld KD KH KS <nil>
}
