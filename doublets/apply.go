package doublets

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// The fixed rejections, built once.
var (
	errNotAGame  = fail(ErrNotNow, errs.NotAGame)
	errMalformed = fail(ErrMalformed, "no constructor builds this action")
	errNoWaste   = fail(ErrEmpty, "the waste is empty: turn a card from the stock")
	errNoStock   = fail(ErrStock, "redeal, if a pass is left")
	errStockLeft = fail(ErrTurn, "the waste is turned over only once the stock is used up")
	errNoPass    = fail(ErrTurn, "no pass is left")
	errNoCards   = fail(ErrTurn, "the waste is empty: there is nothing to redeal")
)

// Apply plays a and returns the new State; s itself never changes. A card
// goes to the foundation when its rank is twice the foundation's top rank
// (less thirteen above thirteen), whatever its suit. It goes from the waste's
// top, or from a reserve slot. The slot is then filled at once from the
// waste's top, or from the stock's top when the waste is empty. A king that
// fills a slot freezes it, for a king never moves. Turning moves the stock's
// top card onto the waste; once the stock is used up, a redeal turns the
// waste over, keeping its order, for the next pass, while a pass is left. The
// game is over once it is won or no move is left.
//
// An illegal action returns s unchanged and an error saying why in a
// player's words, wrapping one of the package's sentinel errors.
func Apply(s State, a Action) (State, error) {
	// Apply is small enough for the compiler to inline, so that a caller
	// copies s once into it and once out of it, and no more.
	err := s.apply(a)
	return s, err
}

// apply plays a on s in place, or reports why it cannot be played and
// leaves s unchanged.
func (s *State) apply(a Action) error {
	switch {
	case s.g == nil:
		return errNotAGame
	case s.over:
		return fail(ErrGameOver, gameOverDetail(*s))
	case !a.valid():
		return errMalformed
	}
	var c, refill card.Card // the card turned or played, the reserve's refill
	switch a.kind {
	case KindTurn:
		if s.w == s.n {
			return errNoStock
		}
		c = s.talon[s.w]
		s.w++
	case KindRedeal:
		switch {
		case s.w < s.n:
			return errStockLeft
		case int(s.pass) >= s.g.rules.Passes:
			return errNoPass
		case s.w == 0:
			return errNoCards
		}
		s.w = 0
		s.pass++
	case KindPlayWaste, KindPlayReserve:
		if a.kind == KindPlayWaste {
			if s.w == 0 {
				return errNoWaste
			}
			c = s.talon[s.w-1]
		} else if c = s.reserve[a.from-1]; c == 0 {
			return fail(ErrEmpty, "reserve slot "+itoa(int(a.from))+" is empty")
		}
		if c.Rank() != s.needed() {
			return fail(ErrFoundation, c.String()+" on "+s.found[s.count-1].String()+": the foundation needs "+article(s.needed()))
		}
		s.found[s.count] = c
		s.count++
		if a.kind == KindPlayWaste {
			s.remove(s.w - 1)
			s.w--
		} else {
			refill = s.refill(int(a.from) - 1)
		}
	}
	s.over = !s.canMove()
	if e := uint64(newEntry(a, c, refill)); !s.h.TryAppend(e) {
		s.h.Put(e)
	}
	return nil
}

// refill fills the emptied reserve slot i from the waste's top, or the
// stock's top when the waste is empty, and returns the card (0 when both
// are empty).
func (s *State) refill(i int) card.Card {
	var c card.Card
	switch {
	case s.w > 0:
		c = s.talon[s.w-1]
		s.remove(s.w - 1)
		s.w--
	case s.n > 0:
		c = s.talon[0]
		s.remove(0)
	}
	s.reserve[i] = c
	return c
}

// remove takes the talon's card i out, closing the gap.
func (s *State) remove(i uint8) {
	copy(s.talon[i:s.n], s.talon[i+1:s.n])
	s.n--
	s.talon[s.n] = 0
}

// canMove reports whether any action is legal.
func (s *State) canMove() bool {
	if s.count == MaxScore {
		return false
	}
	if s.w < s.n || s.w > 0 && int(s.pass) < s.g.rules.Passes {
		return true
	}
	need := s.needed()
	if s.w > 0 && s.talon[s.w-1].Rank() == need {
		return true
	}
	return s.playable(need) != 0
}

// playable returns the reserve slots whose card has rank need, which is
// not 0: bit 8i+7 for slot i (from 0). It looks at the seven slots at
// once, as the seven bytes of one word. A card's rank is (c+3)/4, 0 for
// an empty slot; a byte of the word ranks^need is zero where the ranks
// match, and the last step sets the top bit of exactly those bytes.
func (s *state) playable(need card.Rank) uint64 {
	const (
		ones = 0x0101010101010101
		low7 = 0x7f * ones
	)
	r := &s.reserve
	// Bytes 0 to 6 of the word are slots 0 to 6; byte 7 is 0.
	x := uint64(r[0]) | uint64(r[1])<<8 | uint64(r[2])<<16 | uint64(r[3])<<24 |
		uint64(r[4])<<32 | uint64(r[5])<<40 | uint64(r[6])<<48
	ranks := (x + 3*ones) >> 2 & (0x3f * ones) // no byte carries: a card is at most 52
	y := ranks ^ uint64(need)*ones             // byte 7: need, never 0
	return ^((y&low7 + low7) | y | low7)
}

// gameOverDetail says how the game ended.
func gameOverDetail(s State) string {
	if s.Won() {
		return "won: every card but the kings is on the foundation"
	}
	return "no move is left: the score is " + itoa(int(s.count))
}

// article returns "a queen", "an ace", "an eight".
func article(r card.Rank) string {
	if r == card.Ace || r == card.Eight {
		return "an " + r.Name()
	}
	return "a " + r.Name()
}
