package handfoot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random four-player games of rule set A in turn, as a
// search player's play-outs do at every step.
func BenchmarkViewInto(b *testing.B) {
	var states []handfoot.State
	var buf []handfoot.Action
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := handfoot.New(handfoot.RulesA(), seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(seed, 3))
		for !s.Over() {
			states = append(states, s)
			buf = handfoot.AppendLegal(buf[:0], s)
			if s, err = handfoot.Apply(s, buf[pick.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
	}
	var v handfoot.View
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &states[i%len(states)]
		s.ViewInto(&v, s.ToAct())
		i++
	}
}
