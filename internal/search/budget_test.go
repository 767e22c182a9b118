package search

import (
	"errors"
	"strconv"
	"testing"

	"github.com/cardrules/cardrules"
	"pgregory.net/rapid"
)

// countdown is a one-seat game for the budget's tests: each action counts
// down by one, and a play-out ends at zero, so every play-out plays as
// many actions as the count it starts from. The action chosen is the
// count subtracted (always 1 here; its value scores a candidate).
type countdown struct {
	left, took int
	r          uint64 // the sample's seed, for the scores' noise
}

type step int

func (a step) String() string { return strconv.Itoa(int(a)) }

func (s countdown) IsValid() bool                 { return true }
func (s countdown) ToAct() int                    { return 0 }
func (s countdown) Seats() int                    { return 1 }
func (s countdown) Over() bool                    { return s.left <= 0 }
func (s countdown) Seq() int                      { return s.took }
func (s countdown) View(int) countdown            { return s }
func (s countdown) ViewInto(v *countdown, _ int)  { *v = s }
func (s countdown) Outcome(int) cardrules.Outcome { return cardrules.Outcome{Points: s.took} }
func (s countdown) AppendLegal(dst []step) []step { return append(dst, 1) }
func (s countdown) Apply(a step) (countdown, error) {
	if s.Over() {
		return s, errors.New("over")
	}
	return countdown{left: s.left - 1, took: s.took + int(a), r: s.r}, nil
}

type stepper struct{}

func (stepper) Choose(countdown) step { return 1 }

