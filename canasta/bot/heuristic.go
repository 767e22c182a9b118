package bot

import (
	"github.com/cardrules/cardrules/internal/play"
	"math/rand/v2"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Heuristic returns a player that plays Canasta as a sensible player does,
// from its View alone:
//
//   - It takes the discard pile when it pays: onto the team's meld, with a
//     natural pair, or (a large pile) with a natural card and a wild card;
//     taken for the team's first melds, it lays what reaches the minimum,
//     or takes the take back and draws. With the stock empty it takes
//     any pile it can take without a wild card, and otherwise declines
//     the pile (drawing from the empty stock), which ends the round.
//   - It makes the team's first melds only when the hand reaches the
//     minimum, highest melds first.
//   - Once down, it lays natural cards on the team's melds and starts new
//     natural melds of three or more, keeps pairs in hand for taking the
//     pile, and saves its wild cards to turn a meld of five or six into a
//     canasta.
//   - With the canastas the team needs it goes out as soon as it can,
//     without asking; as the partner it answers yes when its own hand
//     costs little.
//   - It discards black threes first (they block the next player), never
//     a wild card unless the pile is large enough to be worth freezing,
//     and rarely a card of a pair. It avoids ranks the next opponent's
//     side has melded. Under Cutthroat, a partner is no opponent: the
//     partners' melds, the partnership's, show in the View of each.
//
// Ties are broken by a generator seeded with seed, so the player is
// deterministic given its seed and the Views it is shown.
func Heuristic(seed uint64) Player {
	return &heuristic{rng: rand.New(rand.NewPCG(seed, 0x636e7374))}
}

type heuristic struct {
	rng *rand.Rand
	// What the player gave up on this turn, so that a take-back is not
	// followed by the same attempt: the turn is known by its round, seat
	// and stock size.
	turn      [3]int
	noPile    bool // took the pile back: draw instead
	noOpening bool // could not reach the minimum after all: just discard
	// variant changes the player's play for this turn (the search
	// player's choice).
	variant variant
}

// variant is a change to the heuristic's play for a turn, which the search
// player compares with its play as is.
type variant uint8

const (
	asIs   variant = iota
	noOut          // do not set out to go out this turn
	layAll         // lay every meld step it can, wild cards too, as when going out
)

// Choose returns the heuristic's action for v, one v lists, or the zero
// Action when v lists none.
func (p *heuristic) Choose(v canasta.View) canasta.Action { return play.Listed(p.choose(v), v.Legal) }

func (p *heuristic) choose(v canasta.View) canasta.Action {
	switch {
	case len(v.Legal) == 0:
		return canasta.Action{}
	case !readable(&v):
		return v.Legal[0]
	}
	p.begin(v)
	switch v.Phase {
	case canasta.Answering:
		return canasta.Answer(p.allow(v))
	case canasta.RoundOver:
		return canasta.Next()
	case canasta.Drawing:
		return p.draw(v)
	case canasta.Opening:
		return p.opening(v)
	}
	return p.meld(v)
}

// begin forgets what the player gave up on its last turn when v starts a
// new one, and the variant of the last turn.
func (p *heuristic) begin(v canasta.View) {
	if key := [3]int{v.Round, v.Turn, v.StockSize}; key != p.turn && v.Phase == canasta.Drawing {
		p.turn, p.noPile, p.noOpening = key, false, false
		p.variant = asIs
	}
}

// has returns the legal actions of kind k.
func has(v canasta.View, k canasta.Kind) []canasta.Action {
	var out []canasta.Action
	for _, a := range v.Legal {
		if a.Kind() == k {
			out = append(out, a)
		}
	}
	return out
}

// counts returns a meld step's natural cards, and wild cards.
func counts(a canasta.Action) (nat, wild int) {
	nat, twos, jokers := a.Counts()
	return nat, twos + jokers
}

// teamMeld returns the team's meld of rank, if any.
func teamMeld(v canasta.View, rank card.Rank) (meld.RankMeld, bool) {
	for _, m := range v.Teams[v.Team].Melds {
		if m.Rank() == rank {
			return m, true
		}
	}
	return meld.RankMeld{}, false
}

func (p *heuristic) draw(v canasta.View) canasta.Action {
	takes := has(v, canasta.KindTake)
	draw := has(v, canasta.KindDraw)
	if len(takes) == 0 || (p.noPile && len(draw) > 0) {
		if len(draw) > 0 {
			return draw[0]
		}
		return v.Legal[0]
	}
	best, score := canasta.Action{}, -1
	for _, a := range takes {
		s := 0
		switch {
		case a.OntoMeld():
			s = 3
		case a.Card() == 0:
			s = 2
		case v.PileSize >= 4:
			s = 1 // costs a wild card: only for a pile worth it
		default:
			continue
		}
		if s > score {
			best, score = a, s
		}
	}
	// With the stock empty, drawing declines the pile and ends the round:
	// a take that costs no wild card is worth more.
	if score >= 0 && (v.PileSize >= 2 || score == 3 || len(draw) == 0 || (v.StockSize == 0 && score == 2)) {
		return best
	}
	if len(draw) > 0 {
		return draw[0]
	}
	return takes[0]
}

// opening lays what reaches the minimum while the pile waits, or takes the
// take back.
func (p *heuristic) opening(v canasta.View) canasta.Action {
	if p.noPile {
		// Taken again after giving up (the stock is empty: the take is
		// forced): try the steps in another order.
		var lays []canasta.Action
		for _, a := range v.Legal {
			if a.Kind() == canasta.KindMeld || a.Kind() == canasta.KindAdd {
				lays = append(lays, a)
			}
		}
		if len(lays) > 0 {
			return lays[p.rng.IntN(len(lays))]
		}
	}
	if a, ok := p.bestLay(v, true); ok {
		return a
	}
	p.noPile = true
	return canasta.TakeBack()
}

// bestLay returns the meld step laying the most points, natural cards
// first; withWild allows wild cards.
func (p *heuristic) bestLay(v canasta.View, withWild bool) (canasta.Action, bool) {
	best, score := canasta.Action{}, -1
	for _, a := range v.Legal {
		if a.Kind() != canasta.KindMeld && a.Kind() != canasta.KindAdd {
			continue
		}
		nat, wild := counts(a)
		if wild > 0 && !withWild {
			continue
		}
		var buf [32]card.Card // more than a meld step lays: no allocation
		s := v.Rules.Values.Melded.SumCards(a.AppendCards(buf[:0]))*4 + nat - 3*wild
		if s > score || s == score && p.rng.IntN(2) == 0 {
			best, score = a, s
		}
	}
	return best, score >= 0
}

func (p *heuristic) meld(v canasta.View) canasta.Action {
	switch team := v.Teams[v.Team]; {
	case team.Down || v.LaidThisTurn >= team.Minimum:
	case p.noOpening:
		return p.discard(v) // gave up the first melds this turn
	default:
		return p.firstMelds(v)
	}
	if p.variant != noOut {
		if a, ok := p.goOut(v); ok {
			return a
		}
	}
	if p.variant == layAll {
		if a, ok := p.bestLay(v, true); ok {
			return a
		}
	}
	if a, ok := p.useful(v); ok {
		return a
	}
	return p.discard(v)
}

// firstMelds lays the team's first melds when the hand reaches the
// minimum: the highest melds first; short of it, it takes back what it
// laid and gives up for the turn.
func (p *heuristic) firstMelds(v canasta.View) canasta.Action {
	need := v.Teams[v.Team].Minimum - v.LaidThisTurn
	if a, ok := p.bestLay(v, true); ok && reachable(v, need) {
		return a
	}
	p.noOpening = true
	for _, a := range v.Legal {
		if a.Kind() == canasta.KindTakeBack {
			return a
		}
	}
	return p.discard(v)
}

// reachable reports whether the hand's melds can still lay need points
// this turn: every rank with two natural cards or more melded with the
// wild cards shared out, a rough bound.
func reachable(v canasta.View, need int) bool {
	total, wilds := 0, 0
	for _, c := range v.Hand.Cards() {
		if meld.IsWild(c) {
			wilds += v.Rules.Values.Melded.Points(c)
		}
	}
	for r := card.Ace; r <= card.King; r++ {
		if v.Rules.Meld.Ranks.Has(r) && v.Hand.CountRank(r) >= 2 {
			for _, c := range v.Hand.Cards() {
				if c.Rank() == r {
					total += v.Rules.Values.Melded.Points(c)
				}
			}
		}
	}
	return total+wilds >= need
}

// goOut lays everything it can when the team has the canastas to go out
// and the hand is small enough to empty this turn.
func (p *heuristic) goOut(v canasta.View) (canasta.Action, bool) {
	team := v.Teams[v.Team]
	if team.Canastas.Natural+team.Canastas.Mixed < v.Rules.GoOut || v.Hand.Len() > 6 {
		return canasta.Action{}, false
	}
	if v.Hand.Len() == 1 {
		for _, a := range v.Legal {
			if a.Kind() == canasta.KindDiscard {
				return a, true
			}
		}
	}
	return p.bestLay(v, true)
}

// useful returns a meld step worth making now: natural cards on the
// team's melds, a new natural meld of three or more, a wild card that
// brings a meld of five or six toward a canasta.
func (p *heuristic) useful(v canasta.View) (canasta.Action, bool) {
	best, score := canasta.Action{}, 0
	for _, a := range v.Legal {
		nat, wild := counts(a)
		s := 0
		switch a.Kind() {
		case canasta.KindAdd:
			m, _ := teamMeld(v, a.Rank())
			switch {
			case wild == 0:
				s = 10 + nat
			case nat == 0 && wild == 1 && m.Len() >= 5 && m.Wilds() < 3:
				s = 5
			}
		case canasta.KindMeld:
			if wild == 0 && nat >= 3 {
				s = 8 + nat
			}
		}
		if s > score {
			best, score = a, s
		}
	}
	return best, score > 0
}

// nextOpponent returns the first seat after v's that plays against it:
// the next seat, but under Cutthroat a partner of the player is passed
// over (the partnership forms during a round, at the lone hand's first
// take of the pile).
func nextOpponent(v canasta.View) int {
	n := len(v.Players)
	for d := 1; d < n; d++ {
		if seat := (v.Seat + d) % n; !sameSide(v, seat) {
			return seat
		}
	}
	return (v.Seat + 1) % n
}

// sameSide reports whether seat plays on v's seat's side now: its team,
// or under Cutthroat, once there is a lone hand, the other partner.
func sameSide(v canasta.View, seat int) bool {
	if v.Rules.Cutthroat && v.LoneHand >= 0 {
		return seat == v.Seat || (seat != v.LoneHand && v.Seat != v.LoneHand)
	}
	return v.Players[seat].Team == v.Team
}

// discard picks the card to discard: the one discardCost rates lowest,
// ties broken at random.
func (p *heuristic) discard(v canasta.View) canasta.Action {
	theirs := nextMelds(v)
	best, cost := canasta.Action{}, 1<<30
	for _, a := range v.Legal {
		if a.Kind() != canasta.KindDiscard {
			continue
		}
		s := discardCost(v, a.Card(), theirs)*4 + p.rng.IntN(4)
		if s < cost {
			best, cost = a, s
		}
	}
	if cost == 1<<30 {
		return v.Legal[p.rng.IntN(len(v.Legal))]
	}
	return best
}

// nextMelds returns the ranks the next opponent's side has melded.
func nextMelds(v canasta.View) meld.RankSet {
	var theirs meld.RankSet
	for _, m := range v.Teams[v.Players[nextOpponent(v)].Team].Melds {
		theirs = theirs.With(m.Rank())
	}
	return theirs
}

// discardCost rates discarding c at v, the lower the better: black threes
// first, wild cards last (unless the pile is worth freezing), and a card
// of a rank the next opponent melded (theirs), of a pair, or of the
// team's melds costs more.
func discardCost(v canasta.View, c card.Card, theirs meld.RankSet) int {
	s := v.Rules.Values.Melded.Points(c)
	switch {
	case c.Rank() == card.Three && c.IsBlack():
		s = -100
	case meld.IsWild(c):
		s = 200
		if v.PileSize >= 10 {
			s = -50 // freeze a pile worth keeping from the others
		}
	}
	if theirs.Has(c.Rank()) {
		s += 60
	}
	if v.Hand.CountRank(c.Rank()) >= 2 && c.Rank() != card.Three {
		s += 40
	}
	if _, ok := teamMeld(v, c.Rank()); ok && !meld.IsWild(c) {
		s += 30
	}
	return s
}

// allow answers the partner's "May I go out?": yes when this seat's own
// cards cost the team little.
func (p *heuristic) allow(v canasta.View) bool {
	return v.Rules.Values.Melded.Sum(v.Hand) <= 60
}

// wouldGoOut reports whether the player, in the meld phase at v, would set
// out to go out (goOut), without drawing on its generator.
func (p *heuristic) wouldGoOut(v canasta.View) bool {
	team := v.Teams[v.Team]
	if p.variant == noOut || team.Canastas.Natural+team.Canastas.Mixed < v.Rules.GoOut || v.Hand.Len() > 6 {
		return false
	}
	for _, a := range v.Legal {
		switch k := a.Kind(); {
		case k == canasta.KindMeld || k == canasta.KindAdd, k == canasta.KindDiscard && v.Hand.Len() == 1:
			return true
		}
	}
	return false
}
