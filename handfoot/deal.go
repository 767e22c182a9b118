package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
)

// New starts a game under r, dealt from seed: the same rules and seed give
// the same game, on every platform and every version of the library.
//
// The seed is the whole secret of the game: anyone who knows it knows every
// hidden card, this round and every later one. Deal a game people play from
// [deck.RandomSeed], and keep its seed from the players until it is over.
//
// The shoe (r.Decks decks, r.JokersPerDeck jokers each) is shuffled with
// [deck.NewRNG](seed). Players draw cards from its top in seat order to
// choose who plays first. The joker is highest, then the ace, king, queen
// and so on down to the three, and the two is lowest. Players tied for
// highest draw again. Then the cards go back, and the shoe is shuffled
// again from the same generator for the deal. Each later round is shuffled
// from it too.
func New(r Rules, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	rng := deck.NewRNG(seed)
	shoe, err := deck.Shoe(r.Decks, r.JokersPerDeck)
	if err != nil {
		return State{}, err
	}
	rng.Shuffle(shoe)
	start, draws := drawForFirst(shoe, r.Players)
	rng.Shuffle(shoe)
	return dealRound(&round{rules: r, number: 1, start: start, draws: draws, rng: rng, game: &origin{seed: seed}}, shoe)
}

// Deal starts a game under r from an explicit shoe order (index 0 is the
// top card): for tests, puzzles and replays of a real table. order must be
// exactly the shoe the rules call for, in any order. The first player is
// drawn from the top of order as [New] describes, and the deal then comes
// from the same order: hands one card at a time round the table from seat
// 0, then feet the same way, then the upcard; the rest is the stock.
//
// Each later round is dealt with [DealNext] from its own explicit order, or
// by [Next], which shuffles it from seed. Like New's seed, this one tells
// every card of the later rounds: keep it from the players.
func Deal(r Rules, order []card.Card, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	if err := checkOrder(r, order); err != nil {
		return State{}, err
	}
	shoe := append([]card.Card(nil), order...)
	start, draws := drawForFirst(shoe, r.Players)
	g := &origin{seed: seed, shoes: map[int][]card.Card{1: append([]card.Card(nil), order...)}}
	return dealRound(&round{rules: r, number: 1, start: start, draws: draws, rng: deck.NewRNG(seed), game: g}, shoe)
}

// drawRank orders cards for choosing the first player (rule sets A and
// B): joker highest, then ace, king, queen ... four, three, and two
// lowest, the usual order of the ranks with the ace high.
func drawRank(c card.Card) int {
	switch {
	case c == card.Joker:
		return 15
	case c.Rank() == card.Ace:
		return 14
	}
	return int(c.Rank()) // two lowest, then three ... king
}

// drawForFirst lets players draw from the top of shoe in seat order; those
// tied for highest draw again, in seat order, until one is highest.
func drawForFirst(shoe []card.Card, players int) (int, []card.Card) {
	tied := make([]int, players)
	for i := range tied {
		tied[i] = i
	}
	var draws []card.Card
	next := 0
	for len(tied) > 1 && next+len(tied) <= len(shoe) {
		best, bestRank := []int(nil), -1
		for _, seat := range tied {
			c := shoe[next]
			next++
			draws = append(draws, c)
			switch rk := drawRank(c); {
			case rk > bestRank:
				best, bestRank = []int{seat}, rk
			case rk == bestRank:
				best = append(best, seat)
			}
		}
		tied = best
	}
	return tied[0], draws
}

