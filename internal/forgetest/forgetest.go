// Package forgetest checks, the same way for every game, what a View read
// from JSON promises a computer player: every View a game gives reads back,
// a View forged by changing one field of a real one either reads as an
// error wrapping [cardrules.ErrView] or is one a player can choose from,
// and a player's choice is one of the View's own legal actions.
package forgetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
)

// Views plays games random legal actions from seeds 0 to games-1 under
// each of presets (newGame is the game's New), at most steps actions a
// game, and calls see with every seat's View of every position one step
// in every stride reaches, and of the last position (seat 0's, once the
// game is over).
func Views[R any, S cardrules.State[S, A, V], A cardrules.Action, V any](t testing.TB, presets []R, newGame func(R, uint64) (S, error),
	games, steps, stride int, see func(s S, seat int, v V)) {
	t.Helper()
	for _, r := range presets {
		for seed := range uint64(games) {
			s, err := newGame(r, seed)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			rng := rand.New(rand.NewPCG(seed, 37))
			var legal []A
			for step := 0; ; step++ {
				last := step == steps
				if legal = s.AppendLegal(legal[:0]); len(legal) == 0 {
					last = true
				}
				if step%stride == 0 || last {
					for seat := range max(s.Seats(), 1) {
						see(s, seat, s.View(seat))
					}
				}
				if last {
					break
				}
				if s, err = s.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatalf("a legal action refused: %v", err)
				}
			}
		}
	}
}

// Read fails t unless check, the checks a View's JSON is read with,
// passes every View [Views] sees; one View in every 40 also reads back
// from its JSON.
func Read[R any, S cardrules.State[S, A, V], A cardrules.Action, V any](t testing.TB, presets []R, newGame func(R, uint64) (S, error),
	games, steps, stride int, check func(*V) error) {
	t.Helper()
	n := 0
	Views(t, presets, newGame, games, steps, stride, func(s S, seat int, v V) {
		if err := check(&v); err != nil {
			t.Fatalf("a View the game gives (seat %d) fails its checks: %v\n%+v", seat, err, v)
		}
		if n++; n%40 == 1 {
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("json.Marshal of View(%d): %v", seat, err)
			}
			if err := json.Unmarshal(data, new(V)); err != nil {
				t.Fatalf("a View the game gives (seat %d) does not read back: %v\n%s", seat, err, data)
			}
		}
	})
	if n == 0 {
		t.Fatal("no View read")
	}
}

// Forge returns up to n Views forged from view, the JSON of a real View,
// each by changing one of its fields, chosen by rng: a number made
// negative, out of range, one more or one less; a list emptied, its first
// or last element dropped, or one element doubled; a string swapped for
// another of the View's.
func Forge(view []byte, n int, rng *rand.Rand) [][]byte {
	var root any
	if json.Unmarshal(view, &root) != nil {
		return nil
	}
	var strs []any
	var sites []func(any) any // each sets one value of root, returning what it held
	var walk func(x any)
	walk = func(x any) {
		switch y := x.(type) {
		case map[string]any:
			keys := make([]string, 0, len(y))
			for k := range y {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(y[k])
				sites = append(sites, func(v any) any { was := y[k]; y[k] = v; return was })
			}
		case []any:
			for i := range y {
				walk(y[i])
				sites = append(sites, func(v any) any { was := y[i]; y[i] = v; return was })
			}
		case string:
			strs = append(strs, y)
		}
	}
	walk(root)
	var out [][]byte
	for range n {
		if len(sites) == 0 {
			break
		}
		set := sites[rng.IntN(len(sites))]
		was := set(nil)
		set(mutate(was, strs, rng))
		if data, err := json.Marshal(root); err == nil {
			out = append(out, data)
		}
		set(was)
	}
	return out
}

