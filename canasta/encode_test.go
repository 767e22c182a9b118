package canasta

import (
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// encoding is Canasta as the encodings' tests see it.
var encoding = famtest.Encoding[Rules, State, Action, View]{
	Game: "canasta", Presets: Presets(), PresetName: func(r Rules) string { return r.Name },
	RandomRules: conformRules, Validate: Rules.Validate, Shape: Rules.Shape, New: New, Parse: ParseAction,
	Arbitrary: arbitraryAction, Pile: func(v View) (card.Multiset, int, card.Card) { return v.PileCards, v.PileSize, v.Upcard }, Moves: moves, Visible: func(v View) any { return visible(v) }, SameChoice: sameChoice,
}

// The ids of every legal action are in range and name it back, the masks
// of the State and the View to act are the legal actions' ids, and
// actions that share an id differ only in what the rules do not tell
// apart (the suits of the cards laid, which two of a take).
func TestEncodingIDsProperty(t *testing.T) { encoding.TestIDs(t) }

// Every seat's observation has the Shape's size and finite values, and
// moving a card between zones the seat sees (its hand, the pile, the
// upcard) changes it.
func TestEncodingObserveProperty(t *testing.T) { encoding.TestObserve(t) }

// Along a game, a step that changes the cards a seat sees — its hand,
// the pile, the upcard, the melds — changes the seat's observation.
func TestEncodingObserveFollowsPlay(t *testing.T) { encoding.TestFollowsPlay(t) }

// moves returns v with a card of the hand moved to the pile, and with the
// upcard moved into the hand.
func moves(v View) []View {
	var out []View
	for c := range v.Hand.All() {
		w := v
		_ = w.Hand.Remove(c)
		_ = w.PileCards.Add(c)
		out = append(out, w)
		break
	}
	if v.Upcard != 0 {
		w := v
		_ = w.Hand.Add(v.Upcard)
		_ = w.PileCards.Remove(v.Upcard)
		w.Upcard = 0
		out = append(out, w)
	}
	return out
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
	return a.Kind() == b.Kind() && a.Rank() == b.Rank() && a.OntoMeld() == b.OntoMeld() && a.Yes() == b.Yes() &&
		count(a) == count(b) && wild(a.Card()) == wild(b.Card()) && (a.Kind() != KindDiscard || a == b)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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
	encoding.TestBuffers(t, s)
}

// Observe, Mask, ActionID and ActionOf allocate nothing.
func TestEncodingNoAllocs(t *testing.T) { encoding.TestNoAllocs(t) }

// The registry's Table encodes as the package does, and the game's Shape
// in the registry reads a preset's name as the JSON of its rules.
func TestEncodingTable(t *testing.T) {
	s, _ := New(TwoPlayer(), 7)
	encoding.TestTable(t, "two", 2, 7, s)
}

// BenchmarkObserve encodes the Views of a random game of Classic Canasta
// into one buffer.
func BenchmarkObserve(b *testing.B) {
	famtest.BenchObserve[Action](b, encoding.Views(b, Classic(), 11, 2000))
}

// BenchmarkMask writes the legal masks of the Views of a random game of
// Classic Canasta into one buffer.
func BenchmarkMask(b *testing.B) {
	famtest.BenchMask[Action](b, encoding.Views(b, Classic(), 11, 2000))
}

// A View shows the pile's cards: as many as the pile holds, the upcard
// among them. Determinize keeps them, and the View's JSON carries them.
func TestViewPileCards(t *testing.T) { encoding.TestPileCards(t, Classic()) }
