package family

import (
	"math"
	"math/bits"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// Going out, decided without playing it out.
//
// The player whose turn it is can go out this turn when some sequence of
// meld steps ends the turn with the hand empty: either every card is
// melded, or all but one, d, and d is discarded. The checks a step meets
// on the way (afterHand, checkDiscard) bite only when one card or none is
// left, so what decides is the table at the end and the last step:
//
//   - Discarding: the step that leaves d alone must find the canastas and
//     the minimum met (the partner's yes aside), and the discard then goes
//     out. The steps before it may come in any order the meld rules allow.
//   - Melding out with a last step S of two cards or more: before S the
//     hand held two cards or more, so no check bit; the table after S must
//     hold the canastas, and the turn's melds the minimum.
//   - Melding out with a last step of one card c: the step before it left
//     c alone, so it met the canastas and the minimum, and discarding c
//     would have gone out too. This adds nothing, but for a hand of one
//     card, where no step came before; that hand is decided on its own.
//
// Every meld is laid or added to in one step at its final size (the meld
// rules read the meld after the whole step), but the meld S goes on, which
// may first take one step of its own before S. The steps are ordered by
// what the rules make wait: the side's melds of a rank must all be
// canastas before a new one of that rank is begun (with SecondMeld; without
// it, a new meld only of a rank the side has none of), so the short one,
// if any, is begun last; a red three goes on a completed clean canasta,
// which must stay clean (no wild card after it, S included); a closed
// clean canasta takes nothing. So going out is a question about the melds
// at the end — which natural cards and how many wild cards each of the
// side's melds takes — plus, for melding out, S.
//
// That question is answered by dynamic programming. For each rank, a small
// program over the side's melds of that rank (the existing ones, then new
// ones) finds for how many of the rank's natural cards a and wild cards w
// the melds can end, with how many clean and dirty canastas, whether one
// of them is a clean canasta to take the hand's red threes, and whether S
// is among them. The natural cards a meld can take for a given number of
// wild cards and a given class at the end form an interval, so each
// meld's choices are a few intervals. Then a program over the ranks shares
// the wild cards out and adds the canastas up. Counts of canastas are
// capped at what going out needs, and the sets of outcomes (clean, dirty,
// red-three host) are bit masks. Natural cards of one rank are all alike
// to the meld rules; they differ only in points, which matter only for the
// minimum, and every card but the discard is laid, so the points are
// known.
//
// The answer is exact for every table whose melds are valid under its
// policy (FromPosition and every step keep them so): the tests compare it
// with a search over every sequence of legal actions on many random
// positions under random policies and house rules.

// CanGoOut reports whether the player whose turn it is, holding the hand
// it holds and having drawn, can go out this turn from t as it stands: by
// meld steps and a final discard, under c's meld policy, the canastas
// going out needs and the side's first-meld minimum, as if the partner,
// where one is asked, had said yes. It does not look at the phase or at
// whether the player plays its last packet. It allocates nothing; a bound
// on the canastas within reach answers most hands at once.
func (t *TableOf[H]) CanGoOut(c *Config) bool {
	return t.canGoOut(c, t.Hands[t.Turn], meldView{base: t.Melds, at: -1}, t.Laid, nil)
}

// meldView is a table's melds with at most one of them replaced or one
// appended, without copying them: the melds after a meld step.
type meldView struct {
	base []TableMeld
	at   int // the index of the changed meld (len(base): appended), or -1
	m    TableMeld
}

func (v meldView) len() int {
	if v.at == len(v.base) {
		return len(v.base) + 1
	}
	return len(v.base)
}

func (v meldView) get(i int) TableMeld {
	if i == v.at {
		return v.m
	}
	return v.base[i]
}

// canastas counts side's clean and dirty canastas in v.
func (v meldView) canastas(p meld.RankPolicy, side int) Canastas {
	var have Canastas
	for i := range v.len() {
		if tm := v.get(i); int(tm.Side) == side {
			have.add(p.Class(tm.M), 1)
		}
	}
	return have
}

// MaxGoOut bounds the canastas of each kind going out may need where the
// partner is asked (the solver's sets of outcomes are 64-bit masks of
// clean, dirty and host); CanGoOut reports false beyond it.
const MaxGoOut = 4

// noLimit stands for no bound on the natural cards a meld may take.
const noLimit = 1 << 20

// canGoOut is CanGoOut for the player whose turn it is holding hand, with
// the melds melds and laid points laid this turn. With a memo, melds is
// the table after one meld step of the player's, and what the question
// shares with the table before the step is kept in memo for the next.
func (t *TableOf[H]) canGoOut(c *Config, hand card.Multiset, melds meldView, laid int, memo *outMemo) bool {
	return t.canGoOutBy(c, hand, melds, laid, memo, true)
}

// canGoOutBy is canGoOut, trying quickOut first when quick is set (its
// tests compare the two).
func (t *TableOf[H]) canGoOutBy(c *Config, hand card.Multiset, melds meldView, laid int, memo *outMemo, quick bool) bool {
	return t.canGoOutBefore(c, hand, melds, laid, memo, quick, false)
}

// canGoOutBefore is canGoOutBy, where threes says that a meld of black
// threes, held beside hand, is laid after hand's steps: every step of hand
// then leaves the threes and more in the hand, so none of them is checked,
// and melding all of hand needs no last step of two cards or more.
func (t *TableOf[H]) canGoOutBefore(c *Config, hand card.Multiset, melds meldView, laid int, memo *outMemo, quick, threes bool) bool {
	seat := int(t.Turn)
	side := c.Side(seat)
	p := c.Meld
	if outOfReach(c, hand, melds, side) {
		return false
	}
	if p.BlackThreesOut && blackThrees(hand) >= 3 {
		return t.goOutWithThrees(c, hand, melds, laid, quick)
	}
	if c.GoOut.Clean < 0 || c.GoOut.Dirty < 0 || c.GoOut.Clean > MaxGoOut || c.GoOut.Dirty > MaxGoOut {
		return false // no game builds such a table
	}
	size := hand.Len()
	switch size {
	case 0:
		return false
	case 1:
		return t.goOutWithOne(c, hand, melds, laid)
	}
	if quick && memo == nil && t.quickOut(c, hand, melds, laid, side) {
		return true // most hands that can go out, without the solver
	}
	down := t.IsDown(side)
	minimum := t.outMinimum(c, side)
	total := laid + c.Values.Sum(hand)
	minimumMet := func(points int) bool { return down || points >= minimum }
	layRed := p.RedThreeOnClean && c.Kinds.Has(LayRed)

	// The cards by what they can become.
	var s outSolver
	s.p, s.need, s.any = p, c.GoOut, c.AnyCanasta
	var (
		reds     int       // red threes to lay on clean canastas
		unmeld   int       // cards no step can lay
		lone     card.Card // the last of them
		discards outClasses
	)
	for k, n := range hand.Kinds() {
		// The discard of k: the step leaving it alone meets the minimum
		// with every other card laid.
		ok := minimumMet(total - c.Values.Points(k))
		r := k.Rank()
		switch {
		case meld.IsWild(k):
			s.wilds += n
			discards.wild = discards.wild || ok
		case r == card.Three && k.IsRed() && layRed:
			reds += n
			discards.red = discards.red || ok
		case r == card.Three || !p.Ranks.Has(r):
			unmeld += n
			lone = k
		default:
			s.nat[r] += n
			discards.nat[r] = discards.nat[r] || ok
		}
	}
	if unmeld >= 2 || !s.mayReach(melds, side, size-unmeld-reds) {
		return false
	}
	for i := range melds.len() {
		if tm := melds.get(i); int(tm.Side) == side {
			s.has = s.has.With(tm.M.Rank())
		}
	}
	if unmeld+s.strays() >= 2 {
		return false // two cards or more can only be discarded
	}
	s.modes = 1 << plain
	if unmeld == 0 {
		for r := range s.nat {
			if discards.nat[r] && s.nat[r] > 0 {
				s.natDisc[r] = true
				s.modes |= 1 << natDiscard
			}
		}
		if minimumMet(total) {
			s.modes |= 1 << lastStep
		}
	}
	if memo != nil && !memo.filled {
		// The table before the step, solved once for every step.
		memo.filled, memo.record = true, true
		t.canGoOutBy(c, t.Hands[t.Turn], meldView{base: t.Melds, at: -1}, t.Laid, memo, quick)
		memo.record = false
	}
	s.init()
	var cells [512]uint64
	var opts [128]outOption
	g := s.solve(c, melds, side, cells[:], opts[:0], memo)
	if unmeld == 1 {
		// The card no step lays is the discard.
		return minimumMet(total-c.Values.Points(lone)) && g.reaches(&s, plain, s.wilds, reds)
	}
	switch {
	case g.reaches(&s, natDiscard, s.wilds, reds):
		return true
	case discards.wild && s.wilds > 0 && g.reaches(&s, plain, s.wilds-1, reds):
		return true
	case discards.red && reds > 0 && g.reaches(&s, plain, s.wilds, reds-1):
		return true
	}
	if threes {
		// Everything laid, then the threes' step empties the hand.
		return unmeld == 0 && minimumMet(total) && g.reaches(&s, plain, s.wilds, reds)
	}
	return g.reaches(&s, lastStep, s.wilds, reds)
}

// goOutWithThrees decides a hand holding three black threes or more, where
// the meld policy melds them going out. A meld of black threes is laid only
// by the step that leaves at most the card to discard, so it can be the
// last meld step of any way out of the rest of the hand: before it the hand
// holds three cards or more and no check bites, and it meets the checks
// that the rest's last step would have met, on the same table at the end.
// So the rest is solved as a hand of its own, with the threes' points laid
// and none of its own steps checked (canGoOutBefore): the rest may end
// with single cards laid one by one, which alone would leave a card short
// of the minimum between them:
// three or four threes melded (the rest going out by itself), or one of
// four or five discarded (the rest melded whole, which the solver decides
// by holding that three as a card no step lays). A second meld of threes is
// never made; a side that has one already is answered no (no turn reaches
// that: the threes are laid going out).
func (t *TableOf[H]) goOutWithThrees(c *Config, hand card.Multiset, melds meldView, laid int, quick bool) bool {
	side := c.Side(int(t.Turn))
	for i := range melds.len() {
		if tm := melds.get(i); int(tm.Side) == side && tm.M.Rank() == card.Three {
			return false
		}
	}
	rest := hand
	var threes [5]card.Card // the black threes, clubs first
	b := 0
	for _, k := range [...]card.Card{card.New(card.Three, card.Clubs), card.New(card.Three, card.Spades)} {
		for range hand.Count(k) {
			if b < len(threes) {
				threes[b] = k
			}
			b++
		}
		_ = rest.RemoveN(k, hand.Count(k))
	}
	if b > 5 {
		return false
	}
	// out reports whether laying the first n threes as a meld, with the rest
	// of the hand and the other threes as the hand to go out from, goes out.
	out := func(n int) bool {
		h, points := rest, 0
		for i := range b {
			if i < n {
				points += c.Values.Points(threes[i])
			} else {
				_ = h.Add(threes[i])
			}
		}
		// Under a policy whose canastas are small, the meld of threes may
		// be one: it then counts toward going out.
		cc := c
		if m, err := c.Meld.New(threes[:n]...); err == nil && c.Meld.Class(m) == meld.Clean {
			less := *c
			switch {
			case less.AnyCanasta && less.GoOut.Dirty > 0:
				less.GoOut.Dirty--
			case !less.AnyCanasta && less.GoOut.Clean > 0:
				less.GoOut.Clean--
			}
			cc = &less
		}
		minimumMet := t.IsDown(side) || laid+points >= t.outMinimum(c, side)
		switch h.Len() {
		case 0: // the threes' step empties the hand
			return cc.Meets(melds.canastas(c.Meld, side)) && minimumMet
		case 1:
			// The card left is the discard only if the minimum is met by
			// then, even when the threes' points are 0 (laid then stays
			// 0, which the discard alone reads as nothing laid). It may
			// also be laid before the threes, whose step then empties the
			// hand.
			if !minimumMet {
				return t.layOneOut(cc, h, melds, laid+points)
			}
		}
		return t.canGoOutBefore(cc, h, melds, laid+points, nil, quick, true)
	}
	switch b {
	case 3:
		return out(3)
	case 4:
		return out(4) || out(3)
	}
	return out(4)
}

// outOfReach reports, before any other work, hands that cannot go out
// for reasons counted rank by rank. Going out empties the hand by meld
// steps and at most one discard, so:
//
//   - Two cards or more that can only be the discard end it: the cards of
//     a rank the policy does not meld, black threes too few for a meld of
//     threes (or any, where black threes are never melded), and the natural
//     cards of a meldable rank the side has no meld of, in a rank with
//     fewer cards than a canasta, when no new meld takes them with any
//     number of the hand's wild cards. (Below a canasta's size the meld
//     rules on counts only get easier with more natural cards, so the
//     fewest natural cards a new meld can hold decide.)
//   - The wild cards must stretch far enough: a rank the side has no meld
//     of becomes one or more new melds of MinSize cards at least, so its
//     natural cards short of MinSize are filled by wild cards of the hand
//     (splitting it into more melds only needs more). The discard can
//     spare one such rank only by taking its one card.
//   - Fewer canastas within reach than going out needs: a rank gives at
//     most as many as its melds' cards, the hand's cards of the rank and
//     every wild card of the hand together fill; and when the natural
//     cards alone do not reach the need, at least one more canasta takes
//     wild cards beyond those the new melds already take.
//
// Each is a bound, never stricter than the rules: red threes, and black
// threes that can form a meld of threes, are left to the solver.
func outOfReach(c *Config, hand card.Multiset, melds meldView, side int) bool {
	p := &c.Meld
	var onTable [16]int
	var has meld.RankSet
	for i := range melds.len() {
		tm := &melds.m // the melds by pointer: this loop is most of the bound
		if i != melds.at {
			tm = &melds.base[i]
		}
		mine := -int(eq(int(tm.Side), side)) // all ones for side's meld, with no guess: the sides' melds are interleaved
		rank := tm.M.Rank() & 15
		onTable[rank] += tm.M.Len() & mine
		has |= meld.RankSet(1<<rank) & meld.RankSet(mine)
	}
	wilds := hand.CountRank(card.Two) + hand.Count(card.Joker)
	fit := wilds // the wild cards a new meld may take: no meld fits more than MaxWilds
	if p.MaxWilds > 0 {
		fit = min(fit, p.MaxWilds)
	}
	fewest := max(p.CanastaSize, 1) // the fewest natural cards a new meld holds, with some of the wild cards
	for n := max(p.MinNaturals, 1); n < p.CanastaSize && fewest == p.CanastaSize; n++ {
		for w := 0; w <= fit; w++ {
			if p.Fits(n, w) {
				fewest = n
				break
			}
		}
	}
	// The ranks by what their natural cards can do, as bit sets: found
	// with no guess per rank.
	var nat [16]int
	var held, few, short meld.RankSet
	for _, r := range meldRanks {
		n := hand.CountRank(r)
		nat[r] = n
		held |= meld.RankSet(less(0, n)) << r
		few |= meld.RankSet(less(n, fewest)) << r
		short |= meld.RankSet(less(n, p.MinSize)) << r
	}
	// Strays: a rank the policy does not meld, or too few natural cards
	// for a new meld where the side has none.
	stray := 0
	if b := blackThrees(hand); b > 0 && (b < 3 || !p.BlackThreesOut) {
		stray = b
	}
	for rs := held &^ (has & p.Ranks) & (^p.Ranks | few); rs != 0; rs &= rs - 1 {
		stray += nat[bits.TrailingZeros16(uint16(rs))]
	}
	if stray >= 2 {
		return true
	}
	// New melds short of MinSize, filled with wild cards.
	fill, spare := 0, 0 // the wild cards new melds need; what the discard can spare of them
	for rs := held &^ has & p.Ranks &^ few & short; rs != 0; rs &= rs - 1 {
		n := nat[bits.TrailingZeros16(uint16(rs))]
		fill += p.MinSize - n
		if n == 1 {
			spare = max(spare, p.MinSize-1)
		}
	}
	if stray == 0 {
		fill -= spare
	}
	if fill > wilds {
		return true
	}
	need := c.GoOut.Clean + c.GoOut.Dirty
	if p.CanastaSize <= 0 {
		return need > 0
	}
	canastas, natural := 0, 0
	more := p.CanastaSize                        // the fewest wild cards beyond fill one more canasta takes
	nat[card.Three] = hand.CountRank(card.Three) // a meld of threes may be a canasta under a small CanastaSize
	for r := card.Ace; r <= card.King; r++ {
		if r == card.Two {
			continue
		}
		x := onTable[r] + nat[r]
		if x >= p.CanastaSize {
			natural += x / p.CanastaSize
		}
		if x+wilds >= p.CanastaSize {
			canastas += (x + wilds) / p.CanastaSize // divided only where a canasta is in reach: most ranks are not
			short := p.CanastaSize - x%p.CanastaSize
			if r != card.Three && !has.Has(r) && nat[r] < p.MinSize {
				short -= p.MinSize - nat[r] // counted in fill already
			}
			more = min(more, short)
		}
	}
	return canastas < need || natural < need && fill+more > wilds
}

// strays counts the natural cards that no meld can take whatever the
// wild cards do, a quick bound asked before the program: of a rank the side
// has no meld of, with fewer natural cards than a canasta (so that they go
// to one new meld at most), the cards beyond the most that a new meld can
// hold with some number of the wild cards. Those can only be the discard.
func (s *outSolver) strays() int {
	n := 0
	for r, nat := range s.nat {
		if nat == 0 || nat >= s.p.CanastaSize || s.has.Has(card.Rank(r)) {
			continue
		}
		fit := 0 // the most natural cards of the rank a new meld can take
		for k := nat; k > 0 && fit == 0; k-- {
			for w := 0; w <= s.wilds; w++ {
				if s.p.Fits(k, w) {
					fit = k
					break
				}
			}
		}
		n += nat - fit
	}
	return n
}

// mayReach reports whether the side's canastas could reach the need at
// all, a bound cheap enough to ask first: a canasta made this turn holds
// at least CanastaSize cards, from the hand (of which laid cards can go in
// melds) and from one short meld of the side; a clean one natural cards
// only; a clean canasta may turn dirty.
func (s *outSolver) mayReach(melds meldView, side, laid int) bool {
	p := s.p
	var have Canastas
	short, shortClean := 0, 0
	for i := range melds.len() {
		tm := melds.get(i)
		if int(tm.Side) != side {
			continue
		}
		k := p.Class(tm.M)
		have.add(k, 1)
		if k == meld.Short {
			short += tm.M.Len()
			if tm.M.Wilds() == 0 {
				shortClean += tm.M.Len()
			}
		}
	}
	naturals := 0
	for _, n := range s.nat {
		naturals += n
	}
	made := (laid + short) / p.CanastaSize
	clean := have.Clean + (naturals+shortClean)/p.CanastaSize
	return s.need.Clean <= clean && s.need.Dirty <= have.Dirty+have.Clean+made &&
		s.need.Clean+s.need.Dirty <= have.Clean+have.Dirty+made
}

// outClasses says which kinds of card may be the discard that goes out.
type outClasses struct {
	wild, red bool
	nat       [card.King + 1]bool
}

// goOutWithOne decides a hand of one card: discarding it, or laying it in
// one step (no step came before that could have been checked).
func (t *TableOf[H]) goOutWithOne(c *Config, hand card.Multiset, melds meldView, laid int) bool {
	side := c.Side(int(t.Turn))
	down := t.IsDown(side)
	minimum := t.outMinimum(c, side)
	meets := c.Meets
	have := melds.canastas(c.Meld, side)
	// The discard: checkDiscard's minimum, then the canastas.
	if (down || laid == 0 || laid >= minimum) && meets(have) {
		return true
	}
	return t.layOneOut(c, hand, melds, laid)
}

// layOneOut decides a hand of one card laid in one step that goes out (the
// card is not the discard): it must meet the first-meld minimum with the
// points laid before, and the side's canastas after it must be enough.
func (t *TableOf[H]) layOneOut(c *Config, hand card.Multiset, melds meldView, laid int) bool {
	total := laid + c.Values.Sum(hand)
	side := c.Side(int(t.Turn))
	p := c.Meld
	down := t.IsDown(side)
	meets := c.Meets
	have := melds.canastas(p, side)
	if !down && total < t.outMinimum(c, side) {
		return false
	}
	var k card.Card
	for k = card.Card(1); k < card.Joker && hand.Count(k) == 0; k++ {
	}
	r := k.Rank()
	switch {
	case r == card.Three && k.IsRed():
		if !p.RedThreeOnClean || !c.Kinds.Has(LayRed) {
			return false
		}
		for i := range melds.len() {
			if tm := melds.get(i); int(tm.Side) == side && p.Class(tm.M) == meld.Clean {
				return meets(have)
			}
		}
		return false
	case r == card.Three || (!meld.IsWild(k) && !p.Ranks.Has(r)):
		return false
	}
	wild := meld.IsWild(k)
	blocked := false // a meld of r that forbids a new one
	for i := range melds.len() {
		tm := melds.get(i)
		if int(tm.Side) != side || (!wild && tm.M.Rank() != r) {
			continue
		}
		if !wild && (!c.SecondMeld || !p.IsCanasta(tm.M)) {
			blocked = true
		}
		n, w := 1, 0
		if wild {
			n, w = 0, 1
		}
		if !p.CanAdd(tm.M, n, w) {
			continue
		}
		after, _ := p.Add(tm.M, k)
		h := have
		h.add(p.Class(tm.M), -1)
		h.add(p.Class(after), 1)
		if meets(h) {
			return true
		}
	}
	if wild || blocked || !p.Fits(1, 0) {
		return false
	}
	h := have
	m, _ := p.New(k)
	h.add(p.Class(m), 1)
	return meets(h)
}

// add counts n more (or fewer) canastas of class k.
func (h *Canastas) add(k meld.Class, n int) {
	switch k {
	case meld.Clean:
		h.Clean += n
	case meld.Dirty:
		h.Dirty += n
	}
}

// The modes of the program over the ranks: what one rank may do besides
// laying all its natural cards.
const (
	plain      = iota // every rank lays all its natural cards
	natDiscard        // one rank keeps one natural card back: the discard
	lastStep          // one rank's melds take the last step S
	numModes
)

// outSolver holds one question: the hand's natural cards by rank and its
// wild cards, the canastas needed, and the masks that move a set of
// outcomes by one canasta.
type outSolver struct {
	p       meld.RankPolicy
	need    Canastas
	any     bool // Config.AnyCanasta: the dirty count counts every canasta
	wilds   int
	nat     [card.King + 1]int
	natDisc [card.King + 1]bool // a natural card of the rank may be the discard
	has     meld.RankSet        // ranks the side has a meld of
	modes   uint8               // bit m: mode m is asked about
	rowLen  int                 // bits per clean count: (need.Dirty+1)*2
	lastD   uint64              // outcome bits whose dirty count is capped
	lastC   uint64              // outcome bits whose clean count is capped
	hostBit uint64              // outcome bits with a red-three host
	fits    [16]fitSpan         // FitNaturals of 0 to 15 wild cards
}

// fitSpan is a FitNaturals result, hi -1 for no limit.
type fitSpan struct {
	lo, hi int32
	ok     bool
}

// fitRange is the policy's FitNaturals(w), ok false for none and hi -1 for
// no limit.
func fitRange(p meld.RankPolicy, w int) (lo, hi int, ok bool) {
	lo, hi = p.FitNaturals(w)
	ok = lo <= hi
	if hi == math.MaxInt {
		hi = -1
	}
	return lo, hi, ok
}

func (s *outSolver) init() {
	for w := range s.fits {
		lo, hi, ok := fitRange(s.p, w)
		s.fits[w] = fitSpan{int32(lo), int32(hi), ok}
	}
	s.rowLen = (s.need.Dirty + 1) * 2
	for cl := 0; cl <= s.need.Clean; cl++ {
		for d := 0; d <= s.need.Dirty; d++ {
			for h := range 2 {
				bit := uint64(1) << s.bit(cl, d, h)
				if d == s.need.Dirty {
					s.lastD |= bit
				}
				if cl == s.need.Clean {
					s.lastC |= bit
				}
				if h == 1 {
					s.hostBit |= bit
				}
			}
		}
	}
}

// bit is the index of the outcome (clean, dirty, host) in a mask.
func (s *outSolver) bit(clean, dirty, host int) int { return clean*s.rowLen + dirty*2 + host }

// The outcome transforms: one more clean or dirty canasta (capped at the
// need), a red-three host.
func (s *outSolver) moreClean(m uint64) uint64 { return (m&^s.lastC)<<s.rowLen | m&s.lastC }
func (s *outSolver) moreDirty(m uint64) uint64 { return (m&^s.lastD)<<2 | m&s.lastD }
func (s *outSolver) withHost(m uint64) uint64  { return (m&^s.hostBit)<<1 | m&s.hostBit }

// apply moves every outcome of m by the canasta a meld ends as and by a
// host it offers.
func (s *outSolver) apply(m uint64, end meld.Class, host bool) uint64 {
	switch end {
	case meld.Clean:
		if s.any {
			m = s.moreDirty(m) // every canasta counts alike
		} else {
			m = s.moreClean(m)
		}
	case meld.Dirty:
		m = s.moreDirty(m)
	}
	if host {
		m = s.withHost(m)
	}
	return m
}

// sum returns every sum of an outcome of a and one of b.
func (s *outSolver) sum(a, b uint64) uint64 {
	if b == 1 {
		return a // b is only "nothing yet"
	}
	var out uint64
	for b != 0 {
		i := bits.TrailingZeros64(b)
		b &= b - 1
		m := a
		for range i / s.rowLen {
			m = s.moreClean(m)
		}
		for range i % s.rowLen / 2 {
			m = s.moreDirty(m)
		}
		if i%2 == 1 {
			m = s.withHost(m)
		}
		out |= m
	}
	return out
}

// take returns n zeroed cells from the front of buf and the rest of buf,
// or new cells when buf is too short.
func take(buf []uint64, n int) (cells, rest []uint64) {
	if n > len(buf) {
		return make([]uint64, n), buf
	}
	clear(buf[:n])
	return buf[:n], buf[n:]
}

// outGrid is the program over the ranks: for each number of wild cards
// laid, then mode, the outcomes reached.
type outGrid []uint64

// reaches reports whether, in mode, laying exactly wilds wild cards
// reaches the canastas needed, with a host when reds red threes are laid.
func (g outGrid) reaches(s *outSolver, mode, wilds, reds int) bool {
	if wilds < 0 || wilds > s.wilds {
		return false
	}
	goal := uint64(1) << s.bit(s.need.Clean, s.need.Dirty, 1)
	if reds == 0 {
		goal |= uint64(1) << s.bit(s.need.Clean, s.need.Dirty, 0)
	}
	return g[wilds*numModes+mode]&goal != 0
}

// solve runs the program over the ranks, with buf and opts as scratch, and
// memo to record the ranks' tables or take them from.
func (s *outSolver) solve(c *Config, melds meldView, side int, buf []uint64, opts []outOption, memo *outMemo) outGrid {
	wilds := s.wilds
	cells, buf := take(buf, (wilds+1)*numModes)
	grid := outGrid(cells)
	grid[plain] = 1 // no canasta yet, no host
	table, buf := take(buf, 4*(wilds+1))
	keptCells, buf := take(buf, 4*(wilds+1))
	last := s.modes&(1<<lastStep) != 0
	reuse := memo != nil && !memo.record && memo.valid && memo.last == last && wilds <= memo.wilds
	// The ways of new melds are the same for every rank: found the first
	// time a rank has natural cards (or kept by the memo).
	var fresh, byS, scratch []outOption
	switch {
	case reuse && memo.fresh >= 0:
		fresh = append(opts, memo.opts[:memo.fresh]...)
		byS = append(fresh[len(fresh):], memo.opts[memo.fresh:memo.fresh+memo.byS]...)
	default:
		for r := range s.nat {
			if s.nat[r] > 0 {
				fresh = s.options(opts, meldShape{}, true, last)
				if last {
					byS = s.newByS(fresh[len(fresh):])
				}
				break
			}
		}
	}
	switch {
	case byS != nil:
		scratch = byS[len(byS):]
	case fresh != nil:
		scratch = fresh[len(fresh):]
	default:
		scratch = opts
	}
	// A rank the side has no meld of ends the same for the same count of
	// natural cards (and the same discard rule): the last such table is
	// kept.
	var next [numModes]uint64
	kept := rankTable{n: -1}
	changed := card.Rank(0) // the rank of the step's meld, with a memo
	if melds.at >= 0 {
		changed = melds.m.M.Rank()
	}
	if memo != nil && memo.record {
		memo.valid = wilds < memoWilds
		memo.wilds, memo.last = wilds, last
		for r := range memo.n {
			memo.n[r] = -1
		}
		memo.fresh = -1
		if fresh != nil && len(fresh)+len(byS) <= len(memo.opts) {
			memo.fresh = copy(memo.opts[:], fresh)
			memo.byS = copy(memo.opts[memo.fresh:], byS)
		}
	}
	for r := card.Ace; r <= card.King; r++ {
		if s.nat[r] == 0 && !s.has.Has(r) {
			continue
		}
		var rt rankTable
		switch {
		case reuse && r != changed && memo.n[r] >= 0:
			rt = memo.table(r)
		case !s.has.Has(r) && kept.n == s.nat[r]:
			rt = kept
		default:
			rt = s.rank(c, r, melds, side, rankScratch{table, buf, fresh, byS, scratch})
			if !s.has.Has(r) {
				copy(keptCells, rt.cells)
				kept = rt
				kept.cells = keptCells
			}
		}
		if memo != nil && memo.record && memo.valid {
			memo.keep(r, rt)
		}
		for u := wilds; u >= 0; u-- {
			next = [numModes]uint64{}
			for w := 0; w <= u; w++ {
				have := grid[(u-w)*numModes : (u-w+1)*numModes]
				for mode := range numModes {
					if have[mode] == 0 {
						continue
					}
					// Every natural card laid, S elsewhere or nowhere.
					if o := rt.at(0, 0, w); o != 0 {
						next[mode] |= s.sum(have[mode], o)
					}
					if mode != plain {
						continue
					}
					if o := rt.at(1, 0, w); o != 0 && s.natDisc[r] {
						next[natDiscard] |= s.sum(have[mode], o)
					}
					if o := rt.at(0, 1, w); o != 0 {
						next[lastStep] |= s.sum(have[mode], o)
					}
				}
			}
			copy(grid[u*numModes:], next[:])
		}
	}
	return grid
}

// memoWilds bounds the wild cards of the hands whose rank tables a memo
// keeps.
const memoWilds = 16

// outMemo shares work among the meld steps one Legal call checks after the
// partner's yes. Each step changes the natural cards and the melds of one
// rank only, and lays wild cards: the other ranks' tables are those of the
// table before the step (a rank's table for fewer wild cards is a part of
// it), as is whether S is asked about (the points of hand and melds
// together do not change). It is filled by solving the table before the
// steps once.
type outMemo struct {
	filled, record bool // asked once; being filled
	valid          bool // the tables are kept
	last           bool
	wilds          int
	n              [card.King + 1]int // each rank's natural cards, -1 for no table
	fresh, byS     int                // the ways of new melds (fresh -1: none kept), then of S alone, in opts
	opts           [128]outOption
	cells          [(int(card.King) + 1) * 4 * memoWilds]uint64
}

// keep records rank r's table.
func (m *outMemo) keep(r card.Rank, rt rankTable) {
	m.n[r] = rt.n
	copy(m.cells[int(r)*4*memoWilds:], rt.cells)
}

// table returns rank r's kept table.
func (m *outMemo) table(r card.Rank) rankTable {
	off := int(r) * 4 * memoWilds
	return rankTable{n: m.n[r], wilds: m.wilds, cells: m.cells[off : off+4*(m.wilds+1)]}
}

// rankScratch is what the program for one rank works in: the table it
// fills, cells, the ways of new melds, and room for the ways of existing
// ones.
type rankScratch struct {
	table       []uint64
	cells       []uint64
	fresh, byS  []outOption
	optsScratch []outOption
}

// rankTable is what one rank's melds can end as: for all the rank's
// natural cards or all but one, with or without the last step S, and each
// number of wild cards, the set of outcomes.
type rankTable struct {
	n, wilds int
	cells    []uint64
}

// at returns the outcomes laying all the rank's natural cards but keep,
// with S (s 1) or without, and w wild cards.
func (rt rankTable) at(keep, s, w int) uint64 {
	if keep > rt.n {
		return 0
	}
	return rt.cells[(keep*2+s)*(rt.wilds+1)+w]
}

// outOption is one way one meld can end: it takes db wild cards and
// between lo and hi natural cards of the rank, is of class end at the end,
// offers a red-three host or not, and takes the last step S or not;
// before is its class before S (end without S).
type outOption struct {
	db, lo, hi  int32
	end, before meld.Class
	host, last  bool
}

// meldShape is the part of a meld the solver reads: natural and wild
// cards, and whether red threes lock it against wild cards.
type meldShape struct {
	n, w   int
	locked bool
}

// span returns the natural cards a that a meld of m's shape may take with
// db more wild cards so that it ends of class end: the policy's counts,
// and the class's size and wild cards. It returns lo > hi when there are
// none. It does not check that the meld may take cards at all (closed or
// locked): the callers do.
func (s *outSolver) span(m meldShape, db int, end meld.Class) (lo, hi int) {
	w := m.w + db
	var flo, fhi int
	var ok bool
	if w < len(s.fits) {
		f := s.fits[w]
		flo, fhi, ok = int(f.lo), int(f.hi), f.ok
	} else {
		flo, fhi, ok = fitRange(s.p, w)
	}
	if !ok || (end == meld.Clean) != (w == 0 && end != meld.Short) {
		return 1, 0
	}
	lo, hi = max(flo-m.n, 0), noLimit
	if fhi >= 0 {
		hi = fhi - m.n
	}
	cs := s.p.CanastaSize - m.n - w // the natural cards that make a canasta
	if end == meld.Short {
		hi = min(hi, cs-1)
	} else {
		lo = max(lo, cs)
	}
	return lo, hi
}

// closed reports whether a meld of m's shape takes no more cards: a clean
// canasta under CleanClosed.
func (s *outSolver) closed(m meldShape) bool {
	return s.p.CleanClosed && m.w == 0 && m.n+m.w >= s.p.CanastaSize
}

var classes = [...]meld.Class{meld.Short, meld.Clean, meld.Dirty}

// oneStep returns the natural cards a meld of m's shape may take with db
// wild cards in at most one step and end of class end, as span does: an
// existing meld may also be left as it is, a new one holds natural cards.
func (s *outSolver) oneStep(m meldShape, fresh bool, db int, end meld.Class) (lo, hi int) {
	if !fresh && (s.closed(m) || m.locked) && db > 0 {
		return 1, 0
	}
	lo, hi = s.span(m, db, end)
	if !fresh && s.closed(m) {
		hi = min(hi, 0) // a closed canasta stays as it is
	}
	if fresh {
		lo = max(lo, 1)
	}
	return lo, hi
}

// options appends to dst the ways a meld of m's shape can end: for an
// existing meld (fresh false) left as it is or added to in one step, for a
// new one (fresh true) laid in one step; with last, also with the last
// step S, of two cards or more, on top of that. S needs a meld that is not
// closed, and takes no wild card onto a locked one.
func (s *outSolver) options(dst []outOption, m meldShape, fresh, last bool) []outOption {
	type span struct{ lo, hi int32 }
	var buf [2 * 3 * 16]span
	n := 3 * (s.wilds + 1)
	var one, fin []span
	if 2*n <= len(buf) {
		one, fin = buf[:n], buf[n:2*n]
	} else {
		both := make([]span, 2*n)
		one, fin = both[:n], both[n:]
	}
	for db := 0; db <= s.wilds; db++ {
		for ci, end := range classes {
			lo, hi := s.oneStep(m, fresh, db, end)
			one[db*3+ci] = span{int32(lo), int32(hi)}
			lo, hi = s.span(m, db, end)
			fin[db*3+ci] = span{int32(lo), int32(hi)}
		}
	}
	for db := 0; db <= s.wilds; db++ {
		for ci, end := range classes {
			if o := one[db*3+ci]; o.lo <= o.hi {
				dst = append(dst, outOption{db: int32(db), lo: o.lo, hi: o.hi, end: end, before: end, host: end == meld.Clean})
			}
			f := fin[db*3+ci]
			if !last || f.lo > f.hi || m.locked && db > 0 {
				continue
			}
			for bi, before := range classes {
				if before == meld.Clean && s.p.CleanClosed || before != meld.Short && end == meld.Short {
					continue
				}
				// A first step of b1 wild cards and its fewest natural
				// cards; S takes the rest, two cards at least.
				lo := f.hi + 1
				for b1 := 0; b1 <= db; b1++ {
					if x := one[b1*3+bi]; x.lo <= x.hi {
						lo = min(lo, max(f.lo, x.lo+int32(max(0, 2-(db-b1)))))
					}
				}
				if lo <= f.hi {
					dst = append(dst, outOption{db: int32(db), lo: lo, hi: f.hi, end: end, before: before,
						host: before == meld.Clean && end == meld.Clean, last: true})
				}
			}
		}
	}
	return dst
}

// newByS appends to dst the ways S alone can be a new meld: two cards or
// more. No red three can lie on it (they are laid before S).
func (s *outSolver) newByS(dst []outOption) []outOption {
	for db := 0; db <= s.wilds; db++ {
		for _, end := range classes {
			lo, hi := s.oneStep(meldShape{}, true, db, end)
			lo = max(lo, 2-db)
			if lo <= hi {
				dst = append(dst, outOption{db: int32(db), lo: int32(lo), hi: int32(hi), end: end, before: meld.Short, last: true})
			}
		}
	}
	return dst
}

// How a step of the program over one rank's melds sets the flag f.
const (
	flagExisting = iota // f: every existing meld is a canasta before S
	flagByS             // f 0: S was a new meld, no other may follow
	flagNew             // f 1: no new meld may follow this one
)

// rank returns what the side's melds of rank r, and new ones, can end as
// when the hand lays its natural cards of r (all, or all but one) and
// some of its wild cards on them.
//
// The program goes through the existing melds, then adds new melds one at
// a time. Its states are the natural cards a and wild cards b laid so
// far, whether S has been placed, and a flag f: while going through the
// existing melds, whether every one of them is a canasta before S (else no
// new meld may begin, with SecondMeld); while adding new melds, whether
// one that must be the last has been begun (a short one; any one without
// SecondMeld). Each state holds the set of outcomes reached.
func (s *outSolver) rank(c *Config, r card.Rank, melds meldView, side int, sc rankScratch) rankTable {
	n, wilds := s.nat[r], s.wilds
	stride := wilds + 1
	size := (n + 1) * stride * 4
	var cur, next, pool []uint64
	buf := sc.cells
	cur, buf = take(buf, size)
	next, buf = take(buf, size)
	pool, _ = take(buf, size)
	idx := func(a, b, sf, f int) int { return ((a*stride+b)*2+sf)*2 + f }
	cur[idx(0, 0, 0, 1)] = 1
	// step moves every state of from through the ways of one meld into
	// to, flags set by how.
	step := func(from, to []uint64, opts []outOption, how int) {
		for i, m := range from {
			if m == 0 {
				continue
			}
			f, sf, a, b := i&1, i>>1&1, i>>2/stride, i>>2%stride
			for k := range opts {
				o := &opts[k]
				nb := b + int(o.db)
				lo, hi := a+int(o.lo), min(a+int(o.hi), n)
				if nb > wilds || lo > hi || sf == 1 && o.last {
					continue
				}
				m2 := s.apply(m, o.end, o.host)
				sf2, f2 := sf, f
				if o.last {
					sf2 = 1
				}
				switch {
				case how == flagExisting && o.before == meld.Short:
					f2 = 0
				case how == flagByS:
					f2 = 0
				case how == flagNew && (!c.SecondMeld || o.before == meld.Short):
					f2 = 1
				}
				for a2 := lo; a2 <= hi; a2++ {
					to[idx(a2, nb, sf2, f2)] |= m2
				}
			}
		}
	}

	// The existing melds.
	existing := false
	for i := range melds.len() {
		tm := melds.get(i)
		if int(tm.Side) != side || tm.M.Rank() != r {
			continue
		}
		existing = true
		shape := meldShape{n: tm.M.Naturals(), w: tm.M.Wilds(), locked: tm.M.RedThrees() > 0}
		opts := s.options(sc.optsScratch, shape, false, s.modes&(1<<lastStep) != 0)
		clear(next)
		step(cur, next, opts, flagExisting)
		cur, next = next, cur
	}
	for i, m := range cur {
		pool[i&^1] |= m
	}

	// New melds: with SecondMeld once every meld of the rank is a
	// canasta, the short one last; without it, one new meld and only
	// where the side has none of the rank.
	if n > 0 && (c.SecondMeld || !existing) {
		open := cur // the states from which a new meld may begin, at f 0
		for i := 0; i < len(open); i += 2 {
			open[i], open[i+1] = open[i+1], 0
		}
		for {
			if len(sc.byS) > 0 {
				// S begins a new meld once every other meld of the rank
				// is laid and a canasta.
				clear(next)
				step(open, next, sc.byS, flagByS)
				for i, m := range next {
					pool[i&^1] |= m
				}
			}
			clear(next)
			step(open, next, sc.fresh, flagNew)
			more := false
			for i := 0; i < len(next); i += 2 {
				pool[i] |= next[i] | next[i+1]
				next[i+1] = 0
				more = more || next[i] != 0
			}
			if !more {
				break
			}
			open, next = next, open
		}
	}

	rt := rankTable{n: n, wilds: wilds, cells: sc.table}
	for keep := range 2 {
		for sf := range 2 {
			for b := 0; b <= wilds; b++ {
				var m uint64
				if a := n - keep; a >= 0 {
					m = pool[idx(a, b, sf, 0)]
				}
				rt.cells[(keep*2+sf)*stride+b] = m
			}
		}
	}
	return rt
}

// quickOut reports a way out found without the search: each rank of the
// hand's natural cards laid in one step, onto the side's first meld of the
// rank or as a new meld where the side has none, the wild cards in the
// same step as one of those (the host), and at most one card left, the
// discard. With two cards or more left no check bites, so the steps go in
// any order, one of two cards or more last: only that step and the discard
// are checked, on the melds and the points laid at the end, which must
// hold the canastas going out needs and reach the minimum. When it
// reports false, the search decides.
func (t *TableOf[H]) quickOut(c *Config, hand card.Multiset, melds meldView, laid, side int) bool {
	p := &c.Meld
	var q quick
	for i := range melds.len() {
		if tm := melds.get(i); int(tm.Side) == side && q.at[tm.M.Rank()] == 0 {
			q.at[tm.M.Rank()] = int8(i + 1)
		}
	}
	q.have = melds.canastas(*p, side)
	wilds := hand.CountRank(card.Two) + hand.Count(card.Joker)
	spare := hand.Len() - wilds // the natural cards no step lays
	var lone card.Card          // the last of them
	steps, big := 0, false      // the steps, and whether one lays two cards or more
	for r := card.Ace; r <= card.King; r++ {
		if r == card.Two {
			continue
		}
		n := hand.CountRank(r)
		if n == 0 {
			continue
		}
		if r != card.Three && q.fits(p, melds, r, n, 0) {
			q.nat[r] = int8(n)
			q.have = q.step(p, melds, r, n, 0, q.have)
			spare -= n
			steps++
			big = big || n >= 2
			continue
		}
		for s := card.Clubs; s <= card.Spades; s++ {
			if hand.Count(card.New(r, s)) > 0 {
				lone = card.New(r, s)
			}
		}
		q.nat[r] = -int8(n) // left, or for the host
	}
	total := laid + c.Values.Sum(hand)
	// met reports whether the end, with the canastas have and the discard
	// d (0 for none), goes out.
	met := func(have Canastas, d card.Card) bool {
		points := total
		if d != 0 {
			points -= c.Values.Points(d)
		}
		return c.Meets(have) && (t.IsDown(side) || points >= t.outMinimum(c, side))
	}
	if wilds == 0 {
		switch {
		case spare == 1:
			return met(q.have, lone)
		case spare > 1:
			return false
		case steps > 1 && !big:
			// Steps of one card each: the last would leave nothing to
			// discard, so one of them is the discard instead, the rest laid
			// first.
			for r := card.Ace; r <= card.King; r++ {
				if q.nat[r] != 1 {
					continue
				}
				d := card.New(r, card.Clubs)
				for hand.Count(d) == 0 {
					d++
				}
				if met(q.unstep(p, melds, r, 1, q.have), d) {
					return true
				}
			}
			return false
		}
		return met(q.have, 0)
	}
	if spare == 0 && wilds == 1 {
		// The wild card discarded; failing that, laid with a host below.
		w := card.Joker
		if hand.CountRank(card.Two) > 0 {
			w = card.New(card.Two, card.Clubs)
			for hand.Count(w) == 0 {
				w++
			}
		}
		if met(q.have, w) {
			return true
		}
	}
	// The host takes the wild cards: all of them, or all but one discarded
	// (a two, when the hand holds one: it lays more points) when no other
	// card is left.
	cheap := card.Joker
	for s := card.Clubs; s <= card.Spades; s++ {
		if hand.Count(card.New(card.Two, s)) > 0 {
			cheap = card.New(card.Two, s)
			break
		}
	}
	for r := card.Ace; r <= card.King; r++ {
		n := int(q.nat[r])
		left := spare
		if n < 0 {
			n = -n
			left -= n
		}
		if n == 0 || r == card.Three || left > 1 {
			continue
		}
		for k := wilds - 1 + left; k <= wilds; k++ {
			d := cheap
			switch {
			case k == wilds && left == 0:
				d = 0
			case k == wilds:
				d = lone
			}
			if q.nat[r] < 0 && left == 1 {
				continue // lone may be this rank's
			}
			if !q.fits(p, melds, r, n, k) {
				continue
			}
			have := q.have
			if q.nat[r] > 0 {
				have = q.unstep(p, melds, r, n, have)
			}
			if met(q.step(p, melds, r, n, k, have), d) {
				return true
			}
		}
	}
	return false
}

// quick is quickOut's view of the side's melds and the hand's ranks.
type quick struct {
	at   [card.King + 1]int8 // the side's first meld of each rank, +1
	nat  [card.King + 1]int8 // natural cards laid by rank; -n: n left
	have Canastas            // the side's canastas after the steps
}

// fits reports whether n natural and k wild cards of rank r may be laid in
// one step: onto the side's first meld of r, or as a new meld where the
// side has none.
func (q *quick) fits(p *meld.RankPolicy, melds meldView, r card.Rank, n, k int) bool {
	if i := q.at[r]; i > 0 {
		return p.CanAdd(melds.get(int(i)-1).M, n, k)
	}
	return p.Ranks.Has(r) && p.Fits(n, k)
}

// step returns have after laying n natural and k wild cards of rank r.
func (q *quick) step(p *meld.RankPolicy, melds meldView, r card.Rank, n, k int, have Canastas) Canastas {
	if i := q.at[r]; i > 0 {
		m := melds.get(int(i) - 1).M
		have.add(p.Class(m), -1)
		have.add(classOf(p, m.Len()+n+k, m.Wilds()+k), 1)
		return have
	}
	have.add(classOf(p, n+k, k), 1)
	return have
}

// unstep returns have before the step laying n natural cards of rank r.
func (q *quick) unstep(p *meld.RankPolicy, melds meldView, r card.Rank, n int, have Canastas) Canastas {
	if i := q.at[r]; i > 0 {
		m := melds.get(int(i) - 1).M
		have.add(classOf(p, m.Len()+n, m.Wilds()), -1)
		have.add(p.Class(m), 1)
		return have
	}
	have.add(classOf(p, n, 0), -1)
	return have
}

// classOf is the class of a valid meld of size cards, wilds of them wild.
func classOf(p *meld.RankPolicy, size, wilds int) meld.Class {
	switch {
	case size < p.CanastaSize:
		return meld.Short
	case wilds == 0:
		return meld.Clean
	}
	return meld.Dirty
}
