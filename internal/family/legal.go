package family

import (
	"math/bits"
	"reflect"
	"slices"
	"unsafe"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// AppendLegal appends to dst every legal action of the seat
// to act while the round is in play (Drawing, Opening, Melding, Answering),
// in Kind order: the draw; the takes (a new meld with a pair, a new meld
// with a natural card and each wild card held, by card, then onto each of
// the side's melds of the upcard's rank in the order laid; a wild upcard
// onto each of the side's melds in the order laid); new melds by
// rank (ace first, then black threes where they are melded, then 4 to
// king), adds in the order the side's melds were
// laid, each by the number of natural cards, twos and jokers, fewest first;
// red threes by card, then meld; ask; take back; discards by card; answers
// yes then no. Of actions that differ only in suits no rule tells apart it
// lists one, taking suits clubs first (see [Equivalent]). After the
// partner's yes it lists only the actions that keep going out this turn
// possible, and never none.
func AppendLegal[H Hands](dst []Action, c *Config, t *TableOf[H]) []Action {
	switch t.Phase {
	case Answering:
		return append(dst, NewAnswer(true), NewAnswer(false))
	case Drawing:
		return appendDrawing(dst, c, t)
	case Melding, Opening:
		return appendMelding(dst, c, t)
	}
	return dst
}

// appendIf appends a when Check accepts it.
func appendIf[H Hands](dst []Action, c *Config, t *TableOf[H], a Action) []Action {
	if t.Check(c, a).Code == 0 {
		dst = append(dst, a)
	}
	return dst
}

func appendDrawing[H Hands](dst []Action, c *Config, t *TableOf[H]) []Action {
	// Each kind's own check, as Check would call it: Legal asks many.
	if c.Kinds.Has(Draw) && t.checkDraw(c).Code == 0 {
		dst = append(dst, Action{Kind: Draw})
	}
	if up := t.Upcard; up != 0 && meld.IsWild(up) && c.Kinds.Has(Take) {
		dst = t.appendWildTakes(dst, c)
	} else if up != 0 && c.Kinds.Has(Take) {
		// The takes share what their checks ask of the hand and the upcard.
		var memo takeMemo
		var res TakeResult
		a := Action{Kind: Take}
		f := t.checkTakeTo(&res, c, &a, &memo)
		if f.Code == 0 {
			dst = append(dst, a)
		} else if takeRefused(f.Code) {
			return dst // every take is refused alike
		}
		side := c.Side(int(t.Turn))
		// A frozen pile refuses the takes with a wild card (PileFrozen).
		if c.Freeze && !t.frozen(c, side, &memo) {
			hand := &t.Hands[t.Turn]
			for _, w := range wildKinds[1:] { // twos by suit, then the joker
				if hand.Count(w) > 0 {
					dst = t.appendTake(dst, c, Action{Kind: Take, Card: w}, &memo)
				}
			}
			if hand.Count(card.Joker) > 0 {
				dst = t.appendTake(dst, c, Action{Kind: Take, Card: card.Joker}, &memo)
			}
		}
		n := uint8(0)
		for ms := rankMelds(t.Melds, side, up.Rank()); ms != 0; ms &= ms - 1 {
			n++
			dst = t.appendTake(dst, c, Action{Kind: Take, Target: n}, &memo)
		}
		for i := 64; i < len(t.Melds); i++ { // beyond the first 64, one by one
			if tm := &t.Melds[i]; int(tm.Side) == side && tm.M.Rank() == up.Rank() && n < 255 {
				n++
				dst = t.appendTake(dst, c, Action{Kind: Take, Target: n}, &memo)
			}
		}
	}
	// No ask: the question comes after the draw (checkAsk refuses it
	// before).
	return dst
}

// takeRefused reports whether checkTake refuses every take of a natural
// upcard with code when it refuses the take with a natural pair with it:
// the codes it finds before looking at what goes with the upcard.
func takeRefused(code Code) bool {
	switch code {
	case TakeNotNow, PileEmpty, BlackThree, UpcardNotMeldable, RankNotMeldable, OneCardPile:
		return true
	}
	return false
}

// appendWildTakes appends the takes of a wild upcard that checkTake
// accepts: onto each of the side's melds, in the order laid (under
// PileOnMeld; never under Freeze).
func (t *TableOf[H]) appendWildTakes(dst []Action, c *Config) []Action {
	if !c.PileOnMeld || c.Freeze {
		return dst
	}
	side := c.Side(int(t.Turn))
	var ordinal [card.King + 1]uint8
	for _, tm := range t.Melds {
		if r := tm.M.Rank(); int(tm.Side) == side && ordinal[r] < 255 {
			ordinal[r]++
			dst = t.appendTake(dst, c, Action{Kind: Take, Rank: r, Target: ordinal[r]}, nil)
		}
	}
	return dst
}

// appendTake appends the take a when checkTake accepts it, sharing memo
// with the position's other takes (or nil).
func (t *TableOf[H]) appendTake(dst []Action, c *Config, a Action, memo *takeMemo) []Action {
	if t.canTake(c, a, memo) {
		dst = append(dst, a)
	}
	return dst
}

func appendMelding[H Hands](dst []Action, c *Config, t *TableOf[H]) []Action {
	seat := int(t.Turn)
	side := c.Side(seat)
	p := &c.Meld

	// Built field by field, in place: a literal is built aside and copied.
	var l layer[H]
	l.c, l.t = c, t
	hand := &t.Hands[seat]
	l.counts, l.left = hand.Counts(), hand.Len()
	counts := &l.counts
	l.twos, l.jokers = rankCount(counts, card.Two), int(counts[card.Joker])
	if t.Question == AnsweredYes {
		l.memo = new(outMemo) // every step is asked whether going out stays possible
	}
	l.alike = t.IsDown(side) // the steps checked in full are decided by their wild cards' number
	twos := suitsOf(counts, card.Two)
	for tw := 0; tw <= l.twos && tw < len(l.twoFills); tw++ {
		l.twoFills[tw] = takeSuits(twos, tw)
	}
	scan := t.blockedAmong(c, side)
	mine, exists := scan.mine, scan.exists

	// New melds, rank by rank (ace first, then black threes, then 4 to
	// king): the ranks with natural cards enough, found without a guess per
	// rank.
	minNat := max(1, p.MinNaturals) // fewer natural cards never fit
	var ranks meld.RankSet
	for _, rank := range meldRanks {
		n := rankCount(counts, rank)
		l.nat[rank] = n
		ranks |= meld.RankSet(less(minNat-1, n)) << rank
	}
	ranks &= p.Ranks &^ exists &^ scan.notFull
	if ranks != 0 {
		ranks = l.newFits(minNat, ranks)
	}
	if ranks.Has(card.Ace) {
		dst = l.appendNew(dst, card.Ace, minNat)
	}
	if p.BlackThreesOut && !exists.Has(card.Three) {
		// Black threes: no wild card, and only going out: a step leaving
		// two cards or more is refused (handAfterLay), the full check
		// decides the others.
		for n := max(3, l.left-1); n <= blackThrees(counts); n++ {
			dst = appendIf(dst, c, t, Action{Kind: Meld, Rank: card.Three, Nat: fillSuits(counts, card.Three, n)})
		}
	}
	for rest := ranks &^ (1 << card.Ace); rest != 0; rest &= rest - 1 {
		dst = l.appendNew(dst, card.Rank(bits.TrailingZeros16(uint16(rest))), minNat)
	}

	// Adds to the side's melds, in the order they were laid.
	// With no wild card in hand, only melds of a rank held take a card.
	var ordinal [card.King + 1]uint8
	wilds := l.twos + l.jokers
	for ; mine != 0; mine &= mine - 1 {
		tm := &t.Melds[bits.TrailingZeros64(mine)]
		r, _, _ := tm.M.Shape()
		if ordinal[r]++; wilds > 0 || l.nat[r] > 0 || r == card.Three {
			dst = l.appendAdds(dst, tm, ordinal[r])
		}
	}
	for i := 64; i < len(t.Melds); i++ { // beyond the first 64, one by one
		if tm := &t.Melds[i]; int(tm.Side) == side {
			r := tm.M.Rank()
			if ordinal[r]++; wilds > 0 || l.nat[r] > 0 || r == card.Three {
				dst = l.appendAdds(dst, tm, ordinal[r])
			}
		}
	}

	// Red threes on clean canastas.
	if p.RedThreeOnClean && c.Kinds.Has(LayRed) && (scan.clean != 0 || len(t.Melds) > 64) {
		for _, three := range redThrees {
			if counts[three] == 0 {
				continue
			}
			ordinal = [card.King + 1]uint8{}
			for mine := scan.mine; mine != 0; mine &= mine - 1 {
				i := bits.TrailingZeros64(mine)
				r := t.Melds[i].M.Rank()
				ordinal[r]++
				if scan.clean&(1<<i) != 0 {
					dst = l.appendRed(dst, Action{Kind: LayRed, Card: three, Rank: r, Target: ordinal[r]})
				}
			}
			for i := 64; i < len(t.Melds); i++ { // beyond the first 64, one by one
				if tm := &t.Melds[i]; int(tm.Side) == side {
					ordinal[tm.M.Rank()]++
					if p.Class(tm.M) == meld.Clean {
						dst = l.appendRed(dst, Action{Kind: LayRed, Card: three, Rank: tm.M.Rank(), Target: ordinal[tm.M.Rank()]})
					}
				}
			}
		}
	}

	if c.AskPartner && c.Kinds.Has(Ask) && t.checkAsk(c).Code == 0 {
		dst = append(dst, Action{Kind: Ask})
	}
	if c.Kinds.Has(TakeBack) && t.checkTakeBack(c).Code == 0 {
		dst = append(dst, Action{Kind: TakeBack})
	}
	// Whether a discard is legal does not depend on the card discarded.
	if held := hand.Held(); held != 0 && t.checkDiscard(c, card.Card(bits.TrailingZeros64(held))).Code == 0 {
		// One discard per kind of card held: at most one per card, written
		// in place.
		dst = slices.Grow(dst, bits.OnesCount64(held))
		i := len(dst)
		out := dst[:cap(dst)]
		for ; held != 0; held &= held - 1 {
			out[i] = Action{Kind: Discard, Card: card.Card(bits.TrailingZeros64(held))}
			i++
		}
		dst = out[:i]
	}
	return dst
}

// appendRed appends the red three a, laid on a completed clean canasta,
// when legal: the canasta takes it, and only the hand left behind can
// still stop it.
func (l *layer[H]) appendRed(dst []Action, a Action) []Action {
	if l.t.legalLay(l.c, a, l.left-1, l.memo) {
		dst = append(dst, a)
	}
	return dst
}

// sideMelds returns a bit for each of the first 64 melds that is side's,
// found without a guess per meld: the sides' melds are interleaved.
func sideMelds(melds []TableMeld, side int) uint64 {
	var mine uint64
	s := uint8(side)
	if int(s) != side {
		return 0
	}
	for i := range min(len(melds), 64) {
		mine |= uint64(b2i(melds[i].Side == s)) << i
	}
	return mine
}

// appendNew appends the new melds of rank, with every number of its
// natural cards from minNat on.
func (l *layer[H]) appendNew(dst []Action, rank card.Rank, minNat int) []Action {
	a := Action{Kind: Meld, Rank: rank}
	has := suitsOf(&l.counts, rank) // read once for every count
	for n, most := minNat, l.nat[rank]; n <= most; n++ {
		var lo, hi int
		if n < len(l.fits) {
			lo, hi = l.fits[n][0], l.fits[n][1]
		} else {
			lo, hi = l.c.Meld.FitWilds(n)
			hi = min(hi, l.twos+l.jokers)
		}
		if lo <= hi {
			a.Nat = takeSuits(has, n)
			dst = l.appendLays(dst, a, n, lo, hi)
		}
	}
	return dst
}

// newFits sets fits to the wild cards a new meld may hold with each
// number of natural cards from minNat to the most the hand holds of one of
// ranks (FitWilds), at most those held. It returns those of ranks with a
// new meld to list: a number of natural cards held that some number of
// wild cards held completes.
func (l *layer[H]) newFits(minNat int, ranks meld.RankSet) meld.RankSet {
	most := 0
	for rs := ranks; rs != 0; rs &= rs - 1 {
		most = max(most, l.nat[bits.TrailingZeros16(uint16(rs))])
	}
	wilds := l.twos + l.jokers
	var some uint64 // bit n: a new meld of n natural cards fits
	for n := minNat; n <= most; n++ {
		if n >= len(l.fits) {
			some |= ^uint64(0) << n // asked when listed
			break
		}
		lo, hi := l.c.Meld.FitWilds(n)
		l.fits[n] = [2]int{lo, min(hi, wilds)}
		some |= uint64(b2i(lo <= min(hi, wilds))) << n
	}
	for rs := ranks; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros16(uint16(rs))
		if some&(2<<l.nat[r]-1) == 0 {
			ranks &^= 1 << r
		}
	}
	return ranks
}

