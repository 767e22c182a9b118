package rummy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/rummy"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random two-player games in turn, as a search player's
// play-outs do at every step.
func BenchmarkViewInto(b *testing.B) {
	var states []rummy.State
	var buf []rummy.Action
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := rummy.New(rummy.Basic(), seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 3))
		for !s.Over() {
			states = append(states, s)
			buf = rummy.AppendLegal(buf[:0], s)
			if s, err = rummy.Apply(s, buf[pick.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	var v rummy.View
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &states[i%len(states)]
		s.ViewInto(&v, s.ToAct())
		i++
	}
}
