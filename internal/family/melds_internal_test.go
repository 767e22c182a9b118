package family

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// The melds found as bit sets (sideMelds, rankMelds, and meldIndex built on
// them) are the melds a plain walk finds, on tables of up to 80 melds:
// past 64, where the sets stop and the walk takes over, too.
func TestMeldSetsMatchWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var tb Table
		for range rng.IntN(81) {
			r := card.Rank(4 + rng.IntN(3))
			m, err := meld.Collect([]card.Card{card.New(r, card.Clubs), card.New(r, card.Hearts), card.New(r, card.Spades)})
			if err != nil {
				t.Fatal(err)
			}
			tb.Melds = append(tb.Melds, TableMeld{Side: uint8(rng.IntN(2)), M: m})
		}
		for side := range 2 {
			var mine uint64
			for i, tm := range tb.Melds {
				if int(tm.Side) == side && i < 64 {
					mine |= 1 << i
				}
			}
			if got := sideMelds(tb.Melds, side); got != mine {
				t.Fatalf("sideMelds(%d) = %#x, want %#x", side, got, mine)
			}
			for r := card.Rank(3); r <= 7; r++ {
				var ms uint64
				n := 0
				for i, tm := range tb.Melds {
					if int(tm.Side) != side || tm.M.Rank() != r {
						continue
					}
					if i < 64 {
						ms |= 1 << i
					}
					if got := tb.meldIndex(side, Ref{Rank: r, Index: n}); got != i {
						t.Fatalf("%d melds: meldIndex(%d, %v #%d) = %d, want %d", len(tb.Melds), side, r, n, got, i)
					}
					n++
				}
				if got := rankMelds(tb.Melds, side, r); got != ms {
					t.Fatalf("rankMelds(%d, %v) = %#x, want %#x", side, r, got, ms)
				}
				for _, idx := range []int{-1, n, n + 1} {
					if got := tb.meldIndex(side, Ref{Rank: r, Index: idx}); got != -1 {
						t.Fatalf("meldIndex(%d, %v #%d) = %d, want -1", side, r, idx, got)
					}
				}
			}
		}
	}
}
