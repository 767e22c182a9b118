package rummy

import (
	"math/bits"

	"github.com/cardrules/cardrules/card"
)

// set is a set of the 52 cards of one deck in a 64-bit word, laid out by
// suit: suit s holds bits 16(s-1)+1 (its ace) to 16(s-1)+13 (its king). A
// run is a block of consecutive bits within a suit's lane, and the cards of
// one rank are four bits 16 apart, so hands, melds and the searches for
// them are a few word operations.
type set uint64

// laneMask is the ace-to-king bits of the clubs lane.
const laneMask set = 0x3FFE

// full is every card of the deck.
const full set = laneMask | laneMask<<16 | laneMask<<32 | laneMask<<48

// bitOf maps a card to its bit; cardOf maps a bit index back to its card.
var (
	bitOf  [card.Kinds]set
	cardOf [64]card.Card
)

func init() {
	for c := card.Card(1); c < card.Joker; c++ {
		i := 16*(int(c.Suit())-1) + int(c.Rank())
		bitOf[c] = 1 << i
		cardOf[i] = c
	}
}

// bit returns c's bit: 0 for the joker or a value that is no card.
func bit(c card.Card) set {
	if c >= card.Kinds {
		return 0
	}
	return bitOf[c]
}

// len is the number of cards in s.
func (s set) len() int { return bits.OnesCount64(uint64(s)) }

// first returns the first card of s in set order (clubs ace to king, then
// diamonds, hearts, spades), or 0 for the empty set.
func (s set) first() card.Card {
	if s == 0 {
		return 0
	}
	return cardOf[bits.TrailingZeros64(uint64(s))]
}

// appendCards appends the cards of s to dst in set order.
func (s set) appendCards(dst []card.Card) []card.Card {
	for ; s != 0; s &= s - 1 {
		dst = append(dst, cardOf[bits.TrailingZeros64(uint64(s))])
	}
	return dst
}

// multiset returns the cards of s as a card.Multiset, the type every game
// gives a hand as.
func (s set) multiset() card.Multiset {
	var m card.Multiset
	for ; s != 0; s &= s - 1 {
		_ = m.Add(cardOf[bits.TrailingZeros64(uint64(s))]) // one copy of a card of the deck: never fails
	}
	return m
}

// cards returns the cards of s in set order, as a new slice (nil for none).
func (s set) cards() []card.Card {
	if s == 0 {
		return []card.Card{} // [] in JSON; allocates nothing
	}
	return s.appendCards(make([]card.Card, 0, s.len()))
}

// setOf returns the set of cs and whether every card of cs is one of the
// deck's 52, held once.
func setOf(cs []card.Card) (set, bool) {
	var s set
	for _, c := range cs {
		b := bit(c)
		if b == 0 || s&b != 0 {
			return s, false
		}
		s |= b
	}
	return s, true
}

// lane returns suit s's cards of h as ranks: bit r set for rank r.
func (h set) lane(s card.Suit) uint16 { return uint16(h>>(16*(uint(s)-1))) & uint16(laneMask) }

// rank returns the cards of rank r of the deck.
func rankSet(r card.Rank) set { return (1 | 1<<16 | 1<<32 | 1<<48) << uint(r) }

// runSet returns the run of suit s from rank lo to rank hi.
func runSet(s card.Suit, lo, hi card.Rank) set {
	return set((uint64(1)<<(hi+1))-(uint64(1)<<lo)) << (16 * (uint(s) - 1))
}

// isRun reports whether m is three or more consecutive cards of one suit.
func (m set) isRun() bool {
	if m.len() < 3 {
		return false
	}
	low := bits.TrailingZeros64(uint64(m))
	lane := low / 16
	x := uint64(m) >> low
	// One block of consecutive bits starting at bit 0, within one lane.
	return x&(x+1) == 0 && bits.Len64(uint64(m))-1 < 16*(lane+1)
}

// isGroup reports whether m is three or four cards of one rank.
func (m set) isGroup() bool {
	n := m.len()
	if n < 3 || n > 4 {
		return false
	}
	r := card.Rank(bits.TrailingZeros64(uint64(m)) % 16)
	return m&^rankSet(r) == 0
}

// lowBit is the index of the lowest bit of x.
func lowBit(x set) int { return bits.TrailingZeros64(uint64(x)) }

// String lists the cards of s in set order, separated by spaces.
func (s set) String() string {
	b := make([]byte, 0, 3*s.len())
	for x := s; x != 0; x &= x - 1 {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b, _ = x.first().AppendText(b)
	}
	return string(b)
}

// mcode is a meld on the table in two bytes: a run as its suit, low and
// high ranks, a group as its rank and suits; and the seat that laid it.
//
//	bits 0-3  a run's low rank, a group's rank
//	bits 4-7  a run's high rank, a group's suits (bit s-1 for suit s)
//	bits 8-9  a run's suit, less one
//	bit  10   set for a group
//	bits 11-13 the seat that laid it
type mcode uint16

const mcodeGroup mcode = 1 << 10

// suitSpread maps four suit bits to the bits of rank 0 in those suits'
// lanes, to be shifted up by a rank: bit s-1 to bit 16(s-1).
var suitSpread = func() (t [16]set) {
	for m := range t {
		for s := range 4 {
			if m&(1<<s) != 0 {
				t[m] |= 1 << (16 * s)
			}
		}
	}
	return t
}()

// encode returns the code of the meld m (a run or a group) laid by seat.
func encode(m set, seat int) mcode {
	low := lowBit(m)
	code := mcode(seat) << 11
	if m.isGroup() {
		r := low % 16
		var suits mcode
		for s := range 4 {
			if m&(1<<(16*s+r)) != 0 {
				suits |= 1 << s
			}
		}
		return code | mcodeGroup | mcode(r) | suits<<4
	}
	high := bits.Len64(uint64(m)) - 1
	return code | mcode(low%16) | mcode(high%16)<<4 | mcode(low/16)<<8
}

// set returns the cards of the meld.
func (m mcode) set() set {
	lo := uint(m & 15)
	if m&mcodeGroup != 0 {
		return suitSpread[m>>4&15] << lo
	}
	hi := uint(m >> 4 & 15)
	return set((uint64(1)<<(hi+1))-(uint64(1)<<lo)) << (16 * uint(m>>8&3))
}

// owner returns the seat that laid the meld.
func (m mcode) owner() int { return int(m >> 11 & 7) }