// appendAdds appends the steps adding to tm, the side's next meld in the
// order laid, its ordinal-th of its rank, when the hand holds a card it
// may take.
func (l *layer[H]) appendAdds(dst []Action, tm *TableMeld, ordinal uint8) []Action {
	rank := tm.M.Rank()
	if rank == card.Three {
		for n := max(1, l.left-1); n <= blackThrees(&l.counts); n++ { // as for a new meld of threes
			dst = appendIf(dst, l.c, l.t, Action{Kind: Add, Rank: rank, Target: ordinal, Nat: fillSuits(&l.counts, card.Three, n)})
		}
		return dst
	}
	wilds, most := l.twos+l.jokers, l.nat[rank]
	// The wild cards each number of natural cards may bring, asked of the
	// meld once.
	adds := l.adds[:min(most+1, len(l.adds))]
	l.c.Meld.AddWildsEach(tm.M, adds)
	a := Action{Kind: Add, Rank: rank, Target: ordinal}
	has := suitsOf(&l.counts, rank) // read once for every count
	for n := 0; n <= most; n++ {
		var lo, hi int
		if n < len(adds) {
			lo, hi = adds[n][0], adds[n][1]
		} else {
			lo, hi = l.c.Meld.AddWilds(tm.M, n)
		}
		if n == 0 {
			lo = max(lo, 1) // a step lays a card at least
		}
		if hi = min(hi, wilds); lo <= hi {
			a.Nat = takeSuits(has, n)
			dst = l.appendLays(dst, a, n, lo, hi)
		}
	}
	return dst
}

