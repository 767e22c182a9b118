package bot

import (
	"github.com/cardrules/cardrules/internal/play"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/score"
)

// Heuristic returns a player that plays basic Rummy as a sensible player
// does, from its View alone:
//
//   - It draws the pile's top card when it lays off on a meld of the
//     table, or completes a meld with its hand. It also draws it when the
//     card is worth ten or less and makes a pair or a run of two with a
//     card of its hand (of two or more, none of them taken from the pile)
//     whose missing cards are still to be had. Otherwise it draws from the
//     stock. It never discards the card it
//     took, even where the rules allow it.
//   - It goes out as soon as its hand can be melded and laid off to the
//     last card, or to one card it may discard.
//   - Otherwise it melds and lays off the most points it can (more and
//     higher cards first), keeping a card to discard.
//   - It discards the card that costs most and helps least: the highest
//     value, unless it belongs to a pair or a near run whose missing cards
//     are still to be had. It does not discard a card that makes a meld or
//     a near meld with the cards the next player was seen taking from the
//     pile.
//
// Ties between equally good discards are broken by a generator seeded
// with seed, so the player is deterministic given its seed and the Views
// it is shown.
func Heuristic(seed uint64) Player {
	p := &heuristic{}
	p.pcg.Seed(seed, 0x72756d6d79)
	p.rng = rand.New(&p.pcg)
	p.t.melds, p.s.melds, p.s.steps, p.s.best.steps, p.opts = p.tableMelds[:0], p.searchMelds[:0], p.steps[:0], p.best[:0], p.rated[:0]
	return p
}

// heuristic is the heuristic player. Besides its generator it keeps the
// storage its decisions reuse, so that a decision allocates nothing once
// that storage has grown: a heuristic player decides for one caller at a
// time.
type heuristic struct {
	pcg  rand.PCG
	rng  *rand.Rand
	t    table    // the table of the View deciding
	s    searcher // the plan search's storage
	opts []rated  // the discards rated

	// The first storage of t, s and opts, room enough for the tables of
	// basic Rummy (hands of up to 11 cards).
	tableMelds, searchMelds [maxMelds]meldFit
	steps, best             [12]step
	rated                   [12]rated
}

// maxMelds is the most melds of a table: one deck makes 17 at most.
const maxMelds = 17

// Choose returns the heuristic player's action for the View of the seat to
// act, or the zero Action when the View lists no legal action.
func (p *heuristic) Choose(v rummy.View) rummy.Action { return play.Listed(p.choose(v), v.Legal) }

// choose is Choose before the choice is checked against v's list.
func (p *heuristic) choose(v rummy.View) rummy.Action {
	switch {
	case len(v.Legal) == 0:
		return rummy.Action{}
	case !readable(&v):
		return v.Legal[0]
	}
	switch v.Phase {
	case rummy.Drawing:
		return p.draw(&v)
	case rummy.Playing:
		return p.play(&v)
	}
	return v.Legal[0] // next, between rounds
}

// cards is a set of the 52 cards in a 64-bit word: bit 16×(suit−1)+rank.
type cards uint64

// deck is every card of the deck as a set.
const deck cards = 0x3FFE * (1 | 1<<16 | 1<<32 | 1<<48)

// cardBits maps each card value to its bit (0 for the joker), and bitCards
// each bit back to its card (0 for a bit that is no card).
var (
	cardBits [card.Kinds]cards
	bitCards [64]card.Card
)

func init() {
	for r := card.Ace; r <= card.King; r++ {
		for s := card.Clubs; s <= card.Spades; s++ {
			i := 16*(int(s)-1) + int(r)
			cardBits[card.New(r, s)] = 1 << i
			bitCards[i] = card.New(r, s)
		}
	}
}

// bitOf returns c's bit (0 for no card of the deck).
func bitOf(c card.Card) cards {
	if int(c) >= len(cardBits) {
		return 0
	}
	return cardBits[c]
}

