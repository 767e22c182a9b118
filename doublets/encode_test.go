package doublets

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/enc/enctest"
)

// The ids number the actions the constructors build one to one, onto 0 to
// Actions-1, in Legal's order, the same for every preset.
func TestActionIDsDense(t *testing.T) {
	all := []Action{PlayWaste()}
	for slot := range Slots {
		a, _ := PlayReserve(slot)
		all = append(all, a)
	}
	all = append(all, Turn(), Redeal())
	var s State
	for want, a := range all {
		if id, err := s.ActionID(a); err != nil || id != want {
			t.Errorf("%v: id %d, %v; want %d", a, id, err, want)
		}
	}
	for _, r := range Presets() {
		shape, err := r.Shape()
		if err != nil || shape.Actions != len(all) || !slices.Equal(shape.Observation, []int{699}) {
			t.Errorf("%s: %+v, %v", r.Name, shape, err)
		}
	}
}

// checkObservation checks the planes and scalars of obs, v's observation,
// against v, at the places the package doc gives them.
func checkObservation(t *rapid.T, v *View, obs []float32) {
	top := func(cs []card.Card) card.Card {
		if len(cs) == 0 {
			return 0
		}
		return cs[len(cs)-1]
	}
	planes := map[int]func(card.Card) bool{
		0:  func(c card.Card) bool { return slices.Contains(v.Waste, c) },
		52: func(c card.Card) bool { return top(v.Waste) == c },
		156: func(c card.Card) bool {
			return !slices.Contains(v.Waste, c) && !slices.Contains(v.Foundation, c) && !slices.Contains(v.Reserve[:], c)
		},
		208: func(c card.Card) bool { return slices.Contains(v.Foundation, c) },
		260: func(c card.Card) bool { return top(v.Foundation) == c },
	}
	for i, slot := range v.Reserve {
		planes[312+52*i] = func(c card.Card) bool { return slot == c }
	}
	for at, has := range planes {
		for c := card.Card(1); c < card.Joker; c++ {
			if got := obs[at+int(c)-1] == 1; got != has(c) {
				t.Fatalf("plane at %d, %v: %v", at, c, got)
			}
		}
	}
	for r := card.Ace; r <= card.King; r++ {
		if got := obs[676+int(r)-1] == 1; got != (v.Needed == r) {
			t.Fatalf("rank needed %v, the one-hot of %v: %v", v.Needed, r, got)
		}
	}
	phase := 0
	if v.Over {
		phase = 2
	}
	if v.Won {
		phase = 1
	}
	if obs[689+phase] != 1 || obs[689]+obs[690]+obs[691] != 1 {
		t.Fatalf("the phase is not %d", phase)
	}
	if obs[692] != float32(v.StockSize)/52 || obs[694] != float32(v.Score)/48 || obs[695] != float32(v.Pass)/10 {
		t.Fatal("the stock size, score or pass")
	}
}

// moves returns copies of v with one card moved between zones the player
// sees: the waste's top card to the foundation, a reserve card to the
// waste.
func moves(t *rapid.T, v View) []View {
	var out []View
	if n := len(v.Waste); n > 0 {
		w := v
		w.Waste = slices.Clone(v.Waste[:n-1])
		w.Foundation = append(slices.Clone(v.Foundation), v.Waste[n-1])
		out = append(out, w)
	}
	if i := rapid.IntRange(0, Slots-1).Draw(t, "slot"); v.Reserve[i] != 0 {
		w := v
		w.Reserve[i] = 0
		w.Waste = append(slices.Clone(v.Waste), v.Reserve[i])
		out = append(out, w)
	}
	return out
}

// On random games under random rules: every legal action has an id of
// its own, ActionOf gives it back, the masks of the State and the View
// are the legal ids, the observation holds the View at the places the doc
// gives, and moving a card between two zones the player sees changes it.
// Rules Validate refuses have no Shape.
func TestEncodingProperty(t *testing.T) {
	g := enctest.Game[State, Action, View]{Check: checkObservation, Moves: moves}
	enctest.Property[Rules, State, Action, View, *View](t, g, conformRules, New, 2, 600)
}

// scenePosition is a game under way: the foundation on 3C needs a six,
// which the waste's top card (6D) and slot 3 (6H) hold; the stock holds
// the 42 cards shown nowhere, in card order.
func scenePosition(t *testing.T) State {
	t.Helper()
	p := Position{Rules: Aisleriot(), Pass: 1, Foundation: card.MustParseCards("3C"),
		Waste: card.MustParseCards("9S 6D")}
	copy(p.Reserve[:], card.MustParseCards("AC 2D 6H KS 5C 7D 8H"))
	for c := card.Card(1); c < card.Joker; c++ {
		if !slices.Contains(p.Foundation, c) && !slices.Contains(p.Waste, c) && !slices.Contains(p.Reserve[:], c) {
			p.Stock = append(p.Stock, c)
		}
	}
	return position(t, p)
}

