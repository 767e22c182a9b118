package handfoot

// Helpers of the rule-by-rule scenario tests (scenario_test.go): a builder
// for exact positions, and assertions that fail with readable messages.
// Every name here starts with "sc" so it cannot clash with the helpers of
// the package's other test files.

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// scBuilder builds an exact position. Start one with scPos, place cards
// with its methods (each returns the builder, so calls chain), and finish
// with build:
//
//	s := scPos(t, RulesA()).
//		seat(0, "7H 7D 2C 9S", "KC KD ...").
//		inFoot(1).
//		meld(0, "9C 9D 9H").
//		pile("KH 7S").
//		phase(Melding).turn(0).
//		build()
//
// build puts every card of the shoe that was not placed explicitly into the
// stock, in the fixed order of deck.Shoe, under the cards given to stockTop
// (or, after stockOnly, under the discard pile). Defaults: round 1, seat 0
// to play in Phase Drawing, every total 0, no cards anywhere but the stock,
// each team down exactly when it has a meld, nothing laid this turn. The
// position is the turn's fixed point, so TakeBack has nothing to undo; a
// hand left empty gets a black three and a foot on the table black threes
// up to two cards (every seat holds cards, and a foot of two or more lies
// on the table until picked up), and so does a pile left empty at the
// start of a turn, where the last discard lies; question adds the going-out
// question and its answer as actions replayed after it. A card placed more
// often than the shoe holds it, or a position FromPosition rejects, fails
// the test at once.
type scBuilder struct {
	t         testing.TB
	p         Position
	left      card.Multiset // cards of the shoe not placed yet
	top       []card.Card   // the top of the stock, first card drawn first
	exact     bool          // the stock is exactly top; the rest lies under the pile
	pileCards []card.Card   // bottom first, upcard last
	answer    string        // "yes" or "no": the turn has asked to go out, and the partner answered
}

// scPos starts a position under rules r.
func scPos(t testing.TB, r Rules) *scBuilder {
	t.Helper()
	shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
	if err != nil {
		t.Fatalf("scPos: %v", err)
	}
	b := &scBuilder{t: t}
	_ = b.left.AddCards(shoe)
	b.p = Position{
		Rules:  r,
		Round:  1,
		Phase:  Drawing,
		Totals: make([]int, r.Teams),
		Seats:  make([]SeatPosition, r.Players),
	}
	return b
}

// place takes cards out of the shoe for where (named in the failure).
func (b *scBuilder) place(cards string, where string) []card.Card {
	b.t.Helper()
	cs := scCards(b.t, cards)
	for _, c := range cs {
		if b.left.Remove(c) != nil {
			b.t.Fatalf("scPos: %s: the shoe holds no more %v", where, c)
		}
	}
	return cs
}

// seat gives seat its hand and its foot (face down on the table).
func (b *scBuilder) seat(seat int, hand, foot string) *scBuilder {
	b.t.Helper()
	b.p.Seats[seat].Hand = scSet(b.t, b.place(hand, "hand of seat "+itoa(seat)))
	b.p.Seats[seat].Foot = scSet(b.t, b.place(foot, "foot of seat "+itoa(seat)))
	return b
}

// inFoot marks seat as having picked up the foot: its hand is the foot, and
// no foot lies on the table (give it an empty foot with seat).
func (b *scBuilder) inFoot(seat int) *scBuilder {
	b.t.Helper()
	if !b.p.Seats[seat].Foot.IsEmpty() {
		b.t.Fatalf("scPos: seat %d is in its foot but has a foot on the table", seat)
	}
	b.p.Seats[seat].InFoot = true
	return b
}

// meld lays cards on the table as a meld of team (red threes included, as
// meld.Collect reads them).
func (b *scBuilder) meld(team int, cards string) *scBuilder {
	b.t.Helper()
	m, err := meld.Collect(b.place(cards, "meld "+cards))
	if err != nil {
		b.t.Fatalf("scPos: meld %q: %v", cards, err)
	}
	b.p.Melds = append(b.p.Melds, TeamMeld{Team: team, Meld: m})
	return b
}

