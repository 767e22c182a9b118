package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
)

// Determinize returns a whole State that the seat of v could be playing:
// one whose View for that seat is v. Everything the seat sees is kept as
// it is — its hand, every meld and red three, the upcard, how many cards
// each hand, the pile and the stock hold, whom the pile is frozen for, the
// teams' totals and the rounds scored — and the cards it cannot see (the
// other hands, the pile under the upcard, the stock in its order) are
// dealt at random, from seed, out of the cards of the shoe v does not
// place, so that what the View shows stays true: no hand holds a red
// three (it would have been laid out), and the cards under the upcard
// freeze the pile for a team that has melded exactly when the View says
// it is frozen (a wild card or red three among them). The generator of
// the next rounds is drawn from seed too.
//
// A search-based computer player samples the games it may be in with it
// (information-set Monte Carlo tree search calls this resampling from the
// information state), then searches each as if every card were known. The
// samples are consistent with the View; they are not weighted by how
// likely the other players' play made each.
//
// It samples the start of a turn: a View whose phase is Drawing. In the
// middle of a turn the seat's View does not say which melds this turn laid
// (the player may still take those back) nor the question asked, so such
// a View, or one of another phase, returns an error, as does a View that no
// game gives (counts that do not add up to the shoe, a pile the View calls
// frozen with no card to freeze it, a position [FromPosition] refuses);
// each wraps [ErrPosition].
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
	case v.PileSize < 1 || v.Upcard == 0 || v.StockSize < 0:
		return bad("the View has no upcard to start a turn with")
	}
	shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
	if err != nil {
		return State{}, errs.Wrap(pkg, ErrPosition, "the rules' shoe", err)
	}
	// unseen is the shoe less what the View places: the seat's hand, the
	// melds, the red threes, the upcard.
	var unseen card.Multiset
	if err := unseen.AddCards(shoe); err != nil {
		return State{}, errs.Wrap(pkg, ErrPosition, "the rules' shoe", err)
	}
	placed := v.Hand
	ok := placed.Add(v.Upcard) == nil
	for _, t := range v.Teams {
		ok = ok && placed.AddCards(t.RedThrees) == nil
		for _, m := range t.Melds {
			ok = ok && placed.AddCards(m.Cards()) == nil
		}
	}
	if !ok || unseen.RemoveAll(placed) != nil {
		return bad("the View places cards the shoe does not hold")
	}
	others := 0
	for seat, pl := range v.Players {
		if seat != v.Seat {
			others += pl.Hand
		}
	}
	under := v.PileSize - 1
	if unseen.Len() != others+v.StockSize+under {
		return bad("the View's counts do not add up: " + itoa(unseen.Len()) + " cards unseen for " +
			itoa(others+v.StockSize+under) + " face down")
	}
	// The pile under the upcard freezes it for a team that has melded
	// exactly when the View says so.
	freezes := func(c card.Card) bool { return c.IsJoker() || c.Rank() == card.Two || isRedThree(c) }
	frozen, open := false, false
	for _, t := range v.Teams {
		if t.Down {
			frozen, open = frozen || t.Frozen, open || !t.Frozen
		}
	}
	if frozen && open {
		return bad("the pile is frozen for one team that has melded and not for another")
	}
	needFreezer := frozen && !freezes(v.Upcard)
	rng := deck.NewRNG(seed)
	cards := unseen.Cards()
	rng.Shuffle(cards)
	// take removes from cards and returns the first n that ok accepts, or
	// nil when there are fewer.
	take := func(n int, ok func(card.Card) bool) []card.Card {
		var got, rest []card.Card
		for _, c := range cards {
			if len(got) < n && ok(c) {
				got = append(got, c)
			} else {
				rest = append(rest, c)
			}
		}
		if len(got) < n {
			return nil
		}
		cards = rest
		return got
	}
	any := func(card.Card) bool { return true }
	var pile []card.Card
	switch {
	case needFreezer && under == 0:
		return bad("the View calls the pile frozen, but no card under the upcard can freeze it")
	case needFreezer:
		if pile = take(1, freezes); pile == nil {
			return bad("the View calls the pile frozen, but no unseen card can freeze it")
		}
		pile = append(pile, take(under-1, any)...)
	case open:
		if pile = take(under, func(c card.Card) bool { return !freezes(c) }); pile == nil && under > 0 {
			return bad("the View calls the pile open, but the unseen cards cannot fill it without freezing it")
		}
	default:
		pile = take(under, any)
	}
	p := Position{
		Rules: r, Round: v.Round, Totals: make([]int, r.Teams), Results: v.Results, Phase: Drawing, Turn: v.Turn,
		Hands: make([][]card.Card, r.Players), Pile: append(pile, v.Upcard),
		RedThrees: make([][]card.Card, r.Teams), Down: make([]bool, r.Teams), RNG: deck.NewRNG(rng.Uint64()),
	}
	for seat, pl := range v.Players {
		if seat == v.Seat {
			p.Hands[seat] = v.Hand.Cards()
			continue
		}
		if p.Hands[seat] = take(pl.Hand, func(c card.Card) bool { return !isRedThree(c) }); p.Hands[seat] == nil && pl.Hand > 0 {
			return bad("the unseen cards cannot fill the hands without a red three, which would have been laid out")
		}
	}
	for t, tv := range v.Teams {
		p.Totals[t], p.Down[t], p.RedThrees[t] = tv.Total, tv.Down, tv.RedThrees
		for _, m := range tv.Melds {
			p.Melds = append(p.Melds, TeamMeld{Team: t, Meld: m})
		}
	}
	p.Stock = cards
	return FromPosition(p)
}

// isRedThree reports whether c is the three of diamonds or of hearts.
func isRedThree(c card.Card) bool {
	return c.Rank() == card.Three && (c.Suit() == card.Diamonds || c.Suit() == card.Hearts)
}
