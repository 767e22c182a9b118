package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// Determinize builds a State the seat of v could be in, for search-based
// players that sample what a seat cannot tell apart (resampling from the
// information state, in information-set Monte Carlo tree search) and then
// search as if all were known. Its View for that seat is v: the seat's
// hand, the melds, the red threes, who has melded, the upcard, the counts,
// whom the pile is frozen for, the totals and the rounds scored stay as v
// shows them,
// while the other hands, the pile under the upcard and the stock's order
// are dealt, shuffled from seed, from the cards v does not place. The deal
// keeps what v implies: no hidden hand holds a red three (it would be laid
// out), and the cards under the upcard freeze the pile for a team that
// has melded exactly when v calls it frozen (a wild card or red three
// among them); and when the turn begins with the stock empty, the player
// to draw can take the pile, or the round would be over (the hidden cards
// are dealt again, up to 10,000 times, until that player's hand can). seed
// also seeds the next rounds. The samples are
// consistent with v, not weighted by how likely the others' play made
// each.
//
// Only the start of a turn (phase Drawing) is sampled: mid-turn, a View
// does not tell which melds this turn laid, which could still be taken
// back. Another phase, and a View no game gives (counts that do not add
// up, a frozen pile with no card to freeze it, a position [FromPosition]
// refuses), return an error wrapping [ErrPosition].
func Determinize(v View, seed uint64) (State, error) {
	r := v.Rules
	under := v.PileSize - 1
	seen := family.Seen{
		Players: r.Players, Teams: r.Teams, Decks: r.Decks, Jokers: r.JokersPerDeck,
		Shown: [2]int{len(v.Players), len(v.Teams)}, Seat: v.Seat, Turn: v.Turn, Round: v.Round,
		Drawing: v.Phase == Drawing, Placed: append(v.Hand.Cards(), v.Upcard), FaceDown: v.StockSize + under,
	}
	for team, t := range v.Teams {
		seen.Placed = append(seen.Placed, t.RedThrees...)
		if v.sideOf(team) != team {
			continue // a Cutthroat partner's melds are the partnership's, shown twice
		}
		for _, m := range t.Melds {
			seen.Placed = append(seen.Placed, m.Cards()...)
		}
	}
	for seat, pl := range v.Players {
		if seat != v.Seat {
			seen.FaceDown += pl.Hand
		}
	}
	rng := deck.NewRNG(seed)
	cards, problem := seen.Unseen(&rng)
	if problem == "" && (v.PileSize < 1 || v.Upcard == 0) {
		problem = "the View has no upcard to start a turn with"
	}
	bad := func(what string) (State, error) { return State{}, errs.New(pkg, ErrPosition, what) }
	if problem != "" {
		return bad(problem)
	}
	// The pile under the upcard freezes it for a team that has melded
	// exactly when the View says so.
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
	return family.Resample(&rng, cards, func(cards []card.Card) (State, error) {
		return v.deal(cards, needFreezer, open, rng.Uint64())
	})
}

// deal deals the unseen cards, shuffled, to the places v does not show:
// the pile under the upcard (frozen or open as v says), the other hands
// and the stock; seed seeds the next rounds.
func (v View) deal(cards []card.Card, needFreezer, open bool, seed uint64) (State, error) {
	r := v.Rules
	under := v.PileSize - 1
	bad := func(what string) (State, error) { return State{}, errs.New(pkg, ErrPosition, what) }
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
	// No hand holds a red three: those the stock cannot take lie under the
	// upcard (a red three turned up when the round began stays in the pile
	// until the pile is taken).
	reds := 0
	for _, c := range cards {
		if isRedThree(c) {
			reds++
		}
	}
	mustPile := max(0, reds-v.StockSize)
	var pile []card.Card
	switch {
	case mustPile > under:
		return bad("the unseen red threes cannot all lie in the pile and the stock, and a hand would hold one")
	case mustPile > 0 && open:
		return bad("the View calls the pile open, but a red three the stock cannot take must lie under the upcard")
	case mustPile > 0:
		pile = take(mustPile, isRedThree) // red threes freeze the pile, as a frozen pile needs
		pile = append(pile, take(under-mustPile, any)...)
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
		RedThrees: make([][]card.Card, r.Teams), Down: make([]bool, r.Teams), RNG: deck.NewRNG(seed),
	}
	p.Melded = make([]bool, r.Players)
	for seat, pl := range v.Players {
		p.Melded[seat] = pl.Melded
		if seat == v.Seat {
			p.Hands[seat] = v.Hand.Cards()
			continue
		}
		if p.Hands[seat] = take(pl.Hand, func(c card.Card) bool { return !isRedThree(c) }); p.Hands[seat] == nil && pl.Hand > 0 {
			return bad("the unseen cards cannot fill the hands without a red three, which would have been laid out")
		}
	}
	if v.Rules.Cutthroat && v.LoneHand >= 0 {
		lone := v.LoneHand
		p.LoneHand = &lone
	}
	for t, tv := range v.Teams {
		p.Totals[t], p.RedThrees[t] = tv.Total, tv.RedThrees
		if v.sideOf(t) != t {
			continue // a Cutthroat partner's melds are the partnership's, shown twice
		}
		p.Down[t] = tv.Down
		for _, m := range tv.Melds {
			p.Melds = append(p.Melds, TeamMeld{Team: t, Meld: m})
		}
	}
	p.Stock = cards
	return FromPosition(p)
}

// sideOf returns the side team plays on in v: itself, but for the higher
// seat of Cutthroat's partners, the lower's.
func (v View) sideOf(team int) int {
	if !v.Rules.Cutthroat || v.LoneHand < 0 || team == v.LoneHand {
		return team
	}
	for p := range len(v.Teams) {
		if p != v.LoneHand {
			return p // the lower partner
		}
	}
	return team
}

// freezes reports whether c freezes the pile: a wild card or a red three.
func freezes(c card.Card) bool { return c.IsJoker() || c.Rank() == card.Two || isRedThree(c) }

// isRedThree reports whether c is the three of diamonds or of hearts.
func isRedThree(c card.Card) bool {
	return c.Rank() == card.Three && (c.Suit() == card.Diamonds || c.Suit() == card.Hearts)
}