// setOf returns the cards of cs as a set.
func setOf(cs []card.Card) cards {
	var x cards
	for _, c := range cs {
		x |= bitOf(c)
	}
	return x
}

// heldOf returns the cards of the hand m as a set. Card c is bit c of
// m.Held(): one bit less, the byte j of those bits holds the ranks 2j+1
// (its low four bits, a bit a suit) and 2j+2 (its high four).
func heldOf(m card.Multiset) cards {
	held := m.Held() >> 1
	var x cards
	for j := 0; held != 0; j, held = j+2, held>>8 {
		x |= byteCards[held&0xFF] << uint(j)
	}
	return x & deck // not the joker
}

// byteCards maps a byte of a hand's bits (heldOf) to its cards as a set,
// as if the byte held ranks 1 and 2.
var byteCards = func() (t [256]cards) {
	for b := range t {
		for i := range 8 {
			if b&(1<<i) != 0 {
				t[b] |= 1 << (16*(i%4) + 1 + i/4)
			}
		}
	}
	return t
}()

// meldOf returns the cards of the meld m as a set, and those that lay off
// on it ([fitting]).
func meldOf(m meld.Combination) meldFit {
	if m.IsRun() {
		lo, hi := uint(m.Low()), uint(m.High())
		x := cards(uint64(1)<<(hi+1)-uint64(1)<<lo) << (16 * (uint(m.Suit()) - 1))
		return meldFit{x, (x<<1 | x>>1) & deck &^ x}
	}
	var x cards
	for c := range m.All() {
		x |= bitOf(c)
	}
	if m.Len() == 3 {
		return meldFit{x, rankOf(m.Rank()) &^ x}
	}
	return meldFit{x, 0} // a group of four, or no meld
}

// first returns the lowest card of x (clubs first, ace first), or 0.
func (x cards) first() card.Card { return bitCards[bits.TrailingZeros64(uint64(x))%64] }

// low is the index of x's lowest bit (64 for the empty set).
func (x cards) low() int { return bits.TrailingZeros64(uint64(x)) }

// appendTo appends the cards of x to dst, lowest first.
func (x cards) appendTo(dst []card.Card) []card.Card {
	for ; x != 0; x &= x - 1 {
		dst = append(dst, x.first())
	}
	return dst
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
	return n >= 3 && m&(rankOf(0)<<uint(m.low()%16)) == m
}

// isMeld reports whether m is a run or a group.
func isMeld(m cards) bool { return isRun(m) || isGroup(m) }

// fits reports whether c (a one-card set) lays off on the meld m.
func fits(m, c cards) bool { return m&c == 0 && isMeld(m|c) }

// fitting returns the cards that lay off on the meld m, one at a time: a
// run's next cards below and above, a group of three's fourth card. (For
// a set of cards that is no meld, those of the cards next to its cards in
// a suit or of the rank of its lowest that make a meld with it: a meld
// grows by a card only so.)
func fitting(m cards) cards {
	switch {
	case m == 0:
		return 0
	case isRun(m):
		return (m<<1 | m>>1) & deck &^ m
	case isGroup(m):
		return rankOf(0) << uint(m.low()%16) &^ m // none for a group of four
	}
	var out cards
	for x := (m<<1 | m>>1 | rankOf(0)<<uint(m.low()%16)) & deck &^ m; x != 0; x &= x - 1 {
		if c := x & -x; isMeld(m | c) {
			out |= c
		}
	}
	return out
}

// table is what the player knows of the round: its hand, the melds on the
// table, the cards out of reach and the card values.
type table struct {
	hand   cards
	melds  []meldFit // and the cards that lay off on each
	dead   cards     // cards no one can draw again soon: melded, in the pile below the top, seen in other hands
	keep   cards     // the card drawn from the pile this turn, which may not be discarded
	values score.Table
}

