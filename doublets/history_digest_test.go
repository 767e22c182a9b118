package doublets_test

import (
	"encoding/json"
	"hash"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/internal/conform"
)

// historyDigest is the digest TestHistoryDigest finds: every Happened and
// Record of its random games. A change of it is a change of what the
// history tells: the work on how the history is kept must leave it alone.
const historyDigest = 0x6c69d890f6681358

// quickHistoryDigest is the digest the quick loop finds (no
// CARDRULES_FULL), which plays seeds 1 to 5 of each preset, not 1 to 12;
// the code that gives historyDigest gave it.
const quickHistoryDigest = 0xe3f8e8cdac6364e6

// hashHistory writes to h what s tells of its history: the Happened of
// the one seat (and of two seats that are not) from every point (before
// the start to past the end) and the Record.
func hashHistory(t *testing.T, h hash.Hash64, s doublets.State) {
	t.Helper()
	n := s.Seq()
	var sinces []int
	for since := -1; since <= n+1; since++ {
		sinces = append(sinces, since)
	}
	if err := conform.HistoryDigest(h, s, n, []int{-1, 0, 1}, sinces, doublets.State.Happened, doublets.State.Record); err != nil {
		t.Fatal(err)
	}
}

// TestHistoryDigest plays seeded random games of both presets and hashes
// what the history tells (see hashHistory) every few moves, at the end,
// after branching (two different moves applied to one State, each played
// on) and after a JSON round trip of the State (which keeps its Position,
// and so knows the moves from there on), against the digest of the code
// before the history log was made cheaper: Happened and Record must not
// change.
func TestHistoryDigest(t *testing.T) {
	h := fnv.New64a()
	var buf []doublets.Action
	seeds := uint64(5)
	if conform.Full() {
		seeds = 12
	}
	for _, r := range doublets.Presets() {
		for seed := uint64(1); seed <= seeds; seed++ {
			s, err := doublets.New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			pick := rand.NewPCG(seed, 0x10926)
			for step := 0; !s.Over(); step++ {
				buf = doublets.AppendLegal(buf[:0], s)
				if step%61 == 0 {
					hashHistory(t, h, s)
				}
				if step%37 == 5 && len(buf) > 1 {
					// Two branches from s, each played on a little.
					for _, a := range buf[:2] {
						b, err := doublets.Apply(s, a)
						if err != nil {
							t.Fatal(err)
						}
						for k := 0; k < 5 && !b.Over(); k++ {
							l := doublets.Legal(b)
							if b, err = doublets.Apply(b, l[k%len(l)]); err != nil {
								t.Fatal(err)
							}
						}
						hashHistory(t, h, b)
					}
				}
				if step%53 == 11 {
					// The State's JSON, loaded and played on.
					data, err := json.Marshal(s)
					if err != nil {
						t.Fatal(err)
					}
					var j doublets.State
					if err := json.Unmarshal(data, &j); err != nil {
						t.Fatal(err)
					}
					hashHistory(t, h, j)
					for k := 0; k < 3 && !j.Over(); k++ {
						if j, err = doublets.Apply(j, doublets.Legal(j)[0]); err != nil {
							t.Fatal(err)
						}
					}
					hashHistory(t, h, j)
				}
				if s, err = doublets.Apply(s, buf[pick.Uint64()%uint64(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
			hashHistory(t, h, s)
		}
	}
	want := uint64(quickHistoryDigest)
	if conform.Full() {
		want = historyDigest
	}
	if got := h.Sum64(); got != want {
		t.Errorf("digest = %#x, want %#x", got, want)
	}
}
