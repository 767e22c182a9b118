package canasta

import (
	"math"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"

	"github.com/cardrules/cardrules/internal/family"
)

// Classic returns Classic Canasta for four players in two partnerships
// (seats 0 and 2 against 1 and 3). It has two decks and four jokers, and
// deals 11 cards each. A player draws one card. The first-meld minimum goes
// by the team's total (15/50/90/120). Going out takes one canasta. The
// partner is asked at the player's choice. The game is to 5000.
func Classic() Rules {
	return Rules{
		Name:    "classic",
		Players: 4, Teams: 2,
		Decks: 2, JokersPerDeck: 2,
		HandSize:     11,
		DrawCount:    1,
		Meld:         classicMeld(),
		Minimums:     classicMinimums(),
		GoOut:        1,
		AskPartner:   true,
		Values:       score.Uniform(classicValues()),
		NaturalBonus: 500, MixedBonus: 300,
		RedThreeBonus: 100, AllRedThreesBonus: 800,
		GoOutBonus: 100, ConcealedBonus: 200,
		Target: 5000,
	}
}

// TwoPlayer returns Canasta for two players: as [Classic], with 15 cards
// each, two cards drawn (one discarded) and two canastas to go out.
func TwoPlayer() Rules {
	r := Classic()
	r.Name = "two"
	r.Players, r.Teams = 2, 2
	r.HandSize, r.DrawCount, r.GoOut = 15, 2, 2
	r.AskPartner = false
	return r
}

// ThreePlayer returns plain three-handed Canasta, each player for
// themselves (three teams of one player): as [Classic], with 13 cards
// each, one card drawn and one discarded, and one canasta to go out. Each
// player's first-meld minimum comes from that player's own total, and each
// player scores alone. ([Cutthroat], where two play against a lone hand,
// is another game.)
func ThreePlayer() Rules {
	r := Classic()
	r.Name = "three"
	r.Players, r.Teams = 3, 3
	r.HandSize, r.DrawCount, r.GoOut = 13, 1, 1
	r.AskPartner = false
	return r
}

// Cutthroat returns Cutthroat Canasta, the three-player game as the
// Hoyle-derived rules give it: as [Classic], with 13 cards each, two cards
// drawn and one discarded, one canasta to go out (some tables play two:
// set GoOut), and a game to 7500. The first player to take the discard
// pile becomes the lone hand, and the other two play as partners from then
// on, combining their melds. One who goes out before anyone took the pile
// is the lone hand. Each player's first-meld minimum comes from that
// player's own total. A red three counts for its owner alone, plus or
// minus by whether the owner's side has melded. Each partner scores the
// partnership's total plus or minus their own red threes
// ([Rules.Cutthroat]).
// When the stock runs out, play ends with the discard of the player who
// drew its last card ([Rules.StockEnds]); if no one ever took the pile,
// each player scores alone.
func Cutthroat() Rules {
	r := ThreePlayer()
	r.Name = "cutthroat"
	r.DrawCount = 2
	r.Cutthroat, r.StockEnds = true, true
	r.Target = 7500
	return r
}

// classicMeld is Canasta's meld policy: three or more cards of a rank (ace
// and four to king, the family's [family.MeldRanks]), at least two natural and at most three wild, canastas
// of seven, and a meld of three or four black threes with no wild card for
// a player going out.
func classicMeld() meld.RankPolicy {
	return meld.RankPolicy{
		Ranks:          family.MeldRanks,
		MinSize:        3,
		MinNaturals:    2,
		MaxWilds:       3,
		Ratio:          meld.NoRatio,
		CanastaSize:    7,
		BlackThreesOut: true,
	}
}

// classicMinimums is the first-meld minimum by the team's total: 15 below
// 0, 50 from 0 to 1495, 90 from 1500 to 2995, 120 from 3000.
func classicMinimums() score.Bands {
	b, _ := score.NewBands(score.Band{From: math.MinInt, Minimum: 15}, score.Band{From: 0, Minimum: 50},
		score.Band{From: 1500, Minimum: 90}, score.Band{From: 3000, Minimum: 120})
	return b
}

// classicValues are Canasta's card values: joker 50, aces and twos 20,
// eight to king 10, four to seven 5, black threes 5; red threes 0 (they
// score as a bonus).
func classicValues() score.Table {
	return score.NewTable(func(c card.Card) int {
		switch r := c.Rank(); {
		case c == card.Joker:
			return 50
		case r == card.Ace || r == card.Two:
			return 20
		case r >= card.Eight:
			return 10
		case r >= card.Four:
			return 5
		case r == card.Three && c.IsBlack():
			return 5
		}
		return 0
	})
}
