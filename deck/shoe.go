package deck

import (
	"fmt"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// Limits on the arguments of [Shoe]. They are far above any real game (Hand
// and Foot uses up to nine decks with two jokers each) and keep a mistaken
// argument from allocating without bound.
const (
	MaxDecks         = 50 // the most decks in one shoe: 50×4 jokers fit a card.Multiset
	MaxJokersPerDeck = 4  // the most jokers added per deck
)

// Shoe returns a new, unshuffled shoe of decks 52-card decks with
// jokersPerDeck jokers added to each: for each deck in turn, the 52 suited
// cards in ascending [card.Card] order (AC AD AH AS 2C ... KS), then that
// deck's jokers. Index 0 is the top card. The order is part of the API: a
// shuffle of this shoe with a given seed never changes.
//
// decks must be 1..[MaxDecks] and jokersPerDeck 0..[MaxJokersPerDeck];
// otherwise Shoe returns an error wrapping [ErrShoe] that names the bad value.
func Shoe(decks, jokersPerDeck int) ([]card.Card, error) {
	switch {
	case decks < 1:
		return nil, errs.New("deck", ErrShoe, fmt.Sprintf("%d decks: need at least 1", decks))
	case decks > MaxDecks:
		return nil, errs.New("deck", ErrShoe, fmt.Sprintf("%d decks: at most %d", decks, MaxDecks))
	case jokersPerDeck < 0:
		return nil, errs.New("deck", ErrShoe, fmt.Sprintf("%d jokers per deck: must not be negative", jokersPerDeck))
	case jokersPerDeck > MaxJokersPerDeck:
		return nil, errs.New("deck", ErrShoe, fmt.Sprintf("%d jokers per deck: at most %d", jokersPerDeck, MaxJokersPerDeck))
	}
	perDeck := 52 + jokersPerDeck
	shoe := make([]card.Card, 0, decks*perDeck)
	for range decks {
		for c := card.Card(1); c < card.Joker; c++ {
			shoe = append(shoe, c)
		}
		for range jokersPerDeck {
			shoe = append(shoe, card.Joker)
		}
	}
	return shoe, nil
}

// Shuffled returns a new shoe, as built by [Shoe], shuffled with
// NewRNG(seed): the same arguments give the same order, forever. It is the
// usual way to start a game from a seed. Errors are those of Shoe.
func Shuffled(decks, jokersPerDeck int, seed uint64) ([]card.Card, error) {
	shoe, err := Shoe(decks, jokersPerDeck)
	if err != nil {
		return nil, err
	}
	Shuffle(shoe, seed)
	return shoe, nil
}

// Shuffle shuffles cards in place with a new generator NewRNG(seed), so the
// same seed and the same input order always give the same output order. To
// shuffle again from where a generator left off (a reshuffle during play),
// keep an [RNG] and call [RNG.Shuffle] instead.
func Shuffle(cards []card.Card, seed uint64) {
	r := NewRNG(seed)
	r.Shuffle(cards)
}
