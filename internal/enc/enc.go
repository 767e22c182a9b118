// Package enc holds what the games' encodings for learning programs
// share: the legal mask and the action of an id under a game's numbering,
// and the sets of cards an observation writes as planes. Nothing here
// allocates but an error.
package enc

import (
	"math/bits"
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// Mask sets dst[id] for the id of every action of legal, and clears the
// others. dst must be n long, n the game's number of ids. An error is
// id's, or wraps [cardrules.ErrEncoding] for a dst of another length; on
// error dst is all false.
func Mask[A any](pkg string, dst []bool, n int, legal []A, id func(A) (int, error)) error {
	if len(dst) != n {
		return errs.New(pkg, cardrules.ErrEncoding, "a mask of "+strconv.Itoa(len(dst))+" values: the game has "+strconv.Itoa(n)+" action ids")
	}
	clear(dst)
	for _, a := range legal {
		i, err := id(a)
		if err != nil {
			clear(dst)
			return err
		}
		dst[i] = true
	}
	return nil
}

// ActionOf returns the first action of legal whose id is want, n the
// game's number of ids. An id out of 0 to n-1, or one no action of legal
// has, is an error wrapping [cardrules.ErrEncoding].
func ActionOf[A any](pkg string, legal []A, n, want int, id func(A) (int, error)) (A, error) {
	var none A
	if want < 0 || want >= n {
		return none, errs.New(pkg, cardrules.ErrEncoding, "action id "+strconv.Itoa(want)+": the ids are 0 to "+strconv.Itoa(n-1))
	}
	for _, a := range legal {
		if i, err := id(a); err == nil && i == want {
			return a, nil
		}
	}
	return none, errs.New(pkg, cardrules.ErrEncoding, "action id "+strconv.Itoa(want)+" names no legal action")
}

// Deck is the set of the deck's 52 cards: bit c for card c.
const Deck = (uint64(1)<<card.Joker - 1) &^ 1

// Cards returns cs as a set of cards, bit c for card c, and whether each
// is one of the deck's 52, listed once.
func Cards(cs []card.Card) (uint64, bool) {
	var m uint64
	for _, c := range cs {
		b := uint64(1) << (c & 63)
		if c < 1 || c >= card.Joker || m&b != 0 {
			return m, false
		}
		m |= b
	}
	return m, true
}

// Plane sets dst[c-1] to 1 for every card c of the set m (bit c for card
// c), a plane of 52 values, one a card.
func Plane(dst []float32, m uint64) {
	for ; m != 0; m &= m - 1 {
		dst[bits.TrailingZeros64(m)-1] = 1
	}
}
