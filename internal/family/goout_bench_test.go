package family_test

import (
	"testing"

	"github.com/cardrules/cardrules/internal/family"
)

// BenchmarkCanGoOut decides going out for rule set A's policy: a question
// the bound on canastas answers, and three the programs answer.
func BenchmarkCanGoOut(b *testing.B) {
	for _, tc := range []struct {
		name  string
		need  family.Canastas
		hand  string
		melds []string
	}{
		{"pruned", family.Canastas{Clean: 2, Dirty: 2}, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "AC AD AH"}},
		{"foot11", family.Canastas{Clean: 1, Dirty: 1}, "7S 7H 9C 9D 9H QC QD 2S JK 4C 5D", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "AC AD AH"}},
		{"foot5", family.Canastas{Clean: 1, Dirty: 1}, "7S 7H 9C 2S 4C", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "9C 9D 9H"}},
		{"out", family.Canastas{Clean: 1, Dirty: 1}, "7S 7H 9C 2S 9S", []string{"7C 7D 7H 7S 7C", "KC KD KH KS 2C 2D JK", "9C 9D 9H"}},
	} {
		c := outConfig(false, tc.need, 0)
		tb := outTable(b, c, true, tc.hand, tc.melds...)
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				tb.CanGoOut(c)
			}
		})
	}
}
