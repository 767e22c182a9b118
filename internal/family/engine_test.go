package family_test

import (
	"errors"
	"github.com/cardrules/cardrules"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
)

// ms builds a multiset from card notation.
func ms(t testing.TB, s string) card.Multiset {
	t.Helper()
	m, err := card.MultisetOf(card.MustParseCards(s)...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A game that knows fewer kinds (Canasta lays no red three on a canasta)
// gets them refused by Apply and never listed by Legal; a seat marked final
// from the start goes out as soon as its hand is empty.
func TestEngineKindsAndFinalSeats(t *testing.T) {
	r := handfoot.RulesA()
	shoe := card.MustParseCards("3D 4D 4H 5C 5D 5H")
	c := &family.Config{
		Pkg: "game", Players: 2, Sides: 2, Meld: r.Meld, Values: r.Values.Melded, DrawCount: 1,
		Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.TakeBack, family.Discard),
		Shoe:  shoe, GoOut: family.Canastas{},
	}
	var tb family.Table
	tb.Final = 0b11 // both seats may go out: no second packet
	tb.Down = 0b11
	tb.Hands[0] = ms(t, "9C 9D 9H")
	tb.Hands[1] = ms(t, "KC KD")
	_ = tb.Pile.Add(card.MustParse("8S"))
	tb.Upcard = card.MustParse("8S")
	tb.BeginTurn(c, 0)

	lay, fault := family.NewLayRed(card.MustParse("3D"), family.Ref{Rank: card.Nine})
	if !fault.OK() {
		t.Fatal(fault.Err("game"))
	}
	before := tb
	if _, err := tb.Apply(c, lay); !errors.Is(err, cardrules.ErrMalformed) {
		t.Errorf("a kind the game does not know: %v", err)
	}
	if tb.Core != before.Core {
		t.Error("a refused action changed the table")
	}
	if ev, err := tb.Apply(c, family.Action{Kind: family.Draw}); err != nil || ev != family.Continue {
		t.Fatalf("draw: %v, %v", ev, err)
	}
	for _, a := range family.AppendLegal(nil, c, &tb) {
		if a.Kind == family.LayRed || a.Kind == family.Ask {
			t.Errorf("Legal lists %v, which the game does not know", a.Kind)
		}
	}
	// Meld the nines, then discard the three drawn: the hand is empty and
	// the seat is final, so it went out.
	nines, _ := family.NewMeld(card.MustParseCards("9C 9D 9H"), false)
	if ev, err := tb.Apply(c, nines); err != nil || ev != family.Continue {
		t.Fatalf("meld: %v, %v", ev, err)
	}
	if ev, err := tb.Apply(c, family.Action{Kind: family.Discard, Card: card.MustParse("3D")}); err != nil || ev != family.WentOut {
		t.Fatalf("the last card discarded from a final seat: %v, %v", ev, err)
	}
}

// wrapped is a game's action type: a struct whose one field is the engine's.
type wrapped struct{ f family.Action }

func TestAppendLegalAs(t *testing.T) {
	c, tb := newTestTable(t)
	buf := make([]wrapped, 1, 64)
	buf[0] = wrapped{family.NewAnswer(true)}
	got := family.AppendLegalAs(buf, c, tb)
	want := family.AppendLegal(nil, c, tb)
	if len(got) != len(want)+1 || got[0] != buf[0] || &got[0] != &buf[0] {
		t.Fatalf("AppendLegalAs = %d actions sharing %v, want %d after the first", len(got), &got[0] == &buf[0], len(want))
	}
	for i, a := range want {
		if got[i+1].f != a {
			t.Errorf("action %d: %v, want %v", i, got[i+1].f, a)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("AppendLegalAs over a type of another layout did not panic")
		}
	}()
	family.AppendLegalAs([]int64{}, c, tb)
}

// newTestTable returns a table of two seats where seat 0 has drawn.
func newTestTable(t *testing.T) (*family.Config, *family.Table) {
	r := handfoot.RulesA()
	c := &family.Config{
		Pkg: "game", Players: 2, Sides: 2, Meld: r.Meld, Values: r.Values.Melded, DrawCount: 1,
		Kinds: family.KindsOf(family.Draw, family.Take, family.Meld, family.Add, family.TakeBack, family.Discard),
		Shoe:  card.MustParseCards("5C 5D 5H"), GoOut: family.Canastas{},
	}
	tb := new(family.Table)
	tb.Final, tb.Down = 0b11, 0b11
	tb.Hands[0] = ms(t, "9C 9D 9H 2C JK")
	tb.Hands[1] = ms(t, "KC KD")
	tb.BeginTurn(c, 0)
	if _, err := tb.Apply(c, family.Action{Kind: family.Draw}); err != nil {
		t.Fatal(err)
	}
	return c, tb
}

// Side and Partner, computed without division or branches on the hot
// paths, agree with their plain definitions for every table shape and
// seat, seats outside the table included.
func TestSideAndPartner(t *testing.T) {
	for players := 1; players <= family.MaxPlayers; players++ {
		for sides := 1; sides <= players; sides++ {
			c := &family.Config{Players: players, Sides: sides}
			for seat := -2 * players; seat <= 3*players; seat++ {
				if got, want := c.Side(seat), seat%sides; got != want {
					t.Errorf("%d players, %d sides: Side(%d) = %d, want %d", players, sides, seat, got, want)
				}
				want := -1
				if players/sides >= 2 {
					want = (seat + sides) % players
				}
				if got := c.Partner(seat); got != want {
					t.Errorf("%d players, %d sides: Partner(%d) = %d, want %d", players, sides, seat, got, want)
				}
			}
		}
	}
}
