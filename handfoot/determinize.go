package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// Determinize builds, from what one seat sees, a whole State that seat
// could be in, so that a search-based computer player can sample the deals
// it cannot tell apart (information-set Monte Carlo tree search calls this
// resampling from the information state) and search each as if every card
// were known. The seat's View of the State is v. What v shows is kept —
// the seat's hand, every meld, the upcard, the counts of every hand, foot,
// pile and stock, who has picked up the foot, the totals and the rounds
// scored, and the seat's own foot when it has seen it ([View.FootSeen],
// under [Rules].LookAtPackets) — and what it hides (the other hands, every
// foot still face down, the seat's own too unless seen, as when it chose
// its packet face down, the pile under the upcard, the stock's order) is
// dealt from the cards v does not place, shuffled from seed, which also
// seeds the next rounds. When the turn begins with the stock empty, v
// implies that the player to draw can take the pile (else the round would
// be over): the hidden cards are dealt again, up to 10,000 times, until
// that player's hand can.
//
// v must be of the start of a turn (phase Drawing): mid-turn, a View does
// not say which melds this turn laid, which the player could still take
// back. Such a View, and one no game gives (counts that do not add up, a
// foot seen under rules that keep it face down, a position [FromPosition]
// refuses), return an error wrapping
// [ErrPosition]. A View does not name the seat that began the round: the
// State has the seat to play begin it, which only sets who begins the
// rounds after.
func Determinize(v View, seed uint64) (State, error) {
	// What the seat sees placed, and how many cards lie face down.
	placed, faceDown := v.Hand.Cards(), v.StockSize+max(v.PileSize-1, 0)
	placed = v.FootSeen.AppendCards(placed)
	faceDown -= v.FootSeen.Len()
	if v.Upcard != 0 {
		placed = append(placed, v.Upcard)
	}
	for _, t := range v.Teams {
		for _, m := range t.Melds {
			placed = append(placed, m.Cards()...)
		}
	}
	for seat, pl := range v.Players {
		if seat != v.Seat {
			faceDown += pl.Hand
		}
		faceDown += pl.Foot
	}
	r := v.Rules
	rng := deck.NewRNG(seed)
	cards, problem := family.Seen{
		Players: r.Players, Teams: r.Teams, Decks: r.Decks, Jokers: r.JokersPerDeck,
		Shown: [2]int{len(v.Players), len(v.Teams)}, Seat: v.Seat, Turn: v.Turn, Round: v.Round,
		Drawing: v.Phase == Drawing, Placed: placed, FaceDown: faceDown,
	}.Unseen(&rng)
	if problem == "" && (v.PileSize < 1 || v.Upcard == 0) {
		problem = "the View has no upcard to start a turn with"
	}
	switch {
	case problem != "" || v.FootSeen.IsEmpty():
	case !r.LookAtPackets:
		problem = "the View's footSeen shows a foot its rules keep face down (they do not set LookAtPackets)"
	case v.FootSeen.Len() != v.Foot:
		problem = "the View's footSeen holds " + itoa(v.FootSeen.Len()) + " cards for a foot of " + itoa(v.Foot)
	}
	if problem != "" {
		return State{}, errs.New(pkg, ErrPosition, problem)
	}
	return family.Resample(&rng, cards, func(cards []card.Card) (State, error) {
		return v.deal(cards, rng.Uint64())
	})
}

// deal deals the unseen cards, shuffled, to the places v does not show:
// the other hands, the feet, the pile under the upcard and the stock;
// seed seeds the next rounds.
func (v View) deal(cards []card.Card, seed uint64) (State, error) {
	r := v.Rules
	deal := func(n int) card.Multiset {
		var m card.Multiset
		_ = m.AddCards(cards[:n])
		cards = cards[n:]
		return m
	}
	p := Position{
		Rules: r, Round: v.Round, First: ((v.Turn-v.Round+1)%r.Players + r.Players) % r.Players,
		Totals: make([]int, r.Teams), Results: v.Results, Phase: Drawing, Turn: v.Turn, WentOut: -1,
		Seats: make([]SeatPosition, r.Players), Down: make([]bool, r.Teams), RNG: deck.NewRNG(seed),
	}
	for seat, pl := range v.Players {
		sp := SeatPosition{InFoot: pl.InFoot, Hand: v.Hand}
		if seat != v.Seat {
			sp.Hand = deal(pl.Hand)
		}
		if seat == v.Seat && !v.FootSeen.IsEmpty() {
			sp.Foot = v.FootSeen
		} else {
			sp.Foot = deal(pl.Foot)
		}
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