// layer enumerates the meld steps of one hand.
type layer[H Hands] struct {
	c            *Config
	t            *TableOf[H]
	counts       [card.Kinds]uint8 // the hand's Counts: a value method of the hand would copy it at each call
	left         int               // the cards in hand
	twos, jokers int
	nat          [card.King + 1]int // the hand's natural cards of each meldable rank
	twoFills     [16][4]uint8       // the suits of each count of twos, clubs first
	memo         *outMemo           // after a yes: what the steps' questions share
	// fits holds FitWilds(n) for n < len(fits), hi at most the wild cards
	// held, up to the most natural cards of a rank a new meld may have:
	// new melds of several ranks ask it of the same counts.
	fits [8][2]int
	// adds is appendAdds' room for the AddWilds of one meld.
	adds [8][2]int
	// alike reports whether the meld steps of one rank, target and number
	// of natural cards are decided alike whenever they lay as many wild cards,
	// however they split them into twos and jokers: with the player's side
	// down, for the steps checked in full (after the partner's yes, or
	// leaving fewer than two cards). A step's checks then read the wild
	// cards only by their number: the meld rules count them (a meld's class,
	// and what it may take, depend on its natural and wild cards' numbers),
	// the hand left holds as many, and going out reads a hand's wild cards by
	// number too. Only the points differ (a joker lays more than a two), and
	// points are read only toward the first meld's minimum, which a side that
	// is down has met (and every card but the discard is laid going out
	// either way).
	alike bool
}

