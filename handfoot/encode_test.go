package handfoot

import (
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// encoding is Hand and Foot as the encodings' tests see it.
var encoding = famtest.Encoding[Rules, State, Action, View]{
	Game: "handfoot", Presets: Presets(), PresetName: func(r Rules) string { return r.Name },
	RandomRules: randomRules, Validate: Rules.Validate, Shape: Rules.Shape, New: New, Parse: ParseAction,
	Arbitrary: arbitraryAction, Pile: func(v View) (card.Multiset, int, card.Card) { return v.PileCards, v.PileSize, v.Upcard }, Moves: moves, Visible: func(v View) any { return visible(v) },
}

// The ids of every legal action are in range and name it back, and the
// masks of the State and the View to act are the legal actions' ids.
func TestEncodingIDsProperty(t *testing.T) { encoding.TestIDs(t) }

// Every seat's observation has the Shape's size and finite values, and
// moving a card between zones the seat sees (its hand, the pile, the
// upcard, the foot it has seen, its packets) changes it.
func TestEncodingObserveProperty(t *testing.T) { encoding.TestObserve(t) }

// Along a game, a step that changes the cards a seat sees changes the
// seat's observation.
func TestEncodingObserveFollowsPlay(t *testing.T) { encoding.TestFollowsPlay(t) }

// moves returns v with one card moved: from the hand to the pile, from
// the pile's upcard into the hand, from the foot seen into the hand, and
// from the first packet to the second.
func moves(v View) []View {
	const hand, pile, foot, packet1, packet2 = 0, 1, 2, 3, 4
	zones := func(w *View) [5]*card.Multiset {
		return [5]*card.Multiset{&w.Hand, &w.PileCards, &w.FootSeen, &w.Packets[0], &w.Packets[1]}
	}
	var out []View
	move := func(from, to int, c card.Card) {
		w := v
		z := zones(&w)
		if z[from].Remove(c) == nil && z[to].Add(c) == nil {
			if from == pile {
				w.Upcard = 0
			}
			out = append(out, w)
		}
	}
	first := func(m card.Multiset) card.Card {
		for c := range m.All() {
			return c
		}
		return 0
	}
	move(hand, pile, first(v.Hand))
	move(pile, hand, v.Upcard)
	move(foot, hand, first(v.FootSeen))
	move(packet1, packet2, first(v.Packets[0]))
	return out
}

// visible sums up the cards a View shows: its hand, the pile and upcard,
// every card of the melds, the foot it has seen and its packets.
func visible(v View) [5]card.Multiset {
	var melds, up card.Multiset
	for _, t := range v.Teams {
		for _, m := range t.Melds {
			_ = melds.AddAll(m.Multiset())
		}
	}
	if v.Upcard != 0 {
		_ = up.Add(v.Upcard)
	}
	_ = up.AddAll(v.PileCards)
	return [5]card.Multiset{v.Hand, up, melds, v.FootSeen, v.Packets[0]}
}

// A position of rule set A: the ids of its actions by the layout the
// package doc gives (a meld of more naturals than the cap shares the
// cap's id), and cells of its observation.
func TestEncodingScenario(t *testing.T) {
	s := scPos(t, RulesA()).seat(0, "9C 9D 9H 9S 9C 9D 9H 9S 9C 9D 2C JK 5D", "").inFoot(0).
		seat(1, "4C 4D", "6C 6D").meld(0, "KC KD KH KS KC KD KH").meld(0, "KS KC 2D").
		pile("7C 8C 10H").phase(Melding).build()
	sh, err := s.Shape()
	if err != nil {
		t.Fatal(err)
	}
	a := RulesA()
	if sh.Actions != 6291 || !slices.Equal(sh.Observation, []int{a.observed()}) {
		t.Fatalf("Shape = %+v", sh)
	}
	if b, _ := RulesB().Shape(); b.Actions != 6258 {
		t.Errorf("rule set B has %d ids, want 6258", b.Actions)
	}
	meld10 := must(Meld(card.MustParseCards("9C 9D 9H 9S 9C 9D 9H 9S 9C 9D 2C JK")...))
	meld8 := must(Meld(card.MustParseCards("9C 9D 9H 9S 9C 9D 9H 9S 2C JK")...))
	second := Ref{Rank: card.King, Index: 1}
	addK := must(Add(second, card.MustParseCards("KS 2C")...))
	onto := must(TakeToMeld(second))
	red := must(LayRed(card.New(card.Three, card.Hearts), Ref{Rank: card.King}))
	disc := must(Discard(card.New(card.Five, card.Diamonds)))
	for _, c := range []struct {
		a  Action
		id int
	}{
		{Draw(), 0}, {Take(), 1}, {must(TakeTo(1)), 3},
		// a wild upcard onto the second meld of kings (rank slot 10)
		{onto, 5 + 10*3 + 1},
		// meld: 38 + ((rank slot 6 × 8 + naturals-1) × 16 + twos × 4 + jokers), naturals at most 8
		{meld10, 38 + (6*8+7)*16 + 4 + 1}, {meld8, 38 + (6*8+7)*16 + 4 + 1},
		// add: 1446 + (((rank slot 10 × 3 + meld 1) × 9 + naturals) × 16 + twos × 4 + jokers)
		{addK, 1446 + ((10*3+1)*9+1)*16 + 4},
		{red, 6198 + 10*3}, {Ask(), 6231}, {TakeBack(), 6232},
		{disc, 6233 + int(card.New(card.Five, card.Diamonds)) - 1},
		{Answer(false), 6286}, {Answer(true), 6287}, {must(Choose(0)), 6288}, {must(Choose(1)), 6289}, {Next(), 6290},
	} {
		if id, err := s.ActionID(c.a); err != nil || id != c.id {
			t.Errorf("ActionID(%v) = %d, %v; want %d", c.a, id, err, c.id)
		}
	}
	got, err := s.ActionOf(38 + (6*8+7)*16 + 4 + 1)
	if n, tw, j := got.Counts(); err != nil || got.Kind() != KindMeld || n < 8 || tw != 1 || j != 1 {
		t.Errorf("ActionOf(the id of 8 nines or more, a two and a joker) = %v, %v", got, err)
	}
	if _, err := s.ActionOf(0); !errors.Is(err, ErrEncoding) {
		t.Errorf("ActionOf(draw) while melding: %v", err)
	}
	v := s.View(0)
	obs, err := famtest.Observed[Action](&v)
	if err != nil {
		t.Fatal(err)
	}
	const pile, up, melds = 53, 106, 318
	teams := melds + 2*family.MeldPlane
	players := teams + 2*teamScalars
	rest := players + 4*playerScalars
	at := func(c string) int { return int(card.MustParse(c)) - 1 }
	for _, c := range []struct {
		what string
		i    int
		want float32
	}{
		{"hand 9C", at("9C"), 3}, {"hand JK", at("JK"), 1}, {"hand 4C", at("4C"), 0},
		{"pile 10H", pile + at("10H"), 1}, {"pile 7C", pile + at("7C"), 1}, {"pile 9C", pile + at("9C"), 0},
		{"upcard 10H", up + at("10H"), 1}, {"upcard 8C", up + at("8C"), 0},
		{"own kings' naturals", melds + 12*7, 9}, {"own kings' twos", melds + 12*7 + 1, 1},
		{"own kings' melds", melds + 12*7 + 3, 2}, {"own kings' clean canastas", melds + 12*7 + 4, 1},
		{"other team's kings", melds + family.MeldPlane + 12*7, 0},
		{"own team down", teams, 1}, {"other team down", teams + teamScalars, 0},
		{"own hand size", players, 13}, {"own foot", players + 1, 0}, {"own in foot", players + 2, 1},
		{"next player's hand", players + 3, 2}, {"next player's foot", players + 4, 2},
		{"stock size", rest, float32(v.StockSize)}, {"pile size", rest + 1, 3},
		{"phase melding", rest + 2 + int(Melding) - 1, 1}, {"to act: self", rest + 2 + phases, 1},
	} {
		if obs[c.i] != c.want {
			t.Errorf("%s: obs[%d] = %v, want %v", c.what, c.i, obs[c.i], c.want)
		}
	}
}

// Every rule set Validate accepts stays under the caps; rules Validate
// refuses are an error wrapping ErrEncoding and ErrRules.
func TestEncodingCaps(t *testing.T) {
	r := RulesA().WithLayout(8, 2)
	r.Decks, r.JokersPerDeck = MaxDecks, MaxJokersPerDeck
	if sh, err := r.Shape(); err != nil || sh.Actions >= family.MaxIDs {
		t.Errorf("the most decks and jokers: %+v, %v", sh, err)
	}
	r.Players = 9
	if _, err := r.Shape(); !errors.Is(err, ErrEncoding) || !errors.Is(err, ErrRules) {
		t.Errorf("nine players: %v", err)
	}
	var v View
	if err := v.Observe(nil); !errors.Is(err, ErrEncoding) {
		t.Errorf("the zero View: %v", err)
	}
}

// Buffers of the wrong size are refused, leaving them as they were.
func TestEncodingBuffers(t *testing.T) {
	s, _ := New(RulesA(), 1)
	encoding.TestBuffers(t, s)
}

// Observe, Mask, ActionID and ActionOf allocate nothing.
func TestEncodingNoAllocs(t *testing.T) { encoding.TestNoAllocs(t) }

// The registry's Table encodes as the package does, and the game's Shape
// in the registry reads a preset's name as the JSON of its rules.
func TestEncodingTable(t *testing.T) {
	s, _ := New(RulesB().WithLayout(2, 2), 7)
	encoding.TestTable(t, "B", 2, 7, s)
}

// BenchmarkObserve encodes the Views of a random game of rule set A into
// one buffer.
func BenchmarkObserve(b *testing.B) {
	famtest.BenchObserve[Action](b, encoding.Views(b, RulesA(), 11, 2000))
}

// BenchmarkMask writes the legal masks of the Views of a random game of
// rule set A into one buffer.
func BenchmarkMask(b *testing.B) {
	famtest.BenchMask[Action](b, encoding.Views(b, RulesA(), 11, 2000))
}

// A View shows the pile's cards: as many as the pile holds, the upcard
// among them. Determinize keeps them, and the View's JSON carries them.
func TestViewPileCards(t *testing.T) { encoding.TestPileCards(t, RulesA()) }
