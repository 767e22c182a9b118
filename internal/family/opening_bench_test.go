package family_test

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// BenchmarkBestOpening values the opening of an eleven-card hand under
// rule sets A and B, with and without the pile's upcard, and of longer
// hands of one rank, where a second meld of it may count.
func BenchmarkBestOpening(b *testing.B) {
	a, bb := handfoot.RulesA(), handfoot.RulesB()
	capped := a.Meld
	capped.MaxWilds = 3 // a house rule: at most three wild cards a meld
	for _, tc := range []struct {
		name   string
		p      meld.RankPolicy
		v      score.Table
		hand   string
		upcard string
	}{
		{"A/hand", a.Meld, a.Values.Melded, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", ""},
		{"A/take", a.Meld, a.Values.Melded, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", "9S"},
		{"B/take", bb.Meld, bb.Values.Melded, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", "9S"},
		{"B/aces", bb.Meld, bb.Values.Melded, "AC AC AC AC AD AD AD AH AH AH AS AS AS", "AS"},
		{"maxwilds/take", capped, a.Values.Melded, "KC KD KH KS KC KD 2C 2D JK JK 5C", "KH"},
	} {
		hand := ms(b, tc.hand)
		var up card.Card
		if tc.upcard != "" {
			up = card.MustParse(tc.upcard)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				family.BestOpening(tc.p, true, tc.v, hand, up, 2)
			}
		})
	}
}
