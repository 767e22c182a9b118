package canasta

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
	"pgregory.net/rapid"
)

// encodeWalk plays a random game under random rules to a random depth,
// and calls check on each of the next few States.
func encodeWalk(t *rapid.T, check func(s State)) {
	r := conformRules(conform.RapidRand(t))
	if r.Validate() != nil {
		r = rapid.SampledFrom(Presets()).Draw(t, "preset")
	}
	if _, err := r.Shape(); err != nil {
		if !errors.Is(err, ErrEncoding) {
			t.Fatalf("Shape: %v", err)
		}
		t.Skip("rules past the caps")
	}
	s, err := New(r, rapid.Uint64().Draw(t, "seed"))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "play"), 1))
	depth := rapid.IntRange(0, 400).Draw(t, "depth")
	var legal []Action
	for i := 0; i < depth+8 && !s.Over(); i++ {
		if i >= depth {
			check(s)
		}
		legal = AppendLegal(legal[:0], s)
		if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	check(s)
}

// The ids of every legal action are in range and name it back, the masks
// of the State and the View to act are the legal actions' ids, and
// actions that share an id differ only in what the rules do not tell
// apart (which two, of the wild cards of a take).
func TestEncodingIDsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		encodeWalk(t, func(s State) {
			legal := Legal(s)
			if err := famtest.CheckIDs[Action](s, legal); err != nil {
				t.Fatalf("State: %v", err)
			}
			if s.Over() {
				return
			}
			v := s.View(s.ToAct())
			if err := famtest.CheckIDs[Action](&v, v.Legal); err != nil {
				t.Fatalf("View: %v", err)
			}
			seen := map[int]Action{}
			for _, a := range legal {
				id, _ := s.ActionID(a)
				b, ok := seen[id]
				if !ok {
					seen[id] = a
					continue
				}
				if !sameChoice(a, b) {
					t.Fatalf("%v and %v share id %d", a, b, id)
				}
			}
		})
	})
}

// sameChoice reports whether a and b make the same choice for the rules:
// of one kind, rank and meld, laying as many naturals, twos and jokers,
// or taking with a wild card of one kind.
func sameChoice(a, b Action) bool {
	count := func(a Action) [3]int {
		var n [3]int
		for _, c := range a.Cards() {
			n[b2i(c.Rank() == card.Two)+2*b2i(c == card.Joker)]++
		}
		return n
	}
	wild := func(c card.Card) int { return int(c) & -b2i(c == card.Joker) }
	return a.Kind() == b.Kind() && a.Rank() == b.Rank() && a.OntoMeld() == b.OntoMeld() &&
		count(a) == count(b) && wild(a.Card()) == wild(b.Card()) && (a.Kind() != KindDiscard || a == b)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Every seat's observation has the Shape's size and finite values, and
// moving a card between zones the seat sees (its hand, the pile, the
// upcard, the melds) changes it.
func TestEncodingObserveProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		encodeWalk(t, func(s State) {
			for seat := range s.Rules().Players {
				v := s.View(seat)
				obs, err := famtest.Observed[Action](&v)
				if err != nil {
					t.Fatalf("seat %d: %v", seat, err)
				}
				for c := range v.Hand.All() {
					w := v
					_ = w.Hand.Remove(c)
					_ = w.PileCards.Add(c)
					if moved, _ := famtest.Observed[Action](&w); slices.Equal(obs, moved) {
						t.Fatalf("seat %d: moving %v from the hand to the pile leaves the observation", seat, c)
					}
					break
				}
				if v.Upcard != 0 {
					w := v
					_ = w.Hand.Add(v.Upcard)
					_ = w.PileCards.Remove(v.Upcard)
					w.Upcard = 0
					if moved, _ := famtest.Observed[Action](&w); slices.Equal(obs, moved) {
						t.Fatalf("seat %d: moving the upcard into the hand leaves the observation", seat)
					}
				}
			}
		})
	})
}

