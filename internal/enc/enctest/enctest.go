// Package enctest checks what every game's encodings for learning
// programs promise, the same way for every game: each legal action has an
// id of its own in range, which ActionOf turns back into it; the masks of
// the State and of the View are the legal ids; moving a card between two
// zones a seat sees changes its observation; the registry's Table encodes
// as the game's package does; and nothing allocates.
package enctest

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/conform"
)

// State is a game's State that numbers its actions.
type State[S any, A cardrules.Action, V any] interface {
	cardrules.State[S, A, V]
	cardrules.ActionIDs[A]
}

// View is a pointer to a game's View, which encodes.
type View[V any, A cardrules.Action] interface {
	*V
	cardrules.Encoder[A]
}

// Game is what the checks need of a game beyond its types.
type Game[S any, A cardrules.Action, V any] struct {
	// Check checks obs, the observation of v, against v at the places the
	// game's package doc gives.
	Check func(t *rapid.T, v *V, obs []float32)
	// Moves returns copies of v, each with one card moved between two
	// zones v's seat sees. Each must change the observation.
	Moves func(t *rapid.T, v V) []V
}

// rapidRand is a conform.Rand that draws from rapid, so that a failing
// table shrinks.
type rapidRand struct{ t *rapid.T }

func (r rapidRand) IntN(label string, n int) int { return rapid.IntRange(0, n-1).Draw(r.t, label) }
func (r rapidRand) Uint64(label string) uint64   { return rapid.Uint64().Draw(r.t, label) }

// Rules is a game's Rules, which say whether a table can be played and
// the size of its encodings.
type Rules interface {
	Validate() error
	Shape() (cardrules.Shape, error)
}

// Property checks [Play] with rapid: games newGame (the game's New) deals
// from drawn seeds, under rules randomRules (the game's conformance
// RandomRules) draws, each for up to a drawn number of actions below
// steps, checked every every-th State. Rules Validate refuses must have no
// Shape: an error wrapping [cardrules.ErrRules].
func Property[R Rules, S State[S, A, V], A cardrules.Action, V any, PV View[V, A]](t *testing.T, g Game[S, A, V],
	randomRules func(conform.Rand) R, newGame func(R, uint64) (S, error), every, steps int) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		r := randomRules(rapidRand{t})
		if r.Validate() != nil {
			if _, err := r.Shape(); !errors.Is(err, cardrules.ErrRules) {
				t.Fatalf("Shape of rules Validate refuses: %v", err)
			}
			return
		}
		s, err := newGame(r, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatal(err)
		}
		Play[S, A, V, PV](t, g, s, every, int(rapid.Uint64().Draw(t, "steps")%uint64(steps)))
	})
}

// Play plays random legal actions from s, up to steps or the end of the
// game. It checks s, every every-th State after it and the last: the ids
// and masks ([IDs]) of the State and of the View of the seat to act, and
// the observation of the View of a seat rapid draws, with g's checks.
func Play[S State[S, A, V], A cardrules.Action, V any, PV View[V, A]](t *rapid.T, g Game[S, A, V], s S, every, steps int) {
	shape, err := s.Shape()
	if err != nil {
		t.Fatalf("Shape: %v", err)
	}
	pick := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "play"), 1))
	obs, moved := make([]float32, shape.Size()), make([]float32, shape.Size())
	var legal []A
	for i := 0; ; i++ {
		legal = s.AppendLegal(legal[:0])
		last := i == steps || len(legal) == 0
		if i%every == 0 || last {
			v := s.View(max(s.ToAct(), 0))
			IDs(t, shape.Actions, legal, s, PV(&v))
			v = s.View(rapid.IntRange(0, s.Seats()-1).Draw(t, "seat"))
			if err := PV(&v).Observe(obs); err != nil {
				t.Fatalf("Observe: %v", err)
			}
			g.Check(t, &v, obs)
			for _, w := range g.Moves(t, v) {
				if err := PV(&w).Observe(moved); err != nil {
					t.Fatalf("Observe of a card moved: %v", err)
				}
				if slices.Equal(obs, moved) {
					t.Fatalf("moving a card leaves the observation as it was: %+v", w)
				}
			}
		}
		if last {
			return
		}
		if s, err = s.Apply(legal[pick.IntN(len(legal))]); err != nil {
			t.Fatalf("a legal action refused: %v", err)
		}
	}
}

