package rummy

import (
	"math/bits"

	"github.com/cardrules/cardrules/card"
)

// Legal returns every action the seat to act may play, as a new slice, in
// this order:
//
//   - drawing: draw stock, then draw pile (each when it has a card);
//   - playing: the new melds, then the lay-offs, then the discards. Runs
//     come before groups; runs by suit (clubs, diamonds, hearts, spades),
//     then by their lowest card, then shortest first; groups by rank, the
//     group of four before the groups of three, and those by the suit they
//     leave out, clubs first. Lay-offs go by card (by suit, then rank),
//     then by meld number; discards by card. With [Rules].KeepTaken, the
//     card drawn from the pile is not among the discards, and no meld or
//     lay-off is listed that would leave it alone in the hand;
//   - between rounds: next.
//
// Once the game is over (or for the zero State) there is none.
func Legal(s State) []Action { return AppendLegal(nil, s) }

// AppendLegal appends [Legal]'s actions to dst and returns the extended
// slice; with a buffer of room enough it does not allocate.
func AppendLegal(dst []Action, s State) []Action {
	if s.g == nil {
		return dst
	}
	switch s.phase {
	case Drawing:
		if s.nstock > 0 {
			dst = append(dst, DrawStock())
		}
		if s.npile > 0 {
			dst = append(dst, DrawPile())
		}
		return dst
	case RoundOver:
		return append(dst, Next())
	case Playing:
		return s.appendPlays(dst)
	}
	return dst
}

// appendPlays appends the melds, lay-offs and discards of the playing
// phase.
func (s *State) appendPlays(dst []Action) []Action {
	hand := s.hands[s.turn]
	// keep is the card that may not be left alone in the hand, or 0.
	var keep set
	if s.g.rules.KeepTaken {
		keep = bit(s.taken)
	}
	ok := func(left set) bool { return keep == 0 || left != keep }
	// The cards three in a row of a suit start from: each starts runs.
	// Done on the whole hand at once, as no lane runs into the next: a
	// lane's bits 14 and 15 are always clear.
	for starts := hand & (hand >> 1) & (hand >> 2); starts != 0; starts &= starts - 1 {
		i := lowBit(starts)
		suit, lo := card.Suit(i/16+1), card.Rank(i%16)
		lane := hand.lane(suit)
		for hi := lo + 2; hi <= card.King && lane&(1<<hi) != 0; hi++ {
			if m := runSet(suit, lo, hi); ok(hand &^ m) {
				dst = append(dst, Action{kind: KindMeld, cards: m})
			}
		}
	}
	// The ranks held in three suits or four.
	l0, l1, l2, l3 := hand.lane(card.Clubs), hand.lane(card.Diamonds), hand.lane(card.Hearts), hand.lane(card.Spades)
	for three := l0&l1&(l2|l3) | l2&l3&(l0|l1); three != 0; three &= three - 1 {
		g := hand & rankSet(card.Rank(bits.TrailingZeros16(three)))
		switch bits.OnesCount64(uint64(g)) {
		case 4:
			if ok(hand &^ g) {
				dst = append(dst, Action{kind: KindMeld, cards: g})
			}
			for x := g; x != 0; x &= x - 1 {
				if m := g &^ (x & -x); ok(hand &^ m) {
					dst = append(dst, Action{kind: KindMeld, cards: m})
				}
			}
		case 3:
			if ok(hand &^ g) {
				dst = append(dst, Action{kind: KindMeld, cards: g})
			}
		}
	}
	if s.nmelds > 0 {
		var fit [maxMelds]set
		var any set
		for i, m := range s.melds[:s.nmelds] {
			fit[i] = fitting(m.set()) & hand
			any |= fit[i]
		}
		for x := any; x != 0; x &= x - 1 {
			b := x & -x
			if !ok(hand &^ b) {
				continue
			}
			c := x.first()
			for i := range s.nmelds {
				if fit[i]&b != 0 {
					dst = append(dst, Action{kind: KindLayOff, card: c, target: i + 1})
				}
			}
		}
	}
	for x := hand &^ keep; x != 0; x &= x - 1 {
		dst = append(dst, Action{kind: KindDiscard, card: x.first()})
	}
	return dst
}
