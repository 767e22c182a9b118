package rummy

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
)

// FuzzParseAction: any text is parsed or refused with ErrMalformed or
// ErrMeld; what is parsed writes a text that parses back to the same
// action, and its JSON round-trips.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"draw stock", "draw pile", "meld 4C 5C 6C", "meld 7D 7H 7S 7C", "lay 7C on 2", "discard KH",
		"next", "meld QC KC AC", "meld KC AC 2C", "lay 7C", "lay 7C on 18", "discard JK", "DRAW Stock", "", "\xff", "meld 10h jh qh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			conform.Refused(t, s, err, ErrMalformed, ErrMeld)
			return
		}
		if !a.valid() {
			t.Fatalf("%q parses to an action no constructor builds: %+v", s, a)
		}
		conform.ActionText(t, s, a, ParseAction)
	})
}

// FuzzStateJSON: any JSON is read as a State or refused with ErrPosition,
// never a panic; a State read plays (Legal lists actions Apply accepts
// until the game is over) and writes JSON that reads back to it.
func FuzzStateJSON(f *testing.F) {
	for seed := range uint64(5) {
		r := Basic()
		r.Players = 2 + int(seed)
		s, _ := New(r, seed)
		for i := 0; i < int(seed)*13 && !s.Over(); i++ {
			s, _ = Apply(s, Legal(s)[0])
		}
		j, _ := json.Marshal(s)
		f.Add(j)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"Rules":{"Players":2},"Hands":[["3H"]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		if !conform.StateJSON(t, data, &s, ErrPosition, State.Equal) {
			return
		}
		if s.Cards() != deckOf() {
			t.Fatal("a State read does not hold the deck")
		}
		for n := 0; n < 40 && !s.Over(); n++ {
			legal := Legal(s)
			if len(legal) == 0 {
				t.Fatalf("no legal action in %v", s.Phase())
			}
			next, err := Apply(s, legal[n%len(legal)])
			if err != nil {
				t.Fatalf("Legal listed %v, Apply said %v", legal[n%len(legal)], err)
			}
			s = next
		}
	})
}

// FuzzApply: any sequence of action values (forged ones included) played
// on a seeded game is accepted or refused with a sentinel error, leaving
// the State as it was; the cards are always the deck.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), []byte{0, 0, 0, 1, 5, 9, 0, 2})
	f.Add(uint64(7), []byte{3, 7, 0, 52, 4, 9, 2, 0})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		r := Basic()
		r.Players = 2 + int(seed%5)
		s, err := New(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		for len(data) >= 4 {
			var a Action
			if data[0]%3 == 0 {
				legal := Legal(s)
				if len(legal) == 0 {
					return
				}
				a = legal[int(data[1])%len(legal)]
			} else {
				// A forged value: any kind, card, target and cards.
				a = Action{kind: Kind(data[0] % 8), card: card.Card(data[1] % 60), target: data[2] % 20}
				a.cards = set(uint64(data[3]) * 0x0101010101010101 >> (data[2] % 8))
				if data[3]%2 == 0 {
					a.cards = runSet(a.card.Suit(), a.card.Rank(), min(a.card.Rank()+2+card.Rank(data[2]%4), card.King))
				}
			}
			before := s
			next, err := Apply(s, a)
			if err != nil {
				conform.Refused(t, a.String(), err, ErrMalformed, ErrNotNow, ErrGameOver, ErrNotHeld, ErrStock, ErrEmptyPile, ErrLayOff, ErrTaken)
				if next.state != before.state || s.state != before.state {
					t.Fatalf("%v was refused but the State changed", a)
				}
			} else {
				s = next
			}
			if s.Cards() != deckOf() {
				t.Fatalf("after %v the cards are not the deck", a)
			}
			data = data[4:]
		}
	})
}
