package bot

import (
	"github.com/cardrules/cardrules/internal/play"
	"math/rand/v2"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/meld"
)

// Heuristic returns a player that plays Hand and Foot as a sensible player
// does, from its View alone:
//
//   - It takes the discard pile when it pays: a pile of three cards or more,
//     or an upcard that brings a meld to a canasta.
//   - It plays down (the team's first melds) only when the hand can reach
//     the minimum, laying natural melds first, then pairs with a wild card,
//     then wild cards, and stops as soon as the minimum is met.
//   - Once down, it lays natural cards on the team's melds and starts new
//     natural melds, keeps pairs in hand for taking the pile, and saves its
//     wild cards for turning a meld into a canasta, most of all the dirty
//     canastas the team still needs to go out. It lays red threes on clean
//     canastas (rule set A).
//   - It plays into its foot as soon as its hand can be melded away.
//   - From the foot, with the canastas the team needs, it goes out when that
//     does not hand the game to a team that is ahead. Under rule set B it
//     asks its partner first (the rules let it ask only when it can go out
//     this turn, before laying any card). It goes out after a yes, which
//     binds it. As the partner it answers yes unless its own cards would
//     cost the team more than going out brings.
//   - It discards red threes and black threes first, never a wild card,
//     rarely a card of a pair, and avoids ranks the next team has melded.
//
// Ties are broken by a generator seeded with seed, so the player is
// deterministic given its seed and the Views it is shown.
func Heuristic(seed uint64) Player { return newHeuristic(seed) }

func newHeuristic(seed uint64) *heuristic {
	return &heuristic{rng: rand.New(rand.NewPCG(seed, 0x6865757269737469))}
}

type heuristic struct {
	rng *rand.Rand
	// What this player gave up on this turn, so a take-back is not
	// followed by the same attempt: the turn is known by its round, seat
	// and the stock and pile sizes before the draw.
	turn      [4]int
	noPile    bool // took the pile back: draw instead
	noOpening bool // could not play down after all: just discard
	// A change to this turn's play, set only by the search player for a
	// turn in which it chose it; the heuristic player never sets one.
	variant variant
}

// variant is a change to the heuristic's play for the rest of a turn,
// which the search player weighs against the heuristic's own play.
type variant uint8

const (
	asIs   variant = iota
	noOut          // do not set out to go out this turn
	layAll         // lay every card that can be laid, as when going out, without asking the partner
)

// Choose returns the heuristic's action for v, one v lists, or the zero
// Action when v lists none.
func (p *heuristic) Choose(v handfoot.View) handfoot.Action { return play.Listed(p.choose(v), v.Legal) }

func (p *heuristic) choose(v handfoot.View) handfoot.Action {
	switch {
	case len(v.Legal) == 0:
		return handfoot.Action{}
	case !readable(&v):
		return v.Legal[0]
	}
	switch v.Phase {
	case handfoot.Answering:
		return handfoot.Answer(p.allowGoingOut(&v))
	case handfoot.Choosing:
		return choosePacket(&v)
	case handfoot.RoundOver:
		return handfoot.Next()
	case handfoot.Drawing:
		return p.draw(&v)
	case handfoot.Opening:
		return p.opening(&v)
	}
	return p.meld(&v)
}

// --- choosing the hand

// choosePacket keeps as the hand the packet with more meld potential (the
// first on a tie): the hand is played first, and the sooner it melds, the
// sooner the team is down and the foot in play. A choice made face down
// (without [handfoot.Rules].LookAtPackets) sees no card of either packet:
// they tie, and it keeps the first.
func choosePacket(v *handfoot.View) handfoot.Action {
	packet := 0
	if potential(v.Rules, v.Packets[1]) > potential(v.Rules, v.Packets[0]) {
		packet = 1
	}
	a, err := handfoot.Choose(packet)
	if err != nil || !slices.Contains(v.Legal, a) {
		return v.Legal[0]
	}
	return a
}

