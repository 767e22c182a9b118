package handfoot

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
)

// FuzzStateJSON: decoding arbitrary bytes as a State never panics; what it
// accepts is a playable position that conserves its cards and encodes back
// to an Equal State.
func FuzzStateJSON(f *testing.F) {
	for i, rules := range []Rules{RulesA(), RulesB(), withChoice(RulesB())} {
		s, err := New(rules, uint64(i+1))
		if err != nil {
			f.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for step := range 120 {
			if step%40 == 0 {
				data, _ := json.Marshal(s)
				f.Add(data)
			}
			legal := Legal(s)
			s, _ = Apply(s, legal[rng.IntN(len(legal))])
		}
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"Round":1,"Seats":[{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		if err := json.Unmarshal(data, &s); err != nil {
			if s.r != nil {
				t.Fatalf("a failed decode left a State behind")
			}
			// Malformed JSON is the json package's error; the rest is ours.
			var syntax *json.SyntaxError
			if !errors.As(err, &syntax) {
				if why := errPrefixShape(err, ErrPosition); why != "" {
					t.Fatalf("decoding failed with %v (%T): %s", err, err, why)
				}
			}
			return
		}
		shoe := s.Cards()
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("an accepted State does not encode: %v", err)
		}
		var back State
		if err := json.Unmarshal(out, &back); err != nil || !back.Equal(s) {
			t.Fatalf("re-decoding gives %v (Equal %v)", err, back.Equal(s))
		}
		// The position plays: a few legal actions apply and keep the cards.
		// (Legal's work grows with the cube of a hand's copies of a rank, so
		// only shoes of real tables are played here.)
		if s.Rules().Decks > 10 {
			return
		}
		for range 5 {
			legal := Legal(s)
			if len(legal) == 0 {
				break
			}
			next, err := Apply(s, legal[0])
			if err != nil {
				t.Fatalf("Legal listed %v but Apply said %v", legal[0], err)
			}
			if next.Phase() == RoundOver || next.Phase() == GameOver || s.Phase() == RoundOver {
				break
			}
			if next.Cards() != shoe {
				t.Fatalf("cards not conserved after %v", legal[0])
			}
			s = next
		}
	})
}
