package conform

import (
	"math"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// The generators below draw the parts of a random table that the
// canasta-family games share, over ranges that take in the odd and the
// wrong: the game's Validate is the one to refuse what cannot be played.

// Names are names to give a table and its seats: empty, plain, long, with
// quotes and line breaks, and (the last) not UTF-8.
var Names = []string{"", "A", "house rules", "Zoë ♠", `quote " and \ slash`, "line\nbreak", strings.Repeat("x", 300), "\xff\xfe"}

// Changer draws a field's value: change reports whether to change field (one
// in four), num picks one of odd.
type Changer struct {
	R Rand
}

// Change reports whether to change field, one time in four.
func (c Changer) Change(field string) bool { return c.R.IntN(field, 4) == 3 }

// Num picks one of odd for field.
func (c Changer) Num(field string, odd ...int) int { return Pick(c.R, field, odd) }

// Bonus picks a bonus for field: plain ones, negative ones and huge ones.
func (c Changer) Bonus(field string) int {
	return c.Num(field, 0, 50, 100, 300, 500, 1000, -100, -500, 1<<30, -(1 << 30), math.MaxInt/4)
}

// RandomPolicy changes the fields of the meld policy p, each as c says.
func RandomPolicy(c Changer, p meld.RankPolicy) meld.RankPolicy {
	if c.Change("Ranks") {
		p.Ranks = 0
		for r := card.Ace; r <= card.King; r++ {
			if Bool(c.R, "rank"+r.String()) {
				p.Ranks = p.Ranks.With(r)
			}
		}
	}
	if c.Change("MinSize") {
		p.MinSize = c.Num("minSize", 1, 2, 4, 5, 7, 8, 0, -1)
	}
	if c.Change("MinNaturals") {
		p.MinNaturals = c.Num("minNaturals", 2, 3, 4, 7, 0, -1)
	}
	if c.Change("MaxWilds") {
		p.MaxWilds = c.Num("maxWilds", 1, 2, 3, 5, -1)
	}
	if c.Change("Ratio") {
		p.Ratio = meld.WildRatio(Range(c.R, "ratio", 0, 3))
	}
	if c.Change("CanastaSize") {
		p.CanastaSize = c.Num("canastaSize", 3, 4, 5, 6, 8, 9, 12, 50, 1, 0)
	}
	if c.Change("CleanClosed") {
		p.CleanClosed = !p.CleanClosed
	}
	if c.Change("RedThreeOnClean") {
		p.RedThreeOnClean = !p.RedThreeOnClean
	}
	if c.Change("BlackThreesOut") {
		p.BlackThreesOut = !p.BlackThreesOut
	}
	return p
}

// RandomBands draws a meld-minimum schedule: none, one to MaxBands bands
// (a ninth is refused) of rising starts, with minimums from nothing to
// more than any turn can lay; a negative minimum is refused by
// score.NewBands, which leaves the schedule empty.
func RandomBands(r Rand) score.Bands {
	n := Range(r, "bands", 0, score.MaxBands+1)
	bs := make([]score.Band, n)
	from := Pick(r, "firstFrom", []int{math.MinInt, -1000, 0, 1})
	for i := range bs {
		bs[i] = score.Band{From: from, Minimum: Pick(r, "minimum", []int{0, 15, 50, 90, 150, 500, 5000, 1_000_000, math.MaxInt, -1})}
		from = max(from, 0) + Pick(r, "step", []int{1, 2, 100, 2500, 1 << 30})
	}
	b, _ := score.NewBands(bs...)
	return b
}

// RandomTable draws card values: base (the game's own), its negation,
// zero, one value for every card, a value per rank from -50 to 50, or the
// extremes a Table holds.
func RandomTable(r Rand, field string, base score.Table) score.Table {
	switch Range(r, field+"Kind", 0, 4) {
	case 0:
		return base.Negated()
	case 1:
		return score.Table{}
	case 2:
		v := Pick(r, field+"Value", []int{1, -1, 100, score.MaxPoints, score.MinPoints})
		return score.NewTable(func(card.Card) int { return v })
	case 3:
		var perRank [card.King + 1]int
		for i := range perRank {
			perRank[i] = Range(r, field+"Rank", -50, 50)
		}
		joker := Range(r, field+"Joker", -50, 50)
		return score.NewTable(func(c card.Card) int {
			if c == card.Joker {
				return joker
			}
			return perRank[c.Rank()]
		})
	}
	return base
}

// RandomText builds the text of a possible action from words (good and
// bad) and the cards of hand.
func RandomText(r Rand, hand []card.Card, words []string) string {
	n := Range(r, "words", 0, 6)
	ws := make([]string, 0, n)
	for range n {
		if len(hand) > 0 && OneIn(r, "wordFromHand", 3) {
			ws = append(ws, Pick(r, "handWord", hand).String())
			continue
		}
		ws = append(ws, Pick(r, "word", words))
	}
	return strings.Join(ws, " ")
}
