package play_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/internal/play"
)

// The counter game: two seats take turns adding 1 or 2 to a total; the game
// is over once the total reaches 10. A seat's view is the total and whose
// turn it is.
type counter struct{ total, turn int }

var errBadAdd = errors.New("counter: add 1 or 2")

func counterGame() play.Game[counter, counter, int] {
	return play.Game[counter, counter, int]{
		ToAct: func(s counter) int { return s.turn },
		View:  func(s counter, seat int) counter { return s },
		Apply: func(s counter, a int) (counter, error) {
			if a != 1 && a != 2 {
				return s, errBadAdd
			}
			return counter{total: s.total + a, turn: 1 - s.turn}, nil
		},
		Over: func(s counter) bool { return s.total >= 10 },
	}
}

// adder always adds n, and records the views it is shown.
type adder struct {
	n     int
	views []counter
}

func (p *adder) Choose(v counter) int {
	p.views = append(p.views, v)
	return p.n
}

func players(ps ...play.Player[counter, int]) []play.Player[counter, int] { return ps }

func TestStep(t *testing.T) {
	g := counterGame()
	one, two := &adder{n: 1}, &adder{n: 2}
	s := counter{total: 3, turn: 1}
	next, a, err := play.Step(g, s, players(one, two))
	if err != nil {
		t.Fatal(err)
	}
	if a != 2 || next != (counter{total: 5, turn: 0}) {
		t.Errorf("Step: action %d, state %+v; want 2, {5 0}", a, next)
	}
	if len(one.views) != 0 || len(two.views) != 1 || two.views[0] != s {
		t.Errorf("seat 1 should be asked once, with the view of %+v: seat 0 saw %v, seat 1 saw %v", s, one.views, two.views)
	}

	bad := &adder{n: 3}
	got, a, err := play.Step(g, s, players(one, bad))
	if !errors.Is(err, errBadAdd) {
		t.Fatalf("illegal action: error %v does not wrap the game's", err)
	}
	if a != 3 || got != s {
		t.Errorf("illegal action: returned action %d, state %+v; want 3 and the state unchanged", a, got)
	}
	if !strings.Contains(err.Error(), "seat 1") {
		t.Errorf("the error does not name the seat: %v", err)
	}

	for _, ps := range [][]play.Player[counter, int]{nil, players(one)} {
		if _, _, err := play.Step(g, s, ps); err == nil || !strings.Contains(err.Error(), "no player") {
			t.Errorf("seat 1 to act among %d players: error %v", len(ps), err)
		}
	}
	neg := g
	neg.ToAct = func(counter) int { return -1 }
	if _, _, err := play.Step(neg, s, players(one, two)); err == nil {
		t.Error("seat -1 to act: no error")
	}
}

