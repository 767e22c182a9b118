package canasta

import (
	"math/rand/v2"
	"testing"
)

func TestSmokeRandom(t *testing.T) {
	for _, r := range []Rules{Classic(), TwoPlayer(), ThreePlayer()} {
		for seed := range uint64(300) {
			s, err := New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			shoe := s.Cards()
			rng := rand.New(rand.NewPCG(seed, 7))
			steps := 0
			for !s.Over() && steps < 200000 {
				legal := Legal(s)
				if len(legal) == 0 {
					t.Fatalf("%s seed %d: no legal action in phase %v", r.Name, seed, s.Phase())
				}
				a := legal[rng.IntN(len(legal))]
				// Prefer progress: take back rarely.
				if a.Kind() == KindTakeBack && rng.IntN(10) > 0 {
					a = legal[0]
				}
				n, err := Apply(s, a)
				if err != nil {
					t.Fatalf("%s seed %d step %d: %v: %v", r.Name, seed, steps, a, err)
				}
				s = n
				if c := s.Cards(); c != shoe {
					t.Fatalf("%s seed %d step %d after %v: cards not conserved: %v vs %v", r.Name, seed, steps, a, c.Len(), shoe.Len())
				}
				steps++
			}
			if !s.Over() {
				t.Fatalf("%s seed %d: not over after %d steps", r.Name, seed, steps)
			}
		}
	}
}
