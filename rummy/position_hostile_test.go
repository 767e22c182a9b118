package rummy

import (
	"errors"
	"math"
	"testing"
)

// twoHands are hands for basic rummy's two seats, for positions built
// with hp.
var twoHands = []string{"AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD"}

// A Seq near the largest int was accepted, and the first action made the
// count of actions overflow to below 0: the State reached had a Position
// FromPosition refused ("Seq below 0"). FromPosition now refuses a Seq the
// game's actions left could carry past 2^30, so a position at the largest
// Seq it accepts plays to the end with every State round-tripping.
func TestHostileSeqOverflow(t *testing.T) {
	for _, r := range []Rules{Basic(), {Players: 3, Rebuilds: 1, Values: BasicValues(), Target: 100}} {
		p := hp(t, r, Drawing, 0, append(twoHands, "AH 2H 3H")[:r.Players], nil, "AS", "")
		p.Seq = math.MaxInt
		if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
			t.Errorf("Seq %d: FromPosition gave %v, want ErrPosition", p.Seq, err)
		}
		p.Seq = largestSeq(p)
		s, err := FromPosition(p)
		if err != nil {
			t.Fatalf("the largest Seq accepted, %d: %v", p.Seq, err)
		}
		playOutQuick(t, s, 2)
	}
}

// largestSeq returns the largest Seq FromPosition accepts in p.
func largestSeq(p Position) int {
	lo, hi := 0, math.MaxInt // lo accepted
	for lo < hi {
		mid := lo + (hi-lo)/2 + 1
		p.Seq = mid
		if _, err := FromPosition(p); err == nil {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
