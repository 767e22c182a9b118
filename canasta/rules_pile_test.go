package canasta

// Scenario tests of taking the discard pile: when it is frozen, the ways to
// take it, what blocks it, and where its cards go. (See rules_test.go.)

import (
	"slices"
	"testing"
)

// scNines is a natural canasta of nines, for a team that may go out.
const scNines = "9C 9D 9H 9S 9C 9D 9H"

// The library's ruling: "The pile is frozen while it holds a wild card or red
// three, and for a partnership that has not made its initial meld."
// State.Frozen and every seat's View report exactly that, team by team; a
// black three in the pile or on top does not freeze it.
func TestRuleFrozenReported(t *testing.T) {
	tests := []struct {
		name   string
		down   []bool
		pile   string
		frozen []bool
	}{
		{"no team down", []bool{false, false}, "5C 8D 9H", []bool{true, true}},
		{"team 0 down", []bool{true, false}, "5C 8D 9H", []bool{false, true}},
		{"both down", []bool{true, true}, "5C 8D 9H", []bool{false, false}},
		{"a two in it", []bool{true, true}, "5C 2S 8D 9H", []bool{true, true}},
		{"a joker in it", []bool{true, true}, "JK 8D 9H", []bool{true, true}},
		{"a red three in it", []bool{true, true}, "3H 8D 9H", []bool{true, true}},
		{"the other red three in it", []bool{true, true}, "8D 3D 9H", []bool{true, true}},
		{"a black three in it and on top", []bool{true, true}, "3C 8D 9H 3S", []bool{false, false}},
		{"a wild card on top", []bool{true, false}, "8D 9H 2D", []bool{true, true}},
		{"empty", []bool{true, false}, "", []bool{false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := scAt(t, Classic()).pile(tt.pile)
			for team, down := range tt.down {
				if down {
					b.meld(team, []string{"KC KD KH", "QC QD QH"}[team])
				}
			}
			s := b.build()
			for team, want := range tt.frozen {
				scEq(t, "Frozen("+itoa(team)+")", s.Frozen(team), want)
				for seat := range 4 {
					scEq(t, "View("+itoa(seat)+") of team "+itoa(team), s.View(seat).Teams[team].Frozen, want)
				}
			}
			if s.Frozen(-1) || s.Frozen(2) {
				t.Errorf("Frozen of a team that does not play: true")
			}
		})
	}
}

// The library's ruling: the pile is frozen "for a partnership that has not
// made its initial meld"; frozen, it is "taken only with a natural pair from
// the hand matching the upcard". The same pile is not frozen for the other
// team, which is down.
func TestRuleFrozenForTeamNotDown(t *testing.T) {
	at := func(seat int, hand string) State {
		return scAt(t, Classic()).totals(-20, 0).turn(seat).hand(seat, hand).
			meld(1, "KC KD KH").pile("5C 9H").build()
	}
	// Team 0 needs 15 (its total is below 0): the upcard and the pair make 30.
	s := at(0, "9C 2C 6S 7S")
	scNo(t, s, scTakeWith(t, "2C"), ErrPile)
	scSays(t, s, scTakeWith(t, "2C"), "frozen")
	scNo(t, s, Take(), ErrPile)
	s = scOK(t, at(0, "9C 9D 6S 7S"), Take())
	scMelds(t, s, 0, "9H 9C 9D")
	scHand(t, s, 0, "6S 7S 5C")
	scEq(t, "team 0 down", s.Down(0), true)

	s = scOK(t, at(1, "9C 2C 6S 7S"), scTakeWith(t, "2C"))
	scMelds(t, s, 1, "KC KD KH", "9H 9C 2C")
	scHand(t, s, 1, "6S 7S 5C")
}

