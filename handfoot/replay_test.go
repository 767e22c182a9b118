package handfoot_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/conform"
)

// replayDigest is the digest TestReplayDigest finds: every Legal list and
// every score of its random games. A change of it is a change of
// behaviour: the speed work on Legal and Apply must leave it alone.
const replayDigest = 0x7a8a0edf1115317a

// TestReplayDigest plays seeded random games under both rule sets, for
// four players in two teams, two players, and six in three teams, and
// hashes every position's Legal list, in order, and each game's round
// results and totals, against the digest the code had before Legal and
// Apply were made faster: Legal lists and scores must not change.
func TestReplayDigest(t *testing.T) {
	h := fnv.New64a()
	positions := 0
	var all []handfoot.Rules
	for _, r := range handfoot.Presets() {
		all = append(all, r, r.WithLayout(2, 2), r.WithLayout(6, 3))
	}
	for _, r := range all {
		for seed := uint64(1); seed <= 6; seed++ {
			s, err := handfoot.New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			s, n, err := conform.LegalDigest(h, s, rand.NewPCG(seed, 0xd16e), 2000, takeBackOnce)
			if err != nil {
				t.Fatalf("%v seed %d: %v", r.Name, seed, err)
			}
			positions += n
			_, _ = fmt.Fprintln(h, s.Results(), s.Totals())
		}
	}
	if got := h.Sum64(); got != replayDigest {
		t.Errorf("digest of %d positions = %#x, want %#x", positions, got, uint64(replayDigest))
	}
}

// takeBackOnce replaces a take-back a random player chose by the first
// legal action: a random player would take back for ever.
func takeBackOnce(legal []handfoot.Action, a handfoot.Action) handfoot.Action {
	if a.Kind() == handfoot.KindTakeBack && len(legal) > 1 {
		return legal[0]
	}
	return a
}
