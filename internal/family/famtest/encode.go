package famtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
	"pgregory.net/rapid"
)

// CheckIDs checks the action ids of a State or View, ids, against its legal
// actions: every legal action has an id in range, ActionOf of that id is
// the first legal action with it, Mask sets exactly the legal actions'
// ids, and ActionOf refuses ids no legal action has, with ErrEncoding.
func CheckIDs[A cardrules.Action](ids cardrules.ActionIDs[A], legal []A) error {
	sh, err := ids.Shape()
	if err != nil {
		return fmt.Errorf("shape: %w", err)
	}
	want := make([]bool, sh.Actions)
	idOf := make([]int, len(legal))
	for i, a := range legal {
		id, err := ids.ActionID(a)
		if err != nil || id < 0 || id >= sh.Actions {
			return fmt.Errorf("legal action %v has id %d of %d (%v)", a, id, sh.Actions, err)
		}
		idOf[i], want[id] = id, true
	}
	for i, a := range legal {
		b, err := ids.ActionOf(idOf[i])
		if err != nil {
			return fmt.Errorf("the ids: ActionOf(%d), the id of legal %v: %v", idOf[i], a, err)
		}
		if first := legal[slices.Index(idOf, idOf[i])]; b != first {
			return fmt.Errorf("the ids: ActionOf(%d) = %v, and the first legal action with that id is %v", idOf[i], b, first)
		}
	}
	mask := make([]bool, sh.Actions)
	if err := ids.Mask(mask); err != nil {
		return fmt.Errorf("mask: %w", err)
	}
	if !slices.Equal(mask, want) {
		return fmt.Errorf("the mask differs from the legal actions' ids at %d", diffAt(mask, want))
	}
	for _, id := range []int{-1, sh.Actions, slices.Index(want, false)} {
		if id == -1 && len(legal) > 0 {
			continue
		}
		if _, err := ids.ActionOf(id); !errors.Is(err, cardrules.ErrEncoding) {
			return fmt.Errorf("the ids: ActionOf(%d), no legal action's id: %v", id, err)
		}
	}
	if err := ids.Mask(make([]bool, sh.Actions+1)); !errors.Is(err, cardrules.ErrEncoding) {
		return fmt.Errorf("the ids: Mask into a buffer one too long: %v", err)
	}
	return nil
}

// diffAt returns the first index where a and b differ.
func diffAt(a, b []bool) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// Observed returns the observation of e, checked: it has the Shape's
// size, every value is finite, and a buffer of another size is refused
// with ErrEncoding.
func Observed[A cardrules.Action](e cardrules.Encoder[A]) ([]float32, error) {
	sh, err := e.Shape()
	if err != nil {
		return nil, err
	}
	obs := make([]float32, sh.Size())
	for i := range obs {
		obs[i] = float32(math.NaN()) // each value must be written
	}
	if err := e.Observe(obs); err != nil {
		return nil, err
	}
	for i, x := range obs {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("observation value %d is %v", i, x)
		}
	}
	if err := e.Observe(obs[:len(obs)-1]); !errors.Is(err, cardrules.ErrEncoding) {
		return nil, fmt.Errorf("the observation: Observe into a buffer one too short: %v", err)
	}
	return obs, nil
}

// NoAllocs fails t when one of the encoders' methods allocates, on e and
// the ids of its State s, for a legal action a.
func NoAllocs[A cardrules.Action](t *testing.T, s cardrules.ActionIDs[A], e cardrules.Encoder[A], a A) {
	t.Helper()
	sh, err := e.Shape()
	if err != nil {
		t.Fatal(err)
	}
	obs, mask := make([]float32, sh.Size()), make([]bool, sh.Actions)
	id, err := s.ActionID(a)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"Observe":        func() { _ = e.Observe(obs) },
		"View.Mask":      func() { _ = e.Mask(mask) },
		"State.Mask":     func() { _ = s.Mask(mask) },
		"ActionID":       func() { _, _ = s.ActionID(a) },
		"View.ActionID":  func() { _, _ = e.ActionID(a) },
		"State.ActionOf": func() { _, _ = s.ActionOf(id) },
		"View.ActionOf":  func() { _, _ = e.ActionOf(id) },
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s allocates %v times a call", name, n)
		}
	}
}

