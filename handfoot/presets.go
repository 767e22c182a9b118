package handfoot

import (
	"math"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// meldRanks are the ranks Hand and Foot melds: the family's, aces and four
// to king. Twos are wild and threes are never melded. (Rule set A's list
// of ranks leaves out tens; that is read as a slip, and tens are melded.)
var meldRanks = family.MeldRanks

// meldA is the meld policy of rule set A: at least three cards, strictly
// more natural than wild cards in every meld at every moment, canastas of
// seven, and a red three may be laid on a completed clean canasta, which it
// then keeps clean for good.
func meldA() meld.RankPolicy {
	return meld.RankPolicy{
		Ranks:           meldRanks,
		MinSize:         3,
		MinNaturals:     1, // the ratio asks for more: 2 of 3 cards, 3 of 5
		Ratio:           meld.MoreNatural,
		CanastaSize:     7,
		RedThreeOnClean: true,
	}
}

// meldB is the meld policy of rule set B: as A, but threes are never laid
// anywhere and a clean canasta is closed at exactly seven cards (a dirty
// canasta has no limit).
func meldB() meld.RankPolicy {
	p := meldA()
	p.RedThreeOnClean = false
	p.CleanClosed = true
	return p
}

// valuesA are the card values of rule set A. On the table: joker 50, twos
// and aces 20, eight to king 10, four to seven 5, threes 0. In hand or foot
// at the end of a round the same values count against the team, with a
// black three -5 and a red three -100. (A red three laid on a clean canasta
// scores a bonus, [Rules].RedThreeBonus, not a card value.)
func valuesA() score.Scheme {
	on := tableValues()
	held := on.Negated().With(black3C, -5).With(black3S, -5).With(red3D, -100).With(red3H, -100)
	return score.Scheme{Melded: on, Held: held}
}

// valuesB are the card values of rule set B: as A, but a red three left in
// hand or foot counts -500.
func valuesB() score.Scheme {
	s := valuesA()
	s.Held = s.Held.With(red3D, -500).With(red3H, -500)
	return s
}

var (
	black3C = card.New(card.Three, card.Clubs)
	black3S = card.New(card.Three, card.Spades)
	red3D   = card.New(card.Three, card.Diamonds)
	red3H   = card.New(card.Three, card.Hearts)
)

// tableValues returns the canasta family's card values with threes 0:
// joker 50, twos and aces 20, eight to king 10, four to seven 5.
func tableValues() score.Table {
	return score.NewTable(func(c card.Card) int {
		switch r := c.Rank(); {
		case c == card.Joker:
			return 50
		case r == card.Two || r == card.Ace:
			return 20
		case r == card.Three:
			return 0
		case r >= card.Eight:
			return 10
		}
		return 5
	})
}

// minimumsA is rule set A's first-meld minimum by the team's total score:
// 50 up to 2500 (and for negative totals), 90 up to 5000, 120 up to 7500,
// 150 above.
func minimumsA() score.Bands {
	b, _ := score.NewBands(
		score.Band{From: math.MinInt, Minimum: 50},
		score.Band{From: 2501, Minimum: 90},
		score.Band{From: 5001, Minimum: 120},
		score.Band{From: 7501, Minimum: 150},
	)
	return b
}

// minimumsB is rule set B's first-meld minimum by round: 50 in the first,
// 90 in the second, 120 in the third, 150 in the fourth.
func minimumsB() score.Bands {
	b, _ := score.NewBands(
		score.Band{From: 1, Minimum: 50},
		score.Band{From: 2, Minimum: 90},
		score.Band{From: 3, Minimum: 120},
		score.Band{From: 4, Minimum: 150},
	)
	return b
}
