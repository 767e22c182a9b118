package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
)

// Determinize returns a whole State that the seat of v could be playing:
// one whose View for that seat is v. Everything the seat sees is kept as
// it is — its hand, every meld, the upcard, how many cards each hand, foot,
// the pile and the stock hold, who has picked up the foot, the teams'
// totals and the rounds scored — and the cards it cannot see (the other
// hands, every foot still face down, its own included, the pile under the
// upcard and the stock in its order) are dealt at random, from seed, out of
// the cards of the shoe v does not place. The generator of the next
// rounds is drawn from seed too.
//
// A search-based computer player samples the games it may be in with it
// (information-set Monte Carlo tree search calls this resampling from the
// information state), then searches each as if every card were known.
//
// It samples the start of a turn: a View whose phase is Drawing. In the
// middle of a turn the seat's View does not say which melds this turn laid
// (the player may still take those back) nor the question asked, so such
// a View, or one of another phase, returns an error, as does a View that no
// game gives (counts that do not add up to the shoe, a position
// [FromPosition] refuses); each wraps [ErrPosition]. The seat that began
// the round is not in a View either: the State takes the seat to play as
// having begun it, which decides only who begins the rounds after.
func Determinize(v View, seed uint64) (State, error) {
	r := v.Rules
	bad := func(what string) (State, error) { return State{}, errs.New(pkg, ErrPosition, what) }
	switch {
	case v.Phase != Drawing:
		return bad("the View is of the phase " + v.Phase.String() + ": Determinize samples the start of a turn (Drawing)")
	case len(v.Players) != r.Players || r.Players < 1 || len(v.Teams) != r.Teams:
		return bad("the View shows " + itoa(len(v.Players)) + " players and " + itoa(len(v.Teams)) + " teams for a table of " +
			itoa(r.Players) + " and " + itoa(r.Teams))
	case v.Seat < 0 || v.Seat >= r.Players || v.Turn < 0 || v.Turn >= r.Players || v.Round < 1:
		return bad("the View is for seat " + itoa(v.Seat) + ", with seat " + itoa(v.Turn) + " to play, in round " + itoa(v.Round))
	}
	shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
	if err != nil {
		return State{}, errs.Wrap(pkg, ErrPosition, "the rules' shoe", err)
	}
	// unseen is the shoe less what the View places: the seat's hand,
	// the melds, the upcard.
	var unseen card.Multiset
	if err := unseen.AddCards(shoe); err != nil {
		return State{}, errs.Wrap(pkg, ErrPosition, "the rules' shoe", err)
	}
	placed := v.Hand
	for _, t := range v.Teams {
		for _, m := range t.Melds {
			if err := placed.AddCards(m.Cards()); err != nil {
				return bad("the View's melds hold more cards than a shoe can")
			}
		}
	}
	if v.Upcard != 0 {
		if err := placed.Add(v.Upcard); err != nil {
			return bad("the View's upcard is no card of the shoe")
		}
	}
	if err := unseen.RemoveAll(placed); err != nil {
		return bad("the View places cards the shoe does not hold: " + err.Error())
	}
	hidden := v.StockSize + max(v.PileSize-1, 0)
	for seat, pl := range v.Players {
		if seat != v.Seat {
			hidden += pl.Hand
		}
		hidden += pl.Foot
	}
	cards := unseen.Cards()
	if len(cards) != hidden || v.StockSize < 0 || v.PileSize < 1 || v.Upcard == 0 {
		return bad("the View's counts do not add up: " + itoa(len(cards)) + " cards unseen for " + itoa(hidden) +
			" face down (or no upcard to start a turn)")
	}
	rng := deck.NewRNG(seed)
	rng.Shuffle(cards)
	deal := func(n int) card.Multiset {
		var m card.Multiset
		_ = m.AddCards(cards[:n])
		cards = cards[n:]
		return m
	}
	p := Position{
		Rules: r, Round: v.Round, First: ((v.Turn-v.Round+1)%r.Players + r.Players) % r.Players,
		Totals: make([]int, r.Teams), Results: v.Results, Phase: Drawing, Turn: v.Turn, WentOut: -1,
		Seats: make([]SeatPosition, r.Players), Down: make([]bool, r.Teams), RNG: deck.NewRNG(rng.Uint64()),
	}
	for seat, pl := range v.Players {
		sp := SeatPosition{InFoot: pl.InFoot}
		if seat == v.Seat {
			sp.Hand = v.Hand
		} else {
			sp.Hand = deal(pl.Hand)
		}
		sp.Foot = deal(pl.Foot)
		p.Seats[seat] = sp
	}
	for t, tv := range v.Teams {
		p.Totals[t], p.Down[t] = tv.Total, tv.Down
		for _, m := range tv.Melds {
			p.Melds = append(p.Melds, TeamMeld{Team: t, Meld: m})
		}
	}
	p.Pile = append(deal(v.PileSize-1).Cards(), v.Upcard)
	p.Stock = cards
	return FromPosition(p)
}
