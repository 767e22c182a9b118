package bot

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/rummy"
)

// Heuristic returns a player that plays basic Rummy as a sensible player
// does, from its View alone:
//
//   - It draws the pile's top card when it lays off on a meld of the
//     table, completes a meld with its hand, or (a card worth ten or less)
//     makes a pair or a run of two with a card of its hand (of two or more,
//     none of them taken from the pile) whose missing cards are still to be
//     had; otherwise it draws from the stock. It never discards the card it
//     took, even where the rules allow it.
//   - It goes out as soon as its hand can be melded and laid off to the
//     last card, or to one card it may discard.
//   - Otherwise it melds and lays off the most points it can (more and
//     higher cards first), keeping a card to discard.
//   - It discards the card that costs most and helps least: the highest
//     value, unless it belongs to a pair or a near run whose missing cards
//     are still to be had, and not a card that makes a meld or a near meld
//     with the cards the next player was seen taking from the pile.
//
// Ties between equally good discards are broken by a generator seeded
// with seed, so the player is deterministic given its seed and the Views
// it is shown.
func Heuristic(seed uint64) Player {
	return &heuristic{rng: rand.New(rand.NewPCG(seed, 0x72756d6d79))}
}

type heuristic struct {
	rng *rand.Rand
}

// Choose returns the heuristic player's action for the View of the seat to
// act, or the zero Action when the View lists no legal action.
func (p *heuristic) Choose(v rummy.View) rummy.Action {
	if len(v.Legal) == 0 {
		return rummy.Action{}
	}
	switch v.Phase {
	case rummy.Drawing:
		return p.draw(v)
	case rummy.Playing:
		return p.play(v)
	}
	return v.Legal[0] // next, between rounds
}

// cards is a set of the 52 cards in a 64-bit word: bit 16×(suit−1)+rank.
type cards uint64

// bitOf returns c's bit (0 for no card of the deck).
func bitOf(c card.Card) cards {
	if c.IsJoker() || !c.IsValid() {
		return 0
	}
	return 1 << (16*(uint(c.Suit())-1) + uint(c.Rank()))
}

// at returns the card of rank r and suit s as a set, or 0 when r is no rank.
func at(r int, s card.Suit) cards {
	if r < int(card.Ace) || r > int(card.King) {
		return 0
	}
	return 1 << (16*(uint(s)-1) + uint(r))
}

// setOf returns the cards of cs as a set.
func setOf(cs []card.Card) cards {
	var x cards
	for _, c := range cs {
		x |= bitOf(c)
	}
	return x
}

// first returns the lowest card of x (clubs first, ace first), or 0.
func (x cards) first() card.Card {
	if x == 0 {
		return 0
	}
	i := bits.TrailingZeros64(uint64(x))
	return card.New(card.Rank(i%16), card.Suit(i/16+1))
}

// list returns the cards of x, lowest first.
func (x cards) list() []card.Card {
	var out []card.Card
	for ; x != 0; x &= x - 1 {
		out = append(out, x.first())
	}
	return out
}

// len is the number of cards in x.
func (x cards) len() int { return bits.OnesCount64(uint64(x)) }

// rankOf returns the four cards of rank r.
func rankOf(r card.Rank) cards { return (1 | 1<<16 | 1<<32 | 1<<48) << uint(r) }

// isRun reports whether m is three or more cards of a suit in sequence.
func isRun(m cards) bool {
	if m.len() < 3 {
		return false
	}
	lo := bits.TrailingZeros64(uint64(m))
	hi := 63 - bits.LeadingZeros64(uint64(m))
	return hi/16 == lo/16 && hi-lo+1 == m.len()
}

// isGroup reports whether m is three or four cards of one rank.
func isGroup(m cards) bool {
	n := m.len()
	return n >= 3 && m&rankOf(m.first().Rank()) == m
}

// isMeld reports whether m is a run or a group.
func isMeld(m cards) bool { return isRun(m) || isGroup(m) }

// fits reports whether c (a one-card set) lays off on the meld m.
func fits(m, c cards) bool { return m&c == 0 && isMeld(m|c) }

// table is what the player knows of the round: its hand, the melds on the
// table, the cards out of reach and the card values.
type table struct {
	v     rummy.View
	hand  cards
	melds []cards
	dead  cards // cards no one can draw again soon: melded, in the pile below the top, seen in other hands
	keep  cards // the card drawn from the pile this turn, which may not be discarded
}

// read builds the table of v.
func read(v rummy.View) *table {
	t := &table{v: v, hand: setOf(v.Hand.Cards())}
	for _, m := range v.Melds {
		x := setOf(m.Meld.Cards())
		t.melds = append(t.melds, x)
		t.dead |= x
	}
	if n := len(v.Pile); n > 0 {
		t.dead |= setOf(v.Pile[:n-1])
	}
	for _, pv := range v.Players {
		if pv.Seat != v.Seat {
			t.dead |= setOf(pv.Known)
		}
	}
	if v.Rules.KeepTaken && v.Taken != 0 && v.Turn == v.Seat {
		t.keep = bitOf(v.Taken)
	}
	return t
}

