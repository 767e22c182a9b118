package rummy

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// scene builds an exact position for a scenario test on top of [Position]
// and [FromPosition]: the hands, melds (with the cards each seat laid),
// pile and the stock's top cards a test names; every card of the deck
// placed nowhere else goes to the bottom of the stock, or to one seat's
// hand when the test leaves the stock exactly as named, so the 52 cards
// are always all there.
type scene struct {
	t      *testing.T
	p      Position
	top    []card.Card // the stock's top cards, top first
	holder int         // the seat given the cards placed nowhere, or -1 for the stock
}

// newScene starts a position of r: round 1, seat 0 to draw, empty hands,
// the pile and the stock to be named.
func newScene(t *testing.T, r Rules) *scene {
	t.Helper()
	n := r.Players
	b := &scene{t: t, holder: -1, p: Position{Rules: r, Round: 1, Phase: Drawing,
		Hands: make([][]card.Card, n), Laid: make([][]card.Card, n), Known: make([][]card.Card, n)}}
	return b
}

// scBasic is basic rummy for n players, one round.
func scBasic(n int) Rules {
	r := Basic()
	r.Players = n
	return r
}

func (b *scene) hand(seat int, cs string) *scene { b.p.Hands[seat] = card.MustParseCards(cs); return b }
func (b *scene) pile(cs string) *scene           { b.p.Pile = card.MustParseCards(cs); return b }
func (b *scene) turn(seat int) *scene            { b.p.Turn = seat; return b }
func (b *scene) stockTop(cs string) *scene       { b.top = card.MustParseCards(cs); return b }

// rebuilds says the stock was rebuilt n times this round, in as many turns
// at least (it is rebuilt at the end of a turn, at most once).
func (b *scene) rebuilds(n int) *scene {
	b.p.Rebuilds, b.p.Turns = n, max(b.p.Turns, n)
	return b
}

// playing puts the player to act after its draw; taken is the card it drew
// from the pile ("" for a draw from the stock), which must be in its hand.
func (b *scene) playing(taken string) *scene {
	b.p.Phase = Playing
	if taken != "" {
		c := card.MustParse(taken)
		b.p.Taken = c
		b.p.Known[b.p.Turn] = append(b.p.Known[b.p.Turn], c)
	}
	return b
}

// meld puts a meld laid by seat on the table, credited to seat.
func (b *scene) meld(seat int, cs string) *scene {
	b.t.Helper()
	m, err := meld.NewCombination(card.MustParseCards(cs))
	if err != nil {
		b.t.Fatalf("meld %s: %v", cs, err)
	}
	b.p.Melds = append(b.p.Melds, TableMeld{Seat: seat, Meld: m})
	b.p.Laid[seat] = append(b.p.Laid[seat], m.Cards()...)
	return b
}

// stockOnly leaves exactly cs in the stock (top first): the cards placed
// nowhere go to seat holder's hand.
func (b *scene) stockOnly(cs string, holder int) *scene {
	b.top, b.holder = card.MustParseCards(cs), holder
	return b
}

// build returns the State of the position.
func (b *scene) build() State {
	b.t.Helper()
	s, err := FromPosition(b.position())
	if err != nil {
		b.t.Fatalf("FromPosition: %v", err)
	}
	if s.Cards().Len() != 52 {
		b.t.Fatalf("the position holds %d cards", s.Cards().Len())
	}
	return s
}

// position returns the position, every card placed.
func (b *scene) position() Position {
	b.t.Helper()
	rest := full
	take := func(cs []card.Card) {
		for _, c := range cs {
			if rest&bit(c) == 0 {
				b.t.Fatalf("the position places %v twice", c)
			}
			rest &^= bit(c)
		}
	}
	for _, h := range b.p.Hands {
		take(h)
	}
	for _, m := range b.p.Melds {
		take(m.Meld.Cards())
	}
	take(b.p.Pile)
	take(b.top)
	b.p.Stock = append([]card.Card(nil), b.top...)
	if b.holder >= 0 {
		b.p.Hands[b.holder] = append(b.p.Hands[b.holder], rest.cards()...)
	} else {
		b.p.Stock = append(b.p.Stock, rest.cards()...)
	}
	return b.p
}

// scAct parses an action's text, which must be well formed.
func scAct(t testing.TB, text string) Action {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("ParseAction(%q): %v", text, err)
	}
	return a
}

