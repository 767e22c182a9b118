package family_test

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/score"
)

func TestBestOpening(t *testing.T) {
	a, v := handfoot.RulesA().Meld, handfoot.RulesA().Values.Melded // the presets of rule set A
	second := handfoot.RulesA().SecondMeld
	hand := func(s string) card.Multiset {
		m, err := card.MultisetOf(card.MustParseCards(s)...)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	tests := []struct {
		name   string
		hand   string
		upcard string
		pair   int
		want   int
	}{
		{"nothing meldable", "4C 6D 8H 10S QC", "", 0, 0},
		{"one natural meld", "KC KD KH 4C", "", 0, 30},
		{"a pair needs a wild", "KC KD 2C 4C", "", 0, 40},
		{"a single cannot take two wilds", "KC 2C 2D", "", 0, 0},
		{"jokers go where they fit", "KC KD KH KS JK JK JK 2C", "", 0, 40 + 150},
		{"the wild count is bounded by the ratio", "5C 5D 5H JK JK JK", "", 0, 15 + 100},
		{"two ranks share the wilds", "5C 5D 9C 9D JK 2C", "", 0, 10 + 20 + 50 + 20},
		{"the pile's meld is forced", "KC KD 4C 4D 4H", "KH", 2, 30 + 15},
		{"the forced meld needs its pair", "KC 4C 4D 4H", "KH", 2, -1},
		{"a wild makes the forced pair a meld", "KC KD JK", "KH", 2, 30 + 50},
	}
	for _, tt := range tests {
		var up card.Card
		if tt.upcard != "" {
			up = card.MustParse(tt.upcard)
		}
		if got := family.BestOpening(a, second, v, hand(tt.hand), up, tt.pair); got != tt.want {
			t.Errorf("%s: family.BestOpening(%s, upcard %s) = %d, want %d", tt.name, tt.hand, tt.upcard, got, tt.want)
		}
	}
}

// Where the suits of a rank are worth different points and the meld rules
// cap the natural cards a meld may take, BestOpening lays the most
// valuable of them: here a clean meld closes at three cards, and the
// seven of spades is worth 50.
func TestBestOpeningValuableSuitFirst(t *testing.T) {
	p := handfoot.RulesA().Meld
	p.CanastaSize, p.CleanClosed = 3, true
	v := score.NewTable(func(c card.Card) int {
		if c == card.New(card.Seven, card.Spades) {
			return 50
		}
		return 5
	})
	hand, err := card.MultisetOf(card.MustParseCards("7C 7D 7H 7S")...)
	if err != nil {
		t.Fatal(err)
	}
	if got := family.BestOpening(p, false, v, hand, 0, 0); got != 60 {
		t.Errorf("BestOpening(7C 7D 7H 7S, 7S worth 50, closed at 3) = %d, want 60 (7S and two others)", got)
	}
}