// appendLays appends the meld steps a (its kind, rank, target and n
// natural cards set) with every count of twos and jokers from lo to hi: the
// counts that keep the meld rules, at most the wild cards held, lo <= hi.
func (l *layer[H]) appendLays(dst []Action, a Action, n, lo, hi int) []Action {
	// Outside a yes, a step leaving two cards or more needs no check
	// (legalLay): while the largest step of a count of twos leaves that
	// many, its steps are appended as they are.
	free := l.left - n - 2
	if l.memo != nil { // after a yes
		free = -1
	}
	if hi <= free {
		// The largest step leaves two cards: every step is appended.
		jokers := l.jokers
		for tw := range min(l.twos, hi) + 1 {
			if tw < len(l.twoFills) {
				a.Twos = l.twoFills[tw]
			} else {
				a.Twos = fillSuits(&l.counts, card.Two, tw)
			}
			for j, jhi := max(0, lo-tw), min(jokers, hi-tw); j <= jhi; j++ {
				a.Jokers = uint8(j)
				dst = append(dst, a)
			}
		}
		return dst
	}
	// With the side down, a step's full check depends on how many
	// wild cards it lays, not on which are twos and which jokers (wildAlike):
	// each number is checked once, by its first step.
	var byWilds [16]uint8 // 1 + the check's answer, by the step's wild cards; 0: not yet checked
	alike := l.alike
	for tw := 0; tw <= min(l.twos, hi); tw++ {
		if tw < len(l.twoFills) {
			a.Twos = l.twoFills[tw]
		} else {
			a.Twos = fillSuits(&l.counts, card.Two, tw)
		}
		jlo, jhi := max(0, lo-tw), min(l.jokers, hi-tw)
		if jhi <= free-tw {
			for j := jlo; j <= jhi; j++ {
				a.Jokers = uint8(j)
				dst = append(dst, a)
			}
			continue
		}
		for j := jlo; j <= jhi; j++ {
			a.Jokers = uint8(j)
			k := tw + j
			if alike && k < len(byWilds) && byWilds[k] != 0 {
				if byWilds[k] == 2 {
					dst = append(dst, a)
				}
				continue
			}
			ok := l.t.legalLay(l.c, a, l.left-n-tw-j, l.memo)
			if alike && k < len(byWilds) {
				byWilds[k] = 1 + uint8(b2i(ok))
			}
			if ok {
				dst = append(dst, a)
			}
		}
	}
	return dst
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// legalLay decides a meld step whose cards and counts are already known to
// fit the hand and the meld rules: with two cards or more left, nothing
// about the hand can stop it (but after the partner's yes, the step must
// keep going out possible); nearer to empty it is checked in full.
func (t *TableOf[H]) legalLay(c *Config, a Action, left int, memo *outMemo) bool {
	if left >= 2 && t.Question != AnsweredYes {
		return true
	}
	_, f := t.checkLay(c, a, memo)
	return f.Code == 0
}

// blackThrees counts the black threes among counts, a hand's Counts.
func blackThrees(counts *[card.Kinds]uint8) int {
	return int(counts[card.New(card.Three, card.Clubs)]) + int(counts[card.New(card.Three, card.Spades)])
}

// fillSuits returns how many cards of rank each suit gives when k of them
// are taken from a hand of those counts (its Counts), suits taken clubs
// first (of threes, black suits only: red threes are never melded).
func fillSuits(counts *[card.Kinds]uint8, rank card.Rank, k int) [4]uint8 {
	has := suitsOf(counts, rank)
	if rank == card.Three {
		has[card.Diamonds-1], has[card.Hearts-1] = 0, 0
	}
	return takeSuits(has, k)
}

// takeSuits returns how many cards each suit gives when k cards are taken
// from has, the cards held by suit, suits taken clubs first.
func takeSuits(has [4]uint8, k int) [4]uint8 {
	// Suit by suit, unrolled: Legal takes a step's suits for every count.
	n0 := min(k, int(has[0]))
	k -= n0
	n1 := min(k, int(has[1]))
	k -= n1
	n2 := min(k, int(has[2]))
	return [4]uint8{uint8(n0), uint8(n1), uint8(n2), uint8(min(k-n2, int(has[3])))}
}

var meldRanks = [...]card.Rank{card.Ace, card.Four, card.Five, card.Six, card.Seven, card.Eight,
	card.Nine, card.Ten, card.Jack, card.Queen, card.King}

var redThrees = [...]card.Card{card.New(card.Three, card.Diamonds), card.New(card.Three, card.Hearts)}

// AppendLegalAs is AppendLegal into a slice of a game's action type A,
// which must be a struct whose one field is an Action (a game's Action
// wraps the engine's): the two share one memory layout, so the engine
// appends into the caller's buffer with no copy and no call per action.
// For any other A it panics, which the games' tests rule out.
//
// It is the library's one use of unsafe, kept because it matters to a
// figure users feel: the safe way, listing into a buffer on the stack and
// wrapping each action in a loop, costs Canasta's Legal 12% more
// instructions (3,506 to 3,921 a call at 0e477f7, cachegrind over BenchmarkLegal;
// 4,316 with the wrapping done by a function value) and Hand and Foot's
// 6% (7,458 to 7,895), and Legal is about half of a random hand.
//
// Each game that calls it checks its Action once, when the package is
// loaded, with [ActionLayout].
func AppendLegalAs[A any, H Hands](dst []A, c *Config, t *TableOf[H]) []A {
	var a A
	if unsafe.Sizeof(a) != unsafe.Sizeof(Action{}) || unsafe.Alignof(a) != unsafe.Alignof(Action{}) {
		panic("family: AppendLegalAs over a type that is not an Action")
	}
	fs := unsafe.Slice((*Action)(unsafe.Pointer(unsafe.SliceData(dst))), cap(dst))[:len(dst)]
	fs = AppendLegal(fs, c, t)
	return unsafe.Slice((*A)(unsafe.Pointer(unsafe.SliceData(fs))), cap(fs))[:len(fs)]
}

// ActionLayout checks that A is what [AppendLegalAs] takes it for: a
// struct whose one field is an Action. A game declares
//
//	var _ = family.ActionLayout[Action]()
//
// beside its Legal, so that a change to its Action that breaks the layout
// panics when the package is loaded, naming the type, and never reaches
// the unsafe cast. It returns true.
func ActionLayout[A any]() bool {
	t := reflect.TypeFor[A]()
	if t.Kind() != reflect.Struct || t.NumField() != 1 || t.Field(0).Type != reflect.TypeFor[Action]() {
		panic("family: " + t.String() + " is not a struct of one family.Action, as AppendLegalAs needs")
	}
	return true
}
