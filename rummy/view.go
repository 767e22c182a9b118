package rummy

import (
	"github.com/cardrules/cardrules/card"
)

// View is what one seat may know of a game, and nothing else: a value a
// server can send to that seat's player. Its own hand is shown card by
// card, the other hands as counts, the stock as a count. Everything else
// is seen by every player: the melds and who laid them, the discard pile
// (every card of it was seen face up), the cards each player drew from the
// pile and still holds, the scores. Two States that differ only in what a
// seat cannot see give that seat equal Views.
type View struct {
	Rules Rules
	Seat  int // the seat the View is for
	Round int
	Phase Phase
	Turn  int // the seat whose turn it is
	ToAct int // the seat to act; -1 once the game is over
	// Hand is the seat's cards, a card.Multiset as in every game's View.
	Hand card.Multiset
	// Players are the seats, seat 0 first.
	Players []PlayerView
	// Melds are the melds on the table in the order laid: index 0 is
	// "on 1" in a lay-off's text.
	Melds []TableMeld
	// Pile is the discard pile, bottom first: its last card is the upcard.
	Pile []card.Card
	// StockSize is how many cards the stock holds; Rebuilds how many times
	// it was rebuilt this round.
	StockSize, Rebuilds int
	// Taken is the card the player whose turn it is drew from the pile this
	// turn and still holds, or 0.
	Taken card.Card
	// Results are the rounds scored.
	Results []RoundResult
	// Legal is the seat's legal actions when it is to act, in [Legal]'s
	// order; nil otherwise.
	Legal []Action
}

// PlayerView is one seat as every player sees it.
type PlayerView struct {
	Seat int
	Name string
	// Hand is the number of cards the seat holds.
	Hand int
	// Known are the cards of its hand it drew from the pile, in view of
	// everyone.
	Known []card.Card
	// Laid are the cards it melded or laid off this round, and Melded
	// their value: what it scores for them.
	Laid   []card.Card
	Melded int
	// Total is its total over the rounds scored.
	Total int
}

// View returns what seat may know of s: the zero View for no such seat or
// the zero State.
func (s State) View(seat int) View {
	if !s.validSeat(seat) {
		return View{}
	}
	r := s.g.rules
	v := View{
		Rules: r, Seat: seat, Round: s.g.round, Phase: s.phase, Turn: int(s.turn), ToAct: s.ToAct(),
		Hand: s.hands[seat].multiset(), Melds: s.Melds(), Pile: s.Pile(),
		StockSize: int(s.nstock), Rebuilds: int(s.rebuilds), Taken: s.taken, Results: s.Results(),
		Players: make([]PlayerView, r.Players),
	}
	for i := range v.Players {
		v.Players[i] = PlayerView{
			Seat: i, Name: r.Names[i], Hand: s.hands[i].len(), Known: s.known[i].cards(),
			Laid: s.laid[i].cards(), Melded: s.sum(r.Values.Melded, s.laid[i]), Total: s.g.totals[i],
		}
	}
	if v.ToAct == seat {
		v.Legal = Legal(s)
	}
	return v
}
