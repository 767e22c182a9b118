// Package searchtest checks what every game's Search player promises, the
// same way for every game: it plays only legal actions, it decides the
// same way for the same View and seed, and two States that show the seat
// the same View (the hidden cards dealt otherwise) get the same decision.
package searchtest

import (
	"reflect"
	"testing"

	"github.com/cardrules/cardrules"
)

// Check asks a fresh player of newPlayer (seeded with seed) to decide at
// every position of positions, from the View of the seat to act, and
// fails t unless the action is legal there, the same player shown the
// same View again decides the same (whatever it searched before), and so
// does a fresh player shown the View of a State determinize deals anew
// from that View (whose View must be the same: the hidden cards differ).
func Check[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, positions []S, seed uint64,
	newPlayer func(seed uint64) cardrules.Player[V, A], determinize func(v V, seed uint64) (S, error)) {
	t.Helper()
	if len(positions) == 0 {
		t.Fatal("no position to check")
	}
	for i, s := range positions {
		seat := s.ToAct()
		v := s.View(seat)
		p := newPlayer(seed)
		a := p.Choose(v)
		if _, err := s.Apply(a); err != nil {
			t.Errorf("position %d: the search chose %v, which is illegal: %v", i, a, err)
			continue
		}
		if b := p.Choose(s.View(seat)); b != a {
			t.Errorf("position %d: the same View shown again gave %v, then %v", i, a, b)
		}
		other, err := determinize(v, seed+1000+uint64(i))
		if err != nil {
			t.Errorf("position %d: %v", i, err)
			continue
		}
		w := other.View(seat)
		if !reflect.DeepEqual(v, w) {
			t.Errorf("position %d: the State dealt anew shows another View", i)
			continue
		}
		if b := newPlayer(seed).Choose(w); b != a {
			t.Errorf("position %d: the same View of another deal gave %v, not %v", i, b, a)
		}
	}
}

// Positions plays start with players until it has collected n positions
// where want says the seat to act makes a searched decision (or the game
// ends), and returns them.
func Positions[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, start S, players []cardrules.Player[V, A], n int, want func(S) bool) []S {
	t.Helper()
	var out []S
	_, err := cardrules.Run(start, players, cardrules.Options[S, A]{Limit: 100_000, Until: func(s S) bool {
		if want(s) {
			out = append(out, s)
		}
		return len(out) >= n
	}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Within returns p, checking each of its decisions that runs play-outs
// (played counts the play-outs run so far) against limit, and counting
// those decisions in *searched.
func Within[V any, A cardrules.Action](t *testing.T, p cardrules.Player[V, A], played func() int, limit int, searched *int) cardrules.Player[V, A] {
	return checked[V, A]{t: t, p: p, played: played, limit: limit, searched: searched}
}

type checked[V any, A cardrules.Action] struct {
	t        *testing.T
	p        cardrules.Player[V, A]
	played   func() int
	limit    int
	searched *int
}

func (c checked[V, A]) Choose(v V) A {
	before := c.played()
	a := c.p.Choose(v)
	if n := c.played() - before; n > 0 {
		*c.searched++
		if n > c.limit {
			c.t.Errorf("a decision ran %d play-outs, over its budget of %d", n, c.limit)
		}
	}
	return a
}
