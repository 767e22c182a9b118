package rummy

// Hostile tests: positions built by hand at the edges FromPosition accepts,
// played out to the end with several policies through the conformance
// harness, which checks every promise of the package (see hostilePlayOut).

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
)

// hp builds a Position of r: hands, melds and pile as texts; every card
// placed nowhere goes to the stock (top first, stockTop before the rest).
func hp(t *testing.T, r Rules, phase Phase, turn int, hands []string, melds []TableMeld, pile, stockTop string) Position {
	t.Helper()
	n := r.Players
	p := Position{Rules: r, Round: 1, Phase: phase, Turn: turn,
		Hands: make([][]card.Card, n), Laid: make([][]card.Card, n), Known: make([][]card.Card, n)}
	var used set
	for i, h := range hands {
		p.Hands[i] = card.MustParseCards(h)
		used |= mustSet(t, p.Hands[i])
	}
	for _, m := range melds {
		p.Melds = append(p.Melds, m)
		cs := m.Meld.Cards()
		p.Laid[m.Seat] = append(p.Laid[m.Seat], cs...)
		used |= mustSet(t, cs)
	}
	p.Pile = card.MustParseCards(pile)
	used |= mustSet(t, p.Pile)
	p.Stock = card.MustParseCards(stockTop)
	used |= mustSet(t, p.Stock)
	p.Stock = append(p.Stock, (full &^ used).cards()...)
	return p
}

func mustSet(t *testing.T, cs []card.Card) set {
	t.Helper()
	x, ok := setOf(cs)
	if !ok {
		t.Fatalf("bad cards %v", cs)
	}
	return x
}

// tm is a table meld of seat from text.
func tm(t *testing.T, seat int, cs string) TableMeld {
	t.Helper()
	a, err := Meld(card.MustParseCards(cs)...)
	if err != nil {
		t.Fatal(err)
	}
	return TableMeld{Seat: seat, Meld: combination(a.cards)}
}

// hostileGame is conformGame at the pace of the hostile tests' long
// play-outs: one step in 16 gets the step checks (conform.From gives every
// check to the first steps, nearest the position made by hand).
func hostileGame() *conform.Game[Rules, State, Action, View] {
	g := conformGame()
	g.CheckOneIn = 16
	return g
}

// hostilePlayOut plays s, a position a test made, to the game's end
// through the harness (conform.From): along three random paths and by
// always the first listed action (always the last, draw the pile and
// discard, plays rounds of MaxTurns turns for MaxRounds rounds once totals
// fall, too long for a quick test).
func hostilePlayOut(t *testing.T, s State) {
	t.Helper()
	g := hostileGame()
	conform.From(t, g, s.Rules(), s, 3, 0)
	g.Policy = func(_ conform.Rand, _ State, legal []Action) Action { return legal[0] }
	conform.From(t, g, s.Rules(), s, 1, 0)
}