// IDs checks each of ids (a State's and its seat to act's View's) against
// legal, the legal actions, under n action ids: every legal action has an
// id of its own from 0 to n-1, which ActionOf turns back into it; Mask
// sets exactly the legal ids; and ActionOf refuses an id no legal action
// has with an error wrapping [cardrules.ErrEncoding].
func IDs[A cardrules.Action](t *rapid.T, n int, legal []A, ids ...cardrules.ActionIDs[A]) {
	want := make([]bool, n)
	mask := make([]bool, n)
	for _, e := range ids {
		clear(want)
		for _, a := range legal {
			id, err := e.ActionID(a)
			if err != nil || id < 0 || id >= n || want[id] {
				t.Fatalf("%v: id %d (%v), out of 0 to %d or another legal action's", a, id, err, n-1)
			}
			want[id] = true
			if b, err := e.ActionOf(id); err != nil || b != a {
				t.Fatalf("ActionOf(%d) = %v, %v; want %v", id, b, err, a)
			}
		}
		if err := e.Mask(mask); err != nil || !slices.Equal(mask, want) {
			t.Fatalf("the mask is not the legal ids of %v: %v", legal, err)
		}
		id := rapid.IntRange(-1, n).Draw(t, "id")
		if id >= 0 && id < n && want[id] {
			continue
		}
		if a, err := e.ActionOf(id); !errors.Is(err, cardrules.ErrEncoding) {
			t.Fatalf("ActionOf(%d), an id no legal action has: %v, %v", id, a, err)
		}
	}
}

