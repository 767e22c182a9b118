package famtest

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/conform"
)

// CheckDeterminized checks the States determinize builds from v for
// seeds seed to seed+4: each is built, its View for v's seat (view) is v,
// and in each the player to draw can take the pile (canTake), as a View
// of a turn that begins with the stock empty implies.
func CheckDeterminized[S, V any](t testing.TB, v V, seat int, seed uint64,
	determinize func(V, uint64) (S, error), view func(S, int) V, canTake func(S) bool) {
	t.Helper()
	for try := range uint64(5) {
		d, err := determinize(v, seed+try)
		if err != nil {
			t.Fatalf("seed %d, seat %d: %v", seed+try, seat, err)
		}
		if w := view(d, seat); !reflect.DeepEqual(v, w) {
			t.Fatalf("seed %d, seat %d: the View of the State built is another View", seed+try, seat)
		}
		if !canTake(d) {
			t.Fatalf("seed %d, seat %d: the player to draw cannot take the pile in the State built", seed+try, seat)
		}
	}
}

// Walk plays on s, while more(s), an action drawn by rng from legal(s),
// calling at on every State met before it plays; it returns Apply's first
// error.
func Walk[S, A any](s S, rng *rand.Rand, more func(S) bool, legal func(S) []A, apply func(S, A) (S, error), at func(S)) error {
	for more(s) {
		at(s)
		l := legal(s)
		var err error
		if s, err = apply(s, l[rng.IntN(len(l))]); err != nil {
			return err
		}
	}
	return nil
}

// Must returns a function that returns s, or fails t with err: for
// Must[State](t)(New(rules, seed)).
func Must[S any](t testing.TB) func(s S, err error) S {
	return func(s S, err error) S {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

// CheckSampled checks what determinize (a game's Determinize) builds from
// every seat's View of s, a position of play reached in a game, for seeds
// seed and seed+1: each State built shows the seat the View it was built
// from, and plays on as s does for that seat. After each action both may
// play — every legal action of the seat, when it is to act (the first 40),
// and a take-back (back) otherwise, where s lists one — the seat's Views of
// the two agree still, unless the action shows cards the seat could not
// see (shows: a draw, a pile joining the hand, a foot picked up, from the
// States before and after it in the game): a take-back in the sample
// returns to the hand, melds and points laid the game returns to. It
// returns how many actions it compared.
func CheckSampled[S conform.State[S, A, V], A cardrules.Action, V any](t testing.TB, s S, seed uint64, back A,
	determinize func(V, uint64) (S, error), shows func(before, after S) bool) int {
	t.Helper()
	compared := 0
	for seat := range s.Seats() {
		v := s.View(seat)
		for try := range uint64(2) {
			d, err := determinize(v, seed+try)
			if err != nil {
				t.Fatalf("seat %d, seed %d: %v", seat, seed+try, err)
			}
			if w := d.View(seat); !reflect.DeepEqual(v, w) {
				t.Fatalf("seat %d, seed %d: the sample shows the seat another View:\n%+v\nnot\n%+v", seat, seed+try, w, v)
			}
			acts := s.AppendLegal(nil)
			if s.ToAct() != seat {
				acts = slices.DeleteFunc(acts, func(a A) bool { return a != back })
			}
			for _, a := range acts[:min(len(acts), 40)] {
				real, err := s.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				sample, err := d.Apply(a)
				if err != nil {
					t.Fatalf("seat %d, seed %d: the sample refuses %v, which the game plays: %v", seat, seed+try, a, err)
				}
				if shows(s, real) {
					continue
				}
				if x, y := real.View(seat), sample.View(seat); !reflect.DeepEqual(x, y) {
					t.Fatalf("seat %d, seed %d: after %v the sample shows the seat\n%+v\nand the game\n%+v", seat, seed+try, a, y, x)
				}
				compared++
			}
		}
	}
	return compared
}

// Sampled is a position of play for [CheckSampledAll]: its name, the State
// and where it stands, as the game's where says.
type Sampled[S any] struct {
	Name  string
	S     S
	Where string
}

// At returns the Sampled of name, s and where.
func At[S any](name string, s S, where string) Sampled[S] { return Sampled[S]{name, s, where} }

// CheckSampledAll runs [CheckSampled] on each position of cases, seeds 1
// and 2, in a subtest of its name, after checking that it stands where its
// case says (where).
func CheckSampledAll[S conform.State[S, A, V], A cardrules.Action, V any](t *testing.T, cases []Sampled[S], back A,
	determinize func(V, uint64) (S, error), shows func(before, after S) bool, where func(S) string) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if got := where(c.S); got != c.Where {
				t.Fatalf("the position stands %s, want %s", got, c.Where)
			}
			if CheckSampled(t, c.S, 1, back, determinize, shows) == 0 {
				t.Errorf("no action compared in the samples")
			}
		})
	}
}