// scOK plays the actions' texts in turn, each of which must be accepted.
func scOK(t testing.TB, s State, texts ...string) State {
	t.Helper()
	for _, text := range texts {
		next, err := Apply(s, scAct(t, text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		s = next
		if back, err := FromPosition(s.Position()); err != nil || !back.Equal(s) {
			t.Fatalf("after %s the Position does not build the State back: %v", text, err)
		}
	}
	return s
}

// scNo plays the action's text, which Apply must refuse with want, leaving
// the State as it was and returning it; Legal must not list it.
func scNo(t testing.TB, s State, text string, want error) {
	t.Helper()
	scRefused(t, s, scAct(t, text), want)
}

// scRefused is scNo for an Action value.
func scRefused(t testing.TB, s State, a Action, want error) {
	t.Helper()
	before, pos, seq := s, s.Position(), s.Seq()
	got, err := Apply(s, a)
	if !errors.Is(err, want) {
		t.Fatalf("%v: error %v, want %v", a, err, want)
	}
	if !strings.HasPrefix(err.Error(), "rummy: ") {
		t.Errorf("%v: the error %q does not name the package", a, err)
	}
	if !got.Equal(s) || got.Seq() != seq {
		t.Errorf("%v was refused but Apply returned another State", a)
	}
	if !s.Equal(before) || !reflect.DeepEqual(s.Position(), pos) {
		t.Errorf("%v was refused but the State changed", a)
	}
	for _, l := range Legal(s) {
		if l == a {
			t.Errorf("Legal lists %v, which Apply refuses", a)
		}
	}
}

// scNorm writes the cards of text in the order of State.Laid: by suit, then
// rank.
func scNorm(text string) string {
	x, _ := setOf(card.MustParseCards(text))
	return x.String()
}

// scHand checks seat's hand, in any order.
func scHand(t testing.TB, s State, seat int, want string) {
	t.Helper()
	w, err := card.MultisetOf(card.MustParseCards(want)...)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Hand(seat); got != w {
		t.Errorf("seat %d holds %q, want %q", seat, got, w)
	}
}

// scLaid checks the cards seat melded or laid off this round.
func scLaid(t testing.TB, s State, seat int, want string) {
	t.Helper()
	if got := cardList(s.Laid(seat)); got != scNorm(want) {
		t.Errorf("seat %d laid %q, want %q", seat, got, scNorm(want))
	}
}

// scTable writes the melds on the table: "seat: cards" each, meld 1 first,
// separated by " | ".
func scTable(s State) string {
	var parts []string
	for _, m := range s.Melds() {
		parts = append(parts, itoa(m.Seat)+": "+m.Meld.String())
	}
	return strings.Join(parts, " | ")
}

// scMelds checks the melds on the table, as scTable writes them.
func scMelds(t testing.TB, s State, want string) {
	t.Helper()
	if got := scTable(s); got != want {
		t.Errorf("the table is %q, want %q", got, want)
	}
}

// scPile checks the discard pile, bottom first.
func scPile(t testing.TB, s State, want string) {
	t.Helper()
	if got := cardList(s.Pile()); got != want {
		t.Errorf("the pile is %q, want %q", got, want)
	}
}

// scAt checks the phase, the turn and the seat to act.
func scAt(t testing.TB, s State, ph Phase, turn, toAct int) {
	t.Helper()
	if s.Phase() != ph || s.Turn() != turn || s.ToAct() != toAct {
		t.Errorf("%v, turn %d, to act %d: want %v, turn %d, to act %d", s.Phase(), s.Turn(), s.ToAct(), ph, turn, toAct)
	}
}

// scScore checks seat's score: the values laid, the values held, and the
// total after the round; the breakdown must add up to the points.
func scScore(t testing.TB, s State, seat, laid, held, total int) {
	t.Helper()
	ps := s.Score()[seat]
	want := []string{ItemLaid, ItemHeld}
	if len(ps.Breakdown) != 2 || ps.Breakdown[0].Item != want[0] || ps.Breakdown[1].Item != want[1] {
		t.Fatalf("seat %d's breakdown is %v", seat, ps.Breakdown)
	}
	if ps.Seat != seat || ps.Breakdown[0].Points != laid || ps.Breakdown[1].Points != -held ||
		ps.Points != laid-held || ps.Breakdown.Total() != ps.Points || ps.Total != total {
		t.Errorf("seat %d scores %+v, want laid %d, held -%d, points %d, total %d", seat, ps, laid, held, laid-held, total)
	}
}

// scLegal checks Legal's list, exactly and in order.
func scLegal(t testing.TB, s State, want ...string) {
	t.Helper()
	var got []string
	for _, a := range Legal(s) {
		got = append(got, a.String())
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("Legal:\n got %s\nwant %s", strings.Join(got, ", "), strings.Join(want, ", "))
	}
}

// scOrder returns a deal order, top first, for len(hands) players: the
// cards of hands[i] (as many for each seat) dealt to seat i, then the
// upcard, then the stock's top cards, then the rest of the deck.
func scOrder(t testing.TB, hands []string, up, top string) []card.Card {
	t.Helper()
	n := len(hands)
	k := len(card.MustParseCards(hands[0]))
	order := make([]card.Card, n*k, 52)
	for i, h := range hands {
		cs := card.MustParseCards(h)
		if len(cs) != k {
			t.Fatalf("seat %d is dealt %d cards, seat 0 %d", i, len(cs), k)
		}
		for j, c := range cs {
			order[j*n+i] = c
		}
	}
	order = append(order, card.MustParse(up))
	order = append(order, card.MustParseCards(top)...)
	placed, ok := setOf(order)
	if !ok {
		t.Fatalf("the order places a card twice: %v", cardList(order))
	}
	return append(order, (full &^ placed).cards()...)
}
