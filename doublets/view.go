package doublets

import "github.com/cardrules/cardrules/card"

// View is what the player sees of a game: everything but the order of the
// stock, which is a count. (The waste is shown whole: every card of it was
// seen when it was turned.) Two States that differ only in the order of
// their stocks give equal Views.
type View struct {
	Rules Rules
	Seat  int // 0: Doublets has one player
	ToAct int // 0 while the game goes on, -1 once it is over
	// StockSize is how many cards the stock holds; Pass the pass through
	// it the player is on, from 1 to Rules.Passes.
	StockSize, Pass int
	// Waste is the waste, bottom card first: its last card may be played.
	Waste []card.Card
	// Reserve is the seven slots, indexed 0 to 6 ("play 1" in text plays
	// index 0); 0 marks an empty slot.
	Reserve [Slots]card.Card
	// Foundation is the foundation, its first card first; Needed the rank
	// it takes next (0 once won).
	Foundation []card.Card
	Needed     card.Rank
	Score      int // the cards on the foundation: Totals()[0]
	Over, Won  bool
	// Legal is the legal actions, in [Legal]'s order.
	Legal []Action
}

// View returns what the player (seat 0) sees of s: the zero View for
// another seat or the zero State.
func (s State) View(seat int) View {
	if s.g == nil || seat != 0 {
		return View{}
	}
	return View{
		Rules: s.g.rules, ToAct: s.ToAct(), StockSize: s.StockSize(), Pass: int(s.pass),
		Waste: s.Waste(), Reserve: s.reserve, Foundation: s.Foundation(), Needed: s.Needed(),
		Score: s.points(), Over: s.Over(), Won: s.Won(), Legal: Legal(s),
	}
}