// read sets t to the table of v, in t's storage.
func (t *table) read(v *rummy.View) {
	t.hand, t.dead, t.keep, t.values = heldOf(v.Hand), 0, 0, v.Rules.Values.Melded
	t.melds = t.melds[:0]
	for i := range v.Melds {
		mf := meldOf(v.Melds[i].Meld)
		t.melds = append(t.melds, mf)
		t.dead |= mf.meld
	}
	if n := len(v.Pile); n > 0 {
		t.dead |= setOf(v.Pile[:n-1])
	}
	for i := range v.Players {
		if pv := &v.Players[i]; pv.Seat != v.Seat {
			t.dead |= setOf(pv.Known)
		}
	}
	if v.Rules.KeepTaken && v.Taken != 0 && v.Turn == v.Seat {
		t.keep = bitOf(v.Taken)
	}
}

// value returns what the cards of x score.
func (t *table) value(x cards) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n += t.values.Points(x.first())
	}
	return n
}

// useful says how much c (a one-card set) helps the cards of others
// towards a meld: a pair whose group may still be completed, two cards in
// sequence whose run may still be extended, two cards of a suit one apart
// whose middle card may still be drawn. A missing card may still be had
// when it is not out (of out's cards) or is one of in.
func useful(c, others, out, in cards) int {
	live := func(x cards) bool { return x&^out != 0 || x&in != 0 }
	n := 0
	if rank := rankOf(0) << uint(c.low()%16); others&rank != 0 && live(rank&^others&^c) {
		n += 8
	}
	// The cards one and two below c in its suit, and above.
	down1, down2, up1, up2 := c>>1&deck, c>>2&deck, c<<1&deck, c<<2&deck
	if others&down1 != 0 && live(up1|down2) {
		n += 8
	}
	if others&down2 != 0 && others&down1 == 0 && live(down1) {
		n += 5
	}
	if others&up1 != 0 && live(down1|up2) {
		n += 8
	}
	if others&up2 != 0 && others&up1 == 0 && live(up1) {
		n += 5
	}
	return n
}

// completes reports whether c (a one-card set) makes a meld with cards of
// x: a group of its rank, or a run of three or more through it.
func completes(c, x cards) bool {
	if ((x | c) & (rankOf(0) << uint(c.low()%16))).len() >= 3 {
		return true
	}
	n := 0 // the cards of x in sequence with c in its suit, below and above
	for y := c >> 1 & deck; x&y != 0; y = y >> 1 & deck {
		n++
	}
	for y := c << 1 & deck; x&y != 0; y = y << 1 & deck {
		n++
	}
	return n >= 2
}