func TestRunCounter(t *testing.T) {
	g := counterGame()
	for _, tc := range []struct {
		a, b    int
		actions int
		total   int
	}{
		{1, 1, 10, 10},
		{2, 2, 5, 10},
		{2, 1, 7, 11}, // 2+1+2+1+2+1 = 9, then 2
		{1, 2, 7, 10}, // 1+2+1+2+1+2 = 9, then 1
	} {
		var seats, acts []int
		var states []counter
		end, err := play.Run(g, counter{}, players(&adder{n: tc.a}, &adder{n: tc.b}), 0, func(seat, a int, next counter) {
			seats = append(seats, seat)
			acts = append(acts, a)
			states = append(states, next)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over(end) || end.total != tc.total || len(acts) != tc.actions {
			t.Errorf("%d and %d: ended at %+v after %d actions, want total %d after %d", tc.a, tc.b, end, len(acts), tc.total, tc.actions)
		}
		total := 0
		for i := range acts {
			if seats[i] != i%2 {
				t.Errorf("action %d observed for seat %d, want %d", i, seats[i], i%2)
			}
			want := tc.a
			if i%2 == 1 {
				want = tc.b
			}
			total += acts[i]
			if acts[i] != want || states[i].total != total {
				t.Errorf("action %d: observed %d leading to %+v; want %d leading to total %d", i, acts[i], states[i], want, total)
			}
		}
		if states[len(states)-1] != end {
			t.Errorf("last observed state %+v, Run returned %+v", states[len(states)-1], end)
		}
	}

	// A game that is over already asks no one.
	p := &adder{n: 1}
	end, err := play.Run(g, counter{total: 10}, players(p, p), 1, nil)
	if err != nil || end.total != 10 || len(p.views) != 0 {
		t.Errorf("Run of a finished game: %+v, %v, %d choices", end, err, len(p.views))
	}
}

func TestRunErrors(t *testing.T) {
	g := counterGame()

	// An illegal action stops the game where it stood, with the game's error.
	n := 0
	end, err := play.Run(g, counter{}, players(&adder{n: 1}, &adder{n: 5}), 0, func(int, int, counter) { n++ })
	if !errors.Is(err, errBadAdd) {
		t.Fatalf("illegal action: error %v does not wrap the game's", err)
	}
	if end != (counter{total: 1, turn: 1}) || n != 1 {
		t.Errorf("illegal action: Run stopped at %+v after %d observed actions, want {1 1} after 1", end, n)
	}

	// The limit stops an endless game.
	endless := g
	endless.Over = func(counter) bool { return false }
	n = 0
	end, err = play.Run(endless, counter{}, players(&adder{n: 1}, &adder{n: 1}), 25, func(int, int, counter) { n++ })
	if err == nil || !strings.Contains(err.Error(), "25 actions") {
		t.Fatalf("endless game with limit 25: error %v", err)
	}
	if n != 25 || end.total != 25 {
		t.Errorf("endless game with limit 25: %d actions observed, total %d", n, end.total)
	}
	// The limit is a number of actions: exactly enough is enough.
	if _, err := play.Run(g, counter{}, players(&adder{n: 1}, &adder{n: 1}), 10, nil); err != nil {
		t.Errorf("10 actions with limit 10: %v", err)
	}
	if _, err := play.Run(g, counter{}, players(&adder{n: 1}, &adder{n: 1}), 9, nil); err == nil {
		t.Error("10 actions with limit 9: no error")
	}

	// A seat with no player.
	if _, err := play.Run(g, counter{turn: 1}, players(&adder{n: 1}), 0, nil); err == nil {
		t.Error("seat 1 to act with one player: no error")
	}
	if _, err := play.Run(g, counter{}, nil, 0, nil); err == nil {
		t.Error("no players: no error")
	}
}

func handfootGame() play.Game[handfoot.State, handfoot.View, handfoot.Action] {
	return play.Game[handfoot.State, handfoot.View, handfoot.Action]{
		ToAct: handfoot.State.ToAct,
		View:  handfoot.State.View,
		Apply: handfoot.Apply,
		Over:  handfoot.State.Over,
	}
}

// seen wraps a player and checks it is only asked for the seat to act.
type seen struct {
	t    *testing.T
	seat int
	p    bot.Player
}

func (s seen) Choose(v handfoot.View) handfoot.Action {
	if v.Seat != s.seat || v.ToAct != s.seat || len(v.Legal) == 0 {
		s.t.Errorf("player of seat %d shown the view of seat %d (to act %d, %d legal actions)", s.seat, v.Seat, v.ToAct, len(v.Legal))
	}
	return s.p.Choose(v)
}

func TestRunHandfoot(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB(), handfoot.RulesB().WithLayout(6, 3)} {
		for seed := uint64(1); seed <= 3; seed++ {
			start, err := handfoot.New(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			ps := make([]play.Player[handfoot.View, handfoot.Action], rules.Players)
			for seat := range ps {
				ps[seat] = seen{t, seat, bot.Random(seed*10 + uint64(seat))}
			}
			var acts []handfoot.Action
			prev := start
			end, err := play.Run(handfootGame(), start, ps, 100000, func(seat int, a handfoot.Action, next handfoot.State) {
				if seat != prev.ToAct() {
					t.Errorf("observed seat %d, but seat %d was to act", seat, prev.ToAct())
				}
				acts = append(acts, a)
				prev = next
			})
			if err != nil {
				t.Fatalf("rules %s seed %d: %v", rules.Name, seed, err)
			}
			if !end.Over() || end.Winners() == nil || !end.Equal(prev) {
				t.Fatalf("rules %s seed %d: Run ended in phase %v", rules.Name, seed, end.Phase())
			}
			// Replaying the observed actions from the start reaches the same end.
			s := start
			for i, a := range acts {
				if s, err = handfoot.Apply(s, a); err != nil {
					t.Fatalf("rules %s seed %d: observed action %d %v does not replay: %v", rules.Name, seed, i, a, err)
				}
			}
			if !s.Equal(end) {
				t.Errorf("rules %s seed %d: the %d observed actions replay to another state", rules.Name, seed, len(acts))
			}
		}
	}
}

// zero always plays the zero Action, which no constructor builds.
type zero struct{}

func (zero) Choose(handfoot.View) handfoot.Action { return handfoot.Action{} }

func TestRunHandfootIllegalAction(t *testing.T) {
	start, err := handfoot.New(handfoot.RulesA(), 5)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]play.Player[handfoot.View, handfoot.Action], 4)
	for seat := range ps {
		ps[seat] = bot.Random(uint64(seat))
	}
	ps[start.ToAct()] = zero{}
	end, err := play.Run(handfootGame(), start, ps, 0, func(int, handfoot.Action, handfoot.State) {
		t.Error("an illegal action was observed")
	})
	if !errors.Is(err, handfoot.ErrMalformed) {
		t.Fatalf("the zero Action: error %v does not wrap handfoot.ErrMalformed", err)
	}
	var re *handfoot.RuleError
	if !errors.As(err, &re) {
		t.Errorf("the error %v does not wrap the *handfoot.RuleError", err)
	}
	if !end.Equal(start) {
		t.Error("Run did not return the state before the illegal action")
	}

	// The players slice is one short: the last seat has no player.
	start, _ = handfoot.New(handfoot.RulesB(), 1)
	ps = ps[:3]
	for seat := range ps {
		ps[seat] = bot.Random(uint64(seat))
	}
	if _, err := play.Run(handfootGame(), start, ps, 0, nil); err == nil || !strings.Contains(err.Error(), "seat 3") {
		t.Errorf("seat 3 without a player: error %v", err)
	}
}
