package canasta

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
)

// Legal lists, before the draw, exactly the takes of the pile that Check
// accepts, in the documented order: with a natural pair, with a natural
// card and each wild card (twos by suit, then the joker), then onto each of
// the team's melds of the upcard's rank. Legal decides what the takes share
// once; a check of each take, one by one, must agree on random games.
func TestLegalTakesAreCheckedTakes(t *testing.T) {
	wilds := []card.Card{card.New(card.Two, card.Clubs), card.New(card.Two, card.Diamonds),
		card.New(card.Two, card.Hearts), card.New(card.Two, card.Spades), card.Joker}
	seen, taken := 0, 0
	for seed := range uint64(12) {
		rules := Classic()
		if seed%3 == 2 {
			rules = TwoPlayer()
		}
		s, err := New(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 39))
		for step := 0; step < 400 && s.t.Phase != family.GameOver && s.t.Phase != family.RoundOver; step++ {
			legal := Legal(s)
			if s.t.Phase == family.Drawing {
				var want []family.Action
				cands := []family.Action{{Kind: family.Take}}
				for _, w := range wilds {
					cands = append(cands, family.Action{Kind: family.Take, Card: w})
				}
				for n := range len(s.t.Melds) {
					cands = append(cands, family.Action{Kind: family.Take, Target: uint8(n + 1)})
				}
				for _, a := range cands {
					if s.t.Check(&s.r.cfg, a).Code == 0 {
						want = append(want, a)
					}
				}
				var got []family.Action
				for _, a := range legal {
					if a.f.Kind == family.Take {
						got = append(got, a.f)
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d step %d: Legal's takes %v, Check accepts %v", seed, step, got, want)
				}
				seen++
				taken += len(want)
			}
			a := legal[rng.IntN(len(legal))]
			if a.f.Kind == family.TakeBack && len(legal) > 1 {
				a = legal[0] // a random player would take back forever
			}
			if s, err = Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen < 100 || taken < 20 {
		t.Fatalf("only %d positions before the draw, %d takes: the test sees too little", seen, taken)
	}
}
