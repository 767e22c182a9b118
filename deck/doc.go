// Package deck builds shoes of cards, shuffles them reproducibly from a
// seed, and deals packets from them.
//
// # Stock order
//
// A stock is a []card.Card whose index 0 is the TOP card: the card dealt or
// drawn first. [Shoe] returns a shoe in a fixed, documented order; [Shuffle]
// permutes a stock in place; [Deal] and [DealHands] take cards from index 0
// onwards. Every function in this package that takes or returns a stock
// follows this convention.
//
// # The determinism promise
//
// The same seed gives the same shuffle, and so the same deal, on every
// platform and in every future version of this library and of Go. A game
// dealt from a seed can be replayed byte for byte from the seed and its
// actions. To make that true the package does not use math/rand/v2's Rand
// methods (their algorithms may change between Go releases); it uses only
// the output of math/rand/v2's [rand.PCG], which is fixed by its
// specification, and does its own reduction to a range and its own shuffle.
// Golden tests pin the outputs; a change to any of them is a breaking change
// and will not be made.
//
// # The algorithm, for reimplementation
//
// All arithmetic is on unsigned integers and wraps modulo 2^64 or 2^128.
//
// Generator. The state is a 128-bit integer s, written as two 64-bit halves
// (hi, lo). [NewRNG](seed) sets hi = seed and lo = 0x6361726472756c65 (the
// ASCII bytes of "cardrule"). Each call of [RNG.Uint64] first advances the
// state, then mixes its new value (PCG with the DXSM output function, as
// math/rand/v2 and NumPy's PCG64DXSM):
//
//	s  = s*0x2360ed051fc65da44385df649fccf645 + 0x5851f42d4c957f2d14057b7ef767814f   (mod 2^128)
//	x  = hi(s)
//	x ^= x >> 32
//	x *= 0xda942042e4dd58b5
//	x ^= x >> 48
//	x *= lo(s) | 1
//	return x
//
// Reduction. [RNG.IntN](n), for n >= 1, is Lemire's multiply-shift with
// rejection ("Fast Random Integer Generation in an Interval", 2019): take
// x = Uint64() and form the 128-bit product x*n; if its low 64 bits are
// below (2^64 - n) mod n, discard it and draw again; otherwise return its
// high 64 bits. The check against (2^64 - n) mod n may be skipped when the
// low bits are already >= n, since that bound is less than n; either way the
// same draws are accepted. IntN consumes one Uint64 per attempt, so at
// least one; for n <= 0 it returns 0 and consumes nothing.
//
// Shuffle. [RNG.Shuffle] is Fisher-Yates from the end:
//
//	for i := len(cards) - 1; i > 0; i-- {
//		j := IntN(i + 1)
//		cards[i], cards[j] = cards[j], cards[i]
//	}
//
// Shoe. [Shoe](decks, jokers) is, for each deck in turn, the 52 suited cards
// in ascending card value (AC AD AH AS 2C ... KS, see [card.Card]) followed
// by that deck's jokers. [Shuffled](decks, jokers, seed) shuffles that shoe
// with NewRNG(seed).
//
// Deal. [Deal](stock, packets, size) gives stock[k], stock[k+packets],
// stock[k+2*packets], ... (size cards) to packet k: one card at a time to
// each packet in turn, as at a table.
package deck