// draw takes the pile's top card when it is worth having, else draws from
// the stock.
func (p *heuristic) draw(v *rummy.View) rummy.Action {
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
	t := &p.t
	t.read(v)
	up := bitOf(v.Pile[len(v.Pile)-1])
	take := completes(up, t.hand)
	for _, m := range t.melds {
		take = take || fits(m.meld, up)
	}
	// A near meld is worth the card only with a card of the hand to
	// discard other than its partner: with one card, the pile's card stays
	// and the partner goes. And only one such card at a time: players who
	// pass cards round through the pile for near melds would never end the
	// round (the stock never runs out).
	if !take && t.value(up) <= 10 && t.hand.len() >= 2 && len(v.Players[v.Seat].Known) == 0 {
		take = useful(up, t.hand, t.dead|t.hand, 0) >= 8
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

// searcher finds the best plan for a hand, in storage it reuses from one
// search to the next.
type searcher struct {
	t     *table
	melds []meldFit // the table's melds as the plan extends them
	steps []step
	best  plan
	found bool
	nodes int
	reach cards // reachOf(melds)
}

// meldFit is a meld and the cards that lay off on it ([fitting]).
type meldFit struct{ meld, fit cards }

// reachOf returns the cards a lay-off on one of melds may start with, and
// more: those that fit a meld, a meld's own, and the cards of a run's suit
// below it (laid off with the cards between). The plan search tries no
// lay-off of a card outside them.
func reachOf(melds []meldFit) cards {
	var x cards
	for _, mf := range melds {
		x |= mf.meld | mf.fit
		if lo := mf.meld.low(); isRun(mf.meld) {
			x |= cards(uint64(1)<<uint(lo) - uint64(1)<<uint(lo/16*16))
		}
	}
	return x
}

// maxNodes bounds the search, so that a huge hand cannot stall a player.
const maxNodes = 200_000

// bestPlan returns the plan laying the most points from t's hand that
// keeps a card the player may discard (or none: it goes out), going out
// first of all. Its steps are s's storage, good until s searches again.
func (s *searcher) bestPlan(t *table) plan {
	s.t, s.found, s.nodes = t, false, 0
	s.melds = append(s.melds[:0], t.melds...)
	s.reach = reachOf(s.melds)
	s.steps = s.steps[:0]
	s.best = plan{steps: s.best.steps[:0]}
	s.search(t.hand, 0, 0)
	s.t = nil
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
	ci := c.low()
	// Laid off, alone or with the cards of its suit up to a run's low end.
	for i, mf := range s.melds {
		if c&s.reach == 0 {
			break // it lays off on none
		}
		m, chain := mf.meld, c
		if lo := m.low(); lo/16 == ci/16 && lo > ci && isRun(m) {
			// The cards from c up to the run: with it, a longer run.
			if chain = cards(uint64(1)<<uint(lo) - uint64(1)<<uint(ci)); chain&^rest != 0 {
				continue
			}
		} else if m&c == 0 && mf.fit&c == 0 || m&c != 0 && !isMeld(m|c) {
			continue
		}
		n := len(s.steps)
		for x := chain; x != 0; {
			top := cards(1) << (63 - bits.LeadingZeros64(uint64(x)))
			s.steps = append(s.steps, step{card: top, target: i})
			x &^= top
		}
		reach := s.reach
		s.melds[i] = meldFit{m | chain, fitting(m | chain)}
		s.reach = reachOf(s.melds)
		s.search(rest&^chain, left, laid+s.t.value(chain))
		s.melds[i], s.reach = mf, reach
		s.steps = s.steps[:n]
	}
	// Melded: runs up from it, groups with cards of higher suits.
	run := c
	for x := c << 1; rest&x != 0 && x&deck != 0; x <<= 1 {
		run |= x
		if run.len() >= 3 {
			s.meld(rest, left, laid, run)
		}
	}
	g := rest & (rankOf(0) << uint(ci%16))
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
	s.best = plan{steps: append(s.best.steps[:0], s.steps...), left: left, score: score}
}

// action returns the step as an action.
func (st step) action() rummy.Action {
	if st.meld != 0 {
		var buf [13]card.Card
		a, _ := rummy.Meld(st.meld.appendTo(buf[:0])...)
		return a
	}
	a, _ := rummy.LayOff(st.card.first(), st.target)
	return a
}

// play melds and lays off what the best plan lays, one action a call, and
// then discards.
func (p *heuristic) play(v *rummy.View) rummy.Action {
	t := &p.t
	t.read(v)
	pl := p.s.bestPlan(t)
	// The lay-offs come first: laying the melds first could leave the
	// card taken from the pile alone in the hand.
	for _, st := range pl.steps {
		if st.meld == 0 {
			if a := st.action(); slices.Contains(v.Legal, a) {
				return a
			}
		}
	}
	for _, st := range pl.steps {
		if a := st.action(); slices.Contains(v.Legal, a) {
			return a
		}
	}
	return p.discard(v, t, pl.left)
}

// discard returns the discard of the card of left that costs most and
// helps least: among the best rated, the one the generator picks (the
// first in Legal's order when it is alone).
func (p *heuristic) discard(v *rummy.View, t *table, left cards) rummy.Action {
	p.opts = rateDiscards(p.opts[:0], v, t, left)
	top, best := 0, 0
	for _, o := range p.opts {
		switch {
		case best == 0 || o.score > top:
			top, best = o.score, 1
		case o.score == top:
			best++
		}
	}
	if best == 0 {
		return v.Legal[0]
	}
	k := 0
	if best > 1 {
		k = p.rng.IntN(best)
	}
	for _, o := range p.opts {
		if o.score == top {
			if k == 0 {
				return o.a
			}
			k--
		}
	}
	return v.Legal[0] // not reached
}

// rated is a discard and how good the heuristic rates it.
type rated struct {
	a     rummy.Action
	score int
}

// ratedDiscards returns the legal discards of v, best first (the order of
// Legal among equals), and how many are rated best.
func ratedDiscards(v *rummy.View, t *table, left cards) ([]rated, int) {
	options := rateDiscards(nil, v, t, left)
	slices.SortStableFunc(options, func(x, y rated) int { return y.score - x.score })
	best := 0
	for best < len(options) && options[best].score == options[0].score {
		best++
	}
	return options, best
}

// rateDiscards appends the legal discards of v, in Legal's order, with
// their rating to dst: the card's value, less what it helps towards a meld
// of left, less much more for the card taken from the pile this turn and
// for a card the plan lays, less what it would give the next player (a
// meld or near meld with the cards it was seen taking) or lay off on the
// table.
func rateDiscards(dst []rated, v *rummy.View, t *table, left cards) []rated {
	next := (v.Seat + 1) % len(v.Players)
	theirs := setOf(v.Players[next].Known)
	taken := ^cards(0) // no discard's card
	if v.Turn == v.Seat {
		taken = bitOf(v.Taken)
	}
	var fit [4]cards // fit[k]: the cards that lay off on more than k melds
	for _, m := range t.melds {
		f := m.fit
		for k := range fit {
			f, fit[k] = f&fit[k], fit[k]|f
		}
		if f != 0 {
			return rateDiscardsSlow(dst, v, t, left, theirs, taken)
		}
	}
	for _, a := range v.Legal {
		if a.Kind() != rummy.KindDiscard {
			continue
		}
		c := bitOf(a.Card())
		if c == 0 {
			return rateDiscardsSlow(dst, v, t, left, theirs, taken)
		}
		score := rateDiscard(c, t, left, theirs, taken)
		for _, f := range fit {
			if f&c != 0 {
				score -= 100
			}
		}
		dst = append(dst, rated{a, score})
	}
	return dst
}

// rateDiscardsSlow is rateDiscards for a table where a card lays off on
// more than four melds, or a discard of no card of the deck, which no View
// of a game has.
func rateDiscardsSlow(dst []rated, v *rummy.View, t *table, left, theirs, taken cards) []rated {
	for _, a := range v.Legal {
		if a.Kind() != rummy.KindDiscard {
			continue
		}
		c := bitOf(a.Card())
		score := rateDiscard(c, t, left, theirs, taken)
		for _, m := range t.melds {
			if fits(m.meld, c) {
				score -= 100
			}
		}
		dst = append(dst, rated{a, score})
	}
	return dst
}

// rateDiscard is the rating of discarding c but for what it lays off on:
// its value less what it helps left, taken (the card taken from the pile
// this turn) and a card the plan lays much less, less what it gives the
// next player, who was seen taking theirs.
func rateDiscard(c cards, t *table, left, theirs, taken cards) int {
	score := t.value(c)*4 - useful(c, left&^c, t.dead|t.hand, 0)*4
	if c == taken {
		score -= 2000 // taken to keep it
	}
	if left&c == 0 {
		score -= 1000 // the plan lays it: discard it only if nothing else
	}
	if theirs != 0 {
		if completes(c, theirs) {
			score -= 200
		}
		score -= useful(c, theirs, t.dead, theirs) * 3
	}
	return score
}