// Table checks the registry's route to a game's encodings on a Table of
// game's preset dealt from seed, for up to steps actions: Table.Shape and
// the game's Shape (for the preset's JSON name) are the State's, and
// Table.Encode, ActionID and ActionOf give what the game's package gives.
// parse is the game's ParseAction.
func Table[S State[S, A, V], A cardrules.Action, V any, PV View[V, A]](t *testing.T, game, preset string, seed uint64, steps int, parse func(string) (A, error)) {
	t.Helper()
	tb, err := cardrules.Open(game, preset, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := tb.State().(S).Shape()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := tb.Shape(); err != nil || !cmp.Equal(got, want) {
		t.Fatalf("Table.Shape = %v, %v; want %v", got, err, want)
	}
	g, _ := cardrules.Lookup(game)
	if got, err := g.Shape([]byte(strconv.Quote(preset))); err != nil || !cmp.Equal(got, want) {
		t.Fatalf("Game.Shape(%q) = %v, %v; want %v", preset, got, err, want)
	}
	obs, pobs := make([]float32, want.Size()), make([]float32, want.Size())
	mask, pmask := make([]bool, want.Actions), make([]bool, want.Actions)
	for step := 0; step < steps && !tb.Over(); step++ {
		s := tb.State().(S)
		for seat := range tb.Seats() {
			v := s.View(seat)
			if err := tb.Encode(seat, obs, mask); err != nil {
				t.Fatal(err)
			}
			if err1, err2 := PV(&v).Observe(pobs), PV(&v).Mask(pmask); err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if !slices.Equal(obs, pobs) || !slices.Equal(mask, pmask) {
				t.Fatalf("step %d seat %d: the Table's encoding is not the View's", step, seat)
			}
		}
		legal := tb.Legal()
		for _, text := range legal {
			id, err := tb.ActionID(text)
			a, _ := parse(text)
			pid, _ := s.ActionID(a)
			back, err2 := tb.ActionOf(id)
			if err != nil || err2 != nil || id != pid || back != text {
				t.Fatalf("%s: Table id %d (%v), package %d, back %q (%v)", text, id, err, pid, back, err2)
			}
		}
		if tb, err = tb.Apply(legal[step*7%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.ActionOf(-3); !errors.Is(err, cardrules.ErrEncoding) {
		t.Errorf("Table.ActionOf(-3): %v", err)
	}
}

// Allocs fails t unless the encodings of s, a State with a legal action
// of id id, and of its View for seat, allocate nothing: Observe, Mask,
// ActionID and ActionOf.
func Allocs[S State[S, A, V], A cardrules.Action, V any, PV View[V, A]](t *testing.T, s S, seat, id int) {
	t.Helper()
	shape, err := s.Shape()
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(seat)
	pv := PV(&v)
	a, err := s.ActionOf(id)
	if err != nil {
		t.Fatal(err)
	}
	obs, mask := make([]float32, shape.Size()), make([]bool, shape.Actions)
	for name, f := range map[string]func(){
		"Observe":        func() { _ = pv.Observe(obs) },
		"View.Mask":      func() { _ = pv.Mask(mask) },
		"State.Mask":     func() { _ = s.Mask(mask) },
		"State.ActionID": func() { _, _ = s.ActionID(a) },
		"View.ActionID":  func() { _, _ = pv.ActionID(a) },
		"State.ActionOf": func() { _, _ = s.ActionOf(id) },
		"View.ActionOf":  func() { _, _ = pv.ActionOf(id) },
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}

// Views returns the Views of the seat to act along games newGame (the
// game's New) deals under r from seeds 1 to games, played by random
// legal actions.
func Views[R any, S cardrules.State[S, A, V], A cardrules.Action, V any](tb testing.TB, newGame func(R, uint64) (S, error), r R, games int) []V {
	tb.Helper()
	var views []V
	var legal []A
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := newGame(r, seed)
		if err != nil {
			tb.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 2))
		for !s.Over() {
			views = append(views, s.View(s.ToAct()))
			legal = s.AppendLegal(legal[:0])
			if s, err = s.Apply(legal[pick.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return views
}

// BenchObserve benchmarks Observe over views in turn, into one buffer.
func BenchObserve[V any, A cardrules.Action, PV View[V, A]](b *testing.B, views []V) {
	shape, err := PV(&views[0]).Shape()
	if err != nil {
		b.Fatal(err)
	}
	obs := make([]float32, shape.Size())
	bench(b, views, func(v *V) error { return PV(v).Observe(obs) })
}

// BenchMask benchmarks Mask over views in turn, into one buffer.
func BenchMask[V any, A cardrules.Action, PV View[V, A]](b *testing.B, views []V) {
	shape, err := PV(&views[0]).Shape()
	if err != nil {
		b.Fatal(err)
	}
	mask := make([]bool, shape.Actions)
	bench(b, views, func(v *V) error { return PV(v).Mask(mask) })
}

// bench runs encode over views in turn, as a benchmark of one encoding of
// a View.
func bench[V any](b *testing.B, views []V, encode func(*V) error) {
	b.ReportAllocs()
	b.ResetTimer()
	var err error
	for i := 0; i < b.N; i++ {
		err = encode(&views[i%len(views)])
	}
	if err != nil {
		b.Fatal(err)
	}
}

// Fuzz fuzzes the encodings of Views read from JSON, as a program reads a
// View a peer sent: JSON that decodes into a View (its decoder's checks
// passed) encodes without a panic. Its Shape is within the caps, Observe
// and Mask write or return an error, and each id the mask sets names an
// action of that id. seeds are Views' JSON to start from.
func Fuzz[V any, A cardrules.Action, PV View[V, A]](f *testing.F, seeds [][]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v V
		if json.Unmarshal(data, &v) != nil {
			return
		}
		pv := PV(&v)
		shape, err := pv.Shape()
		if err != nil {
			return
		}
		if shape.Actions <= 0 || shape.Actions >= 10000 || shape.Size() <= 0 || shape.Size() > 1<<16 {
			t.Fatalf("Shape %+v", shape)
		}
		obs, mask := make([]float32, shape.Size()), make([]bool, shape.Actions)
		_ = pv.Observe(obs)
		if pv.Mask(mask) != nil {
			return
		}
		for id, on := range mask {
			if !on {
				continue
			}
			a, err := pv.ActionOf(id)
			if err != nil {
				t.Fatalf("ActionOf(%d), an id of the mask: %v", id, err)
			}
			if got, err := pv.ActionID(a); err != nil || got != id {
				t.Fatalf("ActionID(ActionOf(%d)) = %d, %v", id, got, err)
			}
		}
	})
}

// ViewsJSON returns the JSON of every step-th View of views, as seeds of
// [Fuzz].
func ViewsJSON[V any](tb testing.TB, views []V, step int) [][]byte {
	tb.Helper()
	var out [][]byte
	for i := 0; i < len(views); i += step {
		b, err := json.Marshal(views[i])
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}
