package canasta

import (
	"maps"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// New deals a game under r from seed. The same rules and seed deal the
// same game, byte for byte, on every platform and in every later version
// of the library: the shoe of r.Decks decks and r.JokersPerDeck jokers a
// deck is shuffled by [deck.NewRNG](seed), and so is every later round.
// The first round is begun by seat 0, each next one by the next seat.
//
// Whoever knows the seed knows every hidden card of the game: deal a real
// table from [deck.RandomSeed] and keep the seed from the players until
// the game is over.
func New(r Rules, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	rd := &round{rules: r, number: 1, rng: deck.NewRNG(seed), game: &origin{seed: seed}}
	return dealRound(rd, rd.shuffled()), nil
}

// Deal starts a game under r from an explicit shoe order (index 0 is the
// top card): for tests, puzzles and replays of a real table. order must be
// exactly the shoe the rules call for, in any order. The deal is as [New]
// deals: hands one card at a time round the table from the first player,
// the red threes laid out and replaced, the upcard; the rest is the stock.
// Each later round is dealt with [DealNext] from its own order, or by
// [Next], which shuffles it from seed (which, like New's, tells every card
// of those rounds).
func Deal(r Rules, order []card.Card, seed uint64) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	if err := family.CheckOrder(pkg, ErrDeal, order, r.Decks, r.JokersPerDeck); err != nil {
		return State{}, err
	}
	g := &origin{seed: seed, shoes: map[int][]card.Card{1: append([]card.Card(nil), order...)}}
	return dealRound(&round{rules: r, number: 1, rng: deck.NewRNG(seed), game: g}, append([]card.Card(nil), order...)), nil
}

// dealRound deals a round from shoe into a fresh State: the hands one card
// at a time from the first player, then each player in turn lays out the
// red threes dealt and draws their replacements from the stock (laying out
// any red three drawn so, again), then the upcard is turned; while it is a
// wild card or a red three another is turned onto it, and the pile is
// frozen. Rules.Validate makes sure the shoe never runs out doing so.
func dealRound(rd *round, shoe []card.Card) State {
	r := rd.rules
	rd.first = (rd.number - 1) % r.Players
	var minimums [family.MaxPlayers]int
	for t := range r.Teams {
		minimums[t] = r.Minimums.Minimum(rd.totals[t])
	}
	rd.cfg = r.config(shoe, minimums)
	s := State{r: rd}
	if rd.number == 1 {
		s.h = family.HistoryFrom[entry](0) // the game's log (a later round's goes on from the last)
	}
	s.wentOut = -1
	for i := range r.Players * r.HandSize {
		seat := (rd.first + i) % r.Players
		_ = s.t.Hands[seat].Add(shoe[i])
	}
	s.t.Stock = uint16(r.Players * r.HandSize)
	for i := range r.Players {
		s.layRedThrees((rd.first+i)%r.Players, true)
	}
	for {
		up := shoe[s.t.Stock]
		s.t.Stock++
		_ = s.t.Pile.Add(up)
		s.t.Upcard = up
		if !meld.IsWild(up) && !meld.IsRedThree(up) {
			break
		}
	}
	s.t.Final = 1<<r.Players - 1 // every seat plays its last (only) packet
	s.turnTo(rd.first)
	return s
}

// layRedThrees lays out the red threes in seat's hand for its team, and
// with replace draws a card from the stock for each, laying out any red
// three drawn so too. It reports false when a replacement was due and the
// stock was empty: every red three is laid out all the same, and the round
// ends at once.
func (s *State) layRedThrees(seat int, replace bool) bool {
	team := s.r.rules.teamOf(seat)
	hand := &s.t.Hands[seat]
	for {
		owed := 0
		for i, c := range red3 {
			n := hand.Count(c)
			_ = hand.RemoveN(c, n)
			s.reds[team][i] += uint8(n)
			owed += n
		}
		if owed == 0 || !replace {
			return true
		}
		for ; owed > 0; owed-- {
			if s.t.StockLeft(&s.r.cfg) == 0 {
				s.layRedThrees(seat, false) // the replacements drawn before the stock ran out
				return false
			}
			_ = hand.Add(s.r.cfg.Shoe[s.t.Stock])
			s.t.Stock++
		}
	}
}

// DealNext deals the round after s (a round over) from an explicit shoe
// order, as [Deal] deals the first: for replaying a real table round by
// round. The game's history and record show it as a [Next]; s is not
// changed.
func DealNext(s State, order []card.Card) (State, error) {
	if s.r == nil || s.t.Phase != family.RoundOver {
		return s, errs.New(pkg, ErrDeal, "the next round is dealt once a round is over")
	}
	r := s.r.rules
	if err := family.CheckOrder(pkg, ErrDeal, order, r.Decks, r.JokersPerDeck); err != nil {
		return s, err
	}
	next := s.roundFrom(append([]card.Card(nil), order...))
	g := *s.r.game
	g.shoes = maps.Clone(g.shoes)
	if g.shoes == nil {
		g.shoes = map[int][]card.Card{}
	}
	g.shoes[next.r.number] = append([]card.Card(nil), order...)
	next.r.game = &g
	prev := s.mark()
	next.record(&prev, family.Action{Kind: family.Next})
	return next, nil
}

// nextRound deals the round after s, shuffled by the game's generator.
func (s *State) nextRound() State {
	rd := s.roundAfter()
	return s.goOn(dealRound(rd, rd.shuffled()))
}

// goOn returns next, the round after s, with the game's history so far.
func (s *State) goOn(next State) State {
	next.h = s.h
	return next
}

// shuffled returns the round's shoe, the rules' cards as deck.Shoe orders
// them shuffled by the round's generator, kept in the round itself where it
// fits: the round and its shoe are one allocation.
func (rd *round) shuffled() []card.Card {
	r := rd.rules
	shoe := rd.shoeBuf[:0]
	if n := r.Decks * (52 + r.JokersPerDeck); n > len(rd.shoeBuf) {
		shoe = make([]card.Card, 0, n)
	}
	for range r.Decks {
		for c := card.Card(1); c < card.Joker; c++ {
			shoe = append(shoe, c)
		}
		for range r.JokersPerDeck {
			shoe = append(shoe, card.Joker)
		}
	}
	rd.rng.Shuffle(shoe)
	return shoe
}

// roundFrom deals the round after s from shoe.
func (s *State) roundFrom(shoe []card.Card) State { return s.goOn(dealRound(s.roundAfter(), shoe)) }

// roundAfter returns the round after s, to be dealt: its number, the
// totals after s, the game's generator.
func (s *State) roundAfter() *round {
	prev := s.r
	rd := &round{rules: prev.rules, number: prev.number + 1, results: prev.results, rng: prev.rng, game: prev.game,
		prev: prev, begins: s.h.Log.Len() + 1} // after the Next that deals it
	rd.totals = s.totals()
	return rd
}
