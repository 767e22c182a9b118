package rummy

// Hostile tests: positions built by hand at the edges FromPosition accepts,
// played out to the end with several policies, checking the promises every
// accepted position keeps (see playOutEvery).

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/card"
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

// playOutQuick is playOutEvery with the costly checks on one step in 64.
func playOutQuick(t *testing.T, s State, pol int) State { return playOutEvery(t, s, pol, 64) }

// playOutEvery plays s to the end with policy pol (0 first legal, 1 last
// legal, 2+ random with that seed), checking on every step that Legal is
// non-empty until the game is over and the game ends, and on one step in
// every (one in 7×every for the Apply checks) that every listed action is
// accepted, an unlisted one refused with the state unchanged, and the
// Position round-trips through FromPosition and JSON.
func playOutEvery(t *testing.T, s State, pol, every int) State {
	t.Helper()
	rnd := rand.New(rand.NewPCG(uint64(pol), 7))
	for step := 0; ; step++ {
		if step > 400000 {
			t.Fatalf("policy %d: no end after %d actions", pol, step)
		}
		if step%every == 0 || s.Over() {
			roundTrip(t, s)
		}
		if s.Over() {
			if l := Legal(s); len(l) != 0 {
				t.Fatalf("over but Legal %v", l)
			}
			return s
		}
		l := Legal(s)
		if len(l) == 0 {
			t.Fatalf("policy %d step %d: Legal empty, phase %v\n%+v", pol, step, s.Phase(), s.Position())
		}
		if step%(7*every) == 0 {
			for _, a := range l {
				if _, err := Apply(s, a); err != nil {
					t.Fatalf("listed %v refused: %v", a, err)
				}
			}
			// An unlisted action is refused and leaves s unchanged.
			for _, a := range []Action{DrawStock(), DrawPile(), Next(), {kind: KindDiscard, card: card.MustParse("AS")}} {
				listed := false
				for _, b := range l {
					listed = listed || a == b
				}
				if listed {
					continue
				}
				u, err := Apply(s, a)
				if err == nil {
					t.Fatalf("unlisted %v accepted", a)
				}
				if !u.Equal(s) || !errors.Is(err, ErrNotNow) && !errors.Is(err, ErrNotHeld) && !errors.Is(err, ErrPile) && !errors.Is(err, ErrTaken) && !errors.Is(err, ErrGameOver) {
					t.Fatalf("unlisted %v: %v, state changed %v", a, err, !u.Equal(s))
				}
			}
		}
		var a Action
		switch pol {
		case 0:
			a = l[0]
		case 1:
			a = l[len(l)-1]
		default:
			a = l[rnd.IntN(len(l))]
		}
		n, err := Apply(s, a)
		if err != nil {
			t.Fatalf("policy %d step %d: %v refused: %v", pol, step, a, err)
		}
		s = n
	}
}

func roundTrip(t *testing.T, s State) {
	t.Helper()
	p := s.Position()
	u, err := FromPosition(p)
	if err != nil {
		t.Fatalf("Position of a state reached does not round-trip: %v\n%+v", err, p)
	}
	if !u.Equal(s) {
		t.Fatalf("round trip changed the state")
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var v State
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("json round trip: %v\n%s", err, b)
	}
	if !v.Equal(s) {
		t.Fatalf("json round trip changed the state")
	}
}
