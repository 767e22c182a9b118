package family

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// MeldRanks are the ranks the canasta-family games meld in their presets:
// aces and four to king. Twos are wild, and threes are melded by no
// rank's rule (Canasta's black threes, laid only by a player going out,
// are a rule of their own).
var MeldRanks = meld.Ranks(card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight,
	card.Nine, card.Ten, card.Jack, card.Queen, card.King)
