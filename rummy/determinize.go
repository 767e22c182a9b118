package rummy

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// Determinize returns a whole State that the seat of v could be playing:
// one whose View for that seat is v. Everything the seat sees is kept as
// it is: its hand, the melds and who laid them, the pile, the cards each
// player drew from the pile and still holds, how many cards each hand and
// the stock hold, and the scores. The cards it cannot see are dealt at
// random, from seed, out of the cards v does not place. They are the rest
// of the other hands, and the stock in its order. The generator of later
// reshuffles is drawn from seed too, since no player can know it.
//
// A search-based computer player samples the games it may be in with it
// (information-set Monte Carlo tree search calls this resampling from the
// information state): each sample is a State to search as if every card
// were known. How many turns the round has had is not in a View; the State
// counts them from the stock's rebuilds (each turn rebuilds it at most
// once), which only moves the bound of [MaxTurns] turns.
//
// It samples rounds in play: once a round is over its hands are scored
// and no play is left that the hidden cards could change, and a View then
// returns an error. So does a View that no game gives — counts that do not
// add up to the deck, a hand smaller than the cards known in it or larger
// than the deck, cards in two places, a position [FromPosition] refuses.
// Each wraps [ErrPosition].
func Determinize(v View, seed uint64) (State, error) {
	n := len(v.Players)
	switch {
	case v.Phase != Drawing && v.Phase != Playing:
		return State{}, fail(ErrPosition, "the View is of a round over ("+v.Phase.String()+"): Determinize samples rounds in play")
	case n != v.Rules.Players || n < MinPlayers || n > MaxPlayers:
		return State{}, fail(ErrPosition, "the View shows "+itoa(n)+" players for a table of "+itoa(v.Rules.Players))
	case v.Seat < 0 || v.Seat >= n:
		return State{}, fail(ErrPosition, "the View is for seat "+itoa(v.Seat)+" at a table of "+itoa(n))
	}
	// placed is every card the View places: the seat's hand, the cards
	// the others drew from the pile, the melds, the pile.
	var placed set
	place := func(cs []card.Card) {
		for _, c := range cs {
			placed |= bit(c)
		}
	}
	place(v.Hand.Cards())
	place(v.Pile)
	for _, m := range v.Melds {
		place(m.Meld.Cards())
	}
	hidden := 0
	for seat, pl := range v.Players {
		if seat != v.Seat {
			if pl.Hand < len(pl.Known) || pl.Hand > 52 {
				return State{}, fail(ErrPosition, "the View shows seat "+itoa(seat)+" holding "+itoa(pl.Hand)+
					" cards: fewer than the "+itoa(len(pl.Known))+" it is known to hold, or more than the deck")
			}
			place(pl.Known)
			hidden += pl.Hand - len(pl.Known)
		}
	}
	unseen := (full &^ placed).cards()
	if len(unseen) != hidden+v.StockSize || v.StockSize < 0 || v.StockSize > 52 {
		return State{}, fail(ErrPosition, "the View's counts do not add up: "+itoa(len(unseen))+" cards unseen for "+
			itoa(hidden)+" in the other hands and "+itoa(v.StockSize)+" in the stock")
	}
	rng := deck.NewRNG(seed)
	rng.Shuffle(unseen)
	p := Position{
		Rules: v.Rules, Round: v.Round, Phase: v.Phase, Turn: v.Turn,
		Hands: make([][]card.Card, n), Laid: make([][]card.Card, n), Known: make([][]card.Card, n),
		Melds: v.Melds, Pile: v.Pile, Taken: v.Taken, Rebuilds: v.Rebuilds, Turns: v.Rebuilds, Results: v.Results,
		RNG: deck.NewRNG(rng.Uint64()),
	}
	for seat, pl := range v.Players {
		p.Laid[seat], p.Known[seat] = pl.Laid, pl.Known
		if seat == v.Seat {
			p.Hands[seat] = v.Hand.Cards()
			continue
		}
		k := max(pl.Hand-len(pl.Known), 0)
		p.Hands[seat] = append(append([]card.Card(nil), pl.Known...), unseen[:k]...)
		unseen = unseen[k:]
	}
	p.Stock = unseen
	return FromPosition(p)
}
