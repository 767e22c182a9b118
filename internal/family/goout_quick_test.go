package family_test

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
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
		checkOutCase(t, c, &tb, tt.why, tt.hand, "quickOut", tb.QuickOut(c), tt.quick, tt.want)
	}
}

// The quick way's host of the wild cards may be a rank the hand holds too
// few of to lay alone, with a card of another rank discarded, or a meld of
// the side of a rank the hand does not hold. Canasta's meld rules, one
// canasta needed, and it is on the table (two, and none yet, in the
// last case). Each case is checked against the
// brute-force search too.
func TestQuickOutHosts(t *testing.T) {
	c := outConfig(false, family.Canastas{Dirty: 1}, 0)
	c.Meld = meld.RankPolicy{Ranks: meld.Ranks(card.Ace, 4, 5, 6, 7, 8, 9, 10, card.Jack, card.Queen, card.King),
		MinSize: 3, MinNaturals: 2, MaxWilds: 3, CanastaSize: 7}
	c.AnyCanasta = true
	canasta := "KC KC KD KD KH KH 2S"
	for _, tt := range []struct {
		why   string
		hand  string
		melds []string
		quick bool
	}{
		{"a pair of fours and a two, the eight discarded", "2C 4C 4C 8S", []string{canasta}, true},
		{"a pair of sixes and a two, a queen on the queens, the nine discarded", "2D 6C 6H 9S QH", []string{canasta, "QC QD QS"}, true},
		{"the joker on the queens, the jack discarded", "JC JK", []string{canasta, "QH QS QD"}, true},
		{"one wild card for two pairs", "2C 4C 4C 5S 5S", []string{canasta}, false},
		{"two canastas each a card short: whichever step is first, one card is left short of them",
			"JK 9C", []string{"QC QD QH QS QC QD", "9D 9H 9S 9C 9D 9H"}, false},
	} {
		c := c
		if len(tt.melds) == 2 && tt.melds[0][0] == 'Q' {
			less := *c
			less.GoOut.Dirty = 2
			c = &less
		}
		tb := outTable(t, c, true, tt.hand, tt.melds...)
		if got := tb.QuickOut(c); got != tt.quick {
			t.Errorf("%s (%s): quickOut = %v, want %v", tt.why, tt.hand, got, tt.quick)
		}
		search := searchOut(c, &tb, map[string]bool{})
		if got := tb.CanGoOut(c); got != search {
			t.Errorf("%s (%s): CanGoOut = %v, the search says %v", tt.why, tt.hand, got, search)
		}
		if tt.quick && !search {
			t.Errorf("%s (%s): quickOut finds a way out the search does not", tt.why, tt.hand)
		}
	}
}