// Encoding is what the encodings' tests read of a game of the family: R
// its Rules, S its State, A its Action and V its View.
type Encoding[R any, S EncodedState[S, A, V], A cardrules.Action, V any] struct {
	Game        string // the registry's name of the game
	Presets     []R    // the presets, for the registry's Shape by name
	PresetName  func(R) string
	RandomRules func(conform.Rand) R // rules that Validate may refuse
	Validate    func(R) error
	Shape       func(R) (cardrules.Shape, error)
	New         func(R, uint64) (S, error)
	Parse       func(string) (A, error)
	// Moves returns Views of the same seat as v, each with one card moved
	// between two zones the seat sees.
	Moves func(v V) []V
	// Visible sums up the cards a View shows, zone by zone.
	Visible func(v V) any
	// Pile returns the pile's cards a View shows, its size and its upcard.
	Pile func(v V) (card.Multiset, int, card.Card)
	// Arbitrary draws an action for s that is mostly not legal.
	Arbitrary func(r conform.Rand, s S, legal []A) A
	// SameChoice, when set, reports whether two legal actions that share
	// an id make the same choice for the rules (a layout with no caps).
	SameChoice func(a, b A) bool
}

// EncodedState is a State of the family with its action ids.
type EncodedState[S any, A cardrules.Action, V any] interface {
	cardrules.State[S, A, V]
	cardrules.ActionIDs[A]
}

// encoder returns v's Encoder.
func encoder[A cardrules.Action, V any](v *V) cardrules.Encoder[A] {
	return any(v).(cardrules.Encoder[A])
}

// Walk plays a random game under random rules (a preset where Validate
// refuses them) to a random depth, and calls check on each of the next few
// States.
func (g *Encoding[R, S, A, V]) Walk(t *rapid.T, check func(s S)) {
	r := g.RandomRules(conform.RapidRand(t))
	if g.Validate(r) != nil {
		r = rapid.SampledFrom(g.Presets).Draw(t, "preset")
	}
	if _, err := g.Shape(r); err != nil {
		if !errors.Is(err, cardrules.ErrEncoding) {
			t.Fatalf("Shape: %v", err)
		}
		t.Skip("rules past the caps")
	}
	s, err := g.New(r, rapid.Uint64().Draw(t, "seed"))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "play"), 1))
	depth := rapid.IntRange(0, 400).Draw(t, "depth")
	var legal []A
	for i := 0; i < depth+8 && !s.Over(); i++ {
		if i >= depth {
			check(s)
		}
		legal = s.AppendLegal(legal[:0])
		if s, err = s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	check(s)
}

// TestIDs checks, over random games, that the ids of every legal action
// are in range and name it back, and that the masks of the State and of
// the View to act are the legal actions' ids ([CheckIDs]); that any
// action has an id in range or an error wrapping ErrEncoding; with
// SameChoice, that actions sharing an id make the same choice.
func (g *Encoding[R, S, A, V]) TestIDs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g.Walk(t, func(s S) {
			legal := s.AppendLegal(nil)
			if err := CheckIDs[A](s, legal); err != nil {
				t.Fatalf("State: %v", err)
			}
			sh, _ := s.Shape()
			for range 4 { // any action: an id in range, or ErrEncoding
				a := g.Arbitrary(conform.RapidRand(t), s, legal)
				if id, err := s.ActionID(a); err == nil && (id < 0 || id >= sh.Actions) || err != nil && !errors.Is(err, cardrules.ErrEncoding) {
					t.Fatalf("ActionID(%v) = %d, %v", a, id, err)
				}
			}
			if s.Over() {
				return
			}
			v := s.View(s.ToAct())
			if err := CheckIDs(encoder[A](&v), legal); err != nil {
				t.Fatalf("View: %v", err)
			}
			if g.SameChoice == nil {
				return
			}
			seen := map[int]A{}
			for _, a := range legal {
				id, _ := s.ActionID(a)
				if b, ok := seen[id]; ok && !g.SameChoice(a, b) {
					t.Fatalf("%v and %v share id %d", a, b, id)
				}
				seen[id] = a
			}
		})
	})
}

// TestObserve checks, over random games, that every seat's observation
// has the Shape's size and finite values, and that moving a card between
// two zones the seat sees changes it.
func (g *Encoding[R, S, A, V]) TestObserve(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g.Walk(t, func(s S) {
			for seat := range s.Seats() {
				v := s.View(seat)
				obs, err := Observed(encoder[A](&v))
				if err != nil {
					t.Fatalf("seat %d: %v", seat, err)
				}
				for i, w := range g.Moves(v) {
					if moved, err := Observed(encoder[A](&w)); err != nil || slices.Equal(obs, moved) {
						t.Fatalf("seat %d: move %d leaves the observation (%v)", seat, i, err)
					}
				}
			}
		})
	})
}

