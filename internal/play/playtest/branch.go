package playtest

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules"
)

// BenchBranch measures what branching costs: a search applies many
// actions to one State, a game played straight on applies one. It records
// a random game from deal (which must deal a fresh game each call, the
// same one every time) and runs three benchmarks on it:
//
//   - "deal": deal alone;
//   - "straight": deal, then every action of the game in turn, as a game
//     is played (each State applied to once, so its history is written
//     for the first time);
//   - "branch": every action of the game again, each applied to the State
//     it was first applied to, which is already played on, as a search's
//     later tries are.
//
// Each reports ns/action: for "straight", deal's time included. An
// action of "straight" costs ("straight" − "deal") per op, divided by the
// game's actions, which each op reports as the "actions" metric: count
// instructions so (with cachegrind) to compare the two.
func BenchBranch[S cardrules.State[S, A, V], A cardrules.Action, V any](b *testing.B, deal func() S, seed uint64) {
	s := deal()
	var states []S
	var actions []A
	pick := rand.NewPCG(seed, 1)
	var buf []A
	for !s.Over() {
		buf = s.AppendLegal(buf[:0])
		a := buf[pick.Uint64()%uint64(len(buf))]
		next, err := s.Apply(a)
		if err != nil {
			b.Fatal(err)
		}
		states, actions = append(states, s), append(actions, a)
		s = next
	}
	var sink S
	report := func(b *testing.B, per int) {
		b.ReportMetric(float64(len(actions)), "actions")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(per), "ns/action")
		_ = sink
	}
	b.Run("deal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink = deal()
		}
		report(b, 1)
	})
	// Both variants read the State they apply to from a slice and write
	// the State they get into one, so that they copy States alike: a
	// State read from a local variable is copied once into the call, one
	// read from a slice twice.
	b.Run("straight", func(b *testing.B) {
		b.ReportAllocs()
		line := make([]S, len(actions)+1)
		for b.Loop() {
			line[0] = deal()
			for i, a := range actions {
				line[i+1], _ = line[i].Apply(a)
			}
		}
		report(b, len(actions))
	})
	b.Run("branch", func(b *testing.B) {
		b.ReportAllocs()
		out := make([]S, len(actions))
		for b.Loop() {
			for i, a := range actions {
				out[i], _ = states[i].Apply(a)
			}
		}
		report(b, len(actions))
	})
}
