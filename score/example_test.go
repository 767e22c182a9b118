package score_test

import (
	"fmt"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// exampleValues gives the card values of the canasta family: joker 50, twos
// and aces 20, K to 8 10, 7 to 4 5, threes 0.
func exampleValues(c card.Card) int {
	switch r := c.Rank(); {
	case c == card.Joker:
		return 50
	case r == card.Ace, r == card.Two:
		return 20
	case r >= card.Eight:
		return 10
	case r >= card.Four:
		return 5
	}
	return 0
}

// Score the cards of a Hand and Foot team under rule set A at the end of a
// round: the melds on the table count for the team, the cards left in a
// partner's foot count against it (a black three -5 there).
func ExampleScheme_Tally() {
	values := score.NewTable(exampleValues)
	s := score.Scheme{Melded: values, Held: values.Negated().With(card.MustParse("3C"), -5)}

	melded, _ := card.MultisetOf(card.MustParseCards("KC KD KH KS KS 2C JK 7H 7D 7S")...)
	held, _ := card.MultisetOf(card.MustParseCards("3C AS 9D")...)

	t := s.Tally(melded, held)
	fmt.Println("on the table:", t.Melded)
	fmt.Println("in hand/foot:", t.Held)
	fmt.Println("cards total: ", t.Total())
	// Output:
	// on the table: 135
	// in hand/foot: -35
	// cards total:  100
}

// Look up the initial-meld minimum for a few team scores in Hand and Foot
// rule set A and in Canasta.
func ExampleBands_Minimum() {
	hf, _ := score.NewBands(score.Band{From: 0, Minimum: 50}, score.Band{From: 2501, Minimum: 90},
		score.Band{From: 5001, Minimum: 120}, score.Band{From: 7501, Minimum: 150})
	for _, s := range []int{-200, 2500, 2501, 7500, 7501} {
		fmt.Printf("Hand and Foot A, score %5d: meld %d\n", s, hf.Minimum(s))
	}
	c, _ := score.NewBands(score.Band{From: -1, Minimum: 15}, score.Band{From: 0, Minimum: 50},
		score.Band{From: 1500, Minimum: 90}, score.Band{From: 3000, Minimum: 120})
	for _, s := range []int{-5, 0, 1495, 1500, 3000} {
		fmt.Printf("Canasta,         score %5d: meld %d\n", s, c.Minimum(s))
	}
	// Output:
	// Hand and Foot A, score  -200: meld 50
	// Hand and Foot A, score  2500: meld 50
	// Hand and Foot A, score  2501: meld 90
	// Hand and Foot A, score  7500: meld 120
	// Hand and Foot A, score  7501: meld 150
	// Canasta,         score    -5: meld 15
	// Canasta,         score     0: meld 50
	// Canasta,         score  1495: meld 50
	// Canasta,         score  1500: meld 90
	// Canasta,         score  3000: meld 120
}

// A game explains a round's score as a Breakdown, in the order Hand and Foot
// rule set A scores it: canastas, then the cards melded, then the cards still
// in hand or foot.
func ExampleBreakdown() {
	values := score.NewTable(exampleValues)
	s := score.Scheme{Melded: values, Held: values.Negated()}
	melded, _ := card.MultisetOf(card.MustParseCards("KC KD KH KS KS KD KH 7H 7D 7S 2C")...)
	held, _ := card.MultisetOf(card.MustParseCards("4H 9D")...) // a partner's foot
	t := s.Tally(melded, held)

	b := score.Breakdown{
		{Item: "1 clean canasta", Points: 500},
		{Item: "red three on a clean canasta", Points: 100},
		{Item: "cards melded", Points: t.Melded},
		{Item: "cards in hand or foot", Points: t.Held},
		{Item: "going out", Points: 100},
	}
	fmt.Println(b)
	fmt.Println(b.Total())
	// Output:
	// 1 clean canasta               500
	// red three on a clean canasta  100
	// cards melded                  105
	// cards in hand or foot         -15
	// going out                     100
	// Total                         790
	// 790
}
