package canasta_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/canasta"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random Classic games in turn, as a search player's
// play-outs do at every step.
func BenchmarkViewInto(b *testing.B) {
	var states []canasta.State
	var buf []canasta.Action
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := canasta.New(canasta.Classic(), seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 3))
		for !s.Over() {
			states = append(states, s)
			buf = canasta.AppendLegal(buf[:0], s)
			a := buf[pick.IntN(len(buf))]
			if a.Kind() == canasta.KindTakeBack && len(buf) > 1 {
				a = buf[0]
			}
			if s, err = canasta.Apply(s, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	var v canasta.View
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &states[i%len(states)]
		s.ViewInto(&v, s.ToAct())
		i++
	}
}
