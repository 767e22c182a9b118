package playtest

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules"
)

// BenchViewInto measures what showing a View costs, as a search's
// play-outs show each player its View at every step: one op fills one
// View, that of the seat to act, over the positions of random games in
// turn. deal deals the game of a seed; games are seeds 1 to games, each
// played by random legal actions for at most 5,000 actions.
func BenchViewInto[S cardrules.State[S, A, V], A cardrules.Action, V any](b *testing.B, deal func(seed uint64) (S, error), games int) {
	var states []S
	var buf []A
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, err := deal(seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 3))
		for n := 0; !s.Over() && n < 5000; n++ {
			states = append(states, s)
			buf = s.AppendLegal(buf[:0])
			if s, err = s.Apply(buf[pick.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	var v V
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(states)
		states[k].ViewInto(&v, max(states[k].ToAct(), 0))
		i++
	}
}