// TestFollowsPlay checks, over random games, that a step that changes the
// cards a seat sees changes its observation.
func (g *Encoding[R, S, A, V]) TestFollowsPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var before []V
		g.Walk(t, func(s S) {
			for seat := range s.Seats() {
				v := s.View(seat)
				if seat < len(before) && g.Visible(before[seat]) != g.Visible(v) {
					a, _ := Observed(encoder[A](&before[seat]))
					b, _ := Observed(encoder[A](&v))
					if slices.Equal(a, b) {
						t.Fatalf("seat %d: the cards it sees changed, and its observation did not", seat)
					}
				}
				if seat < len(before) {
					before[seat] = v
				} else {
					before = append(before, v)
				}
			}
		})
	})
}

// TestBuffers checks that buffers of the wrong size, and an action no
// constructor builds, are errors wrapping ErrEncoding, and that a refused
// mask is left as it was.
func (g *Encoding[R, S, A, V]) TestBuffers(t *testing.T, s S) {
	v := s.View(s.ToAct())
	e := encoder[A](&v)
	sh, err := e.Shape()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, sh.Actions - 1, sh.Actions + 1} {
		mask := make([]bool, n)
		if n > 0 {
			mask[0] = true
		}
		if err := s.Mask(mask); !errors.Is(err, cardrules.ErrEncoding) || n > 0 && !mask[0] {
			t.Errorf("State.Mask into %d: %v", n, err)
		}
		if err := e.Mask(mask); !errors.Is(err, cardrules.ErrEncoding) || n > 0 && !mask[0] {
			t.Errorf("View.Mask into %d: %v", n, err)
		}
	}
	for _, n := range []int{0, sh.Size() - 1, sh.Size() + 1} {
		if err := e.Observe(make([]float32, n)); !errors.Is(err, cardrules.ErrEncoding) {
			t.Errorf("Observe into %d: %v", n, err)
		}
	}
	var zero A
	if _, err := s.ActionID(zero); !errors.Is(err, cardrules.ErrEncoding) {
		t.Errorf("ActionID of the zero Action: %v", err)
	}
}

// TestNoAllocs checks that the encodings allocate nothing, on a State of
// each preset after a few random steps.
func (g *Encoding[R, S, A, V]) TestNoAllocs(t *testing.T) {
	for _, r := range g.Presets {
		s, err := g.New(r, 3)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(4, 1))
		for range 40 {
			legal := s.AppendLegal(nil)
			if s, err = s.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		v := s.View(s.ToAct())
		NoAllocs(t, s, encoder[A](&v), s.AppendLegal(nil)[0])
	}
}

