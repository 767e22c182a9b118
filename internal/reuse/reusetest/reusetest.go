// Package reusetest checks what every game's State.ViewInto promises, the
// same way for every game: filled over a View of another position, it
// gives exactly the View State.View gives (nil and empty slices told
// apart), it hands out none of the State's storage, and a reused View
// allocates nothing.
package reusetest

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cardrules/cardrules"
	"pgregory.net/rapid"
)

// Reach plays up to rapid's choice of at most max random legal actions
// from s, stopping where the game ends, and returns the State reached.
func Reach[S cardrules.State[S, A, V], A cardrules.Action, V any](t *rapid.T, s S, max int) S {
	var legal []A
	for range rapid.IntRange(0, max).Draw(t, "steps") {
		if legal = s.AppendLegal(legal[:0]); len(legal) == 0 {
			break
		}
		next, err := s.Apply(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "action")])
		if err != nil {
			t.Fatalf("a legal action refused: %v", err)
		}
		s = next
	}
	return s
}

// Seat draws a seat of s to view it from: most often the seat to act (so
// the View lists legal actions), sometimes any seat, or one off the table.
func Seat[S cardrules.State[S, A, V], A cardrules.Action, V any](t *rapid.T, s S, label string) int {
	if s.ToAct() >= 0 && rapid.Bool().Draw(t, label+"ToAct") {
		return s.ToAct()
	}
	return rapid.IntRange(-1, s.Seats()).Draw(t, label)
}

// Property checks [Check] with rapid at positions of games newGame (the
// game's New) deals under rules drawn from presets and from drawn seeds,
// up to max random actions played ([Reach]); also, if not nil, checks
// more of each position whose View ViewInto filled.
func Property[R any, S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, presets []R, newGame func(R, uint64) (S, error), max int,
	into func(S, *V, int), also func(t *rapid.T, b S)) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		var pos [2]S
		for i, label := range []string{"a", "b"} {
			s, err := newGame(rapid.SampledFrom(presets).Draw(t, label+"Rules"), rapid.Uint64().Draw(t, label+"Seed"))
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			pos[i] = Reach(t, s, max)
		}
		a, b := pos[0], pos[1]
		Check(t, a, Seat(t, a, "seatA"), b, Seat(t, b, "seatB"), into)
		if also != nil {
			also(t, b)
		}
	})
}

// Check fills a View from a at seat sa, then from b at sb with into (the
// game's ViewInto), and fails t unless the result is b.View(sb) exactly
// (reflect.DeepEqual), and unless overwriting every element of its
// slices, down to the nested ones, leaves b.View(sb) as it was: the View
// holds none of b's storage.
func Check[S cardrules.State[S, A, V], A cardrules.Action, V any](t *rapid.T, a S, sa int, b S, sb int, into func(S, *V, int)) {
	t.Helper()
	var v V
	into(a, &v, sa)
	into(b, &v, sb)
	want := b.View(sb)
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("ViewInto over the View of seat %d of another State gives, for seat %d:\n%+v\nView gives:\n%+v", sa, sb, v, want)
	}
	scribble(reflect.ValueOf(&v).Elem())
	if again := b.View(sb); !reflect.DeepEqual(again, want) {
		t.Fatalf("writing over ViewInto's View for seat %d changed the State's View:\n%+v\nwas:\n%+v", sb, again, want)
	}
}

// scribble overwrites the elements of every slice x holds, zeroing them
// after scribbling over what they hold in turn. Fields named Rules are
// left alone: the rules are shared by every View of a game, as View
// always shared them.
func scribble(x reflect.Value) {
	switch x.Kind() {
	case reflect.Slice:
		for i := range x.Len() {
			e := x.Index(i)
			scribble(e)
			e.Set(reflect.Zero(e.Type()))
		}
	case reflect.Array:
		for i := range x.Len() {
			scribble(x.Index(i))
		}
	case reflect.Struct:
		for i := range x.NumField() {
			if f := x.Type().Field(i); f.IsExported() && f.Name != "Rules" {
				scribble(x.Field(i))
			}
		}
	}
}

// Play plays n legal actions of s chosen at random (from a generator
// seeded with seed), fewer where the game ends, and returns the State
// reached: a position in the middle of a game.
func Play[S cardrules.State[S, A, V], A cardrules.Action, V any](s S, n int, seed uint64) (S, error) {
	rng := rand.New(rand.NewPCG(seed, 0))
	var legal []A
	for range n {
		if legal = s.AppendLegal(legal[:0]); len(legal) == 0 {
			break
		}
		next, err := s.Apply(legal[rng.IntN(len(legal))])
		if err != nil {
			return s, err
		}
		s = next
	}
	return s, nil
}

// Allocs plays steps random actions from s ([Play], seeded with seed),
// fails t unless mid reports the position reached is one in the middle
// of a game, and checks [AllocsAt] there for the seat to act (whose View
// lists its legal actions) and the next seat.
func Allocs[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, s S, steps int, seed uint64, into func(S, *V, int), mid func(S) bool) {
	t.Helper()
	s, err := Play(s, steps, seed)
	if err != nil || !mid(s) {
		t.Fatalf("after %d random actions, not a position in the middle of a game (%v)", steps, err)
	}
	AllocsAt(t, s, s.ToAct(), into)
	AllocsAt(t, s, (s.ToAct()+1)%s.Seats(), into)
}

// AllocsAt fails t unless ViewInto (into) of s for seat, into a View that
// holds the storage of an earlier fill for the same seat, allocates
// nothing on average, and gives s.View(seat).
func AllocsAt[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, s S, seat int, into func(S, *V, int)) {
	t.Helper()
	var v V
	into(s, &v, seat)
	if n := testing.AllocsPerRun(20, func() { into(s, &v, seat) }); n != 0 {
		t.Errorf("ViewInto of seat %d into a reused View: %v allocations a call, want 0", seat, n)
	}
	if want := s.View(seat); !reflect.DeepEqual(v, want) {
		t.Errorf("ViewInto of seat %d into a reused View: %+v, View gives %+v", seat, v, want)
	}
}