// mutate returns a value changed from x.
func mutate(x any, strs []any, rng *rand.Rand) any {
	switch y := x.(type) {
	case float64:
		choices := []float64{-1, -y - 1, y + 1, y - 1, 99, 1 << 20, 0}
		return choices[rng.IntN(len(choices))]
	case []any:
		if len(y) == 0 {
			return []any{float64(1)}
		}
		switch rng.IntN(4) {
		case 0:
			return []any{}
		case 1:
			return slices.Clone(y[1:])
		case 2:
			return slices.Clone(y[:len(y)-1])
		}
		i := rng.IntN(len(y))
		return slices.Insert(slices.Clone(y), i, y[i])
	case string:
		if len(strs) > 0 {
			return strs[rng.IntN(len(strs))]
		}
		return ""
	case bool:
		return !y
	case map[string]any:
		return map[string]any{}
	}
	return float64(rng.IntN(3) - 1)
}

// Choice checks what a player made of view: err is the View's error,
// which must wrap ErrView, or, the View read, chosen must be one of
// legal, its legal actions, unless it lists none.
func Choice[A comparable](t testing.TB, who string, view []byte, err error, legal []A, chosen A) {
	t.Helper()
	switch {
	case err != nil:
		if !errors.Is(err, cardrules.ErrView) {
			t.Errorf("%s: reading %.300s: %v, want an error wrapping ErrView", who, view, err)
		}
	case len(legal) > 0 && !slices.Contains(legal, chosen):
		t.Errorf("%s: chose %v from %.600s, which its legal actions do not list", who, chosen, view)
	}
}

// Choose reads view as a V and, if it reads, lets each player choose from
// it, failing t if one panics or chooses an action the View does not list.
// It reports whether the View read. Text that is no JSON is skipped.
func Choose[V any, A cardrules.Action](t testing.TB, view []byte, legal func(V) []A, players map[string]cardrules.Player[V, A]) bool {
	t.Helper()
	if !json.Valid(view) {
		return false // the json package's own error, not the View's
	}
	var v V
	err := json.Unmarshal(view, &v)
	if err != nil {
		Choice(t, "decoding", view, err, nil, *new(A))
		return false
	}
	names := make([]string, 0, len(players))
	for name := range players {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		chosen, ok := safely(func() A { return players[name].Choose(v) })
		if !ok {
			t.Errorf("%s: panics on %.2000s: %v", name, view, chosen)
			continue
		}
		Choice(t, name, view, nil, legal(v), chosen.(A))
	}
	return true
}

// safely calls f and returns what it returns and true, or what it
// panicked with and false.
func safely[A any](f func() A) (out any, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			out, ok = fmt.Sprint(r), false
		}
	}()
	return f(), true
}

// Until plays random legal actions from s, from a generator seeded with
// seed, until at reports the position reached is the one wanted, and
// returns it; it fails t if no such position comes within steps actions.
func Until[S cardrules.State[S, A, V], A cardrules.Action, V any](t testing.TB, s S, seed uint64, steps int, at func(S) bool) S {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 37))
	var legal []A
	for range steps {
		if at(s) {
			return s
		}
		if legal = s.AppendLegal(legal[:0]); len(legal) == 0 {
			break
		}
		next, err := s.Apply(legal[rng.IntN(len(legal))])
		if err != nil {
			t.Fatalf("a legal action refused: %v", err)
		}
		s = next
	}
	t.Fatalf("no position wanted within %d random actions", steps)
	return s
}

// Field is one field of a View's JSON forged: its key set to Value, and
// what the error must say.
type Field struct{ Key, Value, Want string }

// Refused fails t unless view, the JSON of a real View, reads as a V, and
// with each of fields forged reads as an error wrapping
// [cardrules.ErrView] that says what the field says.
func Refused[V any](t testing.TB, view []byte, fields []Field) {
	t.Helper()
	var v V
	if err := json.Unmarshal(view, &v); err != nil {
		t.Fatalf("the real View does not read: %v", err)
	}
	for _, f := range fields {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(view, &m); err != nil {
			t.Fatal(err)
		}
		if _, ok := m[f.Key]; !ok {
			t.Errorf("the View has no key %q", f.Key)
		}
		m[f.Key] = json.RawMessage(f.Value)
		forged, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var v V
		err = json.Unmarshal(forged, &v)
		if err == nil || !errors.Is(err, cardrules.ErrView) || !strings.Contains(err.Error(), f.Want) {
			t.Errorf("%s %s: %v, want an error wrapping ErrView that says %q", f.Key, f.Value, err, f.Want)
		}
	}
}

