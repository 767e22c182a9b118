package family

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// Seen is what a seat's View in a game of the family shows that a
// Determinize reads the same way in every game: the table, the seat, the
// turn, the cards it places and how many cards are face down.
type Seen struct {
	Players, Teams int    // at the table, by the rules
	Decks, Jokers  int    // the shoe: decks and jokers per deck
	Shown          [2]int // players and teams the View lists
	Seat, Turn     int
	Round          int
	Drawing        bool        // the View is at the start of a turn
	Placed         []card.Card // every card the View shows: hand, melds, upcard...
	FaceDown       int         // the cards the seat cannot see
}

// Unseen checks s and returns the cards of the shoe the View does not
// place, shuffled by rng, and "" — or nil and what is wrong with the View.
// A View of the start of a turn (Drawing) is the only one a Determinize
// samples: in the middle of a turn a View does not say which melds the
// turn laid, which the player may still take back.
func (s Seen) Unseen(rng *deck.RNG) ([]card.Card, string) {
	itoa := strconv.Itoa
	switch {
	case !s.Drawing:
		return nil, "Determinize samples the start of a turn (Drawing), when the View says all a position holds"
	case s.Players < 1 || s.Shown != [2]int{s.Players, s.Teams}:
		return nil, "the View shows " + itoa(s.Shown[0]) + " players and " + itoa(s.Shown[1]) + " teams for a table of " +
			itoa(s.Players) + " and " + itoa(s.Teams)
	case s.Seat < 0 || s.Seat >= s.Players || s.Turn < 0 || s.Turn >= s.Players || s.Round < 1:
		return nil, "the View is for seat " + itoa(s.Seat) + ", with seat " + itoa(s.Turn) + " to play, in round " + itoa(s.Round)
	}
	shoe, err := deck.Shoe(s.Decks, s.Jokers)
	var unseen, placed card.Multiset
	if err != nil || unseen.AddCards(shoe) != nil {
		return nil, "the rules' shoe cannot be made"
	}
	if placed.AddCards(s.Placed) != nil || unseen.RemoveAll(placed) != nil {
		return nil, "the View places cards the shoe does not hold"
	}
	if unseen.Len() != s.FaceDown {
		return nil, "the View's counts do not add up: " + itoa(unseen.Len()) + " cards unseen for " + itoa(s.FaceDown) + " face down"
	}
	cards := unseen.Cards()
	rng.Shuffle(cards)
	return cards, ""
}

// StockOut is what is wrong with a position at the start of a turn in
// which the stock is empty and the player cannot take the pile: the round
// would be over.
const StockOut = "the stock is empty and the player cannot take the pile: the round is over"

// ResampleTries is the most deals [Resample] tries.
const ResampleTries = 10_000

// Resample returns the State deal builds from the unseen cards, shuffled
// anew by rng while the State is refused only for [StockOut]. A View of a
// turn that begins with the stock empty says the player to draw can take
// the pile (else the round would be over), which a deal of that player's
// hidden hand may not grant; every other refusal comes back at once, as
// does the last after ResampleTries deals. deal gets its own copy of the
// cards each time.
func Resample[S any](rng *deck.RNG, cards []card.Card, deal func([]card.Card) (S, error)) (S, error) {
	for try := 1; ; try++ {
		s, err := deal(slices.Clone(cards))
		if err == nil || try == ResampleTries || !strings.HasSuffix(err.Error(), StockOut) {
			return s, err
		}
		rng.Shuffle(cards)
	}
}
