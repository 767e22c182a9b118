package canasta

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// FuzzParseAction: any text is parsed or refused with ErrMalformed,
// ErrMeld or ErrNoMeld; what is parsed writes a text that parses back to
// the same action, and its JSON round-trips.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"draw", "take", "take with 2C", "take with JK", "take to #1", "meld 7H 7D 2C",
		"meld 3C 3S 3S", "add 9S 2C to 9", "discard KH", "back", "ask", "yes", "no", "next", "take with 7H",
		"add 3C to 3", "meld 3H 3D 3C", "lay 3H on 9", "packet 1", "take to #2", "", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrMeld) && !errors.Is(err, ErrNoMeld) {
				t.Fatalf("%q: %v wraps no sentinel", s, err)
			}
			return
		}
		if !a.valid() {
			t.Fatalf("%q parses to an action no constructor builds: %+v", s, a.f)
		}
		back, err := ParseAction(a.String())
		if err != nil || back != a {
			t.Fatalf("%q -> %q -> %v, %v", s, a, back, err)
		}
		j, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var b Action
		if err := json.Unmarshal(j, &b); err != nil || b != a {
			t.Fatalf("%q: JSON %s -> %v, %v", s, j, b, err)
		}
	})
}

// FuzzStateJSON: any JSON is read as a State or refused with ErrPosition,
// never a panic; a State read plays (Legal lists actions Apply accepts
// until the game is over) and writes JSON that reads back to it.
func FuzzStateJSON(f *testing.F) {
	for seed := range uint64(4) {
		s, _ := New([]Rules{Classic(), TwoPlayer(), ThreePlayer(), Classic()}[seed], seed)
		for i := 0; i < int(seed)*9; i++ {
			s, _ = Apply(s, Legal(s)[0])
		}
		j, _ := json.Marshal(s)
		f.Add(j)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"Rules":{"Players":4},"Hands":[["3H"]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		if err := json.Unmarshal(data, &s); err != nil {
			var syntax *json.SyntaxError
			if !errors.Is(err, ErrPosition) && !errors.As(err, &syntax) { // JSON's own syntax check comes first
				t.Fatalf("%v wraps no ErrPosition", err)
			}
			return
		}
		j, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back State
		if err := json.Unmarshal(j, &back); err != nil || !back.Equal(s) {
			t.Fatalf("the State read writes JSON that reads back to another: %v", err)
		}
		if r := s.Rules(); s.Cards() != famtest.Shoe(r.Decks, r.JokersPerDeck) {
			t.Fatal("a State read does not hold its shoe")
		}
		for n := 0; n < 20 && !s.Over(); n++ {
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
// the State as it was; cards are always conserved.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), []byte{1, 0, 0, 0, 8, 0, 0, 0})
	f.Add(uint64(7), []byte{2, 0, 1, 0, 3, 7, 0, 52})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		s, err := New([]Rules{Classic(), TwoPlayer(), ThreePlayer()}[seed%3], seed)
		if err != nil {
			t.Fatal(err)
		}
		shoe := s.Cards()
		for len(data) >= 4 {
			var a Action
			if data[0]%4 == 0 {
				legal := Legal(s)
				if len(legal) == 0 {
					return
				}
				a = legal[int(data[1])%len(legal)]
			} else {
				a.f.Kind = kindOf(data[0])
				a.f.Target = data[1] % 4
				a.f.Card = card.Card(data[2] % 60)
				a.f.Rank = card.Rank(data[3] % 15)
				a.f.Nat[data[3]%4] = data[2] % 3
			}
			data = data[4:]
			before := s
			next, err := Apply(s, a)
			if err != nil {
				if !next.Equal(before) || next.Seq() != before.Seq() {
					t.Fatalf("refused %+v changed the State", a.f)
				}
				continue
			}
			s = next
			if s.Cards() != shoe {
				t.Fatalf("after %v the cards are not the shoe", a)
			}
		}
	})
}

// kindOf maps a byte to an action kind, the engine's unknown ones too.
func kindOf(b byte) family.Kind { return family.Kind(b % 13) }
