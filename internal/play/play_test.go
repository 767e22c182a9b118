package play_test

import (
	"errors"
	"strings"
	"testing"

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

// viewOf is a view for Random: its legal actions.
type viewOf struct{ legal []int }

// A Random player picks among the legal actions, the same way for the same
// seed, every one of them in time, and the zero action when there is none.
func TestRandom(t *testing.T) {
	legal := func(v viewOf) []int { return v.legal }
	a, b := play.NewRandom(3, legal), play.NewRandom(3, legal)
	seen := map[int]bool{}
	for range 200 {
		x, y := a.Choose(viewOf{[]int{4, 5, 6}}), b.Choose(viewOf{[]int{4, 5, 6}})
		if x != y || x < 4 || x > 6 {
			t.Fatalf("choices %d and %d", x, y)
		}
		seen[x] = true
	}
	if len(seen) != 3 {
		t.Errorf("200 choices among 3 saw %v", seen)
	}
	if got := a.Choose(viewOf{}); got != 0 {
		t.Errorf("no legal action: %d", got)
	}
	ps := play.Adapt[*play.Random[viewOf, int], viewOf, int]([]*play.Random[viewOf, int]{a, nil})
	if len(ps) != 2 || ps[0] == nil {
		t.Errorf("Adapt = %v", ps)
	}
}

// NewPlayer builds the player of each strength, and names the strengths
// for any other name; RunPlayers plays a game's own player type.
func TestNewPlayerAndRunPlayers(t *testing.T) {
	random := func(seed uint64) *adder { return &adder{n: 1} }
	heuristic := func(seed uint64) *adder { return &adder{n: 2} }
	for _, name := range play.Strengths {
		p, err := play.NewPlayer("x", name, 1, random, heuristic)
		if err != nil || p == nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if p, _ := play.NewPlayer("x", "heuristic", 1, random, heuristic); p.n != 2 {
		t.Errorf("heuristic built the player adding %d", p.n)
	}
	_, err := play.NewPlayer("x", "genius", 1, random, heuristic)
	if !errors.Is(err, play.ErrStrength) || !strings.Contains(err.Error(), "random, heuristic") {
		t.Errorf("genius: %v", err)
	}
	end, err := play.RunPlayers(counterGame(), counter{}, []*adder{{n: 2}, {n: 2}}, 0, nil)
	if err != nil || end.total != 10 {
		t.Errorf("RunPlayers: %+v, %v", end, err)
	}
}