// value returns what the cards of x score.
func (t *table) value(x cards) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n += t.v.Rules.Values.Melded.Points(x.first())
	}
	return n
}

// live reports whether any card of x may still be drawn by the player: it
// is neither in its hand nor out of reach.
func (t *table) live(x cards) bool { return x&^(t.dead|t.hand) != 0 }

// useful says how much c (a one-card set) helps the cards of others
// towards a meld: a pair whose group may still be completed, two cards in
// sequence whose run may still be extended, two cards of a suit one apart
// whose middle card may still be drawn. live tells whether a missing card
// may still be had.
func useful(c, others cards, live func(cards) bool) int {
	k := c.first()
	r, s := int(k.Rank()), k.Suit()
	n := 0
	if others&rankOf(k.Rank()) != 0 && live(rankOf(k.Rank())&^others&^c) {
		n += 8
	}
	for _, d := range []int{-1, 1} {
		if others&at(r+d, s) != 0 && live(at(r-d, s)|at(r+2*d, s)) {
			n += 8
		}
		if others&at(r+2*d, s) != 0 && others&at(r+d, s) == 0 && live(at(r+d, s)) {
			n += 5
		}
	}
	return n
}

// completes reports whether c (a one-card set) makes a meld with cards of
// x: a group of its rank, or a run of three or more through it.
func completes(c, x cards) bool {
	k := c.first()
	if ((x | c) & rankOf(k.Rank())).len() >= 3 {
		return true
	}
	r, s := int(k.Rank()), k.Suit()
	lo, hi := r, r
	for x&at(lo-1, s) != 0 {
		lo--
	}
	for x&at(hi+1, s) != 0 {
		hi++
	}
	return hi-lo >= 2
}

// draw takes the pile's top card when it is worth having, else draws from
// the stock.
func (p *heuristic) draw(v rummy.View) rummy.Action {
	var stock, pile *rummy.Action
	for i, a := range v.Legal {
		switch a.Kind() {
		case rummy.KindDrawStock:
			stock = &v.Legal[i]
		case rummy.KindDrawPile:
			pile = &v.Legal[i]
		}
	}
	if pile == nil || stock == nil {
		return v.Legal[0]
	}
	t := read(v)
	up := bitOf(v.Pile[len(v.Pile)-1])
	take := completes(up, t.hand)
	for _, m := range t.melds {
		take = take || fits(m, up)
	}
	// A near meld is worth the card only with a card of the hand to
	// discard other than its partner: with one card, the pile's card stays
	// and the partner goes. And only one such card at a time: players who
	// pass cards round through the pile for near melds would never end the
	// round (the stock never runs out).
	if !take && t.value(up) <= 10 && t.hand.len() >= 2 && len(v.Players[v.Seat].Known) == 0 {
		take = useful(up, t.hand, t.live) >= 8
	}
	if take {
		return *pile
	}
	return *stock
}

// step is one meld or lay-off of a plan.
type step struct {
	meld   cards // a new meld, or 0
	card   cards // the card laid off
	target int   // on the table's meld of that index, from 0
}

// plan is a way to meld and lay off from the hand.
type plan struct {
	steps []step
	left  cards // the cards kept in hand
	score int
}

// searcher finds the best plan for a hand.
type searcher struct {
	t     *table
	melds []cards // the table's melds as the plan extends them
	steps []step
	best  plan
	found bool
	nodes int
}

// maxNodes bounds the search, so that a huge hand cannot stall a player.
const maxNodes = 200_000

// bestPlan returns the plan laying the most points from the hand that
// keeps a card the player may discard (or none: it goes out), going out
// first of all.
func (t *table) bestPlan() plan {
	s := &searcher{t: t, melds: append([]cards(nil), t.melds...)}
	s.search(t.hand, 0, 0)
	return s.best
}

