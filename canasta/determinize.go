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
// search as if all were known. Its View for that seat is v. The seat's
// hand, the melds, the red threes, who has melded, the upcard, the pile's
// cards ([View.PileCards]), the counts and whom the pile is frozen for stay
// as v shows them. So do the totals, the rounds scored and the turn since
// its fixed point ([View.Since]). The other hands and the stock's order
// are dealt, shuffled from seed, from the cards v does not place (and the
// pile under the upcard, for a View of an earlier version, which shows no
// pile's cards). seed also seeds the next rounds.
//
// v may stand anywhere in a turn: at its start, after the draw, after meld
// steps, while the pile is taken for the first melds (Opening), while the
// partner answers "May I go out?". The State is dealt at the turn's last
// fixed point, and the actions of [View.Since] are played again from
// there: the hand of the player whose turn it is is its hand and
// [View.LaidCards] at that point, and its team's melds [View.FixedMelds].
// So [TakeBack], the question and its answer go on from the State as they
// would in the game v was seen in.
//
// The deal keeps what v implies. No hidden hand holds a red three (it would
// be laid out). Dealt for a View of an earlier version, the cards under the
// upcard freeze the pile for a team that has melded exactly when v calls it
// frozen (a wild card or red three among them). When the turn begins with the stock empty, the player to draw can
// take the pile, or the round would be over. In the middle of another seat's
// turn, its hidden hand holds the cards v saw it lay and take back. That hand
// could also do what the turn did (ask to go out, take the pile for the first
// melds with the cards it laid). A pile being taken holds what lets the take
// go on. The hidden cards are dealt again until the deal meets the last three
// of these: up to 10,000 times for an empty stock, and 1,000 in the middle of
// a turn. The samples are consistent with v, not weighted by how likely the
// others' play made each.
//
// A View no game gives returns an error wrapping [ErrPosition]. Such a View
// has counts that do not add up, a frozen pile with no card to freeze it,
// or melds of the fixed point the team's melds do not hold. Or it has
// actions since that the position refuses, a position [FromPosition]
// refuses, or one whose View is not v. So does a View that no deal tried
// gives back.
func Determinize(v View, seed uint64) (State, error) {
	r := v.Rules
	bad := func(what string) (State, error) { return State{}, errs.New(pkg, ErrPosition, what) }
	if r.Teams < 1 || len(v.Players) != r.Players || len(v.Teams) != r.Teams || v.Turn < 0 || v.Turn >= r.Players {
		return bad("the View shows " + itoa(len(v.Players)) + " players and " + itoa(len(v.Teams)) + " teams, seat " +
			itoa(v.Turn) + " to play, for a table of " + itoa(r.Players) + " and " + itoa(r.Teams))
	}
	rng := deck.NewRNG(seed)
	cards, fix, problem := v.seen().Unseen(&rng)
	if problem == "" && fix.Phase == family.Choosing {
		problem = "the View is in no phase of Canasta's"
	}
	if problem != "" {
		return bad(problem)
	}
	frozen, open, problem := v.frozen()
	if problem != "" {
		return bad(problem)
	}
	d := fixed{Fix: fix, needFreezer: frozen && !freezes(v.Upcard), open: open}
	return family.Resample(&rng, cards, func(cards []card.Card) (State, error) {
		return v.deal(cards, d, rng.Uint64())
	})
}

// seen returns what v shows as a Determinize reads it. v lists the rules'
// players and teams, and its turn is one of the seats.
func (v View) seen() family.Seen {
	r := v.Rules
	seen := family.Seen{
		Players: r.Players, Teams: r.Teams, Decks: r.Decks, Jokers: r.JokersPerDeck,
		Shown: [2]int{len(v.Players), len(v.Teams)}, Seat: v.Seat, Turn: v.Turn, Round: v.Round,
		Phase: family.Phase(v.Phase), Placed: v.Hand.Cards(), FaceDown: v.StockSize + v.PileSize,
		Upcard: v.Upcard, Pile: v.PileSize, TurnHand: v.Players[v.Turn].Hand,
		Since: make([]family.Action, len(v.Since)), Melds: v.Teams[v.sideOf(r.teamOf(v.Turn))].Melds, Fixed: v.FixedMelds, Laid: v.LaidCards,
	}
	for i, a := range v.Since {
		seen.Since[i] = a.f
	}
	switch {
	case v.pileShown():
		seen.Placed = v.PileCards.AppendCards(seen.Placed)
		seen.FaceDown -= v.PileSize
	case v.Upcard != 0:
		seen.Placed = append(seen.Placed, v.Upcard)
		seen.FaceDown--
	}
	for team, t := range v.Teams {
		seen.Placed = append(seen.Placed, t.RedThrees...)
		if v.sideOf(team) != team {
			continue // a Cutthroat partner's melds are the partnership's, shown twice
		}
		for _, m := range t.Melds {
			seen.Placed = m.AppendCards(seen.Placed)
		}
	}
	for seat, pl := range v.Players {
		if seat != v.Seat {
			seen.FaceDown += pl.Hand
		}
	}
	return seen
}

