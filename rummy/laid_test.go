package rummy

import (
	"testing"

	"pgregory.net/rapid"
)

// The three laid words give back, for every seat, exactly the cards it
// was credited with, and the known set each seat's own cards: whatever
// the seats, the cards, and the order they were laid in.
func TestLaidAndKnownBySeat(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s state
		var want, hands, known [MaxPlayers]set
		for c := full; c != 0; c &= c - 1 {
			b := c & -c
			switch seat := rapid.IntRange(-1, 2*MaxPlayers-1).Draw(t, "where"); {
			case seat >= MaxPlayers: // in a hand, maybe known
				hands[seat-MaxPlayers] |= b
				if rapid.Bool().Draw(t, "known") {
					s.known |= b
					known[seat-MaxPlayers] |= b
				}
			case seat >= 0: // laid by seat
				s.credit(seat, b)
				want[seat] |= b
			}
		}
		s.hands = hands
		for seat := range MaxPlayers {
			if got := s.laidBy(seat); got != want[seat] {
				t.Fatalf("seat %d laid %v, credited %v", seat, got, want[seat])
			}
			if got := s.knownBy(seat); got != known[seat] {
				t.Fatalf("seat %d knows %v, drew %v from the pile", seat, got, known[seat])
			}
		}
	})
}
