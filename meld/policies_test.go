package meld_test

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// The policies of the rule sets the tests play, built here from
// RankPolicy's fields: the package itself knows no game.

// meldableRanks are the ranks the canasta family melds in normal play: A
// and 4 to K.
var meldableRanks = meld.Ranks(card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight,
	card.Nine, card.Ten, card.Jack, card.Queen, card.King)

// handFootA is Hand and Foot rule set A: at least 3 cards, strictly more
// natural than wild cards, canastas of 7, and a red three may be laid on a
// completed clean canasta, locking it clean.
func handFootA() meld.RankPolicy {
	return meld.RankPolicy{
		Ranks:           meldableRanks,
		MinSize:         3,
		MinNaturals:     1,
		Ratio:           meld.MoreNatural,
		CanastaSize:     7,
		RedThreeOnClean: true,
	}
}

// handFootB is Hand and Foot rule set B: as A, but no red three on a meld,
// and a clean canasta closed at exactly 7 cards.
func handFootB() meld.RankPolicy {
	p := handFootA()
	p.RedThreeOnClean = false
	p.CleanClosed = true
	return p
}

// canastaPolicy is Classic Canasta: at least 3 cards, at least 2 natural, at
// most 3 wild, canastas of 7, and black threes as a set of 3 or 4 when going
// out.
func canastaPolicy() meld.RankPolicy {
	return meld.RankPolicy{
		Ranks:          meldableRanks,
		MinSize:        3,
		MinNaturals:    2,
		MaxWilds:       3,
		Ratio:          meld.NoRatio,
		CanastaSize:    7,
		BlackThreesOut: true,
	}
}
