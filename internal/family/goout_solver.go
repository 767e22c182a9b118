package family

import (
	"math"
	"math/bits"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// The going-out solver's dynamic program (see goout.go for the question it
// answers): the program over one rank's melds, and the one over the ranks
// that shares the wild cards out.

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
	fits    [16]fitSpan         // FitNaturals of 0 to 15 wild cards, found when first asked
	known   uint16              // bit w: fits[w] is found
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
		if s.known&(1<<w) == 0 {
			lo, hi, ok := fitRange(s.p, w)
			s.fits[w] = fitSpan{int32(lo), int32(hi), ok}
			s.known |= 1 << w
		}
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
// closed, and takes no wild card onto a locked one. The ways come by the
// wild cards they take, fewest first: rank reads them so.
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
// more. No red three can lie on it (they are laid before S). The ways come
// by the wild cards they take, fewest first.
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
				if nb > wilds {
					break // the ways come by wild cards taken, fewest first
				}
				lo, hi := a+int(o.lo), min(a+int(o.hi), n)
				if lo > hi || sf == 1 && o.last {
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
