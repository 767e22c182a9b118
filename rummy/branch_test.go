package rummy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/rummy"
)

// A search applies many actions to one State. From any State already
// played on, an action that allocates nothing when a game is played
// straight on (a draw, a lay-off, a discard that does not end the round)
// allocates nothing either: the history's slot is shared. The first
// States after the deal are the ones this held least for, so every game
// checks them.
func TestBranchAllocatesNothing(t *testing.T) {
	var buf []rummy.Action
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := rummy.New(rummy.Basic(), seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.NewPCG(seed, 11)
		for n := 0; !s.Over() && n < 40; n++ {
			buf = rummy.AppendLegal(buf[:0], s)
			next, err := rummy.Apply(s, buf[pick.Uint64()%uint64(len(buf))])
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range buf {
				switch a.Kind() {
				case rummy.KindDrawStock, rummy.KindDrawPile, rummy.KindLayOff, rummy.KindDiscard:
				default:
					continue
				}
				var after rummy.State
				allocs := testing.AllocsPerRun(3, func() { after, _ = rummy.Apply(s, a) })
				if ph := after.Phase(); allocs != 0 && (ph == rummy.Drawing || ph == rummy.Playing) {
					t.Fatalf("seed %d, action %d: %v from a State played on allocates %v times", seed, n, a, allocs)
				}
			}
			s = next
		}
	}
}
