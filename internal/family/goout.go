package family

import (
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
	melds := meldView{base: t.Melds, at: -1}
	return t.canGoOutIn(c, &t.Hands[t.Turn], &melds, t.Laid, nil, true, false)
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

// canastas counts side's clean and dirty canastas in v, as the policy's
// Class calls them.
func (v meldView) canastas(p meld.RankPolicy, side int) Canastas {
	var have Canastas
	base := v.base
	for i := range base {
		if tm := &base[i]; int(tm.Side) == side && i != v.at {
			have.count(&p, &tm.M)
		}
	}
	if v.at >= 0 && int(v.m.Side) == side {
		have.count(&p, &v.m.M)
	}
	return have
}

// count counts m in h when it is a canasta under p.
func (h *Canastas) count(p *meld.RankPolicy, m *meld.RankMeld) {
	if p.IsCanasta(*m) {
		if m.Wilds() == 0 {
			h.Clean++
		} else {
			h.Dirty++
		}
	}
}

// handPoints is the points of the cards of hand, as Values.Sum counts
// them.
func handPoints(c *Config, hand *card.Multiset) int { return c.Values.Sum(*hand) }

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
	return t.canGoOutIn(c, &hand, &melds, laid, memo, quick, threes)
}

// canGoOutIn is canGoOutBefore, reading the hand and the melds in place:
// most questions end at the bound, and a copy of each would cost about as
// much.
func (t *TableOf[H]) canGoOutIn(c *Config, in *card.Multiset, view *meldView, laid int, memo *outMemo, quick, threes bool) bool {
	side := c.Side(int(t.Turn))
	if outOfReachOf(c, in, view, side) {
		return false
	}
	hand, melds := *in, *view
	p := c.Meld
	if p.BlackThreesOut {
		if counts := hand.Counts(); blackThrees(&counts) >= 3 {
			return t.goOutWithThrees(c, hand, melds, laid, quick)
		}
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
	total := 0 // the points of the hand and those laid: read only by a side not down
	if !down {
		total = laid + handPoints(c, &hand)
	}
	// minimumMet reports whether laying all of the hand but d (0 for none)
	// meets the first-meld minimum.
	minimumMet := func(d card.Card) bool { return down || total-c.Values.Points(d) >= minimum }
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
		ok := minimumMet(k)
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
		if minimumMet(0) {
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
		return minimumMet(lone) && g.reaches(&s, plain, s.wilds, reds)
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
		return unmeld == 0 && minimumMet(0) && g.reaches(&s, plain, s.wilds, reds)
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
//   - Where clean and dirty canastas are needed apart, fewer of a kind
//     within reach than going out needs. A clean canasta at the end has no
//     wild card: it is one now, or it is made of natural cards of one rank
//     alone, those of the side's short melds with no wild card and the
//     hand's. A dirty one is one now, or was a short meld holding wild
//     cards, or took a wild card of the hand: at least one each.
//
// Each is a bound, never stricter than the rules: red threes, and black
// threes that can form a meld of threes, are left to the solver.
func outOfReach(c *Config, hand card.Multiset, melds meldView, side int) bool {
	return outOfReachOf(c, &hand, &melds, side)
}

// outOfReachOf is outOfReach, reading the hand and the melds in place.
func outOfReachOf(c *Config, in *card.Multiset, melds *meldView, side int) bool {
	p := &c.Meld
	counts := in.Counts()      // the counts below read this copy
	has := melds.ranksOf(side) // the ranks of side's melds
	// Strays: a rank the policy does not meld, or too few natural cards
	// for a new meld where the side has none. Most hands that cannot go
	// out hold two, found among the first ranks: the count stops there,
	// before the wild cards are counted.
	stray := 0
	if b := int(counts[card.New(card.Three, card.Clubs)]) + int(counts[card.New(card.Three, card.Spades)]); b > 0 && (b < 3 || !p.BlackThreesOut) {
		stray = b
	}
	// The natural cards below surely are too few for a new meld: the
	// fewest it holds is found only when a count needs it.
	sure := min(max(p.MinNaturals, 1), max(p.CanastaSize, 1))
	fewest, wilds := 0, -1
	var short meld.RankSet
	for _, r := range meldRanks {
		n := rankCount(&counts, r)
		if n == 0 {
			continue
		}
		bit := meld.RankSet(1) << r
		switch {
		case p.Ranks&bit == 0:
			stray += n
		case has&bit != 0:
			continue
		case n < sure:
			stray += n
		case n >= p.MinSize && n >= p.MinNaturals:
			// A new meld of these alone fits: not few, and not short.
		default:
			if fewest == 0 {
				wilds = rankCount(&counts, card.Two) + int(counts[card.Joker])
				fewest = fewestNaturals(p, wilds)
			}
			if n < fewest {
				stray += n
			} else if n < p.MinSize {
				short |= bit
			}
		}
		if stray >= 2 {
			return true
		}
	}
	if stray >= 2 {
		return true // the black threes alone
	}
	if wilds < 0 {
		wilds = rankCount(&counts, card.Two) + int(counts[card.Joker])
	}
	// New melds short of MinSize, filled with wild cards.
	fill, spare := 0, 0 // the wild cards new melds need; what the discard can spare of them
	for rs := short; rs != 0; rs &= rs - 1 {
		n := rankCount(&counts, card.Rank(bits.TrailingZeros16(uint16(rs))))
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
	var onTable [16]int // the cards of side's melds of each rank
	var clean [16]int   // the natural cards of side's short melds of each rank with no wild card
	haveClean, haveDirty, shortDirty := 0, 0, 0
	for i := range melds.len() {
		tm := &melds.m
		if i != melds.at {
			tm = &melds.base[i]
		}
		if int(tm.Side) != side {
			continue
		}
		r, n, w := tm.M.Rank()&15, tm.M.Naturals(), tm.M.Wilds()
		onTable[r] += n + w
		switch {
		case n+w < p.CanastaSize && w == 0:
			clean[r] += n
		case n+w < p.CanastaSize:
			shortDirty++
		case w == 0:
			haveClean++
		default:
			haveDirty++
		}
	}
	canastas, natural := 0, 0
	more := p.CanastaSize // the fewest wild cards beyond fill one more canasta takes
	for r := card.Ace; r <= card.King; r++ {
		if r == card.Two {
			continue
		}
		n := rankCount(&counts, r) // threes too: a meld of threes may be a canasta under a small CanastaSize
		x := onTable[r] + n
		if x >= p.CanastaSize {
			natural += x / p.CanastaSize
		}
		if y := clean[r] + n; y >= p.CanastaSize {
			haveClean += y / p.CanastaSize
		}
		if x+wilds >= p.CanastaSize {
			canastas += (x + wilds) / p.CanastaSize // divided only where a canasta is in reach: most ranks are not
			short := p.CanastaSize - x%p.CanastaSize
			if r != card.Three && !has.Has(r) && n < p.MinSize {
				short -= p.MinSize - n // counted in fill already
			}
			more = min(more, short)
		}
	}
	if !c.AnyCanasta && (haveClean < c.GoOut.Clean || haveDirty+shortDirty+wilds < c.GoOut.Dirty) {
		return true
	}
	return canastas < need || natural < need && fill+more > wilds
}

// fewestNaturals returns the fewest natural cards a new meld under p may
// hold with some number of wilds wild cards or fewer, short of a canasta;
// a canasta's size when there is none.
func fewestNaturals(p *meld.RankPolicy, wilds int) int {
	fit := wilds // no meld fits more than MaxWilds
	if p.MaxWilds > 0 {
		fit = min(fit, p.MaxWilds)
	}
	for n := max(p.MinNaturals, 1); n < p.CanastaSize; n++ {
		if lo, hi := p.FitWilds(n); lo <= min(hi, fit) {
			return n
		}
	}
	return max(p.CanastaSize, 1)
}

// ranksOf returns the ranks of side's melds in v.
func (v *meldView) ranksOf(side int) meld.RankSet {
	var has meld.RankSet
	base := v.base
	for i := range base {
		if tm := &base[i]; int(tm.Side) == side {
			has |= 1 << (tm.M.Rank() & 15)
		}
	}
	switch {
	case v.at < 0:
	case v.at == len(v.base):
		if int(v.m.Side) == side {
			has |= 1 << (v.m.M.Rank() & 15)
		}
	case v.base[v.at].Side != v.m.Side || v.base[v.at].M.Rank() != v.m.M.Rank():
		// The step changed a meld's rank or side, which no step does:
		// counted again.
		has = 0
		for i := range v.len() {
			if tm := v.get(i); int(tm.Side) == side {
				has |= 1 << (tm.M.Rank() & 15)
			}
		}
	}
	return has
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
	side := c.Side(int(t.Turn))
	p := c.Meld
	down := t.IsDown(side)
	meets := c.Meets
	have := melds.canastas(p, side)
	if !down && laid+handPoints(c, &hand) < t.outMinimum(c, side) {
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
