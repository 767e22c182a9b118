package canasta_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/conform"
)

// replayDigest is the digest TestReplayDigest finds: every Legal list and
// every score of its random games. A change of it is a change of
// behaviour: the speed work on Legal and Apply must leave it alone.
//
// It was 0x663c541eddd618f9, then 0x18d68388942ef7e3 while a take closed
// the going-out question. With the take the draw again it is
// 0x663c541eddd618f9 once more if the melds laid for the first melds
// close the question; they are laid to take the pile and leave it open,
// which changes the Legal lists after such takes, and the paths from them.
const replayDigest = 0xf13ff839da5beb64

// TestReplayDigest plays seeded random games under every preset and
// hashes every position's Legal list, in order, and each game's round
// results and totals, against the digest the code had before Legal and
// Apply were made faster: Legal lists and scores must not change.
func TestReplayDigest(t *testing.T) {
	h := fnv.New64a()
	positions := 0
	for _, r := range canasta.Presets() {
		for seed := uint64(1); seed <= 8; seed++ {
			s, err := canasta.New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			s, n, err := conform.LegalDigest(h, s, rand.NewPCG(seed, 0xd16e), 3000, takeBackOnce)
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
func takeBackOnce(legal []canasta.Action, a canasta.Action) canasta.Action {
	if a.Kind() == canasta.KindTakeBack && len(legal) > 1 {
		return legal[0]
	}
	return a
}