// An exact position: its legal ids, and cells of its observation.
func TestEncodingScenario(t *testing.T) {
	s := scenePosition(t)
	mask := make([]bool, 10)
	if err := s.Mask(mask); err != nil {
		t.Fatal(err)
	}
	var ids []int
	for id, legal := range mask {
		if legal {
			ids = append(ids, id)
		}
	}
	if want := []int{0, 3, 8}; !slices.Equal(ids, want) {
		t.Errorf("legal ids %v, want %v (play waste, play 3, turn)", ids, want)
	}
	if a, err := s.ActionOf(3); err != nil || a.String() != "play 3" {
		t.Errorf("ActionOf(3) = %v, %v", a, err)
	}
	if a, err := s.ActionOf(9); !errors.Is(err, ErrEncoding) {
		t.Errorf("ActionOf(9), redeal with a stock: %v, %v", a, err)
	}
	obs := make([]float32, 699)
	v := s.View(0)
	if err := v.Observe(obs); err != nil {
		t.Fatal(err)
	}
	for at, want := range map[int]float32{
		35: 1, 21: 1, 0: 0, // 9S and 6D in the waste, AC not
		52 + 21: 1, 52 + 35: 0, 104 + 21: 1.0 / 52, 104 + 35: 2.0 / 52, // 6D on 9S
		156 + 3: 1, 156 + 8: 0, 156 + 0: 0, // AS in the stock; 3C and AC not
		208 + 8: 1, 260 + 8: 1, // 3C on the foundation
		312: 1, 312 + 104 + 22: 1, 312 + 3*52 + 51: 1, 312 + 51: 0, // AC in slot 1, 6H in slot 3, KS in slot 4
		676 + 5: 1, 676 + 6: 0, // a six needed
		689: 1, 690: 0, 691: 0, // under way
		692: 42.0 / 52, 693: 2.0 / 52, 694: 1.0 / 48, 695: 1.0 / 10, 696: 2.0 / 10, 697: 0, 698: 0,
	} {
		if obs[at] != want {
			t.Errorf("obs[%d] = %v, want %v", at, obs[at], want)
		}
	}
}

// Buffers of the wrong size, actions no constructor builds and Views no
// game shows are errors, never a panic; rules Validate refuses have no
// Shape.
func TestEncodingErrors(t *testing.T) {
	s := scenePosition(t)
	v := s.View(0)
	for name, err := range map[string]error{
		"short mask":        s.Mask(make([]bool, 9)),
		"long view mask":    v.Mask(make([]bool, 11)),
		"short observation": v.Observe(make([]float32, 698)),
		"id -1":             func() error { _, err := s.ActionOf(-1); return err }(),
		"id 10":             func() error { _, err := v.ActionOf(10); return err }(),
	} {
		if !errors.Is(err, ErrEncoding) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := v.ActionID(Action{kind: KindPlayReserve, from: 8}); !errors.Is(err, ErrMalformed) {
		t.Errorf("slot 8's id: %v", err)
	}
	obs := make([]float32, 699)
	for name, change := range map[string]func(*View){
		"card 0 in the waste":  func(w *View) { w.Waste = append(slices.Clone(w.Waste), 0) },
		"waste twice":          func(w *View) { w.Waste = append(slices.Clone(w.Waste), w.Waste[0]) },
		"waste on foundation":  func(w *View) { w.Foundation = append(slices.Clone(w.Foundation), w.Waste[0]) },
		"joker in the reserve": func(w *View) { w.Reserve[1] = card.Joker },
		"reserve twice":        func(w *View) { w.Reserve[1] = w.Reserve[0] },
		"reserve in waste":     func(w *View) { w.Reserve[1] = w.Waste[1] },
		"rank 14 needed":       func(w *View) { w.Needed = 14 },
	} {
		w := v
		change(&w)
		obs[7] = 42
		if err := w.Observe(obs); !errors.Is(err, ErrEncoding) || obs[7] != 42 {
			t.Errorf("%s: %v, obs changed %v", name, err, obs[7] != 42)
		}
	}
	r := Aisleriot()
	r.Passes = MaxPasses + 1
	if _, err := r.Shape(); !errors.Is(err, ErrRules) {
		t.Errorf("%d passes: %v", r.Passes, err)
	}
	if _, err := (State{}).Shape(); !errors.Is(err, ErrRules) {
		t.Errorf("the zero State: %v", err)
	}
}

// Encoding allocates nothing: Observe, Mask, ActionID and ActionOf of a
// State and of a View.
func TestEncodingAllocs(t *testing.T) {
	enctest.Allocs[State, Action, View, *View](t, scenePosition(t), 0, 3)
}

// The registry's Table encodes as the package does: the same Shape (and
// the game's Shape for the preset's JSON name), observations, masks, ids
// and actions, over a whole game.
func TestEncodingTable(t *testing.T) {
	enctest.Table[State, Action, View, *View](t, "doublets", "aisleriot", 5, Aisleriot().MaxActions(), ParseAction)
}

// BenchmarkObserve encodes the Views along random games of Aisleriot into
// one buffer.
func BenchmarkObserve(b *testing.B) {
	enctest.BenchObserve[View, Action](b, enctest.Views[Rules, State](b, New, Aisleriot(), 8))
}

// BenchmarkMask writes the legal masks of the Views along random games of
// Aisleriot into one buffer.
func BenchmarkMask(b *testing.B) {
	enctest.BenchMask[View, Action](b, enctest.Views[Rules, State](b, New, Aisleriot(), 8))
}