// frozen returns whether the pile is frozen for a team that has melded,
// and whether it is open for one, or what is wrong: the pile under the
// upcard freezes it for a team that has melded exactly when the View says
// so, so it cannot be both.
func (v View) frozen() (frozen, open bool, problem string) {
	for _, t := range v.Teams {
		if t.Down {
			frozen, open = frozen || t.Frozen, open || !t.Frozen
		}
	}
	if frozen && open {
		return frozen, open, "the pile is frozen for one team that has melded and not for another"
	}
	return frozen, open, ""
}

// fixed is the turn's fixed point a View stands after, and what the pile
// under the upcard must hold.
type fixed struct {
	family.Fix
	needFreezer, open bool // a card freezes the pile, or none does
}

// deal deals the unseen cards, shuffled, to the places v does not show:
// the pile under the upcard when v shows no pile's cards (frozen or open
// as d says), the other hands and the stock, at the turn's fixed point d, and plays the actions since;
// seed seeds the next rounds.
func (v View) deal(cards []card.Card, d fixed, seed uint64) (State, error) {
	r := v.Rules
	under := v.PileSize
	var pile []card.Card
	if v.pileShown() { // the pile's cards are known: none is dealt
		under = 0
		known := v.PileCards
		_ = known.Remove(v.Upcard)
		pile = known.Cards()
	} else if v.Upcard != 0 {
		under--
	}
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
	switch {
	case mustPile > under:
		return bad("the unseen red threes cannot all lie in the pile and the stock, and a hand would hold one")
	case mustPile > 0 && d.open:
		return bad("the View calls the pile open, but a red three the stock cannot take must lie under the upcard")
	case mustPile > 0:
		pile = take(mustPile, isRedThree) // red threes freeze the pile, as a frozen pile needs
		pile = append(pile, take(under-mustPile, any)...)
	case v.pileShown():
		// the pile as shown: the View it deals is checked to be v
	case d.needFreezer && under == 0:
		return bad("the View calls the pile frozen, but no card under the upcard can freeze it")
	case d.needFreezer:
		if pile = take(1, freezes); pile == nil {
			return bad("the View calls the pile frozen, but no unseen card can freeze it")
		}
		pile = append(pile, take(under-1, any)...)
	case d.open:
		if pile = take(under, func(c card.Card) bool { return !freezes(c) }); pile == nil && under > 0 {
			return bad("the View calls the pile open, but the unseen cards cannot fill it without freezing it")
		}
	default:
		pile = append(pile, take(under, any)...)
	}
	switch {
	case d.Taking != 0:
		pile = append(pile, d.Taking) // back where it was taken from
	case v.Upcard != 0:
		pile = append(pile, v.Upcard)
	}
	mid := len(v.Since) > 0 // past the turn's fixed point
	p := Position{
		Rules: r, Round: v.Round, Totals: make([]int, r.Teams), Results: v.Results, Phase: Phase(d.Phase), Turn: v.Turn,
		Hands: make([][]card.Card, r.Players), Pile: pile,
		RedThrees: make([][]card.Card, r.Teams), Down: make([]bool, r.Teams), RNG: deck.NewRNG(seed),
		LaidThisTurn: v.LaidThisTurn, Late: v.Late,
	}
	if mid {
		p.LaidThisTurn = v.FixedLaid
	}
	p.Melded = make([]bool, r.Players)
	for seat, pl := range v.Players {
		p.Melded[seat] = pl.Melded
		var known card.Multiset // the cards of the hand every seat knows
		switch {
		case seat == v.Seat:
			known = v.Hand
		case seat == v.Turn:
			known = d.Back
		}
		n := pl.Hand - known.Len()
		if p.Hands[seat] = take(n, func(c card.Card) bool { return !isRedThree(c) }); p.Hands[seat] == nil && n > 0 {
			return bad("the unseen cards cannot fill the hands without a red three, which would have been laid out")
		}
		p.Hands[seat] = known.AppendCards(p.Hands[seat])
		if mid && seat == v.Turn {
			p.Hands[seat] = v.LaidCards.AppendCards(p.Hands[seat]) // the hand at the fixed point
		}
	}
	if v.Rules.Cutthroat && v.LoneHand >= 0 {
		lone := v.LoneHand
		p.LoneHand = &lone
	}
	side := v.sideOf(r.teamOf(v.Turn))
	for t, tv := range v.Teams {
		p.Totals[t], p.RedThrees[t] = tv.Total, tv.RedThrees
		if v.sideOf(t) != t {
			continue // a Cutthroat partner's melds are the partnership's, shown twice
		}
		p.Down[t] = tv.Down
		melds := tv.Melds
		if mid && t == side {
			melds = v.FixedMelds
		}
		for _, m := range melds {
			p.Melds = append(p.Melds, TeamMeld{Team: t, Meld: m})
		}
	}
	p.Stock = cards
	s, err := FromPosition(p)
	if err != nil {
		return State{}, err
	}
	return family.Dealt(pkg, ErrPosition, s, v.Since, Apply, d.Hidden, v, v.Seat, State.View)
}

// pileShown reports whether v shows the pile's cards ([View.PileCards]),
// as every View of this version does; a View of an earlier version shows
// only the upcard.
func (v View) pileShown() bool { return !v.PileCards.IsEmpty() }

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
