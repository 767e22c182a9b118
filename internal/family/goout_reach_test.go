package family_test

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
)

// The bound counts clean and dirty canastas apart where each kind is
// needed: a clean canasta only from natural cards of one rank, on a meld
// with no wild card or a new one; a dirty one from a dirty canasta, a short
// meld holding wild cards, or a wild card of the hand. Each case is checked
// against the brute-force search too. Rule set A's meld policy.
func TestOutOfReachCanastasByKind(t *testing.T) {
	const (
		clean  = "KC KD KH KS KC KD KH" // a clean canasta
		dirty  = "QC QD QH QS 2C 2D JK" // a dirty one
		eights = "8C 8D 8H 8S 8C 8D"    // a clean meld one card short
		nines  = "9C 9D 9H 2S"          // a dirty meld three cards short
	)
	for _, tt := range []struct {
		why   string
		need  family.Canastas
		hand  string
		melds []string
		out   bool // outOfReach says no at once
		can   bool // CanGoOut
	}{
		{"an eight makes the second clean canasta", family.Canastas{Clean: 2, Dirty: 1}, "7C 7D 7H 8S", []string{clean, dirty, eights}, false, true},
		{"no eight: one clean canasta", family.Canastas{Clean: 2, Dirty: 1}, "7C 7D 7H 9S", []string{clean, dirty, eights}, true, false},
		{"a wild card cannot make a clean canasta", family.Canastas{Clean: 2, Dirty: 1}, "7C 7D 7H 2S", []string{clean, dirty, eights}, true, false},
		{"seven natural cards make a clean canasta in the hand", family.Canastas{Clean: 2, Dirty: 1}, "5C 5C 5D 5D 5H 5S 5S 4C", []string{clean, dirty}, false, true},
		{"six natural cards do not", family.Canastas{Clean: 2, Dirty: 1}, "5C 5C 5D 5D 5H 5S 4C", []string{clean, dirty}, true, false},
		{"natural cards make a dirty meld a canasta", family.Canastas{Clean: 1, Dirty: 2}, "9S 9S 9H 4C", []string{clean, dirty, nines}, false, true},
		{"no wild card and no dirty meld: one dirty canasta", family.Canastas{Clean: 1, Dirty: 2}, "9S 9S 9H 4C", []string{clean, dirty, "9C 9D 9H"}, true, false},
		{"a wild card turns a meld dirty", family.Canastas{Clean: 1, Dirty: 2}, "9S 9S 9H 9D 2C 4C", []string{clean, dirty, "9C 9D 9H"}, false, true},
		{"the other side's clean meld is not the side's", family.Canastas{Clean: 2, Dirty: 1}, "8S 7C 7D 7H", []string{clean, dirty, "/" + eights}, true, false},
		{"a clean canasta is not a dirty one", family.Canastas{Clean: 1, Dirty: 2}, "9S 4C", []string{clean, dirty, "9C 9D 9H 9S 9C 9D"}, true, false},
	} {
		c := outConfig(false, tt.need, 0)
		var own, other []string
		for _, m := range tt.melds {
			if m[0] == '/' {
				other = append(other, m[1:])
			} else {
				own = append(own, m)
			}
		}
		tb := outTable(t, c, true, tt.hand, own...)
		for _, cs := range other {
			m, err := c.Meld.New(card.MustParseCards(cs)...)
			if err != nil {
				t.Fatal(err)
			}
			tb.Melds = append(tb.Melds, family.TableMeld{Side: 1, M: m})
		}
		checkOutCase(t, c, &tb, tt.why, tt.hand, "outOfReach", tb.OutOfReach(c), tt.out, tt.can)
	}
}

// The bound is never stricter than the rules: on random positions under
// random policies, with the other side's melds among the side's, a hand it
// refuses cannot go out by the brute-force search, and CanGoOut agrees
// with the search. It must refuse some hands that get past the cheapest
// checks, or it would test little.
func TestOutOfReachNeverStricter(t *testing.T) {
	refused, late := 0, 0
	for run := range 5 {
		t.Run(fmt.Sprint(run), func(t *testing.T) { rapid.Check(t, neverStricter(&refused, &late)) })
	}
	if refused == 0 || late == 0 {
		t.Errorf("outOfReach refused %d hands, %d of four cards or more: the test tests little", refused, late)
	}
}

// neverStricter is one check of TestOutOfReachNeverStricter, counting the
// hands refused and those of four cards or more.
func neverStricter(refused, late *int) func(*rapid.T) {
	return func(t *rapid.T) {
		oc := drawOutCase(t)
		c, tb := oc.c, oc.t
		// The other side's melds: copies of the side's, and one of a rank
		// the hand holds.
		for i, tm := range oc.t.Melds {
			if rapid.Bool().Draw(t, fmt.Sprint("copy", i)) {
				tb.Melds = append(tb.Melds, family.TableMeld{Side: 1, M: tm.M})
			}
		}
		r := rapid.SampledFrom(outRanks).Draw(t, "otherRank")
		if n := c.Meld.CanastaSize; c.Meld.Fits(n, 0) {
			cs := make([]card.Card, n)
			for i := range cs {
				cs[i] = card.New(r, card.Suit(i%4+1))
			}
			if m, err := c.Meld.New(cs...); err == nil {
				at := rapid.IntRange(0, len(tb.Melds)).Draw(t, "otherAt")
				tb.Melds = append(tb.Melds[:at:at], append([]family.TableMeld{{Side: 1, M: m}}, tb.Melds[at:]...)...)
			}
		}
		search := searchOut(c, &tb, map[string]bool{})
		if tb.OutOfReach(c) {
			*refused++
			if search {
				t.Fatalf("outOfReach refuses a hand the search takes out\n%v", outCase{c, tb})
			}
			if tb.Hands[0].Len() >= 4 {
				*late++
			}
		}
		if got := tb.CanGoOut(c); got != search {
			t.Fatalf("CanGoOut = %v, the search says %v\n%v", got, search, outCase{c, tb})
		}
	}
}
