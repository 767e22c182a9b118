package doublets

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// FuzzParseAction: any text is parsed or refused with ErrMalformed; what
// is parsed writes a text that parses back to the same action, and its
// JSON round-trips.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"turn", "redeal", "play waste", "play w", "play 3", "play 8", "play 0", "PLAY 7", "", "\xff", "play"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			conform.Refused(t, s, err, ErrMalformed)
			return
		}
		if !a.valid() {
			t.Fatalf("%q parses to an action no constructor builds: %+v", s, a)
		}
		conform.ActionText(t, s, a, ParseAction)
	})
}

// FuzzStateJSON: any JSON is read as a State or refused with ErrPosition
// (or JSON's own syntax error), never a panic; a State read plays to its
// end and writes JSON that reads back to it.
func FuzzStateJSON(f *testing.F) {
	for seed := range uint64(4) {
		s, _ := New([]Rules{Aisleriot(), PySol()}[seed%2], seed)
		for i := 0; i < int(seed)*15 && !s.Over(); i++ {
			s, _ = Apply(s, Legal(s)[0])
		}
		j, _ := json.Marshal(s)
		f.Add(j)
	}
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		if !conform.StateJSON(t, data, &s, ErrPosition, State.Equal) {
			return
		}
		if s.Cards() != deckOf() {
			t.Fatal("a State read does not hold the deck")
		}
		for n := 0; !s.Over(); n++ {
			legal := Legal(s)
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
	f.Add(uint64(1), []byte{2, 0, 1, 3, 2, 0, 3, 0})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		s, err := New([]Rules{Aisleriot(), PySol()}[seed%2], seed)
		if err != nil {
			t.Fatal(err)
		}
		for ; len(data) >= 2; data = data[2:] {
			a := Action{kind: Kind(data[0] % 5), from: data[1] % 10}
			before := s
			next, err := Apply(s, a)
			if err != nil {
				conform.Refused(t, a.String(), err, ErrMalformed, ErrGameOver, ErrFoundation, ErrEmpty, ErrTurn, ErrStock)
				if next.state != before.state || s.state != before.state {
					t.Fatalf("%v was refused but the State changed", a)
				}
				continue
			}
			s = next
			if s.Cards() != deckOf() {
				t.Fatalf("after %v the cards are not the deck", a)
			}
		}
	})
}
