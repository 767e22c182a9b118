package handfoot

import (
	"math/rand/v2"
	"testing"
)

func TestSmokeRandomGames(t *testing.T) {
	for _, rules := range []Rules{RulesA(), RulesB()} {
		for seed := uint64(1); seed <= 20; seed++ {
			s, err := New(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			shoe := s.Cards()
			rng := rand.New(rand.NewPCG(seed, 9))
			steps := 0
			for !s.Over() && steps < 200000 {
				legal := Legal(s)
				if len(legal) == 0 {
					t.Fatalf("rules %s seed %d step %d: no legal action in phase %v", rules.Name, seed, steps, s.Phase())
				}
				a := legal[rng.IntN(len(legal))]
				next, err := Apply(s, a)
				if err != nil {
					t.Fatalf("rules %s seed %d step %d: Legal listed %v but Apply said %v", rules.Name, seed, steps, a.Kind(), err)
				}
				if s.Phase() != RoundOver && next.Phase() != RoundOver && next.Phase() != GameOver && next.Cards() != shoe {
					t.Fatalf("rules %s seed %d step %d: cards not conserved after %v", rules.Name, seed, steps, a.Kind())
				}
				if next.Phase() == Drawing && s.Phase() == RoundOver {
					shoe = next.Cards()
				}
				s = next
				steps++
			}
			if !s.Over() {
				t.Fatalf("rules %s seed %d: not over after %d steps", rules.Name, seed, steps)
			}
			t.Logf("rules %s seed %d: %d steps, results %v", rules.Name, seed, steps, s.Totals())
		}
	}
}
