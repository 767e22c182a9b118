// Package family holds rule logic the canasta-family games (Hand and Foot,
// Canasta) share and that is not public API.
package family

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// maxWilds is the most wild cards BestOpening spreads over melds without
// allocating; a hand holding more (the rules allow it: Hand and Foot's
// largest shoe holds 96) gets its arrays on the heap.
const maxWilds = 64

// BestOpening returns the most points hand can lay this turn as new melds
// under policy p, with card values v (0 when it lays nothing). If upcard is
// a card, a meld of its rank must be among them, holding the upcard (whose
// points count) and at least pair natural cards of that rank from the hand;
// BestOpening returns -1 when that meld cannot be laid.
//
// Every meld is laid whole with its wild cards, so the answer is exact: a
// dynamic program over the ranks and the number of wild cards used, with
// the highest-valued wild cards placed first. It answers "can this player
// reach the first-meld minimum this turn", which decides whether taking the
// pile for the first melds may even begin.
func BestOpening(p meld.RankPolicy, v score.Table, hand card.Multiset, upcard card.Card, pair int) int {
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
	const none = -1 << 30
	// best[w]: the most natural points with w wild cards used so far.
	var bestBuf, nextBuf [maxWilds + 1]int
	best, next := bestBuf[:], nextBuf[:]
	if W > maxWilds {
		best, next = make([]int, W+1), make([]int, W+1)
	}
	best, next = best[:W+1], next[:W+1]
	for i := range best {
		best[i] = none
	}
	best[0] = 0
	up := v.Points(upcard)
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
		suit, taken := 0, 0 // the suit the next card comes from, and its cards laid
		copy(next, best)
		if r == forced {
			// The forced meld must be laid: drop the option of laying none.
			for i := range next {
				next[i] = none
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
			if n+extra == 0 || n < minN {
				continue
			}
			for w := 0; w <= W; w++ {
				if !p.Fits(n+extra, w) {
					continue
				}
				for used := 0; used+w <= W; used++ {
					if best[used] != none && best[used]+prefix > next[used+w] {
						next[used+w] = best[used] + prefix
					}
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
		if best[w] != none && best[w]+sum > top {
			top = best[w] + sum
		}
	}
	return top
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
