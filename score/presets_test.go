package score_test

import (
	"math"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// The card values and meld-minimum schedules of the rule sets the tests
// count, built here from the package's API: the package itself knows no game.

// canastaFamilyTable gives the values the canasta family shares
// (exampleValues): joker 50, twos and aces 20, K to 8 10, 7 to 4 5, threes 0.
func canastaFamilyTable() score.Table { return score.NewTable(exampleValues) }

// withThrees returns t with the black threes worth black and the red threes
// worth red.
func withThrees(t score.Table, black, red int) score.Table {
	return t.
		With(card.New(card.Three, card.Clubs), black).
		With(card.New(card.Three, card.Spades), black).
		With(card.New(card.Three, card.Diamonds), red).
		With(card.New(card.Three, card.Hearts), red)
}

// handFootA is Hand and Foot rule set A: the family's values on the table,
// threes 0; negated in hand or foot, black three -5, red three -100.
func handFootA() score.Scheme {
	return score.Scheme{
		Melded: withThrees(canastaFamilyTable(), 0, 0),
		Held:   withThrees(canastaFamilyTable().Negated(), -5, -100),
	}
}

// handFootB is rule set A with a red three in hand or foot at -500.
func handFootB() score.Scheme {
	s := handFootA()
	s.Held = withThrees(s.Held, -5, -500)
	return s
}

// canastaScheme is Classic Canasta: the family's values, black three 5, red
// three 0 (red threes score by a bonus); Held is Melded negated.
func canastaScheme() score.Scheme {
	melded := withThrees(canastaFamilyTable(), 5, 0)
	return score.Scheme{Melded: melded, Held: melded.Negated()}
}

// rummyScheme is basic Rummy: ace 20, K Q J 10 10, 2 to 9 5, joker 0; Held
// is Melded negated.
func rummyScheme() score.Scheme {
	melded := score.NewTable(func(c card.Card) int {
		switch r := c.Rank(); {
		case c == card.Joker:
			return 0
		case r == card.Ace:
			return 20
		case r >= card.Ten:
			return 10
		}
		return 5
	})
	return score.Scheme{Melded: melded, Held: melded.Negated()}
}

// handFootABands is Hand and Foot rule set A's schedule: below 2501 -> 50,
// 2501 -> 90, 5001 -> 120, 7501 -> 150.
func handFootABands() score.Bands {
	return mustBands(score.Band{From: math.MinInt, Minimum: 50}, score.Band{From: 2501, Minimum: 90},
		score.Band{From: 5001, Minimum: 120}, score.Band{From: 7501, Minimum: 150})
}

// canastaBands is Classic Canasta's schedule: below 0 -> 15, 0 -> 50,
// 1500 -> 90, 3000 -> 120.
func canastaBands() score.Bands {
	return mustBands(score.Band{From: math.MinInt, Minimum: 15}, score.Band{From: 0, Minimum: 50},
		score.Band{From: 1500, Minimum: 90}, score.Band{From: 3000, Minimum: 120})
}

func mustBands(bs ...score.Band) score.Bands {
	b, err := score.NewBands(bs...)
	if err != nil {
		panic(err)
	}
	return b
}