// potential scores what a packet can meld: three or more natural cards of
// a meldable rank count 3 each (a meld to lay), a pair 2 (a pile to take),
// a wild card 2, and a three -3 (a card no meld takes).
func potential(r handfoot.Rules, m card.Multiset) int {
	score := 0
	for rank := card.Ace; rank <= card.King; rank++ {
		switch n := m.CountRank(rank); {
		case !r.Meld.Ranks.Has(rank):
		case n >= 3:
			score += 3 * n
		case n == 2:
			score += 2
		}
	}
	return score + 2*(m.CountRank(card.Two)+m.Count(card.Joker)) - 3*m.CountRank(card.Three)
}

// --- reading the view

// need returns the canastas the team needs to go out at this table.
func need(v *handfoot.View) handfoot.Canastas { return v.Rules.GoOutCanastas() }

func canastasMet(v *handfoot.View) bool {
	have, n := v.Teams[v.Team].Canastas, need(v)
	return have.Clean >= n.Clean && have.Dirty >= n.Dirty
}

// counts returns the natural cards, twos and jokers an action lays.
func counts(a handfoot.Action) (nat, twos, jokers int) { return a.Counts() }

// targetMeld returns the team meld an action goes to.
func targetMeld(v *handfoot.View, a handfoot.Action) (meld.RankMeld, bool) {
	ref, ok := a.Target()
	if !ok {
		return meld.RankMeld{}, false
	}
	if a.Kind() == handfoot.KindTake && ref.Rank == 0 {
		ref.Rank = v.Upcard.Rank() // a take names no rank: it is the upcard's (a wild upcard's names it)
	}
	n := 0
	for _, m := range v.Teams[v.Team].Melds {
		if m.Rank() == ref.Rank {
			if n == ref.Index {
				return m, true
			}
			n++
		}
	}
	return meld.RankMeld{}, false
}

func points(v *handfoot.View, cs []card.Card) int { return v.Rules.Values.Melded.SumCards(cs) }

// cardsRoom is the room of the buffers the cards of one action or meld are
// listed into on the stack: more than any hand of the largest rules holds
// (a longer list still works, allocating).
const cardsRoom = 64

func find(v *handfoot.View, k handfoot.Kind) (handfoot.Action, bool) {
	for _, a := range v.Legal {
		if a.Kind() == k {
			return a, true
		}
	}
	return handfoot.Action{}, false
}

// dead counts the cards of the hand that no meld could take: threes, and
// natural cards of ranks the team has no open meld of, held fewer than
// three times, when the wild cards cannot make up the difference.
func dead(v *handfoot.View) int {
	hand := v.Hand
	var open meld.RankSet
	for _, m := range v.Teams[v.Team].Melds {
		if v.Rules.Meld.CanAdd(m, 1, 0) { // a natural card still fits
			open = open.With(m.Rank())
		}
	}
	wilds := hand.CountRank(card.Two) + hand.Count(card.Joker)
	n := 0
	for r := card.Ace; r <= card.King; r++ {
		k := hand.CountRank(r)
		switch {
		case k == 0 || r == card.Two:
		case r == card.Three || !v.Rules.Meld.Ranks.Has(r):
			n += k
		case open.Has(r) || k >= 3:
		case k == 2 && wilds > 0:
			wilds--
		default:
			n += k
		}
	}
	return n
}

// tableValue is a team's visible score for the round so far: canasta
// bonuses and the cards on the table.
func tableValue(v *handfoot.View, team int) int {
	r := v.Rules
	t := v.Teams[team]
	val := t.Canastas.Clean*r.CleanBonus + t.Canastas.Dirty*r.DirtyBonus
	var buf [cardsRoom]card.Card
	for _, m := range t.Melds {
		val += points(v, m.AppendCards(buf[:0]))
	}
	return val
}

// heldCost is the (negative) value of the cards this seat holds, its foot
// counted at an average of -8 a card.
func heldCost(v *handfoot.View) int {
	return v.Rules.Values.Held.Sum(v.Hand) - 8*v.Foot
}

// --- the going-out question (rule set B)

// allowGoingOut answers the partner: yes, unless this seat's own cards cost
// more than the partner's going out brings the team, and the team is
// behind on the table.
func (p *heuristic) allowGoingOut(v *handfoot.View) bool {
	ahead := true
	for t := range v.Teams {
		if t != v.Team && tableValue(v, t) > tableValue(v, v.Team) {
			ahead = false
		}
	}
	return ahead || heldCost(v) > -v.Rules.GoOutBonus
}

