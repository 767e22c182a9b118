package doublets

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"pgregory.net/rapid"
)

// playable, which looks at the seven reserve slots at once, finds the
// same slots as looking at them one by one: those holding a card of the
// rank needed, whatever the cards, the empty slots and the rank.
func TestPlayableSlots(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s state
		for i := range s.reserve {
			s.reserve[i] = card.Card(rapid.IntRange(0, 52).Draw(t, "card"))
		}
		need := card.Rank(rapid.IntRange(1, 13).Draw(t, "need"))
		var want uint64
		for i, c := range s.reserve {
			if c != 0 && c.Rank() == need {
				want |= 1 << (8*i + 7)
			}
		}
		if got := s.playable(need); got != want {
			t.Fatalf("reserve %v, need %v: playable %#x, want %#x", s.reserve, need, got, want)
		}
	})
}
