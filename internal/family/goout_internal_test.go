package family

import (
	"testing"

	"github.com/cardrules/cardrules/meld"
)

// fitRange is RankPolicy.Fits as an interval of natural cards, for every
// small policy Check accepts.
func TestFitRangeIsFits(t *testing.T) {
	p := meld.RankPolicy{Ranks: meld.Ranks(4, 5, 6)}
	for p.MinSize = 1; p.MinSize <= 6; p.MinSize++ {
		for p.MinNaturals = 1; p.MinNaturals <= 3; p.MinNaturals++ {
			for p.MaxWilds = 0; p.MaxWilds <= 3; p.MaxWilds++ {
				for p.Ratio = meld.NoRatio; p.Ratio <= meld.AtLeastAsMany; p.Ratio++ {
					for p.CanastaSize = 1; p.CanastaSize <= 8; p.CanastaSize++ {
						for _, p.CleanClosed = range []bool{false, true} {
							if p.Check() == nil {
								checkFitRange(t, p)
							}
						}
					}
				}
			}
		}
	}
}

func checkFitRange(t *testing.T, p meld.RankPolicy) {
	t.Helper()
	for w := range 8 {
		lo, hi, ok := fitRange(p, w)
		for n := range 20 {
			if in := ok && n >= lo && (hi < 0 || n <= hi); in != p.Fits(n, w) {
				t.Fatalf("%+v: Fits(%d, %d) = %v, fitRange says [%d, %d] %v", p, n, w, p.Fits(n, w), lo, hi, ok)
			}
		}
	}
}
