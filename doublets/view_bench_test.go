package doublets_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/doublets"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random deals in turn, as a search player's play-outs
// do at every step.
func BenchmarkViewInto(b *testing.B) {
	var states []doublets.State
	var buf []doublets.Action
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := doublets.New(doublets.Aisleriot(), seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 3))
		for !s.Over() {
			states = append(states, s)
			buf = doublets.AppendLegal(buf[:0], s)
			if s, err = doublets.Apply(s, buf[pick.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	var v doublets.View
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &states[i%len(states)]
		s.ViewInto(&v, s.ToAct())
		i++
	}
}
