package doublets

import "math/bits"

// Legal returns every legal action, as a new slice, in this order: the
// plays to the foundation (from the waste, then from reserve slots 1 to
// 7), then turn, then redeal. Once the game is over there is none.
func Legal(s State) []Action { return AppendLegal(nil, s) }

// AppendLegal appends [Legal]'s actions to dst and returns the extended
// slice; with a buffer of room enough it does not allocate.
func AppendLegal(dst []Action, s State) []Action {
	if s.g == nil || s.over {
		return dst
	}
	need := s.needed()
	if s.w > 0 && s.talon[s.w-1].Rank() == need {
		dst = append(dst, PlayWaste())
	}
	for m := s.playable(need); m != 0; m &= m - 1 {
		dst = append(dst, Action{kind: KindPlayReserve, from: uint8(bits.TrailingZeros64(m)/8 + 1)})
	}
	if s.w < s.n {
		dst = append(dst, Turn())
	} else if s.w > 0 && int(s.pass) < s.g.rules.Passes {
		dst = append(dst, Redeal())
	}
	return dst
}
