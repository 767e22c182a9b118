package search

import (
	"errors"
	"strconv"
	"testing"

	"github.com/cardrules/cardrules"
)

// countdown is a one-seat game for the budget's tests: each action counts
// down by one, and a play-out ends at zero, so every play-out plays as
// many actions as the count it starts from. The action chosen is the
// count subtracted (always 1 here; its value scores a candidate).
type countdown struct{ left, took int }

type step int

func (a step) String() string { return strconv.Itoa(int(a)) }

func (s countdown) ToAct() int                    { return 0 }
func (s countdown) Seats() int                    { return 1 }
func (s countdown) Over() bool                    { return s.left <= 0 }
func (s countdown) Seq() int                      { return s.took }
func (s countdown) View(int) countdown            { return s }
func (s countdown) AppendLegal(dst []step) []step { return append(dst, 1) }
func (s countdown) Apply(a step) (countdown, error) {
	if s.Over() {
		return s, errors.New("over")
	}
	return countdown{left: s.left - 1, took: s.took + int(a)}, nil
}

type stepper struct{}

func (stepper) Choose(countdown) step { return 1 }

// game returns the countdown game whose play-outs from v play length
// actions after the candidate's own.
func game(length int) Game[countdown, step, countdown] {
	return Game[countdown, step, countdown]{
		Seat:      func(countdown) int { return 0 },
		Sample:    func(v countdown, _ uint64) (countdown, error) { return countdown{left: length + 1}, nil },
		Heuristic: func(uint64) cardrules.Player[countdown, step] { return stepper{} },
		Done:      func(countdown) bool { return false },
		Score:     func(s countdown, _ countdown) int { return s.took },
		Limit:     1000,
		Playouts:  100,
	}
}

// A decision plays every candidate in each sample and stops drawing
// samples before one that would take its play-outs past Budget.Actions;
// without the bound it runs its play-outs.
func TestBudgetActions(t *testing.T) {
	cands := Actions[countdown](nil, []step{1, 2})
	for _, c := range []struct {
		length, actions, playouts int
	}{
		{length: 9, actions: 0, playouts: 100},  // no bound: 50 samples of 2
		{length: 9, actions: -1, playouts: 100}, // no bound
		{length: 9, actions: 200, playouts: 20}, // samples of 20 actions: 10 fit
		{length: 9, actions: 219, playouts: 20}, // the 11th would pass 219
		{length: 9, actions: 220, playouts: 22}, // 11 fit exactly
		{length: 9, actions: 5, playouts: 2},    // one sample always
		{length: 0, actions: 30, playouts: 30},  // samples of 2 actions: 15 fit
	} {
		s := New(game(c.length), 1, Budget{Actions: c.actions})
		s.Best(countdown{}, cands)
		if s.Playouts != c.playouts {
			t.Errorf("play-outs of %d actions, Budget.Actions %d: %d play-outs, want %d", c.length+1, c.actions, s.Playouts, c.playouts)
		}
		if want := c.playouts * (c.length + 1); s.Actions != want {
			t.Errorf("play-outs of %d actions, Budget.Actions %d: %d actions counted, want %d", c.length+1, c.actions, s.Actions, want)
		}
	}
	// The game's default applies to a zero Budget.Actions.
	g := game(9)
	g.Actions = 100
	if s := New(g, 1, Budget{}); s.Budget().Actions != 100 {
		t.Errorf("default Actions: %d, want 100", s.Budget().Actions)
	}
}