// pile sets the discard pile, bottom first: the last card is the upcard.
func (b *scBuilder) pile(cards string) *scBuilder {
	b.t.Helper()
	b.pileCards = b.place(cards, "pile")
	return b
}

// stockTop puts cards on top of the stock, the first drawn first.
func (b *scBuilder) stockTop(cards string) *scBuilder {
	b.t.Helper()
	b.top = b.place(cards, "stock")
	b.exact = false
	return b
}

// stockOnly makes the stock exactly cards ("" for an empty stock), the first
// drawn first; the cards not placed anywhere go under the discard pile.
func (b *scBuilder) stockOnly(cards string) *scBuilder {
	b.t.Helper()
	b.top = b.place(cards, "stock")
	b.exact = true
	return b
}

func (b *scBuilder) phase(p Phase) *scBuilder { b.p.Phase = p; return b }
func (b *scBuilder) turn(seat int) *scBuilder { b.p.Turn = seat; return b }

// round sets the round number; the finished rounds before it are recorded
// with the present totals.
func (b *scBuilder) round(n int) *scBuilder { b.p.Round = n; return b }

// totals sets each team's total before the round.
func (b *scBuilder) totals(ts ...int) *scBuilder {
	b.t.Helper()
	if len(ts) != len(b.p.Totals) {
		b.t.Fatalf("scPos: %d totals for %d teams", len(ts), len(b.p.Totals))
	}
	copy(b.p.Totals, ts)
	return b
}

// question sets the going-out question of the turn: "", "yes" or "no"
// ("asked" is reached with Apply(Ask())).
func (b *scBuilder) question(q string) *scBuilder { b.answer = q; return b }

// build makes the State, failing the test if the position is not valid.
func (b *scBuilder) build() State {
	b.t.Helper()
	s, err := FromPosition(b.position())
	if err != nil {
		b.t.Fatalf("scPos: %v", err)
	}
	return s
}

// position returns the Position build makes the State from.
func (b *scBuilder) position() Position {
	p := b.p
	r := p.Rules
	shoe, _ := deck.Shoe(r.Decks, r.JokersPerDeck)
	// Every seat holds a card, and one still playing from its hand has a
	// foot of two cards or more on the table: a hand left empty gets a
	// black three (-5 at the end of a round, and never melded), a foot
	// black threes up to two cards, while the shoe has them.
	p.Seats = append([]SeatPosition(nil), p.Seats...)
	fill := func(m *card.Multiset, n int) {
		for _, c := range append([]card.Card{scC("3C"), scC("3S")}, shoe...) {
			for m.Len() < n && b.left.Remove(c) == nil {
				_ = m.Add(c)
			}
		}
	}
	for seat := range p.Seats {
		sp := &p.Seats[seat]
		fill(&sp.Hand, 1)
		if !sp.InFoot {
			fill(&sp.Foot, 2)
		}
	}
	pileCards := b.pileCards
	if len(pileCards) == 0 && !b.exact && p.Phase == Drawing {
		// A turn starts on the last one's discard: a black three, which
		// no one can take, while the shoe has one.
		var up card.Multiset
		fill(&up, 1)
		pileCards = up.Cards()
	}
	rest, left := []card.Card(nil), b.left
	for _, c := range shoe {
		if left.Remove(c) == nil {
			rest = append(rest, c)
		}
	}
	p.Stock = append([]card.Card{}, b.top...)
	p.Pile = nil
	if b.exact {
		p.Pile = append(p.Pile, rest...)
	} else {
		p.Stock = append(p.Stock, rest...)
	}
	p.Pile = append(p.Pile, pileCards...)
	p.Down = make([]bool, r.Teams)
	for _, tm := range p.Melds { // each team with a meld is down
		p.Down[tm.Team] = true
	}
	for i := 1; i < p.Round; i++ {
		// The first round scored every point of the totals.
		res := RoundResult{Number: i, WentOut: -1}
		for t := range r.Teams {
			ts := TeamScore{Team: t, Total: p.Totals[t]}
			if i == 1 {
				ts.Breakdown = score.Breakdown{{Item: ItemTable, Points: p.Totals[t]}}
				ts.Points = p.Totals[t]
			}
			res.Teams = append(res.Teams, ts)
		}
		p.Results = append(p.Results, res)
	}
	p.WentOut = -1
	if b.answer != "" {
		p.Actions = append(p.Actions, Ask(), Answer(b.answer == "yes"))
	}
	return p
}

