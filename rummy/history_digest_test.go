package rummy_test

import (
	"encoding/json"
	"hash"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/rummy"
)

// historyDigest is the digest TestHistoryDigest finds: every Happened and
// Record of its random games. A change of it is a change of what the
// history tells: the work on how the history is kept must leave it alone.
const historyDigest = 0xe9b00b132b67f12

// quickHistoryDigest is the digest the quick loop finds (no
// CARDRULES_FULL), which plays one whole game, not two, and branches and
// reads the State's JSON half as often; the code that gives historyDigest
// gave it.
const quickHistoryDigest = 0x15eb1abce64fbfd9

// hashHistory writes to h what s tells of its history: the Happened of
// every seat (and of two seats that are not) from several points (before
// the start, the start, the middle, the last actions, the end, past the
// end) and the Record; with full false, only the last actions' Happened.
func hashHistory(t *testing.T, h hash.Hash64, s rummy.State, full bool) {
	t.Helper()
	n := s.Seq()
	sinces := []int{n - 5, n - 1, n, n + 1}
	record := rummy.State.Record
	if full {
		sinces = append(sinces, -1, 0, n/2)
	} else {
		record = nil
	}
	var seats []int
	for seat := -1; seat <= s.Rules().Players; seat++ {
		seats = append(seats, seat)
	}
	if err := conform.HistoryDigest(h, s, n, seats, sinces, rummy.State.Happened, record); err != nil {
		t.Fatal(err)
	}
}

// TestHistoryDigest plays seeded random games (two to six players, one
// round and whole games) and hashes what the history tells (see
// hashHistory) every few actions, at the end, after branching (two
// different actions applied to one State, each played on) and after a
// JSON round trip of the State (which keeps its Position, and so knows
// the actions from there on), against the digest of the code before the
// history log was made cheaper: Happened and Record must not change.
func TestHistoryDigest(t *testing.T) {
	h := fnv.New64a()
	var buf []rummy.Action
	branch, trip := 401, 307 // the steps between branchings, and between JSON round trips
	if !conform.Full() {
		branch, trip = 2*branch, 2*trip
	}
	for players := 2; players <= 6; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			r := rummy.Basic()
			r.Players = players
			if seed == 3 {
				if players != 2 && (players != 4 || !conform.Full()) {
					continue // the quick loop plays one whole game, of two players
				}
				r.Rounds, r.Target = 0, 100 // a whole game, many rounds
			}
			s, err := rummy.New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			pick := rand.NewPCG(seed, uint64(players))
			for step := 0; !s.Over(); step++ {
				buf = rummy.AppendLegal(buf[:0], s)
				if step%29 == 0 {
					hashHistory(t, h, s, step%997 == 0)
				}
				if step%branch == 7 && len(buf) > 1 {
					// Two branches from s, each played on a little.
					for _, a := range buf[:2] {
						b, err := rummy.Apply(s, a)
						if err != nil {
							t.Fatal(err)
						}
						for k := 0; k < 5 && !b.Over(); k++ {
							l := rummy.Legal(b)
							if b, err = rummy.Apply(b, l[k%len(l)]); err != nil {
								t.Fatal(err)
							}
						}
						hashHistory(t, h, b, true)
					}
				}
				if step%trip == 11 {
					// The State's JSON, loaded and played on.
					data, err := json.Marshal(s)
					if err != nil {
						t.Fatal(err)
					}
					var j rummy.State
					if err := json.Unmarshal(data, &j); err != nil {
						t.Fatal(err)
					}
					hashHistory(t, h, j, true)
					for k := 0; k < 3 && !j.Over(); k++ {
						if j, err = rummy.Apply(j, rummy.Legal(j)[0]); err != nil {
							t.Fatal(err)
						}
					}
					hashHistory(t, h, j, true)
				}
				if s, err = rummy.Apply(s, buf[pick.Uint64()%uint64(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
			hashHistory(t, h, s, true)
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