// Along a game, a step that changes the cards a seat sees — its hand,
// the pile, the upcard, the melds — changes the seat's observation.
func TestEncodingObserveFollowsPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var before []View
		encodeWalk(t, func(s State) {
			for seat := range s.Rules().Players {
				v := s.View(seat)
				if seat < len(before) && visible(before[seat]) != visible(v) {
					a, _ := famtest.Observed[Action](&before[seat])
					b, _ := famtest.Observed[Action](&v)
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

// visible sums up the cards a View shows: its hand, the pile and upcard,
// and every card of the melds.
func visible(v View) [3]card.Multiset {
	var melds card.Multiset
	for _, t := range v.Teams {
		for _, m := range t.Melds {
			_ = melds.AddAll(m.Multiset())
		}
	}
	up, _ := card.MultisetOf(v.Upcard)
	if v.Upcard == 0 {
		up = card.Multiset{}
	}
	_ = up.AddAll(v.PileCards)
	return [3]card.Multiset{v.Hand, up, melds}
}

// A position of Classic Canasta: the ids of its actions by the layout
// the package doc gives, and cells of its observation.
func TestEncodingScenario(t *testing.T) {
	s := scAt(t, Classic()).hand(0, "7C 7D 7H 2C JK KS 5D").hand(1, "9C 9D").meld(0, "KC KD KH KS 2D").
		pile("4C 5C 9H").melding().build()
	sh, err := s.Shape()
	if err != nil {
		t.Fatal(err)
	}
	classic := Classic()
	if sh.Actions != 3327 || !slices.Equal(sh.Observation, []int{classic.observed()}) {
		t.Fatalf("Shape = %+v", sh)
	}
	with2, _ := TakeWith(card.New(card.Two, card.Hearts))
	withJK, _ := TakeWith(card.Joker)
	meld772, _ := Meld(cs("7C 7D 2C")...)
	meld772b, _ := Meld(cs("7H 7D 2S")...)
	addK, _ := Add(card.King, cs("KS JK")...)
	disc, _ := Discard(card.New(card.Five, card.Diamonds))
	for _, c := range []struct {
		a  Action
		id int
	}{
		{Draw(), 0}, {Take(), 1}, {with2, 2}, {withJK, 3}, {mustTakeTo(), 4},
		// meld: 5 + ((rank slot 5 × 8 naturals) + 2-1) × 16 + 1 two × 4 + 0 jokers
		{meld772, 5 + (5*8+1)*16 + 4}, {meld772b, 5 + (5*8+1)*16 + 4},
		// add: 1541 + (rank slot 11 × 9 + 1 natural) × 16 + 0 twos × 4 + 1 joker
		{addK, 1541 + (11*9+1)*16 + 1},
		{Ask(), 3269}, {TakeBack(), 3270}, {disc, 3271 + int(card.New(card.Five, card.Diamonds)) - 1},
		{Answer(false), 3324}, {Answer(true), 3325}, {Next(), 3326},
	} {
		if id, err := s.ActionID(c.a); err != nil || id != c.id {
			t.Errorf("ActionID(%v) = %d, %v; want %d", c.a, id, err, c.id)
		}
	}
	if got, err := s.ActionOf(5 + (5*8+1)*16 + 4); err != nil || got.Kind() != KindMeld || len(got.Cards()) != 3 {
		t.Errorf("ActionOf(the id of meld 7 7 2) = %v, %v", got, err)
	}
	if _, err := s.ActionOf(0); !errors.Is(err, ErrEncoding) {
		t.Errorf("ActionOf(draw) while melding: %v", err)
	}
	v := s.View(0)
	obs, err := famtest.Observed[Action](&v)
	if err != nil {
		t.Fatal(err)
	}
	const pile, up, melds = 53, 106, 159
	at := func(c string) int { return int(card.MustParseCards(c)[0]) - 1 }
	teams := melds + 2*family.MeldPlane
	for _, c := range []struct {
		what string
		i    int
		want float32
	}{
		{"hand 7C", at("7C"), 1}, {"hand JK", at("JK"), 1}, {"hand 9C", at("9C"), 0},
		{"pile 9H", pile + at("9H"), 1}, {"pile 4C", pile + at("4C"), 1}, {"pile 7C", pile + at("7C"), 0},
		{"upcard 9H", up + at("9H"), 1}, {"upcard 5C", up + at("5C"), 0},
		{"own kings' naturals", melds + 12*7, 4}, {"own kings' twos", melds + 12*7 + 1, 1},
		{"own kings' melds", melds + 12*7 + 3, 1}, {"other team's kings", melds + 91 + 12*7, 0},
		{"own team down", teams, 1}, {"other team down", teams + 7, 0},
		{"own hand size", teams + 14, 7}, {"next player's hand size", teams + 16, 2},
		{"stock size", teams + 22, float32(v.StockSize)}, {"pile size", teams + 23, 3},
		{"phase melding", teams + 24 + int(Melding) - 1, 1}, {"to act: self", teams + 31, 1},
	} {
		if obs[c.i] != c.want {
			t.Errorf("%s: obs[%d] = %v, want %v", c.what, c.i, obs[c.i], c.want)
		}
	}
}

// Rules whose ids would reach 10,000 are refused, and so are rules
// Validate refuses; both wrap ErrEncoding.
func TestEncodingCaps(t *testing.T) {
	r := Classic()
	r.Decks, r.JokersPerDeck, r.Meld.MaxWilds = 4, 4, 0
	if _, err := r.Shape(); !errors.Is(err, ErrEncoding) {
		t.Errorf("4 decks of 4 jokers, wild cards without limit: %v", err)
	}
	r.Meld.MaxWilds = 3
	if sh, err := r.Shape(); err != nil || sh.Actions >= 10000 {
		t.Errorf("4 decks, three wild cards: %+v, %v", sh, err)
	}
	r.Players = 9
	if _, err := r.Shape(); !errors.Is(err, ErrEncoding) || !errors.Is(err, ErrRules) {
		t.Errorf("nine players: %v", err)
	}
	for _, p := range Presets() {
		if sh, err := p.Shape(); err != nil || sh.Actions >= 10000 {
			t.Errorf("%s: %+v, %v", p.Name, sh, err)
		}
	}
}

// Buffers of the wrong size are refused, leaving them as they were.
func TestEncodingBuffers(t *testing.T) {
	s, _ := New(Classic(), 1)
	v := s.View(s.ToAct())
	sh, _ := v.Shape()
	for _, n := range []int{0, sh.Actions - 1, sh.Actions + 1} {
		mask := make([]bool, n)
		if n > 0 {
			mask[0] = true
		}
		if err := s.Mask(mask); !errors.Is(err, ErrEncoding) || n > 0 && !mask[0] {
			t.Errorf("State.Mask into %d: %v", n, err)
		}
		if err := v.Mask(mask); !errors.Is(err, ErrEncoding) {
			t.Errorf("View.Mask into %d: %v", n, err)
		}
	}
	for _, n := range []int{0, sh.Size() - 1, sh.Size() + 1} {
		if err := v.Observe(make([]float32, n)); !errors.Is(err, ErrEncoding) {
			t.Errorf("Observe into %d: %v", n, err)
		}
	}
	if _, err := s.ActionID(Action{}); !errors.Is(err, ErrEncoding) {
		t.Errorf("ActionID of the zero Action: %v", err)
	}
}

// Observe, Mask, ActionID and ActionOf allocate nothing.
func TestEncodingNoAllocs(t *testing.T) {
	for _, r := range Presets() {
		s, _ := New(r, 3)
		s = playRandom(t, s, 4, 40)
		v := s.View(s.ToAct())
		famtest.NoAllocs[Action](t, s, &v, Legal(s)[0])
	}
}

// The registry's Table encodes as the package does, and the game's Shape
// in the registry reads a preset's name as the JSON of its rules.
func TestEncodingTable(t *testing.T) {
	tb, err := cardrules.Open("canasta", "two", 2, 7)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := New(TwoPlayer(), 7)
	for range 30 {
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
		wantObs, _ := famtest.Observed[Action](&v)
		wantMask := make([]bool, sh.Actions)
		_ = s.Mask(wantMask)
		if !slices.Equal(obs, wantObs) || !slices.Equal(mask, wantMask) {
			t.Fatal("Table.Encode differs from the View's encodings")
		}
		a := Legal(s)[len(Legal(s))-1]
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
		if s, err = Apply(s, act(t, text)); err != nil {
			t.Fatal(err)
		}
	}
	g, ok := cardrules.Lookup("canasta")
	if !ok || g.Shape == nil {
		t.Fatal("the registry's canasta has no Shape")
	}
	for _, p := range Presets() {
		fromName, err := g.Shape([]byte(`"` + p.Name + `"`))
		want, _ := p.Shape()
		if err != nil || fromName.Actions != want.Actions || !slices.Equal(fromName.Observation, want.Observation) {
			t.Errorf("registry Shape(%q) = %+v, %v; want %+v", p.Name, fromName, err, want)
		}
	}
}

// encodeViews returns the Views of the seat to act along a random game of
// Classic Canasta.
func encodeViews(b *testing.B) []View {
	s, _ := New(Classic(), 11)
	var vs []View
	rng := rand.New(rand.NewPCG(11, 1))
	for !s.Over() && len(vs) < 2000 {
		vs = append(vs, s.View(s.ToAct()))
		legal := Legal(s)
		s, _ = Apply(s, legal[rng.IntN(len(legal))])
	}
	if len(vs) == 0 {
		b.Fatal("no View")
	}
	return vs
}

// BenchmarkObserve encodes the Views of a random game into one buffer.
func BenchmarkObserve(b *testing.B) {
	vs := encodeViews(b)
	sh, _ := Classic().Shape()
	obs := make([]float32, sh.Size())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := vs[i%len(vs)].Observe(obs); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkMask writes the legal masks of the Views of a random game into
// one buffer.
func BenchmarkMask(b *testing.B) {
	vs := encodeViews(b)
	sh, _ := Classic().Shape()
	mask := make([]bool, sh.Actions)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := vs[i%len(vs)].Mask(mask); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