// The library's ruling: "Frozen: taken only with a natural pair from the hand
// matching the upcard." A team down whose pile holds a wild card takes it with
// a pair as a new meld, or with the pair onto its meld of the upcard's rank
// (one meld per rank), never with one natural card and a wild card, nor with
// the upcard alone.
func TestRuleFrozenTakenOnlyWithNaturalPair(t *testing.T) {
	at := func(hand string, melds ...string) State {
		return scAt(t, Classic()).hand(0, hand).pile("5C JK 9H").meld(0, melds...).build()
	}
	s := at("9C 2C 6S", "KC KD KH")
	scEq(t, "frozen", s.Frozen(0), true)
	scNo(t, s, Take(), ErrPile)
	scSays(t, s, Take(), "frozen")
	scNo(t, s, scTakeWith(t, "2C"), ErrPile)
	scNo(t, s, mustTakeTo(), ErrNoMeld)
	scLegal(t, s, "draw")

	s = scOK(t, at("9C 9D 6S", "KC KD KH"), Take())
	scMelds(t, s, 0, "KC KD KH", "9H 9C 9D")
	scHand(t, s, 0, "6S 5C JK")
	scPile(t, s, "", 0)
	scTurn(t, s, Melding, 0, 0)

	// Onto the team's meld of nines, with the pair.
	s = at("9C 9D 6S", "9S 9S 2D")
	scNo(t, s, Take(), ErrSecondMeld)
	scLegal(t, s, "draw", "take to #1")
	s = scOK(t, s, mustTakeTo())
	scMelds(t, s, 0, "9S 9S 9H 9C 9D 2D")
	scHand(t, s, 0, "6S 5C JK")
	s = at("9C 6S 7S", "9S 9S 2D")
	scNo(t, s, mustTakeTo(), ErrPile)
	scSays(t, s, mustTakeTo(), "frozen")
}

// The library's ruling: "Not frozen: also with one natural and one wild from
// the hand". The three cards are a new meld; the wild card must be held, and
// so must a natural card of the upcard's rank.
func TestRuleNotFrozenTakenWithWild(t *testing.T) {
	at := func(hand string, melds ...string) State {
		return scAt(t, Classic()).hand(0, hand).pile("5C 8D 9H").meld(0, melds...).build()
	}
	s := at("9C 2C JK 6S", "KC KD KH")
	scEq(t, "frozen", s.Frozen(0), false)
	scLegal(t, s, "draw", "take with 2C", "take with JK")
	scNo(t, s, scTakeWith(t, "2D"), ErrNotHeld)
	scNo(t, s, Take(), ErrPile)
	scOK(t, s, scTakeWith(t, "JK"))
	s = scOK(t, s, scTakeWith(t, "2C"))
	scMelds(t, s, 0, "KC KD KH", "9H 9C 2C")
	scHand(t, s, 0, "JK 6S 5C 8D")
	scTurn(t, s, Melding, 0, 0)

	scNo(t, at("2C 6S 7S", "KC KD KH"), scTakeWith(t, "2C"), ErrPile)
	scNo(t, at("9C 2C 6S", "9S 9S 9D"), scTakeWith(t, "2C"), ErrSecondMeld)
	scRefused[Action](t, "TakeWith(9C)", ErrMalformed)(TakeWith(scCard("9C")))
}

// The library's ruling: "Not frozen: also ... by adding the upcard to an
// existing meld of the partnership." "The pile may be taken by adding its
// upcard to a completed canasta of that rank." The upcard goes alone; the rest
// of the pile joins the hand.
func TestRuleNotFrozenTakenOntoMeld(t *testing.T) {
	tests := []struct{ name, meld, after string }{
		{"a meld of three", "9C 9D 9S", "9C 9D 9S 9H"},
		{"a mixed canasta", "9C 9D 9S 9C 9D 9S 2H", "9C 9D 9S 9C 9D 9S 9H 2H"},
		{"a natural canasta", "9C 9D 9S 9S 9C 9D 9H", "9C 9D 9S 9S 9C 9D 9H 9H"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scAt(t, Classic()).hand(0, "6S 7S").meld(0, tt.meld).pile("5C 8D 9H").build()
			scLegal(t, s, "draw", "take to #1")
			scNo(t, s, Take(), ErrPile)
			s = scOK(t, s, mustTakeTo())
			scMelds(t, s, 0, tt.after)
			scHand(t, s, 0, "6S 7S 5C 8D")
			scPile(t, s, "", 0)
		})
	}
	// No meld of nines: nothing to put the upcard on.
	s := scAt(t, Classic()).hand(0, "6S 7S").meld(0, "KC KD KH").pile("5C 8D 9H").build()
	scNo(t, s, mustTakeTo(), ErrNoMeld)
	// Frozen: the upcard alone is not enough.
	s = scAt(t, Classic()).hand(0, "6S 7S").meld(0, "9C 9D 9S").pile("5C 2D 9H").build()
	scNo(t, s, mustTakeTo(), ErrPile)
}

