package doublets

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// Determinize returns a State the View could be of, as every game's
// Determinize does: what the player does not see, the order of the stock,
// drawn from seed; the rest as the View shows it. A search player samples
// States so, one per seed, and plays each out without the sight of cards
// it may not know. The State's history starts at the View (Seq 0).
//
// A View no game gives (a card in two places, places that do not add up to
// the 52 cards with the stock, a position [FromPosition] refuses) is an
// error wrapping [ErrPosition].
func Determinize(v View, seed uint64) (State, error) {
	var seen [card.Kinds]bool
	mark := func(c card.Card) error {
		switch {
		case !c.IsValid() || c.IsJoker():
			return fail(ErrPosition, "the View shows "+c.String()+", not a card of the deck")
		case seen[c]:
			return fail(ErrPosition, "the View shows "+c.String()+" twice")
		}
		seen[c] = true
		return nil
	}
	placed := append(append([]card.Card(nil), v.Waste...), v.Foundation...)
	for _, c := range v.Reserve {
		if c != 0 { // 0: an empty slot
			placed = append(placed, c)
		}
	}
	for _, c := range placed {
		if err := mark(c); err != nil {
			return State{}, err
		}
	}
	var stock []card.Card
	for _, c := range card.All() {
		if !c.IsJoker() && !seen[c] {
			stock = append(stock, c)
		}
	}
	if len(stock) != v.StockSize {
		return State{}, fail(ErrPosition, "the View shows a stock of "+itoa(v.StockSize)+" cards, and "+itoa(len(stock))+" cards of the deck are elsewhere unseen")
	}
	rng := deck.NewRNG(seed)
	rng.Shuffle(stock)
	return FromPosition(Position{Rules: v.Rules, Stock: stock, Waste: v.Waste, Reserve: v.Reserve, Foundation: v.Foundation, Pass: v.Pass})
}
