package doublets_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/doublets"
)

// A search applies many actions to one State. From any State already
// played on, every action allocates nothing, as when a game is played
// straight on: the history's slot is shared. The first States after the
// deal are the ones this held least for, so every game checks them.
func TestBranchAllocatesNothing(t *testing.T) {
	var buf []doublets.Action
	for seed := uint64(1); seed <= 6; seed++ {
		s, err := doublets.New(doublets.Aisleriot(), seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.NewPCG(seed, 11)
		for n := 0; !s.Over() && n < 40; n++ {
			buf = doublets.AppendLegal(buf[:0], s)
			next, err := doublets.Apply(s, buf[pick.Uint64()%uint64(len(buf))])
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range buf {
				if allocs := testing.AllocsPerRun(3, func() { sink, _ = doublets.Apply(s, a) }); allocs != 0 {
					t.Fatalf("seed %d, action %d: %v from a State played on allocates %v times", seed, n, a, allocs)
				}
			}
			s = next
		}
	}
}

var sink doublets.State
