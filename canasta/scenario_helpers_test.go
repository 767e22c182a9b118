package canasta

import (
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/score"
)

// scene builds an exact position for a scenario test: the hands, pile,
// melds and red threes named, the rest of the shoe in the stock (the
// named top cards first, then the others with every red three at the
// bottom, so that a draw takes no red three unless a test puts one on top).
type scene struct {
	t   *testing.T
	p   Position
	top []card.Card
}

// filler is what a seat holds unless a test says otherwise.
var filler = []string{"9S 10S JS", "9H 10H JH", "9D 10D JD", "9C 10C JC"}

func newScene(t *testing.T, r Rules) *scene {
	t.Helper()
	b := &scene{t: t, p: Position{Rules: r, Round: 1, Phase: Drawing}}
	for seat := range r.Players {
		b.p.Hands = append(b.p.Hands, card.MustParseCards(filler[seat]))
	}
	b.p.Totals = make([]int, r.Teams)
	b.p.Down = make([]bool, r.Teams)
	b.p.RedThrees = make([][]card.Card, r.Teams)
	b.p.Pile = card.MustParseCards("8C")
	return b
}

func (b *scene) hand(seat int, cs string) *scene { b.p.Hands[seat] = card.MustParseCards(cs); return b }
func (b *scene) pile(cs string) *scene           { b.p.Pile = card.MustParseCards(cs); return b }
func (b *scene) turn(seat int) *scene            { b.p.Turn = seat; return b }
func (b *scene) phase(p Phase) *scene            { b.p.Phase = p; return b }
func (b *scene) stockTop(cs string) *scene       { b.top = card.MustParseCards(cs); return b }
func (b *scene) reds(team int, cs string) *scene {
	b.p.RedThrees[team] = card.MustParseCards(cs)
	return b
}

// meld puts a meld of team on the table; the team is then down.
func (b *scene) meld(team int, cs string) *scene {
	m, err := b.p.Rules.Meld.New(card.MustParseCards(cs)...)
	if err != nil {
		b.t.Fatalf("meld %s: %v", cs, err)
	}
	b.p.Melds = append(b.p.Melds, TeamMeld{Team: team, Meld: m})
	b.p.Down[team] = true
	return b
}

// totals sets the teams' totals before this round, as the result of one
// earlier round.
func (b *scene) totals(ts ...int) *scene {
	b.p.Round = 2
	b.p.Totals = ts
	res := RoundResult{Number: 1, WentOut: -1}
	for team, total := range ts {
		res.Teams = append(res.Teams, TeamScore{Team: team, Points: total, Total: total,
			Breakdown: score.Breakdown{{Item: ItemMelded, Points: total}}})
	}
	b.p.Results = []RoundResult{res}
	return b
}

// stockOnly leaves exactly cs in the stock; the cards the position holds
// nowhere else go to seat holder's hand, and their red threes to its team.
func (b *scene) stockOnly(cs string, holder int) State {
	b.t.Helper()
	b.p.Stock = card.MustParseCards(cs)
	rest := b.rest()
	for _, c := range b.p.Stock {
		_ = rest.Remove(c)
	}
	team := holder % b.p.Rules.Teams
	for _, c := range red3 {
		for range rest.Count(c) {
			b.p.RedThrees[team] = append(b.p.RedThrees[team], c)
		}
		_ = rest.RemoveN(c, rest.Count(c))
	}
	b.p.Hands[holder] = append(b.p.Hands[holder], rest.Cards()...)
	return b.from()
}

// rest returns the cards of the shoe the position holds nowhere.
func (b *scene) rest() card.Multiset {
	b.t.Helper()
	shoe, err := deck.Shoe(b.p.Rules.Decks, b.p.Rules.JokersPerDeck)
	if err != nil {
		b.t.Fatal(err)
	}
	rest, _ := card.MultisetOf(shoe...)
	take := func(cs []card.Card) {
		for _, c := range cs {
			if rest.Remove(c) != nil {
				b.t.Fatalf("the position holds one %v too many", c)
			}
		}
	}
	for _, h := range b.p.Hands {
		take(h)
	}
	for _, r := range b.p.RedThrees {
		take(r)
	}
	take(b.p.Pile)
	for _, m := range b.p.Melds {
		take(m.Meld.Cards())
	}
	return rest
}

// build returns the State of the position.
func (b *scene) build() State {
	b.t.Helper()
	rest := b.rest()
	for _, c := range b.top {
		if rest.Remove(c) != nil {
			b.t.Fatalf("no %v left for the stock's top", c)
		}
	}
	var reds []card.Card
	for _, c := range red3 {
		for range rest.Count(c) {
			reds = append(reds, c)
		}
		_ = rest.RemoveN(c, rest.Count(c))
	}
	b.p.Stock = append(append(append([]card.Card(nil), b.top...), rest.Cards()...), reds...)
	return b.from()
}

func (b *scene) from() State {
	b.t.Helper()
	s, err := FromPosition(b.p)
	if err != nil {
		b.t.Fatalf("FromPosition: %v", err)
	}
	return s
}

// do applies a, which must be accepted.
func do(t *testing.T, s State, a Action) State {
	t.Helper()
	next, err := Apply(s, a)
	if err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	return next
}

// reject applies a, which must be refused with want, leaving s as it was.
func reject(t *testing.T, s State, a Action, want error) {
	t.Helper()
	next, err := Apply(s, a)
	if !errors.Is(err, want) {
		t.Fatalf("%v: %v, want %v", a, err, want)
	}
	if !next.Equal(s) || next.Seq() != s.Seq() {
		t.Fatalf("%v was refused but changed the State", a)
	}
	for _, l := range Legal(s) {
		if l == a {
			t.Fatalf("Legal lists %v, which Apply refuses", a)
		}
	}
}

// act parses an action's text.
func act(t *testing.T, text string) Action {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// cs parses cards.
func cs(s string) []card.Card { return card.MustParseCards(s) }

// ms parses a multiset.
func ms(s string) card.Multiset {
	m, _ := card.MultisetOf(card.MustParseCards(s)...)
	return m
}

// mustTakeTo is TakeTo(0): the take onto the team's one meld of the
// upcard's rank.
func mustTakeTo() Action {
	a, err := TakeTo(0)
	if err != nil {
		panic(err)
	}
	return a
}
