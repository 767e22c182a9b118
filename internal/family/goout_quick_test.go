package family_test

import (
	"testing"

	"github.com/cardrules/cardrules/internal/family"
)

// The quick way lays a hand's red threes first, on a clean canasta of the
// side that then takes no wild card. Each case is checked against the
// brute-force search too. Rule set A's meld policy.
func TestQuickOutLaysRedThrees(t *testing.T) {
	const (
		clean = "KC KD KH KS KC KD KH"
		dirty = "QC QD QH QS 2C 2D JK"
	)
	for _, tt := range []struct {
		why         string
		need        family.Canastas
		hand        string
		melds       []string
		quick, want bool
	}{
		{"two red threes on the kings, sevens laid, a four discarded", family.Canastas{Clean: 1, Dirty: 1},
			"3H 3D 7C 7D 7H 4C", []string{clean, dirty}, true, true},
		{"a red three on the kings, a wild card with the queens", family.Canastas{Clean: 1, Dirty: 1},
			"3H 7C 7D 7H 2S 4C", []string{clean, dirty}, true, true},
		{"no clean canasta for the red three", family.Canastas{Dirty: 2},
			"3H 7C 7D 7H 4C", []string{"KC KD KH KS KC KD 2H", dirty}, false, false},
		{"the kings would need the wild card the red three locks out", family.Canastas{Dirty: 2},
			"3H 2C 5C 5D 5H 4C", []string{clean, dirty}, false, false},
	} {
		c := outConfig(false, tt.need, 0)
		tb := outTable(t, c, true, tt.hand, tt.melds...)
		if got := tb.QuickOut(c); got != tt.quick {
			t.Errorf("%s (%s): quickOut = %v, want %v", tt.why, tt.hand, got, tt.quick)
		}
		if got := tb.CanGoOut(c); got != tt.want {
			t.Errorf("%s (%s): CanGoOut = %v, want %v", tt.why, tt.hand, got, tt.want)
		}
		if search := searchOut(c, &tb, map[string]bool{}); search != tt.want {
			t.Errorf("%s (%s): the search says %v, the case %v", tt.why, tt.hand, search, tt.want)
		}
	}
}
