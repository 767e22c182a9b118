// Package family holds rule logic the canasta-family games (Hand and Foot,
// Canasta) share and that is not public API.
package family

import (
	"math/bits"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// maxWilds is the most wild cards BestOpening spreads over melds without
// allocating; a hand holding more (the rules allow it: Hand and Foot's
// largest shoe holds 96) gets its arrays on the heap.
const maxWilds = 64

// noPoints marks a count of wild cards BestOpening's melds cannot use.
const noPoints = -1 << 30

// BestOpening returns the most points hand can lay this turn as new melds
// under policy p, with card values v (0 when it lays nothing). If upcard is
// a card, a meld of its rank must be among them, holding the upcard (whose
// points count) and at least pair natural cards of that rank from the hand;
// BestOpening returns -1 when that meld cannot be laid.
//
// With second, a side may start another meld of a rank once every
// earlier one of that rank is a canasta (Config.SecondMeld): a rank's
// melds are canastas but for the last one laid, and the upcard's meld,
// which the take lays first, is a canasta if another of its rank follows.
// Several melds of a rank lay more than one only where one cannot hold
// the rank's cards: clean canastas closed at CanastaSize cards
// (CleanClosed), or each meld's wild cards capped (MaxWilds). The meld the
// take lays, the upcard and pair natural cards, is taken to be open to
// more cards, as the games make it (a clean canasta closes at four cards
// or more).
//
// Every meld is laid whole with its wild cards, so the answer is exact: a
// dynamic program over the ranks and the number of wild cards used, with
// the highest-valued wild cards placed first. It answers "can this player
// reach the first-meld minimum this turn", which decides whether taking the
// pile for the first melds may even begin.
func BestOpening(p meld.RankPolicy, second bool, v score.Table, hand card.Multiset, upcard card.Card, pair int) int {
	forced := upcard.Rank()
	// The wild cards, most valuable first. Fixed arrays keep this
	// allocation-free for up to maxWilds of them: it runs inside Legal.
	var wildBuf [maxWilds]int
	wilds := wildBuf[:0]
	for _, c := range wildKinds {
		for range hand.Count(c) {
			wilds = append(wilds, v.Points(c)) // past maxWilds, on the heap
		}
	}
	sortDesc(wilds)
	W := len(wilds)
	// best[w]: the most natural points with w wild cards used so far.
	var bestBuf, nextBuf [maxWilds + 1]int
	best, next := bestBuf[:], nextBuf[:]
	if W > maxWilds {
		best, next = make([]int, W+1), make([]int, W+1)
	}
	best, next = best[:W+1], next[:W+1]
	for i := range best {
		best[i] = noPoints
	}
	best[0] = 0
	up := v.Points(upcard)
	// How a rank's melds may split its cards beyond one meld: not at all,
	// into clean canastas closed at CanastaSize (only with no wild card is
	// a second meld ever needed then), or in general where MaxWilds caps
	// each meld's wild cards.
	const (
		oneMeld = iota
		closedSplit
		wildSplit
	)
	split := oneMeld
	switch {
	case !second:
	case p.MaxWilds > 0:
		split = wildSplit
	case p.CleanClosed:
		split = closedSplit
	}
	minClean := 0 // with closedSplit, smallestClean, found when first needed
	for r := card.Ace; r <= card.King; r++ {
		if !p.Ranks.Has(r) {
			continue
		}
		nat := hand.CountRank(r)
		extra, minN := 0, 0
		if r == forced {
			extra, minN = 1, pair
		}
		if nat == 0 && extra == 0 {
			continue
		}
		// The natural cards of r by suit, most valuable first (their
		// suits may differ in value): the n-th card laid is the next one.
		var suits [4]struct{ points, n int }
		counts := hand.CountSuits(r)
		first := card.New(r, card.Clubs)
		for i := range suits {
			suits[i].points, suits[i].n = v.Points(first+card.Card(i)), int(counts[i])
		}
		if suits[0].points != suits[1].points || suits[1].points != suits[2].points || suits[2].points != suits[3].points {
			for i := 1; i < len(suits); i++ {
				for j := i; j > 0 && suits[j].points > suits[j-1].points; j-- {
					suits[j], suits[j-1] = suits[j-1], suits[j]
				}
			}
		}
		// With a meld's wild cards capped, the counts of wild cards each
		// count of natural cards takes in several melds: found only when
		// the rank has cards enough for two melds.
		var sets []uint64
		words := 0
		if split == wildSplit && nat+extra >= 2*max(p.MinNaturals, 1) && nat+extra+W >= p.CanastaSize+p.MinSize {
			var buf [2 * 16]uint64 // the sets for up to 15 natural cards and 63 wild cards
			sets, words = splitWilds(buf[:], p, nat+extra, W, minN+extra)
		}
		suit, taken := 0, 0 // the suit the next card comes from, and its cards laid
		copy(next, best)
		if r == forced {
			// The forced meld must be laid: drop the option of laying none.
			for i := range next {
				next[i] = noPoints
			}
		}
		prefix := extra * up
		for n := 0; n <= nat; n++ {
			if n > 0 {
				for taken == suits[suit].n {
					suit, taken = suit+1, 0
				}
				prefix += suits[suit].points
				taken++
			}
			k := n + extra // the natural cards laid, the upcard's among them
			if k == 0 || n < minN {
				continue
			}
			if words > 0 {
				for i, x := range sets[k*words:][:words] {
					for ; x != 0; x &= x - 1 {
						if w := i*64 + bits.TrailingZeros64(x); w <= W {
							lay(next, best, prefix, w)
						}
					}
				}
				continue
			}
			lo, hi := p.FitWilds(k)
			for w := lo; w <= min(hi, W); w++ {
				lay(next, best, prefix, w)
			}
			if split == closedSplit && k > p.CanastaSize && lo > 0 {
				// With no wild card, clean canastas of exactly CanastaSize
				// cards and a smaller clean meld of the rest, if any; the
				// upcard's meld is one of the canastas.
				if minClean == 0 {
					minClean = smallestClean(p)
				}
				if rest := k % p.CanastaSize; minClean <= p.CanastaSize && p.CanastaSize >= minN+extra && (rest == 0 || rest >= minClean) {
					lay(next, best, prefix, 0)
				}
			}
		}
		best, next = next, best
	}
	top, sum := -1, 0
	for w := 0; w <= W; w++ {
		if w > 0 {
			sum += wilds[w-1]
		}
		if best[w] != noPoints && best[w]+sum > top {
			top = best[w] + sum
		}
	}
	return top
}

// lay records in next the melds of one rank laying points of natural cards
// with w wild cards, after the ranks before it reached best.
func lay(next, best []int, points, w int) {
	for used, b := range best[:len(best)-w] {
		if b != noPoints && b+points > next[used+w] {
			next[used+w] = b + points
		}
	}
}

// smallestClean returns the fewest natural cards that are a meld under p
// with no wild card, up to p.CanastaSize; p.CanastaSize+1 when none is.
// Every larger count up to p.CanastaSize is a meld too.
func smallestClean(p meld.RankPolicy) int {
	n := 1
	for n <= p.CanastaSize && !p.Fits(n, 0) {
		n++
	}
	return n
}

// splitWilds returns, for each count n of natural cards of one rank up to
// most, the set of counts of wild cards w up to wilds for which the n
// cards and w wild cards can be laid under p as melds of the rank, one
// after the other: each one a meld, every one but the last a canasta.
// Set n is sets[n*words:][:words], bit w in its word w/64. With first > 0
// the first meld must hold at least first of the natural cards (the meld
// of the pile's upcard), and be a canasta if another follows. The sets
// are buf's when it holds them.
func splitWilds(buf []uint64, p meld.RankPolicy, most, wilds, first int) (sets []uint64, words int) {
	words = wilds/64 + 1
	size := (most + 1) * words
	var all []uint64
	if 2*size <= len(buf) {
		all = buf[:2*size]
		clear(all)
	} else {
		all = make([]uint64, 2*size)
	}
	// canastas: n cards as canastas alone (none at all for n = 0), a meld
	// of a cards at a time; then sets: as canastas and one more meld of
	// any size last.
	canastas, sets := all[:size], all[size:]
	canastas[0] = 1
	for a := 1; a <= most; a++ {
		lo, hi := p.FitWilds(a)
		lo, hi = max(lo, p.CanastaSize-a), min(hi, wilds)
		for n := a; n <= most; n++ {
			orShifted(canastas, n, canastas, n-a, words, lo, hi)
		}
	}
	copy(sets, canastas)
	for a := 1; a <= most; a++ {
		lo, hi := p.FitWilds(a)
		for n := a; n <= most; n++ {
			orShifted(sets, n, canastas, n-a, words, lo, min(hi, wilds))
		}
	}
	if first == 0 {
		return sets, words
	}
	// The first meld holds a of the n cards: alone, or as a canasta with
	// the melds of the other n-a after it. The canastas' sets are no
	// longer needed: these replace them.
	forced := canastas
	clear(forced)
	for a := first; a <= most; a++ {
		lo, hi := p.FitWilds(a)
		hi = min(hi, wilds)
		for w := lo; w <= hi; w++ {
			forced[a*words+w/64] |= 1 << (w % 64)
		}
		for n := a + 1; n <= most; n++ {
			orShifted(forced, n, sets, n-a, words, max(lo, p.CanastaSize-a), hi)
		}
	}
	return forced, words
}

// orShifted adds to set d of to (words long, as splitWilds' sets) set s
// of from shifted by every count of wild cards from lo to hi; counts past
// the sets' words are dropped.
func orShifted(to []uint64, d int, from []uint64, s, words, lo, hi int) {
	if words == 1 { // up to 63 wild cards
		x, or := from[s], uint64(0)
		for b := max(lo, 0); b <= min(hi, 63); b++ {
			or |= x << b
		}
		to[d] |= or
		return
	}
	dst, src := to[d*words:][:words], from[s*words:][:words]
	for b := max(lo, 0); b <= hi; b++ {
		q, r := b/64, uint(b%64)
		for i := len(dst) - 1; i >= q; i-- {
			x := src[i-q] << r
			if r != 0 && i-q > 0 {
				x |= src[i-q-1] >> (64 - r)
			}
			dst[i] |= x
		}
	}
}

var wildKinds = [...]card.Card{card.Joker, card.New(card.Two, card.Clubs), card.New(card.Two, card.Diamonds),
	card.New(card.Two, card.Hearts), card.New(card.Two, card.Spades)}

func sortDesc(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] > a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// openingFloor returns points that BestOpening(*p, second, *v, *hand, up,
// 2) reaches at least, found cheaply from one way of laying the hand that
// BestOpening weighs, and how many cards of the hand that way lays; -1 when
// it finds none. Each rank lays every natural card it holds as one meld
// with the fewest wild cards it needs, while wild cards last (the upcard's
// rank first, and it must); the wild cards left go where melds have room
// for them, the most valuable used. The floor lets a caller asking whether
// a minimum is reached skip BestOpening's search. The hand's other cards
// are spare: BestOpening reaches the floor without any of them (without
// the least valuable wild cards, for those).
func openingFloor(p *meld.RankPolicy, v *score.Table, hand *card.Multiset, up card.Card) (points, laid int) {
	forced := up.Rank()
	nat := hand.CountRank(forced)
	if nat < 2 || !p.Ranks.Has(forced) { // BestOpening's pair, of a meldable rank
		return -1, 0
	}
	// The wild cards by kind, most valuable first.
	var kinds [len(wildKinds)]struct{ points, n int }
	wilds := 0
	for i, w := range wildKinds {
		if kinds[i].n = hand.Count(w); kinds[i].n > 0 {
			kinds[i].points = v.Points(w)
		}
		wilds += kinds[i].n
		for j := i; j > 0 && kinds[j].points > kinds[j-1].points; j-- {
			kinds[j], kinds[j-1] = kinds[j-1], kinds[j]
		}
	}
	lo, hi := p.FitWilds(nat + 1)
	if lo > min(hi, wilds) {
		return -1, 0
	}
	left, room := wilds-lo, min(hi, wilds)-lo // wild cards not yet laid; room for them
	total := v.Points(up)
	// The ranks held, ace to king: one bit a card, four a rank.
	const naturals = (1<<(4*card.King+1) - 1) &^ 1
	var fits [8][2]int // FitWilds of few natural cards, found once each
	var found uint8
	for held := hand.Held() & naturals; held != 0; {
		r := card.Card(bits.TrailingZeros64(held)).Rank()
		first := card.New(r, card.Clubs)
		held &^= 15 << first
		suits := hand.CountSuits(r)
		n := int(suits[0]) + int(suits[1]) + int(suits[2]) + int(suits[3])
		if !p.Ranks.Has(r) {
			continue
		}
		if r != forced {
			var lo, hi int
			switch {
			case n >= len(fits):
				lo, hi = p.FitWilds(n)
			case found&(1<<n) == 0:
				fits[n][0], fits[n][1] = p.FitWilds(n)
				found |= 1 << n
				fallthrough
			default:
				lo, hi = fits[n][0], fits[n][1]
			}
			if lo > min(hi, left) {
				continue
			}
			left -= lo
			room += min(hi, wilds) - lo
		}
		for i, k := range suits {
			if k > 0 {
				total += int(k) * v.Points(first+card.Card(i))
			}
		}
		laid += n
	}
	// The wild cards laid: the most valuable of the hand's.
	used := wilds - left + min(left, room)
	laid += used
	for i := 0; used > 0; i++ {
		k := min(used, kinds[i].n)
		total += k * kinds[i].points
		used -= k
	}
	return total, laid
}
