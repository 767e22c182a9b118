package rummy

import (
	"errors"
	"math"
	"testing"
)

// hostileView returns seat 0's View of a three-seat game, and the game.
func hostileView(t *testing.T) (View, State) {
	t.Helper()
	r := Basic()
	r.Players = 3
	s, err := New(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s.View(0), s
}

// refusedView checks that Determinize refuses v with ErrPosition, without
// panicking.
func refusedView(t *testing.T, v View) {
	t.Helper()
	defer func() {
		if e := recover(); e != nil {
			t.Fatalf("Determinize panicked: %v", e)
		}
	}()
	if _, err := Determinize(v, 1); !errors.Is(err, ErrPosition) {
		t.Fatalf("Determinize: %v, want ErrPosition", err)
	}
}

// A View whose counts add up only because one seat shows more known cards
// than it holds made Determinize slice past the unseen cards and panic.
// It now refuses, with ErrPosition, a seat holding fewer cards than it is
// known to hold.
func TestHostileDeterminizeKnownOverHand(t *testing.T) {
	v, s := hostileView(t)
	v.Players[1].Known = s.Hand(1).Cards()[:2]
	v.Players[1].Hand = 0
	unseen := 52 - v.Hand.Len() - len(v.Pile) - 2
	v.Players[2].Hand = unseen + 2
	v.StockSize = 0
	refusedView(t, v)
}

// Hand counts near the largest int made the View's count of hidden cards
// overflow and add up, and Determinize sliced past the unseen cards and
// panicked. It now refuses, with ErrPosition, a hand or stock of more
// cards than the deck has.
func TestHostileDeterminizeHugeCounts(t *testing.T) {
	v, _ := hostileView(t)
	unseen := 52 - v.Hand.Len() - len(v.Pile)
	v.Players[1].Hand = math.MaxInt
	v.Players[2].Hand = math.MaxInt
	v.StockSize = unseen + 2 // 2 × MaxInt is -2
	refusedView(t, v)
}
