package famtest

import (
	"math/rand/v2"
	"reflect"
	"testing"
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
