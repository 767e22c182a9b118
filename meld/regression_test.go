package meld_test

import (
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Regressions found by review: each names the rule that was misapplied.
func TestRegressions(t *testing.T) {
	cs := card.MustParseCards
	p := canastaPolicy()

	// Canasta: black threes are "a special set of 3 or 4 cards", no wild.
	threes, err := p.New(cs("3C 3S 3C")...)
	if err != nil {
		t.Fatal(err)
	}
	if p.CanAdd(threes, 0, 1) {
		t.Error("CanAdd allows a wild on black threes")
	}
	four, _ := p.Add(threes, card.MustParse("3S"))
	if p.CanAdd(four, 1, 0) {
		t.Error("CanAdd allows a fifth black three")
	}
	if _, err := p.New(cs("3C 3S 3C 3S 3C")...); !errors.Is(err, meld.ErrTooLarge) {
		t.Errorf("five black threes: %v, want ErrTooLarge", err)
	}

	// A rank set with no rank A..K cannot be played.
	bad := handFootA()
	for _, rs := range []meld.RankSet{0, 1, 1 << 14, 1<<14 | 1<<7} {
		bad.Ranks = rs
		if err := bad.Check(); !errors.Is(err, meld.ErrPolicy) {
			t.Errorf("Check with Ranks %d = %v, want ErrPolicy", rs, err)
		}
	}

	// Hand and Foot A: a red three laid with a wild in one play still locks the canasta.
	a := handFootA()
	clean, err := a.New(cs("7C 7C 7D 7D 7H 7H 7S")...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Add(clean, cs("3H 2C")...); !errors.Is(err, meld.ErrLocked) {
		t.Errorf("red three and wild in one play: %v, want ErrLocked", err)
	}

	// Taking back a card that is not on the meld names that rule.
	if _, err := clean.Remove(card.MustParse("8C")); !errors.Is(err, meld.ErrMissing) {
		t.Errorf("Remove(8C) = %v, want ErrMissing", err)
	}
	// Taking back every card leaves the zero RankMeld.
	empty, err := clean.Remove(clean.Cards()...)
	if err != nil || empty != (meld.RankMeld{}) {
		t.Errorf("Remove(all) = %v, %v; want the zero RankMeld", empty, err)
	}
}
