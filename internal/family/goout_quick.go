package family

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// The going-out solver's quick way (see goout.go): a way out found
// without the dynamic program, which answers most hands at once.

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
	if p.RedThreeOnClean && melds.at < 0 && c.Kinds.Has(LayRed) && hand.Count(redThrees[0])+hand.Count(redThrees[1]) > 0 &&
		t.quickReds(c, hand, melds, laid, side) {
		return true
	}
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
	down, total := t.IsDown(side), 0 // the points are read only by a side not down
	if !down {
		total = laid + handPoints(c, &hand)
	}
	// met reports whether the end, with the canastas have and the discard
	// d (0 for none), goes out.
	met := func(have Canastas, d card.Card) bool {
		return c.Meets(have) && (down || total-c.Values.Points(d) >= t.outMinimum(c, side))
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
		if n == 0 && q.at[r] == 0 || r == card.Three || left > 1 {
			continue // a host lays natural cards of its rank or joins a meld of it
		}
		for k := wilds - 1 + left; k <= wilds; k++ {
			d := cheap
			switch {
			case k == wilds && left == 0:
				d = 0
			case k == wilds && q.nat[r] < 0:
				d = q.leftBut(hand, r) // the one card left of another rank
			case k == wilds:
				d = lone
			}
			if n+k == 0 || d == 0 && n+k < 2 {
				continue // no step, or a last step of one card
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

// quickReds is quickOut for a hand holding red threes: all of them laid
// first on one clean canasta of the side, then the rest of the hand as
// quickOut lays it, on the table with the canasta locked. With two cards
// or more left after each red three no check bites, and a red three
// changes no canasta's class, so the end is checked as quickOut checks
// it, the threes' points laid.
func (t *TableOf[H]) quickReds(c *Config, hand card.Multiset, melds meldView, laid, side int) bool {
	p := &c.Meld
	rest := hand
	for _, r := range redThrees {
		n := hand.Count(r)
		laid += n * c.Values.Points(r)
		_ = rest.RemoveN(r, n)
	}
	if rest.Len() < 2 {
		return false
	}
	for i := range melds.base {
		tm := melds.base[i]
		if int(tm.Side) != side || p.Class(tm.M) != meld.Clean {
			continue
		}
		m, err := tm.M, error(nil)
		for _, r := range redThrees {
			for range hand.Count(r) {
				if err == nil {
					m, err = p.LayRedThree(m, r)
				}
			}
		}
		if err == nil && t.quickOut(c, rest, meldView{base: melds.base, at: i, m: TableMeld{Side: tm.Side, M: m}}, laid, side) {
			return true
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

// leftBut returns a card of hand of a rank other than r that no step
// lays, the last in card order.
func (q *quick) leftBut(hand card.Multiset, r card.Rank) card.Card {
	var d card.Card
	for r2 := card.Ace; r2 <= card.King; r2++ {
		if r2 == r || q.nat[r2] >= 0 {
			continue
		}
		for s := card.Clubs; s <= card.Spades; s++ {
			if hand.Count(card.New(r2, s)) > 0 {
				d = card.New(r2, s)
			}
		}
	}
	return d
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
