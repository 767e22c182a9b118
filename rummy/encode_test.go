package rummy

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/enc/enctest"
	"github.com/cardrules/cardrules/meld"
)

// allActions is every action the constructors build: the draws, next,
// every run and group of the deck, every card laid off on every meld
// number and every discard.
func allActions(t *testing.T) []Action {
	t.Helper()
	out := []Action{DrawStock(), DrawPile(), Next()}
	seen := map[meld.Combination]bool{}
	for _, m := range combinations() {
		if !m.IsValid() || seen[m] {
			continue
		}
		seen[m] = true
		a, err := Meld(m.Cards()...)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	for _, c := range full.cards() {
		a, _ := Discard(c)
		out = append(out, a)
		for target := range maxMelds {
			a, _ := LayOff(c, target)
			out = append(out, a)
		}
	}
	return out
}

// The ids number the actions the constructors build one to one, onto 0 to
// Actions-1, the same for every preset.
func TestActionIDsDense(t *testing.T) {
	all := allActions(t)
	ids := map[int]Action{}
	var s State
	for _, a := range all {
		id, err := s.ActionID(a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if b, ok := ids[id]; ok {
			t.Fatalf("%v and %v share id %d", a, b, id)
		}
		ids[id] = a
	}
	for _, r := range Presets() {
		shape, err := r.Shape()
		if err != nil {
			t.Fatal(err)
		}
		if shape.Actions != len(all) {
			t.Errorf("%s: %d ids for %d actions", r.Name, shape.Actions, len(all))
		}
		if want := []int{1158 + 126*r.Players}; !slices.Equal(shape.Observation, want) {
			t.Errorf("%s: observation %v, the doc says %v", r.Name, shape.Observation, want)
		}
	}
	for id := range len(all) {
		if _, ok := ids[id]; !ok {
			t.Errorf("no action has id %d", id)
		}
	}
}

// checkObservation checks the planes and scalars of obs, v's observation,
// against v, at the places the package doc gives them.
func checkObservation(t *rapid.T, v *View, obs []float32) {
	n := v.Rules.Players
	rel := func(seat int) int { return (seat - v.Seat + n) % n }
	planes := map[int]func(card.Card) bool{
		0:   func(c card.Card) bool { return v.Hand.Count(c) > 0 },
		52:  func(c card.Card) bool { return len(v.Pile) > 0 && v.Pile[len(v.Pile)-1] == c },
		104: func(c card.Card) bool { return slices.Contains(v.Pile, c) },
		208: func(c card.Card) bool { return v.Taken == c },
	}
	for seat, p := range v.Players {
		planes[260+52*rel(seat)] = func(c card.Card) bool { return slices.Contains(p.Known, c) }
		planes[260+52*n+52*rel(seat)] = func(c card.Card) bool { return slices.Contains(p.Laid, c) }
	}
	for i := range maxMelds {
		planes[260+104*n+52*i] = func(c card.Card) bool { return i < len(v.Melds) && v.Melds[i].Meld.Contains(c) }
	}
	for at, has := range planes {
		for c := card.Card(1); c < card.Joker; c++ {
			if got := obs[at+int(c)-1] == 1; got != has(c) {
				t.Fatalf("plane at %d, %v: %v", at, c, got)
			}
		}
	}
	for i, m := range v.Melds {
		if obs[1144+104*n+n*i+rel(m.Seat)] != 1 {
			t.Fatalf("meld %d's owner is not seat %d", i, m.Seat)
		}
	}
	scalars := 1144 + 121*n
	one := func(at, i int) {
		if obs[at+i] != 1 {
			t.Fatalf("the one-hot at %d has no 1 at %d", at, i)
		}
	}
	one(scalars, int(v.Phase)-1)
	one(scalars+4, rel(v.Turn))
	one(scalars+4+n, v.Seat)
	for seat, p := range v.Players {
		if obs[scalars+4+2*n+rel(seat)] != float32(p.Hand)/52 {
			t.Fatalf("seat %d's hand size", seat)
		}
	}
	if obs[scalars+4+5*n+1] != float32(v.StockSize)/52 {
		t.Fatal("the stock size")
	}
	if len(obs) != scalars+4+5*n+10 {
		t.Fatalf("%d values", len(obs))
	}
}

// moves returns copies of v with one card moved between zones the seat
// sees: from its hand to the pile or to another seat's known cards, and
// from the pile to its hand.
func moves(t *rapid.T, v View) []View {
	var out []View
	clone := func() View {
		w := v
		w.Pile = slices.Clone(v.Pile)
		w.Players = slices.Clone(v.Players)
		return w
	}
	if hand := v.Hand.Cards(); len(hand) > 0 {
		c := rapid.SampledFrom(hand).Draw(t, "card")
		w := clone()
		_ = w.Hand.Remove(c)
		w.Players[v.Seat].Hand--
		w.Pile = append(w.Pile, c)
		out = append(out, w)

		w = clone()
		_ = w.Hand.Remove(c)
		w.Players[v.Seat].Hand--
		other := (v.Seat + 1) % len(v.Players)
		w.Players[other].Known = append(slices.Clone(w.Players[other].Known), c)
		w.Players[other].Hand++
		out = append(out, w)
	}
	if len(v.Pile) > 0 {
		k := rapid.IntRange(0, len(v.Pile)-1).Draw(t, "pile card")
		w := clone()
		c := w.Pile[k]
		w.Pile = slices.Delete(w.Pile, k, k+1)
		_ = w.Hand.Add(c)
		w.Players[v.Seat].Hand++
		out = append(out, w)
	}
	return out
}

// On random games under random rules: every legal action has an id of
// its own, ActionOf gives it back, the masks of the State and the View
// are the legal ids, the observation holds the View at the places the doc
// gives, and moving a card between two zones the seat sees changes it.
// Rules Validate refuses have no Shape.
func TestEncodingProperty(t *testing.T) {
	g := enctest.Game[State, Action, View]{Check: checkObservation, Moves: moves}
	enctest.Property[Rules, State, Action, View, *View](t, g, conformRules, New, 3, 600)
}

// An exact position: seat 0 to play, after its draw, with runs, a group,
// a lay-off on seat 1's meld and discards; the ids the doc gives them,
// and the cells of both seats' observations.
func TestEncodingScenario(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "4C 5C 6C 7C JH KH QC QD QS").hand(1, "AS 2S").
		meld(1, "8H 9H 10H").pile("3D QH").playing("").build()
	for text, want := range map[string]int{
		"draw stock": 0, "draw pile": 1, "next": 1267,
		"meld 4C 5C 6C": 32, "meld 4C 5C 6C 7C": 33, "meld 5C 6C 7C": 40, "meld AC 2C 3C": 2,
		"meld QC QD QS": 2 + 264 + 5*11 + 3, "meld 10S JS QS KS": 2 + 3*66 + 64,
		"lay JH on 1": 331 + 42*17, "lay 7C on 17": 331 + 24*17 + 16,
		"discard KH": 1215 + 50, "discard AC": 1215,
	} {
		if id, err := s.ActionID(scAct(t, text)); err != nil || id != want {
			t.Errorf("%s: id %d, %v; want %d", text, id, err, want)
		}
	}
	var ids []int
	for _, a := range Legal(s) {
		id, _ := s.ActionID(a)
		ids = append(ids, id)
	}
	want := []int{32, 33, 40, 324, 1045, 1227, 1231, 1235, 1239, 1257, 1259, 1260, 1262, 1265}
	slices.Sort(ids)
	if !slices.Equal(ids, want) {
		t.Errorf("legal ids %v, want %v", ids, want)
	}
	if a, err := s.ActionOf(1045); err != nil || a.String() != "lay JH on 1" {
		t.Errorf("ActionOf(1045) = %v, %v", a, err)
	}
	obs := make([]float32, 1410)
	v := s.View(0)
	if err := v.Observe(obs); err != nil {
		t.Fatal(err)
	}
	for at, want := range map[int]float32{
		12: 1, 50: 1, 0: 0, // 4C and KH held, AC not
		52 + 46: 1, 104 + 9: 1, 104 + 46: 1, 156 + 46: 1.0 / 52, 156 + 9: 2.0 / 52, // QH on 3D
		468 + 30: 1, 468 + 52 + 30: 0, 364 + 52 + 30: 1, 364 + 30: 0, // 8H in meld 1, laid by seat 1
		1352 + 1: 1, 1352: 0, // meld 1 is seat 1's, the next seat
		1387: 1, 1386: 0, 1390: 1, 1392: 1, // playing; seat 0's turn; seat 0's View
		1394: 9.0 / 52, 1395: 2.0 / 52, 1396: 0, 1397: 20.0 / 400, // hands; seat 1 melded 20 of the deck's 400
		1400: 1, 1401: 36.0 / 52, 1402: 2.0 / 52, 1403: 1.0 / 17, // to act; stock, pile, melds
	} {
		if obs[at] != want {
			t.Errorf("seat 0: obs[%d] = %v, want %v", at, obs[at], want)
		}
	}
	v = s.View(1)
	if err := v.Observe(obs); err != nil {
		t.Fatal(err)
	}
	for at, want := range map[int]float32{
		12: 0, 7: 1, 3: 1, // AS and 2S held
		1352: 1, 1352 + 1: 0, // meld 1 is seat 1's own
		1391: 1, 1393: 1, 1394: 2.0 / 52, 1395: 9.0 / 52, 1396: 20.0 / 400, 1400: 0,
	} {
		if obs[at] != want {
			t.Errorf("seat 1: obs[%d] = %v, want %v", at, obs[at], want)
		}
	}
	mask := make([]bool, 1268)
	if err := v.Mask(mask); err != nil || slices.Contains(mask, true) {
		t.Errorf("a seat not to act has legal ids: %v", err)
	}
}

// Buffers of the wrong size, actions no constructor builds and Views no
// game shows are errors, never a panic; rules Validate refuses have no
// Shape.
func TestEncodingErrors(t *testing.T) {
	s, _ := New(Basic(), 1)
	v := s.View(0)
	for name, err := range map[string]error{
		"short mask":        s.Mask(make([]bool, 1267)),
		"long view mask":    v.Mask(make([]bool, 1269)),
		"short observation": v.Observe(make([]float32, 1409)),
		"id -1":             func() error { _, err := s.ActionOf(-1); return err }(),
		"id 1268":           func() error { _, err := v.ActionOf(1268); return err }(),
		"illegal id":        func() error { _, err := s.ActionOf(1267); return err }(),
	} {
		if !errors.Is(err, ErrEncoding) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := s.ActionID(Action{}); !errors.Is(err, ErrMalformed) {
		t.Errorf("the zero Action's id: %v", err)
	}
	bad := map[string]func(*View){
		"nine players":   func(w *View) { w.Rules.Players = 9 },
		"seat 2":         func(w *View) { w.Seat = 2 },
		"one player":     func(w *View) { w.Players = w.Players[:1] },
		"card 0 in pile": func(w *View) { w.Pile = append(slices.Clone(w.Pile), 0) },
		"pile twice":     func(w *View) { w.Pile = append(slices.Clone(w.Pile), w.Pile[0]) },
		"joker in hand":  func(w *View) { _ = w.Hand.Add(card.Joker) },
		"meld of seat 5": func(w *View) { w.Melds = []TableMeld{{Seat: 5, Meld: meld.Combination{}}} },
		"no phase":       func(w *View) { w.Phase = 0 },
		"taken joker":    func(w *View) { w.Taken = card.Joker },
		"known card 99": func(w *View) {
			w.Players = slices.Clone(w.Players)
			w.Players[1].Known = []card.Card{99}
		},
	}
	obs := make([]float32, 1410)
	for name, change := range bad {
		w := v
		change(&w)
		obs[7] = 42
		if err := w.Observe(obs); !errors.Is(err, ErrEncoding) || obs[7] != 42 {
			t.Errorf("%s: %v, obs changed %v", name, err, obs[7] != 42)
		}
	}
	var zero View
	if err := zero.Observe(nil); !errors.Is(err, ErrEncoding) {
		t.Errorf("the zero View: %v", err)
	}
	r := Basic()
	r.Players = 7
	if _, err := r.Shape(); !errors.Is(err, ErrRules) {
		t.Errorf("seven players: %v", err)
	}
	if _, err := (State{}).Shape(); !errors.Is(err, ErrRules) {
		t.Errorf("the zero State: %v", err)
	}
}

// Encoding allocates nothing: Observe, Mask, ActionID and ActionOf of a
// State and of a View, in the middle of a hand with melds on the table.
func TestEncodingAllocs(t *testing.T) {
	s := newScene(t, Basic()).hand(0, "4C 5C 6C 7C JH KH QC QD QS").hand(1, "AS 2S").
		meld(1, "8H 9H 10H").pile("3D QH").playing("").build()
	enctest.Allocs[State, Action, View, *View](t, s, 0, 1045)
}

// The registry's Table encodes as the package does: the same Shape (and
// the game's Shape for the preset's JSON name), observations, masks, ids
// and actions.
func TestEncodingTable(t *testing.T) {
	enctest.Table[State, Action, View, *View](t, "rummy", "basic", 11, 60, ParseAction)
	g, _ := cardrules.Lookup("rummy")
	if _, err := g.Shape([]byte(`{"players": 9, "rounds": 1}`)); !errors.Is(err, ErrRules) {
		t.Errorf("Game.Shape of nine players: %v", err)
	}
}

// BenchmarkObserve encodes the Views along random games of Basic into
// one buffer.
func BenchmarkObserve(b *testing.B) {
	enctest.BenchObserve[View, Action](b, enctest.Views[Rules, State](b, New, Basic(), 4))
}

// BenchmarkMask writes the legal masks of the Views along random games of
// Basic into one buffer.
func BenchmarkMask(b *testing.B) {
	enctest.BenchMask[View, Action](b, enctest.Views[Rules, State](b, New, Basic(), 4))
}
