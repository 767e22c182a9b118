package rummy

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// Determinize keeps all a seat sees — its hand, the melds, the pile, the
// card another seat drew from the pile, the counts — deals the rest anew
// from the seed, and builds a State whose View for that seat is the View
// it was given.
func TestDeterminizeKeepsWhatTheSeatSees(t *testing.T) {
	s := newScene(t, scBasic(3)).
		hand(0, "4C 5C 6C 9D KS").hand(1, "2H 3H QD JD").hand(2, "7S 8S 9S 10S AD").
		pile("3D 8H").meld(1, "JC JH JS").turn(0).build()
	s = scOK(t, s, "draw pile", "discard 9D") // seat 1 saw seat 0 take 8H
	v := s.View(1)
	seen := map[[2]int]bool{}
	for seed := range uint64(40) {
		d, err := Determinize(v, seed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if w := d.View(1); !reflect.DeepEqual(v, w) {
			t.Fatalf("seed %d: the View of the State built is another View:\n%+v\n%+v", seed, v, w)
		}
		if d.Cards() != s.Cards() {
			t.Fatalf("seed %d: the State built holds %v", seed, d.Cards())
		}
		h0 := d.Hand(0).Cards()
		if !slices.Contains(h0, card.MustParse("8H")) {
			t.Fatalf("seed %d: seat 0's hand %v lost the 8H it took in view of all", seed, h0)
		}
		seen[[2]int{int(d.Hand(2).Cards()[0]), int(d.Hand(0).Cards()[0])}] = true
	}
	if len(seen) < 10 {
		t.Errorf("40 seeds dealt only %d different hidden hands", len(seen))
	}
}

// A View of a round over, or one whose counts do not add up to the deck,
// is refused.
func TestDeterminizeRefuses(t *testing.T) {
	s, err := New(scBasic(2), 7)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(0)
	bad := v
	bad.StockSize++
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("a stock one card too big: %v", err)
	}
	bad = v
	bad.Seat = 5
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("seat 5 of 2: %v", err)
	}
	bad = v
	bad.Phase = RoundOver
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("a round over: %v", err)
	}
	if _, err := Determinize(View{}, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("the zero View: %v", err)
	}
}