// The Classic Canasta text: "Discarding a black three blocks the next player
// from taking the discard pile. This does not freeze the pile permanently;
// once the black three is covered, the pile may be taken as usual." The
// library's ruling: "A black 3 on top blocks only the next player; once
// covered the pile is as before."
func TestRuleBlackThreeBlocksNextPlayerOnly(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "9C 9D 2C 6S").hand(1, "6C 6D 7H").
		meld(0, "9S 9S 9H").meld(1, "KC KD KH").pile("5C 8D 9H 3S").stock("4H").build()
	scEq(t, "frozen", s.Frozen(0), false)
	for _, a := range []Action{Take(), mustTakeTo(), scTakeWith(t, "2C")} {
		scNo(t, s, a, ErrBlocked)
	}
	scSays(t, s, Take(), "3S")
	scLegal(t, s, "draw")
	s = scOK(t, s, Draw(), scDiscard(t, "6S"))
	// Covered: seat 1 takes the pile, black three and all.
	scTurn(t, s, Drawing, 1, 1)
	s = scOK(t, s, Take())
	scMelds(t, s, 1, "KC KD KH", "6S 6C 6D")
	scHand(t, s, 1, "7H 5C 8D 9H 3S")
}

// The library's ruling: "A black 3 or a wild on top can never be taken." A
// wild card discarded freezes the pile and cannot itself be taken.
func TestRuleWildOnTopNeverTaken(t *testing.T) {
	for _, top := range []string{"2H", "JK"} {
		t.Run(top, func(t *testing.T) {
			s := scAt(t, Classic()).hand(0, "2C 2D JK 6S").meld(0, "KC KD KH").pile("5C 9H " + top).build()
			scNo(t, s, Take(), ErrPile)
			scSays(t, s, Take(), "cannot be melded")
			scNo(t, s, scTakeWith(t, "2C"), ErrPile)
			scLegal(t, s, "draw")
		})
	}
}

// The library's ruling: "A player holding exactly one card may not take a pile
// of exactly one card."
func TestRuleOneCardHandOneCardPile(t *testing.T) {
	at := func(hand, pile string) State {
		return scAt(t, Classic()).hand(0, hand).meld(0, "9C 9D 9S").pile(pile).build()
	}
	s := at("5C", "9H")
	scNo(t, s, mustTakeTo(), ErrPile)
	scSays(t, s, mustTakeTo(), "one card")
	scLegal(t, s, "draw")
	s = scOK(t, at("5C", "8D 9H"), mustTakeTo())
	scHand(t, s, 0, "5C 8D")
	s = scOK(t, at("5C 6D", "9H"), mustTakeTo())
	scHand(t, s, 0, "5C 6D")
	scMelds(t, s, 0, "9C 9D 9S 9H")
}

// The library's ruling: "A red three taken with the pile goes to the table
// with no replacement." (Only the upcards turned at the deal put red threes in
// the pile.) The red threes go to the team; the rest of the pile to the hand.
func TestRuleRedThreesInTakenPileNotReplaced(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "9C 9D 6S").meld(0, "KC KD KH").reds(0, "3D").
		pile("3D JK 3H 5C 9H").stock("4C").build()
	size := s.StockSize()
	s = scOK(t, s, Take())
	scReds(t, s, 0, "3D 3D 3H")
	scHand(t, s, 0, "6S JK 5C")
	scMelds(t, s, 0, "KC KD KH", "9H 9C 9D")
	scEq(t, "stock", s.StockSize(), size)
	ev := s.Happened(1, 0)
	scEq(t, "event", len(ev) == 1 && ev[0].Took == 2 && ev[0].Draws == 0 &&
		slices.Equal(ev[0].RedThrees, scCards(t, "3D 3H")), true)
}