// Seen returns the JSON of Views [Views] sees: every View of the seat to
// act, and one in four of the others'.
func Seen[R any, S cardrules.State[S, A, V], A cardrules.Action, V any](t testing.TB, presets []R, newGame func(R, uint64) (S, error), games, steps, stride int) [][]byte {
	t.Helper()
	var out [][]byte
	n := 0
	Views(t, presets, newGame, games, steps, stride, func(s S, seat int, v V) {
		if n++; seat != s.ToAct() && n%4 != 0 {
			return
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("json.Marshal of View(%d): %v", seat, err)
		}
		out = append(out, data)
	})
	return out
}

// Forged checks players ([Choose]) on each of views, the JSON of real
// Views, on n Views forged from each ([Forge]) by a generator seeded with
// seed, and on each narrowed to one legal action ([Narrow]).
func Forged[V any, A cardrules.Action](t testing.TB, views [][]byte, n int, seed uint64, legal func(V) []A, players map[string]cardrules.Player[V, A]) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 37))
	read, all := 0, 0
	for _, view := range views {
		Choose(t, view, legal, players)
		for _, forged := range append(Forge(view, n, rng), Narrow(view)...) {
			if Choose(t, forged, legal, players) {
				read++
			}
			all++
		}
	}
	t.Logf("%d real Views, %d forged of which %d read", len(views), all, read)
}

// MaxFuzzView is the longest View JSON [Fuzz] hands the players: the
// decoders' bounds on what longer input costs are another test's.
const MaxFuzzView = 1 << 16

// Fuzz runs f on Views a fuzzer mutates from views, the JSON of real
// Views (and n forged from each, [Forge]): each reads as an error
// wrapping ErrView, or the players that players builds choose one of its
// legal actions from it without panicking ([Choose]).
func Fuzz[V any, A cardrules.Action](f *testing.F, views [][]byte, n int, legal func(V) []A, players func() map[string]cardrules.Player[V, A]) {
	rng := rand.New(rand.NewPCG(37, 37))
	for _, v := range views {
		f.Add(v)
		for _, forged := range Forge(v, n, rng) {
			f.Add(forged)
		}
	}
	f.Fuzz(func(t *testing.T, view []byte) {
		if len(view) > MaxFuzzView {
			return
		}
		Choose(t, view, legal, players())
	})
}

// Narrow returns Views forged from view, the JSON of a real View, by
// keeping one of its legal actions: the first, the middle one and the last.
// A player must choose the one action left.
func Narrow(view []byte) [][]byte {
	var m map[string]json.RawMessage
	var list []json.RawMessage
	if json.Unmarshal(view, &m) != nil || json.Unmarshal(m["legal"], &list) != nil || len(list) < 2 {
		return nil
	}
	var out [][]byte
	for _, i := range []int{0, len(list) / 2, len(list) - 1} {
		m["legal"] = append(append(json.RawMessage("["), list[i]...), ']')
		if data, err := json.Marshal(m); err == nil {
			out = append(out, data)
		}
	}
	return out
}

// Built checks players on Views built by hand, not read from JSON: each
// is fresh(), a real View of the seat to act, changed as one of changes
// says. No player panics, and each chooses an action the View lists.
func Built[V any, A cardrules.Action](t testing.TB, fresh func() V, changes map[string]func(*V), legal func(V) []A, players map[string]cardrules.Player[V, A]) {
	t.Helper()
	for what, change := range changes {
		for name, p := range players {
			v := fresh()
			change(&v)
			chosen, ok := safely(func() A { return p.Choose(v) })
			if !ok {
				t.Errorf("%s: panics on a View with %s: %v", name, what, chosen)
				continue
			}
			Choice(t, name+" ("+what+")", nil, nil, legal(v), chosen.(A))
		}
	}
}