// search decides the fate of rest's lowest card and goes on with the
// others: kept, laid off on a meld of the table (with the cards below it
// a run needs), or melded with higher cards of rest. laid is the value
// laid so far; left the cards kept.
func (s *searcher) search(rest, left cards, laid int) {
	s.nodes++
	if rest == 0 {
		s.consider(left, laid)
		return
	}
	if s.nodes > maxNodes && s.found {
		return
	}
	c := rest & -rest
	k := c.first()
	// Laid off, alone or with the cards of its suit up to a run's low end.
	for i, m := range s.melds {
		chain := c
		if isRun(m) && m.first().Suit() == k.Suit() {
			for r := int(k.Rank()) + 1; r < int(m.first().Rank()); r++ {
				chain |= at(r, k.Suit())
			}
		}
		if chain&^rest != 0 || !isMeld(m|chain) {
			continue
		}
		n := len(s.steps)
		for x := chain; x != 0; {
			top := cards(1) << (63 - bits.LeadingZeros64(uint64(x)))
			s.steps = append(s.steps, step{card: top, target: i})
			x &^= top
		}
		s.melds[i] = m | chain
		s.search(rest&^chain, left, laid+s.t.value(chain))
		s.melds[i] = m
		s.steps = s.steps[:n]
	}
	// Melded: runs up from it, groups with cards of higher suits.
	r, suit := int(k.Rank()), k.Suit()
	run := c
	for hi := r + 1; rest&at(hi, suit) != 0; hi++ {
		run |= at(hi, suit)
		if hi-r >= 2 {
			s.meld(rest, left, laid, run)
		}
	}
	g := rest & rankOf(k.Rank())
	if g.len() >= 3 {
		s.meld(rest, left, laid, g) // c is the lowest: every subset with c
		if g.len() == 4 {
			for x := g &^ c; x != 0; x &= x - 1 {
				s.meld(rest, left, laid, g&^(x&-x))
			}
		}
	}
	// Kept.
	s.search(rest&^c, left|c, laid)
}

// meld goes on with m melded.
func (s *searcher) meld(rest, left cards, laid int, m cards) {
	s.steps = append(s.steps, step{meld: m})
	s.search(rest&^m, left, laid+s.t.value(m))
	s.steps = s.steps[:len(s.steps)-1]
}

// consider keeps the plan that ends with left in hand if it is the best so
// far: going out first, then the most points laid, then the most cards.
func (s *searcher) consider(left cards, laid int) {
	if left != 0 && left&^s.t.keep == 0 {
		return // nothing to discard
	}
	score := laid * 64
	if left.len() <= 1 {
		score += 1 << 20 // goes out
	}
	score += (s.t.hand &^ left).len()
	if s.found && score <= s.best.score {
		return
	}
	s.found = true
	s.best = plan{steps: append([]step(nil), s.steps...), left: left, score: score}
}

// action returns the step as an action.
func (st step) action() rummy.Action {
	if st.meld != 0 {
		a, _ := rummy.Meld(st.meld.list()...)
		return a
	}
	a, _ := rummy.LayOff(st.card.first(), st.target)
	return a
}

// play melds and lays off what the best plan lays, one action a call, and
// then discards.
func (p *heuristic) play(v rummy.View) rummy.Action {
	t := read(v)
	pl := t.bestPlan()
	legal := make(map[rummy.Action]bool, len(v.Legal))
	for _, a := range v.Legal {
		legal[a] = true
	}
	// The lay-offs come first: laying the melds first could leave the
	// card taken from the pile alone in the hand.
	for _, st := range pl.steps {
		if a := st.action(); st.meld == 0 && legal[a] {
			return a
		}
	}
	for _, st := range pl.steps {
		if a := st.action(); legal[a] {
			return a
		}
	}
	return p.discard(v, t, pl.left)
}

// discard returns the discard of the card of left that costs most and
// helps least.
func (p *heuristic) discard(v rummy.View, t *table, left cards) rummy.Action {
	options, best := ratedDiscards(v, t, left)
	switch {
	case len(options) == 0:
		return v.Legal[0]
	case best == 1:
		return options[0].a
	}
	return options[p.rng.IntN(best)].a
}

// rated is a discard and how good the heuristic rates it.
type rated struct {
	a     rummy.Action
	score int
}

// ratedDiscards returns the legal discards of v, best first (the order of
// Legal among equals), and how many are rated best.
func ratedDiscards(v rummy.View, t *table, left cards) ([]rated, int) {
	var options []rated
	next := (v.Seat + 1) % len(v.Players)
	theirs := setOf(v.Players[next].Known)
	theirLive := func(x cards) bool { return x&^t.dead != 0 || x&theirs != 0 }
	for _, a := range v.Legal {
		if a.Kind() != rummy.KindDiscard {
			continue
		}
		c := bitOf(a.Card())
		score := t.value(c)*4 - useful(c, left&^c, t.live)*4
		if c == bitOf(v.Taken) && v.Turn == v.Seat {
			score -= 2000 // taken to keep it
		}
		if left&c == 0 {
			score -= 1000 // the plan lays it: discard it only if nothing else
		}
		if theirs != 0 {
			if completes(c, theirs) {
				score -= 200
			}
			score -= useful(c, theirs, theirLive) * 3
		}
		for _, m := range t.melds {
			if fits(m, c) {
				score -= 100
			}
		}
		options = append(options, rated{a, score})
	}
	slices.SortStableFunc(options, func(x, y rated) int { return y.score - x.score })
	best := 0
	for best < len(options) && options[best].score == options[0].score {
		best++
	}
	return options, best
}