// TestTable checks that the registry's Table, opened from preset for
// seats, encodes as the package does along a random game from seed, and
// that the game's Shape in the registry reads each preset's name as the
// package's Shape of the preset.
func (g *Encoding[R, S, A, V]) TestTable(t *testing.T, preset string, seats int, seed uint64, s S) {
	tb, err := cardrules.Open(g.Game, preset, seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for range 40 {
		if s.Over() {
			break
		}
		sh, err := tb.Shape()
		want, _ := s.Shape()
		if err != nil || sh.Actions != want.Actions || !slices.Equal(sh.Observation, want.Observation) {
			t.Fatalf("Table.Shape = %+v, %v; want %+v", sh, err, want)
		}
		obs, mask := make([]float32, sh.Size()), make([]bool, sh.Actions)
		if err := tb.Encode(s.ToAct(), obs, mask); err != nil {
			t.Fatal(err)
		}
		v := s.View(s.ToAct())
		wantObs, _ := Observed(encoder[A](&v))
		wantMask := make([]bool, sh.Actions)
		_ = s.Mask(wantMask)
		if !slices.Equal(obs, wantObs) || !slices.Equal(mask, wantMask) {
			t.Fatal("Table.Encode differs from the View's encodings")
		}
		legal := s.AppendLegal(nil)
		a := legal[rng.IntN(len(legal))]
		id, err := tb.ActionID(a.String())
		if wantID, _ := s.ActionID(a); err != nil || id != wantID {
			t.Fatalf("Table.ActionID(%v) = %d, %v; want %d", a, id, err, wantID)
		}
		text, err := tb.ActionOf(id)
		if b, _ := s.ActionOf(id); err != nil || text != b.String() {
			t.Fatalf("Table.ActionOf(%d) = %q, %v; want %v", id, text, err, b)
		}
		if tb, err = tb.Apply(text); err != nil {
			t.Fatal(err)
		}
		b, err := g.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if s, err = s.Apply(b); err != nil {
			t.Fatal(err)
		}
	}
	game, ok := cardrules.Lookup(g.Game)
	if !ok || game.Shape == nil {
		t.Fatalf("the registry's %s has no Shape", g.Game)
	}
	for _, p := range g.Presets {
		fromName, err := game.Shape([]byte(`"` + g.PresetName(p) + `"`))
		want, _ := g.Shape(p)
		if err != nil || fromName.Actions != want.Actions || !slices.Equal(fromName.Observation, want.Observation) {
			t.Errorf("registry Shape(%q) = %+v, %v; want %+v", g.PresetName(p), fromName, err, want)
		}
	}
}

// Views returns the Views of the seat to act along a random game of r
// from seed, at most n of them.
func (g *Encoding[R, S, A, V]) Views(tb testing.TB, r R, seed uint64, n int) []V {
	s, err := g.New(r, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var vs []V
	for !s.Over() && len(vs) < n {
		vs = append(vs, s.View(s.ToAct()))
		legal := s.AppendLegal(nil)
		if s, err = s.Apply(legal[rng.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
	}
	if len(vs) == 0 {
		tb.Fatal("no View")
	}
	return vs
}

// BenchObserve encodes the Views vs, in turn, into one buffer.
func BenchObserve[A cardrules.Action, V any](b *testing.B, vs []V) {
	sh, err := encoder[A](&vs[0]).Shape()
	if err != nil {
		b.Fatal(err)
	}
	obs := make([]float32, sh.Size())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := encoder[A](&vs[i%len(vs)]).Observe(obs); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchMask writes the legal masks of the Views vs, in turn, into one
// buffer.
func BenchMask[A cardrules.Action, V any](b *testing.B, vs []V) {
	sh, err := encoder[A](&vs[0]).Shape()
	if err != nil {
		b.Fatal(err)
	}
	mask := make([]bool, sh.Actions)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := encoder[A](&vs[i%len(vs)]).Mask(mask); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestPileCards checks, along a random game of r, that a View shows the
// pile's cards: as many as the pile holds, the upcard among them. A State
// the View samples (Determinize) shows the same, and the View's JSON
// carries them ([PileJSON]).
func (g *Encoding[R, S, A, V]) TestPileCards(t *testing.T, r R) {
	checked := false
	for i, v := range g.Views(t, r, 5, 300) {
		cards, size, up := g.Pile(v)
		if cards.Len() != size || up != 0 && cards.Count(up) == 0 {
			t.Fatalf("View %d: the pile's cards %v for a pile of %d, upcard %v", i, cards, size, up)
		}
		if size < 3 || checked {
			continue
		}
		s, err := any(v).(cardrules.Sampler[S]).Sample(9)
		if err != nil {
			continue // a round over
		}
		checked = true
		if got, _, _ := g.Pile(s.View(s.ToAct())); got != cards {
			t.Errorf("Determinize dealt the pile %v, and the View shows %v", got, cards)
		}
		PileJSON(t, v)
	}
	if !checked {
		t.Fatal("no View of a pile of three cards or more")
	}
}

// PileJSON checks the pile's cards in the JSON of v, a View whose pile
// is not empty: with a card cut from them it is refused with ErrView, and
// without them, as an earlier version wrote it, it loads.
func PileJSON[V any](t *testing.T, v V) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	pile, _ := m["pileCards"].([]any)
	if len(pile) == 0 {
		t.Fatalf("the View's JSON shows no pile's cards: %s", data)
	}
	m["pileCards"] = pile[1:]
	var w V
	if err := json.Unmarshal(must(json.Marshal(m)), &w); !errors.Is(err, cardrules.ErrView) {
		t.Errorf("a View with a card cut from its pile's cards: %v", err)
	}
	m["pileCards"] = append(pile, pile[0])
	if err := json.Unmarshal(must(json.Marshal(m)), &w); !errors.Is(err, cardrules.ErrView) {
		t.Errorf("a View with a card too many in its pile's cards: %v", err)
	}
	up, _ := m["upcard"].(string)
	swapped := slices.Clone(pile)
	for i, c := range swapped {
		if c == up && up != "" {
			swapped[i] = other(up)
		}
	}
	m["pileCards"] = swapped
	if err := json.Unmarshal(must(json.Marshal(m)), &w); up != "" && !errors.Is(err, cardrules.ErrView) {
		t.Errorf("a View whose upcard is not among its pile's cards: %v", err)
	}
	delete(m, "pileCards")
	if err := json.Unmarshal(must(json.Marshal(m)), &w); err != nil {
		t.Errorf("a View without its pile's cards: %v", err)
	}
}

// other returns a card other than the card c names: the king of spades,
// or for that the queen.
func other(c string) string {
	if c == "KS" {
		return "QS"
	}
	return "KS"
}

// must returns data, the JSON json.Marshal wrote without fail.
func must(data []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return data
}
