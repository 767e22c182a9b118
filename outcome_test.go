package cardrules_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/rummy"
)

// scoresOf is a game's own word on a State: each team's total, the
// winning teams, and the team of each seat.
type scoresOf struct {
	totals, winners []int
	teamOf          func(seat int) int
}

// ownScores reads the game's Totals and Winners from a Table's State.
func ownScores(t *testing.T, tb cardrules.Table) scoresOf {
	t.Helper()
	self := func(seat int) int { return seat }
	switch s := tb.State().(type) {
	case handfoot.State:
		r := s.Rules()
		return scoresOf{s.Totals(), s.Winners(), func(seat int) int { return seat % r.Teams }}
	case canasta.State:
		r := s.Rules()
		return scoresOf{s.Totals(), s.Winners(), func(seat int) int { return seat % r.Teams }}
	case rummy.State:
		return scoresOf{s.Totals(), s.Winners(), self}
	case doublets.State:
		return scoresOf{s.Totals(), s.Winners(), self}
	}
	t.Fatalf("a table of %s", tb.Game())
	return scoresOf{}
}

// checkOutcomes holds a Table's Outcomes to the game's own Totals and
// Winners: each seat has its team's total, and won exactly when the game
// is over and its team is among the winners.
func checkOutcomes(t *testing.T, name string, tb cardrules.Table) {
	t.Helper()
	own := ownScores(t, tb)
	got := tb.Outcomes()
	if len(got) != tb.Seats() {
		t.Fatalf("%s: %d Outcomes for %d seats", name, len(got), tb.Seats())
	}
	for seat, o := range got {
		team := own.teamOf(seat)
		want := cardrules.Outcome{Points: own.totals[team], Won: slices.Contains(own.winners, team)}
		if o != want {
			t.Errorf("%s: seat %d (team %d): Outcome %+v, want %+v (totals %v, winners %v)", name, seat, team, o, want, own.totals, own.winners)
		}
	}
}

// Every game's Outcome is where the game leaves each seat, as the game's
// Totals and Winners say it for the seat's side: teams expand to their
// seats, a Cutthroat partner has its own total, and only a game over has
// winners. Checked at the deal, along play and at the end of a game of
// every preset, played by the heuristic players.
func TestOutcomeEveryGame(t *testing.T) {
	for _, game := range cardrules.Games() {
		g, _ := cardrules.Lookup(game)
		for _, preset := range g.Presets {
			name := game + " " + preset
			tb, err := cardrules.Open(game, preset, 0, 11)
			if err != nil {
				t.Fatal(err)
			}
			checkOutcomes(t, name, tb)
			computers := make([]cardrules.Computer, tb.Seats())
			for seat := range computers {
				if computers[seat], err = cardrules.NewComputer(game, "heuristic", uint64(seat)); err != nil {
					t.Fatal(err)
				}
			}
			steps := 0
			end, err := cardrules.RunTable(tb, computers, cardrules.Options[cardrules.Table, string]{Limit: 100_000, Observe: func(_ int, _ string, next cardrules.Table) {
				if steps++; steps%97 == 0 {
					checkOutcomes(t, name, next)
				}
			}})
			if err != nil || !end.Over() {
				t.Fatalf("%s: %v, over %v", name, err, end.Over())
			}
			checkOutcomes(t, name, end)
			won := 0
			for _, o := range end.Outcomes() {
				if o.Won {
					won++
				}
			}
			if won == 0 && game != "doublets" {
				t.Errorf("%s: a game over with no winner: %+v", name, end.Outcomes())
			}
		}
	}
}

// A seat outside the table, and every seat of the zero State, has the
// zero Outcome: Outcome never panics.
func TestOutcomeOutsideTheTable(t *testing.T) {
	zero := cardrules.Outcome{}
	for name, outcome := range map[string]func(int) cardrules.Outcome{
		"handfoot": handfoot.State{}.Outcome, "canasta": canasta.State{}.Outcome,
		"rummy": rummy.State{}.Outcome, "doublets": doublets.State{}.Outcome,
	} {
		for _, seat := range []int{-1, 0, 1, 8, 1 << 20} {
			if o := outcome(seat); o != zero {
				t.Errorf("%s: the zero State's Outcome(%d) = %+v", name, seat, o)
			}
		}
	}
	tb, _ := cardrules.Open("rummy", "", 0, 1)
	s := tb.State().(rummy.State)
	for _, seat := range []int{-1, s.Seats(), 1 << 20} {
		if o := s.Outcome(seat); o != zero {
			t.Errorf("rummy: Outcome(%d) of a table of %d = %+v", seat, s.Seats(), o)
		}
	}
}

// Every game's View samples a State through the common API, as the game's
// Determinize does: the same State for the same seed, whose View for the
// seat is the View sampled.
func TestSampleEveryGame(t *testing.T) {
	check := func(name string, sample func(seed uint64) (any, error), again func(seed uint64) (any, error), same func(any) bool) {
		t.Helper()
		a, err1 := sample(3)
		b, err2 := again(3)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: Sample: %v; Determinize: %v", name, err1, err2)
		}
		if !same(a) || !same(b) {
			t.Errorf("%s: the sample's View for the seat is not the View sampled", name)
		}
		x, _ := json.Marshal(a)
		y, _ := json.Marshal(b)
		if len(x) == 0 || string(x) != string(y) {
			t.Errorf("%s: Sample and Determinize deal other States from one seed", name)
		}
	}
	r, _ := rummy.New(rummy.Basic(), 4)
	rv := r.View(r.ToAct())
	check("rummy", func(seed uint64) (any, error) { return rv.Sample(seed) }, func(seed uint64) (any, error) { return rummy.Determinize(rv, seed) },
		func(s any) bool { return reflect.DeepEqual(s.(rummy.State).View(rv.Seat), rv) })
	d, _ := doublets.New(doublets.Aisleriot(), 4)
	dv := d.View(0)
	check("doublets", func(seed uint64) (any, error) { return dv.Sample(seed) }, func(seed uint64) (any, error) { return doublets.Determinize(dv, seed) },
		func(s any) bool { return reflect.DeepEqual(s.(doublets.State).View(0), dv) })
	h, _ := handfoot.New(handfoot.RulesA(), 4)
	hv := h.View(h.ToAct())
	check("handfoot", func(seed uint64) (any, error) { return hv.Sample(seed) }, func(seed uint64) (any, error) { return handfoot.Determinize(hv, seed) },
		func(s any) bool { return reflect.DeepEqual(s.(handfoot.State).View(hv.Seat), hv) })
	c, _ := canasta.New(canasta.Classic(), 4)
	cv := c.View(c.ToAct())
	check("canasta", func(seed uint64) (any, error) { return cv.Sample(seed) }, func(seed uint64) (any, error) { return canasta.Determinize(cv, seed) },
		func(s any) bool { return reflect.DeepEqual(s.(canasta.State).View(cv.Seat), cv) })
}