// wantOut reports whether going out is good for the team: it does not end
// a game played to a target score with another team ahead.
func wantOut(v *handfoot.View) bool {
	r := v.Rules
	if r.Rounds > 0 {
		return true
	}
	ours := v.Teams[v.Team].Total + tableValue(v, v.Team) + r.GoOutBonus + heldCost(v)
	best, ends := ours, ours > r.Target
	for t, tv := range v.Teams {
		if t == v.Team {
			continue
		}
		theirs := tv.Total + tableValue(v, t) - 40 // their hands are unknown: a modest cost
		best = max(best, theirs)
		ends = ends || theirs > r.Target
	}
	return !ends || ours >= best
}

// --- drawing

func (p *heuristic) draw(v *handfoot.View) handfoot.Action {
	key := [4]int{v.Round, v.Turn, v.StockSize, v.PileSize}
	if key != p.turn {
		p.turn, p.noPile, p.noOpening = key, false, false
	}
	var best handfoot.Action
	bestScore := 0
	for _, a := range v.Legal {
		if a.Kind() != handfoot.KindTake || p.noPile {
			continue
		}
		score := v.PileSize * 10
		if m, ok := targetMeld(v, a); ok {
			if meld.IsWild(v.Upcard) && v.Rules.Meld.Class(m) == meld.Clean {
				continue // a wild upcard would turn a clean canasta dirty
			}
			if m.Len() < v.Rules.Meld.CanastaSize && m.Len()+1 >= v.Rules.Meld.CanastaSize {
				score += 50 // the upcard makes a canasta
			}
			score += 5
		}
		if v.PileSize < 3 && score < 50 {
			continue
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	if bestScore > 0 {
		return best
	}
	if a, ok := find(v, handfoot.KindDraw); ok {
		return a
	}
	return v.Legal[0] // the only way on (a forced take)
}

// --- playing down after taking the pile

func (p *heuristic) opening(v *handfoot.View) handfoot.Action {
	if a, ok := p.playDown(v); ok {
		return a
	}
	// The plan fell short: return the pile and draw instead.
	p.noPile = true
	if a, ok := find(v, handfoot.KindTakeBack); ok {
		return a
	}
	return v.Legal[0]
}

// playDown picks the next step toward the team's first-meld minimum:
// natural melds first, then a pair with one wild card, then wild cards on
// the melds laid, the most points first in each group.
func (p *heuristic) playDown(v *handfoot.View) (handfoot.Action, bool) {
	stages := []func(n, t, j int, a handfoot.Action) bool{
		func(n, t, j int, a handfoot.Action) bool { return t+j == 0 },
		func(n, t, j int, a handfoot.Action) bool { return a.Kind() == handfoot.KindMeld && n == 2 && t+j == 1 },
		func(n, t, j int, a handfoot.Action) bool { return true },
	}
	for _, ok := range stages {
		var best handfoot.Action
		bestPts := 0
		for _, a := range v.Legal {
			if a.Kind() != handfoot.KindMeld && a.Kind() != handfoot.KindAdd {
				continue
			}
			n, t, j := counts(a)
			if !ok(n, t, j, a) {
				continue
			}
			// Prefer the meld with the most natural cards, then points.
			var buf [cardsRoom]card.Card
			pts := points(v, a.AppendCards(buf[:0])) + 1000*n
			if pts > bestPts {
				best, bestPts = a, pts
			}
		}
		if bestPts > 0 {
			return best, true
		}
	}
	return handfoot.Action{}, false
}

// canPlayDown estimates whether the hand reaches the minimum the way
// playDown lays it: natural melds of three or more, pairs with a wild card,
// and the other wild cards where the ratio leaves room.
func canPlayDown(v *handfoot.View) bool {
	hand := v.Hand
	r := v.Rules
	jokers, twos := hand.Count(card.Joker), hand.CountRank(card.Two)
	pts, room := 0, 0
	var pairs []int
	for rank := card.Ace; rank <= card.King; rank++ {
		if rank == card.Two || rank == card.Three || !r.Meld.Ranks.Has(rank) {
			continue
		}
		k := hand.CountRank(rank)
		val := r.Values.Melded.Points(card.New(rank, card.Clubs))
		switch {
		case k >= 3:
			pts += k * val
			room += k - 1
		case k == 2:
			pairs = append(pairs, 2*val)
		}
	}
	wild := func() int {
		switch {
		case jokers > 0:
			jokers--
			return r.Values.Melded.Points(card.Joker)
		case twos > 0:
			twos--
			return r.Values.Melded.Points(card.New(card.Two, card.Clubs))
		}
		return 0
	}
	for _, pv := range pairs {
		if w := wild(); w > 0 {
			pts += pv + w
		}
	}
	for ; room > 0; room-- {
		w := wild()
		if w == 0 {
			break
		}
		pts += w
	}
	return v.LaidThisTurn+pts >= v.Teams[v.Team].Minimum
}

// --- melding and discarding

func (p *heuristic) meld(v *handfoot.View) handfoot.Action {
	team := v.Teams[v.Team]
	if key := p.turn; key[0] != v.Round || key[1] != v.Turn {
		p.turn, p.noPile, p.noOpening = [4]int{v.Round, v.Turn, -1, -1}, false, false
	}
	// Red threes on clean canastas: +100, and -100 less in hand (rule set A).
	if a, ok := find(v, handfoot.KindLayRed); ok {
		return a
	}
	if !team.Down {
		if !v.MinimumMet && !p.noOpening && (v.LaidThisTurn > 0 || canPlayDown(v)) {
			if a, ok := p.playDown(v); ok {
				return a
			}
		}
		if !v.MinimumMet && v.LaidThisTurn > 0 {
			p.noOpening = true
			if a, ok := find(v, handfoot.KindTakeBack); ok {
				return a
			}
		}
		if v.MinimumMet && v.LaidThisTurn > 0 {
			// Down this turn: go on as a team that is down.
			return p.melded(v)
		}
		return p.discard(v)
	}
	return p.melded(v)
}

// melded plays a turn of a team that is down.
func (p *heuristic) melded(v *handfoot.View) handfoot.Action {
	inFoot := v.Players[v.Seat].InFoot
	partnered := asksPartner(v)
	// After the partner's yes the player must go out this turn: every
	// action Legal lists keeps that possible, and laying the most cards
	// first gets there.
	bound := partnered && v.Answer > 0
	goingOut := bound || p.variant != noOut && mayGoOut(v)
	if goingOut && partnered && v.Answer == 0 && p.variant != layAll {
		if a, ok := find(v, handfoot.KindAsk); ok {
			return a
		}
	}
	// Laying every card needs no partner's leave: only going out does, and
	// Legal lets no card go that would go out without it.
	if goingOut && (!partnered || v.Answer > 0) || p.variant == layAll {
		// Lay everything: the most cards first.
		if a, ok := p.best(v, func(a handfoot.Action, n, t, j int) int { return 10*(n+t+j) + n }); ok {
			return a
		}
		return p.discard(v)
	}
	// Playing in: when the whole hand can be melded, meld it all.
	if !inFoot && dead(v) == 0 {
		if a, ok := p.best(v, func(a handfoot.Action, n, t, j int) int { return 10*(n+t+j) + n }); ok {
			return a
		}
	}
	// Natural cards: a new meld where one may start, else onto the meld.
	if a, ok := p.best(v, func(a handfoot.Action, n, t, j int) int {
		if t+j > 0 {
			return 0
		}
		switch a.Kind() {
		case handfoot.KindMeld:
			return 30 + n
		case handfoot.KindAdd:
			m, _ := targetMeld(v, a)
			if v.Rules.Meld.IsCanasta(m) && v.Hand.CountRank(a.Rank()) >= 3 && canStart(v, a.Rank()) {
				return 0 // better a new meld of the rank: another canasta
			}
			return 20 + n
		}
		return 0
	}); ok {
		return a
	}
	// Wild cards: only to make a canasta, dirty ones first while the team
	// needs them.
	wantDirty := v.Teams[v.Team].Canastas.Dirty < need(v).Dirty
	if a, ok := p.best(v, func(a handfoot.Action, n, t, j int) int {
		if a.Kind() != handfoot.KindAdd || n > 0 || t+j == 0 {
			return 0
		}
		m, _ := targetMeld(v, a)
		size := v.Rules.Meld.CanastaSize
		if m.Len() >= size || m.Len()+t+j < size || m.Len()+t+j > size {
			return 0
		}
		if m.Wilds() == 0 && !wantDirty && m.Len() >= size-2 {
			return 0 // near a clean canasta: keep it clean
		}
		return 10 - t - 2*j // spend twos before jokers
	}); ok {
		return a
	}
	return p.discard(v)
}

// asksPartner reports whether a player asks a partner before going out.
func asksPartner(v *handfoot.View) bool {
	return v.Rules.AskPartner && v.Rules.Players/v.Rules.Teams > 1
}

// mayGoOut reports whether a player whose team is down sets out to go out
// this turn of its own accord: from the foot, with the canastas the team
// needs, not refused by the partner, when going out is good for the team
// and the hand holds at most one card no meld can take.
func mayGoOut(v *handfoot.View) bool {
	return v.Players[v.Seat].InFoot && canastasMet(v) && v.Answer >= 0 && wantOut(v) && dead(v) <= 1
}

// wouldGoOut reports whether the heuristic player, shown v, sets out to go
// out of its own accord (not bound by the partner's yes).
func (p *heuristic) wouldGoOut(v *handfoot.View) bool {
	bound := asksPartner(v) && v.Answer > 0
	return p.variant == asIs && !bound && (v.Teams[v.Team].Down || v.MinimumMet && v.LaidThisTurn > 0) && mayGoOut(v)
}

// canStart reports whether the team may start a new meld of rank.
func canStart(v *handfoot.View, rank card.Rank) bool {
	for _, a := range v.Legal {
		if a.Kind() == handfoot.KindMeld && a.Rank() == rank {
			return true
		}
	}
	return false
}

// best returns the meld step with the highest positive score.
func (p *heuristic) best(v *handfoot.View, score func(a handfoot.Action, n, t, j int) int) (handfoot.Action, bool) {
	var best handfoot.Action
	top := 0
	for _, a := range v.Legal {
		if a.Kind() != handfoot.KindMeld && a.Kind() != handfoot.KindAdd {
			continue
		}
		n, t, j := counts(a)
		if s := score(a, n, t, j); s > top || (s == top && s > 0 && p.rng.IntN(2) == 0) {
			best, top = a, s
		}
	}
	return best, top > 0
}

// discard chooses the card to discard: the one the hand misses least and
// the next team can use least (discardCost), ties broken at random.
func (p *heuristic) discard(v *handfoot.View) handfoot.Action {
	theirs := nextMelds(v)
	var best handfoot.Action
	bestKeep := 1 << 30
	for _, a := range v.Legal {
		if a.Kind() != handfoot.KindDiscard {
			continue
		}
		keep := 4*discardCost(v, a.Card(), theirs) + p.rng.IntN(3)
		if keep < bestKeep {
			best, bestKeep = a, keep
		}
	}
	if bestKeep == 1<<30 {
		// No discard is legal: take back (the engine lists it) or any action.
		if a, ok := find(v, handfoot.KindTakeBack); ok {
			p.noOpening = true
			return a
		}
		return v.Legal[0]
	}
	return best
}

// nextMelds returns the ranks the next team has melded, if it is down
// (none otherwise): a discard of one of them could give it the pile.
func nextMelds(v *handfoot.View) meld.RankSet {
	var theirs meld.RankSet
	next := v.Teams[(v.Team+1)%len(v.Teams)]
	if !next.Down {
		return theirs
	}
	for _, m := range next.Melds {
		theirs = theirs.With(m.Rank())
	}
	return theirs
}

// discardCost is the heuristic's rating of discarding c at v, the lower
// the better: red threes first (they cost 100 or 500 in hand), then black
// threes (they block the pile), never a wild card; otherwise a card of
// which the hand holds fewer, that the next team (theirs: nextMelds)
// cannot take the pile with, and of more points.
func discardCost(v *handfoot.View, c card.Card, theirs meld.RankSet) int {
	switch {
	case meld.IsRedThree(c):
		return -1000
	case c.Rank() == card.Three:
		return -500
	case meld.IsWild(c):
		return 1000
	}
	keep := 100 * min(v.Hand.CountRank(c.Rank()), 3)
	if theirs.Has(c.Rank()) {
		keep += 150 // they could take the pile with it
	}
	return keep - v.Rules.Values.Melded.Points(c) // shed high cards first
}