// game returns the countdown game whose play-outs from v play length
// actions after the candidate's own.
func game(length int) Game[countdown, step, countdown] {
	return Game[countdown, step, countdown]{
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

// noisy is the countdown game whose candidate 1 (the action) scores about
// 1000 below the others, and whose every play-out's score has noise of
// 0 to 99 drawn from its sample and its candidate, so that the other
// candidates' differences are noise.
func noisy(length int) Game[countdown, step, countdown] {
	g := game(length)
	g.Sample = func(v countdown, seed uint64) (countdown, error) { return countdown{left: length + 1, r: seed}, nil }
	g.Score = func(s countdown, _ countdown) int {
		a := s.took - length                                                      // the candidate's action
		x := int((s.r ^ uint64(a)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9 >> 57) // 0 to 127
		if a == 1 {
			x -= 1000
		}
		return x
	}
	return g
}

// With Game.Race, a decision drops a candidate that trails beyond the
// noise after raceFirst samples and spends the play-outs left on the
// others; it keeps to the budget's play-outs and actions, is
// reproducible, and takes the best.
func TestRace(t *testing.T) {
	cands := Actions[countdown](nil, []step{2, 1, 3})
	g := noisy(4)
	g.Race = 2
	s := New(g, 1, Budget{Playouts: 200})
	best := s.Best(countdown{}, cands)
	// 32 samples of the three, then candidate 1 dropped: samples of the
	// two others while two more play-outs fit in 200.
	if want := 3*raceFirst + 2*((200-3*raceFirst)/2); s.Playouts != want {
		t.Errorf("%d play-outs, want %d", s.Playouts, want)
	}
	if best == 1 {
		t.Errorf("took the candidate 1000 behind")
	}
	// The best of those left, by their mean over every sample: the same as
	// a search without racing given the same samples (its sums are of
	// differences from the first).
	if got := (func() int {
		var sum [3]int
		for j := range len(s.xs) / 3 {
			for i := range 3 {
				if s.alive[i] {
					sum[i] += s.xs[3*j+i]
				}
			}
		}
		b := 0
		for i := range 3 {
			if s.alive[i] && (!s.alive[b] || sum[i] > sum[b]) {
				b = i
			}
		}
		return b
	})(); got != best {
		t.Errorf("took candidate %d, the best mean is %d's", best, got)
	}
	again := New(g, 1, Budget{Playouts: 200})
	if b := again.Best(countdown{}, cands); b != best || again.Playouts != s.Playouts {
		t.Errorf("again: candidate %d after %d play-outs, want %d after %d", b, again.Playouts, best, s.Playouts)
	}
	// The bound on actions: play-outs of 5 actions, at most 300 in all.
	b := New(g, 1, Budget{Playouts: 1000, Actions: 300})
	b.Best(countdown{}, cands)
	if b.Actions > 300 || b.Actions < 300-3*5 {
		t.Errorf("Budget.Actions 300: %d actions played", b.Actions)
	}
	// Candidates alike beyond the noise: none is dropped, and every
	// sample plays them all.
	e := New(noisy(4), 1, Budget{Playouts: 200})
	g2 := noisy(4)
	g2.Race = 2
	r := New(g2, 1, Budget{Playouts: 200})
	two := Actions[countdown](nil, []step{2, 3})
	if x, y := e.Best(countdown{}, two), r.Best(countdown{}, two); r.Playouts != 200 || (r.alive[0] && r.alive[1] && x != y) {
		t.Errorf("two candidates alike: %d play-outs, race took %d, Best %d", r.Playouts, y, x)
	}
}

// With Game.Keep, the race keeps the first candidate unless another beats
// it beyond Keep standard errors, as Best does.
func TestRaceKeep(t *testing.T) {
	two := Actions[countdown](nil, []step{2, 3})
	g := noisy(4)
	g.Race = 2
	free := New(g, 1, Budget{Playouts: 200})
	b := free.Best(countdown{}, two)
	if b != 1 {
		t.Fatalf("without Keep the race took %d; the test needs a sample where the second leads", b)
	}
	mean, se := free.diff(1, 0, 2, len(free.xs)/2)
	if mean <= 0 {
		t.Fatalf("the second leads by %v", mean)
	}
	g.Keep = mean/se + 0.5 // more than the lead's standard errors
	kept := New(g, 1, Budget{Playouts: 200})
	if b := kept.Best(countdown{}, two); b != 0 {
		t.Errorf("Keep %.2f: took %d, want the first kept", g.Keep, b)
	}
	g.Keep = max(mean/se-0.5, 0.01) // fewer
	taken := New(g, 1, Budget{Playouts: 200})
	if b := taken.Best(countdown{}, two); b != 1 {
		t.Errorf("Keep %.2f: took %d, want the second", g.Keep, b)
	}
}

// Whatever the budget, the candidates and the noise, a race keeps to the
// budget's play-outs and actions (but for its first sample) and takes a
// candidate still in the race.
func TestRaceBudgetProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		length := rapid.IntRange(0, 12).Draw(t, "length")
		g := noisy(length)
		g.Race = rapid.Float64Range(0.1, 4).Draw(t, "race")
		if rapid.Bool().Draw(t, "keep") {
			g.Keep = rapid.Float64Range(0.1, 3).Draw(t, "keep standard errors")
		}
		b := Budget{
			Playouts: rapid.IntRange(2, 600).Draw(t, "playouts"),
			Actions:  rapid.IntRange(-1, 3000).Draw(t, "actions"),
		}
		var steps []step
		for _, a := range rapid.SliceOfNDistinct(rapid.IntRange(1, 6), 2, 5, rapid.ID[int]).Draw(t, "candidates") {
			steps = append(steps, step(a))
		}
		cands := Actions[countdown](nil, steps)
		s := New(g, rapid.Uint64().Draw(t, "seed"), b)
		best := s.Best(countdown{}, cands)
		k := min(len(cands), b.Playouts)
		if best < 0 || best >= k || !s.alive[best] {
			t.Fatalf("took %d of %d candidates (in the race: %v)", best, k, s.alive)
		}
		if s.Playouts > b.Playouts {
			t.Fatalf("%d play-outs, the budget %d", s.Playouts, b.Playouts)
		}
		if b.Actions > 0 && s.Actions > max(b.Actions, k*(length+1)) {
			t.Fatalf("%d actions, the budget %d", s.Actions, b.Actions)
		}
	})
}

// A race whose samples all fail ends, and takes the first candidate.
func TestRaceSamplesFail(t *testing.T) {
	g := noisy(3)
	g.Race = 2
	g.Sample = func(countdown, uint64) (countdown, error) { return countdown{}, errors.New("no sample") }
	s := New(g, 1, Budget{Playouts: 100})
	if b := s.Best(countdown{}, Actions[countdown](nil, []step{2, 3})); b != 0 || s.Playouts != 0 {
		t.Errorf("took %d after %d play-outs, want 0 after none", b, s.Playouts)
	}
}
