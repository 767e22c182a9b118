package rummy

import (
	"errors"
	"math"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// A HandSize so large that Players × HandSize overflowed passed Validate's
// check that the deal leaves an upcard and a stock (2 × MaxInt + 2 is 0),
// and New then panicked dealing it. Validate now refuses it, and New
// returns the error.
func TestHostileHandSizeOverflow(t *testing.T) {
	for _, hs := range []int{math.MaxInt, math.MaxInt/2 + 1, math.MaxInt/3 + 1, math.MaxInt/4 + 1} {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			r := Basic()
			r.Players, r.HandSize = n, hs
			if err := r.Validate(); !errors.Is(err, ErrRules) {
				t.Errorf("%d players, HandSize %d: Validate gave %v", n, hs, err)
			}
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%d players, HandSize %d: New panicked: %v", n, hs, e)
					}
				}()
				if _, err := New(r, 1); !errors.Is(err, ErrRules) {
					t.Errorf("%d players, HandSize %d: New gave %v", n, hs, err)
				}
			}()
		}
	}
	// The largest hands a table takes still deal and play.
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := Basic()
		r.Players, r.HandSize = n, 50/n
		if err := r.Validate(); err != nil {
			t.Errorf("%d players, HandSize %d: %v", n, r.HandSize, err)
		}
		r.HandSize++
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("%d players, HandSize %d: Validate gave %v", n, r.HandSize, err)
		}
	}
}

// Tables at the corners Validate accepts (two and six players, hands of
// one card and the largest, no limit on rebuilds and the largest, a
// target of 1 and the largest) deal and play to the end, three deals
// each, through the harness (conform.Replay): the step checks on one step
// in 32 (in 128 in the quick loop), Apply tried on 8 of the listed
// actions; under -race one game in four.
func TestHostileRulesCorners(t *testing.T) {
	var tables []Rules
	for _, n := range []int{2, 6} {
		for _, hs := range []int{1, 0, 50 / n} {
			for _, rb := range []int{0, 20} {
				for _, keep := range []bool{true, false} {
					r := Basic()
					r.Players, r.HandSize, r.Rebuilds, r.KeepTaken = n, hs, rb, keep
					tables = append(tables, r)
				}
			}
		}
	}
	// The targets, the largest played to MaxRounds rounds: rounds kept
	// short by a limit on the stock's rebuilds, as the rounds are what this
	// table is about.
	r := Basic()
	r.Rounds, r.Target, r.Rebuilds = 0, 1, 3
	tables = append(tables, r)
	r.Target = MaxValue * 52 * MaxRounds
	tables = append(tables, r)
	g := hostileGame()
	g.CheckOneIn, g.ApplyCap = 32, 8
	if !conform.Full() {
		g.CheckOneIn = 128 // the quick loop: every game whole, fewer steps checked
	}
	for i, r := range tables {
		if err := r.Validate(); err != nil {
			t.Logf("%d refused: %v", i, err)
			continue
		}
		for seed := range uint64(3) {
			if conform.Sampled(3*i + int(seed)) {
				conform.Replay(t, g, r, seed)
			}
		}
	}
}