// dealRound deals a round from shoe into a fresh State.
func dealRound(rd *round, shoe []card.Card) (State, error) {
	r := rd.rules
	hands, rest, err := deck.DealHands(shoe, r.Players, r.HandSize)
	if err != nil {
		return State{}, errs.Wrap(pkg, ErrDeal, "the hands", err)
	}
	feet, rest, err := deck.DealHands(rest, r.Players, r.FootSize)
	if err != nil {
		return State{}, errs.Wrap(pkg, ErrDeal, "the feet", err)
	}
	if len(rest) == 0 {
		return State{}, errs.New(pkg, ErrDeal, "no card is left for the upcard")
	}
	for seat := range r.Players {
		rd.packets[seat] = [2]card.Multiset{hands[seat], feet[seat]}
	}
	rd.setConfig(shoe)
	rd.first = (rd.start + rd.number - 1) % r.Players
	s := State{r: rd}
	if rd.number == 1 {
		s.h = family.HistoryFrom[entry](0) // the game's log (a later round's goes on from the last)
	}
	s.wentOut, s.t.Upcard = -1, rest[0]
	_ = s.t.Pile.Add(rest[0])
	s.t.Stock = uint16(len(shoe) - len(rest) + 1)
	for seat := range r.Players {
		s.t.Hands[seat] = hands[seat]
	}
	s.t.Turn, s.t.ToAct = uint8(rd.first), uint8(rd.first)
	if r.ChoosePacket {
		s.t.Phase = family.Choosing
		return s, nil
	}
	s.beginTurn(rd.first)
	return s, nil
}

// DealNext deals the round after s from an explicit shoe order (index 0 is
// the top card), as [Deal] deals the first: for replaying a real table
// round by round. s must be a finished round ([RoundOver]); [Next] deals
// from the game's own generator instead. The game's history and record
// show it as a Next. The State s is not changed.
func DealNext(s State, order []card.Card) (State, error) {
	if s.r == nil || s.t.Phase != family.RoundOver {
		return s, errs.New(pkg, ErrDeal, "the next round is dealt once a round is over")
	}
	r := s.r.rules
	if err := checkOrder(r, order); err != nil {
		return s, err
	}
	m := s.mark()
	next, err := s.nextRoundFrom(append([]card.Card(nil), order...))
	if err != nil {
		return s, err
	}
	g := *s.r.game
	g.shoes = make(map[int][]card.Card, len(s.r.game.shoes)+1)
	for n, shoe := range s.r.game.shoes {
		g.shoes[n] = shoe
	}
	g.shoes[next.r.number] = append([]card.Card(nil), order...)
	next.r.game = &g
	next.record(&m, family.Action{Kind: family.Next})
	return next, nil
}

// checkOrder reports whether order is exactly the shoe r calls for.
func checkOrder(r Rules, order []card.Card) error {
	return family.CheckOrder(pkg, ErrDeal, order, r.Decks, r.JokersPerDeck)
}

// setConfig sets the engine's view of the round dealt from shoe: the rules,
// the shoe, and each team's first-meld minimum.
func (rd *round) setConfig(shoe []card.Card) {
	r := rd.rules
	var minimums [MaxPlayers]int
	for t := range r.Teams {
		minimums[t] = r.minimum(rd.number, rd.totals[t])
	}
	rd.cfg = r.config(shoe, minimums)
}

// nextRound deals the round after s from the generator the game carries.
func (s State) nextRound() (State, error) {
	shoe, err := deck.Shoe(s.r.rules.Decks, s.r.rules.JokersPerDeck)
	if err != nil {
		return State{}, err
	}
	rng := s.r.rng
	rng.Shuffle(shoe)
	next, err := s.nextRoundFrom(shoe)
	if err == nil {
		next.r.rng = rng
	}
	return next, err
}

// nextRoundFrom deals the round after s from shoe.
func (s State) nextRoundFrom(shoe []card.Card) (State, error) {
	prev := s.r
	rd := &round{
		rules:   prev.rules,
		number:  prev.number + 1,
		start:   prev.start,
		draws:   prev.draws,
		results: prev.results,
		rng:     prev.rng,
		game:    prev.game,
		prev:    prev,
		begins:  s.h.Log.Len() + 1, // after the Next that deals it
	}
	last := prev.results[len(prev.results)-1]
	for t := range prev.rules.Teams {
		rd.totals[t] = last.Teams[t].Total
	}
	next, err := dealRound(rd, shoe)
	if err == nil {
		next.h = s.h // the game's history goes on
	}
	return next, err
}
