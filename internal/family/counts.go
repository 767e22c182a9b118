package family

import "github.com/cardrules/cardrules/card"

// A value method of card.Multiset copies the whole hand at each call, even
// inlined: a loop that asks many counts reads them from one copy of
// Counts instead, with rankCount.

// rankCount returns how many suited cards of rank r counts holds, where
// counts is a multiset's Counts and r a valid rank. A card's value is
// 1 + 4*(rank-1) + (suit-1), so a rank's four suits are side by side.
func rankCount(counts *[card.Kinds]uint8, r card.Rank) int {
	c := counts[4*int(r)-3:][:4]
	return int(c[0]) + int(c[1]) + int(c[2]) + int(c[3])
}

// suitsOf returns how many cards of rank r counts holds in each suit,
// clubs first, where counts is a multiset's Counts and r a valid rank.
func suitsOf(counts *[card.Kinds]uint8, r card.Rank) [4]uint8 {
	return [4]uint8(counts[4*int(r)-3:][:4])
}
