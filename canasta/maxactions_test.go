package canasta

import (
	"testing"

	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// TestMaxActions plays random rounds of every preset, taking back at most
// once a turn, and checks each count that MaxActions adds up.
func TestMaxActions(t *testing.T) {
	kind := func(a Action) family.Kind { return family.Kind(a.Kind()) }
	for _, r := range Presets() {
		r.Rounds = 2
		for seed := uint64(1); seed <= 3; seed++ {
			s, err := New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			famtest.CheckMaxActions(t, s, seed, r.Decks*(52+r.JokersPerDeck), r.MaxActions(), kind)
		}
	}
}

// TestMaxActionsRounds checks the bound grows with the rounds a game may
// last, and is 0 for rules the game refuses.
func TestMaxActionsRounds(t *testing.T) {
	r := Presets()[0]
	r.Rounds = 1
	one := r.MaxActions()
	r.Rounds = 3
	if three := r.MaxActions(); one <= 0 || three != 3*one {
		t.Errorf("MaxActions: 1 round %d, 3 rounds %d; want 3 rounds to be three times 1 round's", one, three)
	}
	r.Rounds = 0
	if all := r.MaxActions(); all != MaxRounds*one {
		t.Errorf("MaxActions of a game to a target: %d, want MaxRounds × %d", all, one)
	}
	r.Decks = 0
	if n := r.MaxActions(); n != 0 {
		t.Errorf("MaxActions of refused rules: %d, want 0", n)
	}
}