// scOrder returns the shoe of r in the fixed order of deck.Shoe with the
// cards top moved to its top, in the order given: an order for Deal.
func scOrder(t testing.TB, r Rules, top string) []card.Card {
	t.Helper()
	shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
	if err != nil {
		t.Fatal(err)
	}
	var left card.Multiset
	_ = left.AddCards(shoe)
	first := scCards(t, top)
	if err := left.RemoveCards(first); err != nil {
		t.Fatalf("scOrder: %v", err)
	}
	order := append([]card.Card{}, first...)
	for _, c := range shoe {
		if left.Remove(c) == nil {
			order = append(order, c)
		}
	}
	return order
}

// scCards parses a card list such as "7H 10S JK"; "" is no cards.
func scCards(t testing.TB, s string) []card.Card {
	t.Helper()
	if strings.TrimSpace(s) == "" {
		return nil
	}
	cs, err := card.ParseCards(s)
	if err != nil {
		t.Fatalf("bad cards %q: %v", s, err)
	}
	return cs
}

// scSet returns cards as a multiset.
func scSet(t testing.TB, cs []card.Card) card.Multiset {
	t.Helper()
	m, err := card.MultisetOf(cs...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// scHeld parses a card list into a multiset.
func scHeld(t testing.TB, s string) card.Multiset { t.Helper(); return scSet(t, scCards(t, s)) }

// scC parses one card.
func scC(s string) card.Card { return card.MustParse(s) }

// scMeld returns the action that melds cards; scAdd the one that adds cards
// to the team's meld of rank with that index (0 for the first of the rank).
func scMeld(t testing.TB, cards string) Action {
	t.Helper()
	a, err := Meld(scCards(t, cards)...)
	if err != nil {
		t.Fatalf("Meld(%s): %v", cards, err)
	}
	return a
}

func scAdd(t testing.TB, rank card.Rank, index int, cards string) Action {
	t.Helper()
	ref := Ref{Rank: rank, Index: index}
	a, err := Add(ref, scCards(t, cards)...)
	if err != nil {
		t.Fatalf("Add(%v, %s): %v", ref, cards, err)
	}
	return a
}

// scDo applies a, which must be accepted.
func scDo(t testing.TB, s State, a Action) State {
	t.Helper()
	next, err := Apply(s, a)
	if err != nil {
		t.Fatalf("Apply(%v) in phase %v: %v", a, s.Phase(), err)
	}
	return next
}

// scReject applies a, which must be rejected with an error matching every
// one of want, of the package's one shape (errShape: the rule, "handfoot: "
// once, one line); the state returned must be Equal to s, and s itself must
// be left as it was.
func scReject(t testing.TB, s State, a Action, want ...error) {
	t.Helper()
	before := s.Position()
	got, err := Apply(s, a)
	if err == nil {
		t.Errorf("Apply(%v) in phase %v: accepted, want an error matching %v", a, s.Phase(), want)
		return
	}
	if len(want) > 0 {
		if why := errShape(err, want[0]); why != "" {
			t.Errorf("Apply(%v) in phase %v: error %q: %s", a, s.Phase(), err, why)
		}
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("Apply(%v) in phase %v: error %q does not match %q", a, s.Phase(), err, w)
		}
	}
	// A broken meld rule carries the meld package's error for that rule.
	if len(want) == 2 && want[0] == ErrMeld {
		var re *meld.Error
		if !errors.As(err, &re) || re.Rule() != want[1] {
			t.Errorf("Apply(%v) in phase %v: error %q does not carry a *meld.Error for %q", a, s.Phase(), err, want[1])
		}
	}
	if !got.Equal(s) {
		t.Errorf("Apply(%v) rejected with %q but returned a different state", a, err)
	}
	if !reflect.DeepEqual(s.Position(), before) {
		t.Errorf("Apply(%v) changed the state it was given", a)
	}
}

// scWantHand checks the hand of seat.
func scWantHand(t testing.TB, s State, seat int, cards string) {
	t.Helper()
	if got, want := s.Hand(seat), scHeld(t, cards); got != want {
		t.Errorf("hand of seat %d = [%v], want [%v]", seat, got, want)
	}
}

// scWantFoot checks the foot of seat still on the table.
func scWantFoot(t testing.TB, s State, seat int, cards string) {
	t.Helper()
	if got, want := s.Foot(seat), scHeld(t, cards); got != want {
		t.Errorf("foot of seat %d = [%v], want [%v]", seat, got, want)
	}
}

// scWantMelds checks the melds of team, in the order laid.
func scWantMelds(t testing.TB, s State, team int, melds ...string) {
	t.Helper()
	var got, want []string
	for _, m := range s.Melds(team) {
		got = append(got, m.String())
	}
	for _, cs := range melds {
		m, err := meld.Collect(scCards(t, cs))
		if err != nil {
			t.Fatalf("bad meld %q: %v", cs, err)
		}
		want = append(want, m.String())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("melds of team %d = %q, want %q", team, got, want)
	}
}

// scWantPile checks the upcard ("" for none) and the size of the pile.
func scWantPile(t testing.TB, s State, upcard string, size int) {
	t.Helper()
	var want card.Card
	if upcard != "" {
		want = scC(upcard)
	}
	if s.Upcard() != want || s.PileSize() != size {
		t.Errorf("pile: upcard %v and %d cards, want %v and %d", s.Upcard(), s.PileSize(), want, size)
	}
}

// scWantTurn checks the phase, the seat whose turn it is and the seat to act.
func scWantTurn(t testing.TB, s State, phase Phase, turn, toAct int) {
	t.Helper()
	if s.Phase() != phase || s.Turn() != turn || s.ToAct() != toAct {
		t.Errorf("phase %v, turn %d, to act %d; want %v, %d, %d", s.Phase(), s.Turn(), s.ToAct(), phase, turn, toAct)
	}
}

// scWantScore checks a team's score: the breakdown line by line, in order,
// the round's points and the total.
func scWantScore(t testing.TB, got TeamScore, want score.Breakdown, total int) {
	t.Helper()
	if !reflect.DeepEqual(got.Breakdown, want) {
		t.Errorf("team %d breakdown:\n%v\nwant:\n%v", got.Team, got.Breakdown, want)
	}
	if got.Points != want.Total() || got.Total != total {
		t.Errorf("team %d: points %d, total %d; want %d, %d", got.Team, got.Points, got.Total, want.Total(), total)
	}
}

// scHasAction reports whether Legal(s) lists a.
func scHasAction(s State, a Action) bool {
	for _, l := range Legal(s) {
		if Equivalent(l, a) {
			return true
		}
	}
	return false
}

// scHasKind reports whether Legal(s) lists an action of kind k.
func scHasKind(s State, k Kind) bool {
	for _, l := range Legal(s) {
		if l.Kind() == k {
			return true
		}
	}
	return false
}

// scKind returns the actions of kind k that Legal(s) lists, in its order.
func scKind(s State, k Kind) []Action {
	var out []Action
	for _, l := range Legal(s) {
		if l.Kind() == k {
			out = append(out, l)
		}
	}
	return out
}

// must returns v, and panics on err: for actions built from constants in
// tests, whose constructors cannot fail.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
