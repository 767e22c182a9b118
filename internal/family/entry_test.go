package family

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"pgregory.net/rapid"
)

// An Entry gives back every field it was made of, up to the largest a
// legal action of the largest shoe has: 8 seats, 12 decks of 56 cards
// (672), 12 cards of a suit, 48 jokers, 24 red threes of a colour.
func TestEntryRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var a Action
		a.Kind = Kind(rapid.IntRange(1, int(numKinds)-1).Draw(t, "kind"))
		a.Rank = card.Rank(rapid.IntRange(0, int(card.King)).Draw(t, "rank"))
		a.Target = uint8(rapid.IntRange(0, 255).Draw(t, "target"))
		a.Card = card.Card(rapid.IntRange(0, card.Kinds-1).Draw(t, "card"))
		a.Jokers = uint8(rapid.IntRange(0, 48).Draw(t, "jokers"))
		for i := range 4 {
			a.Nat[i] = uint8(rapid.IntRange(0, 12).Draw(t, "nat"))
			a.Twos[i] = uint8(rapid.IntRange(0, 12).Draw(t, "twos"))
		}
		seat := rapid.IntRange(0, MaxPlayers-1).Draw(t, "seat")
		stock := rapid.IntRange(0, 672).Draw(t, "stock")
		took := rapid.IntRange(0, 672).Draw(t, "took")
		drawn := rapid.IntRange(0, 255).Draw(t, "drawn")
		flags := uint8(rapid.IntRange(0, 7).Draw(t, "flags"))
		reds := [2]uint8{uint8(rapid.IntRange(0, 24).Draw(t, "diamonds")), uint8(rapid.IntRange(0, 24).Draw(t, "hearts"))}
		e := NewEntry(a, seat, stock, took, drawn, flags, reds)
		if got := e.Action(); got != a {
			t.Fatalf("Action() = %+v, want %+v", got, a)
		}
		if e.Seat() != seat || e.Stock() != stock || e.Took() != took || e.Drawn() != drawn || e.Flags() != flags || e.Reds() != reds {
			t.Fatalf("fields %d %d %d %d %d %v, want %d %d %d %d %d %v",
				e.Seat(), e.Stock(), e.Took(), e.Drawn(), e.Flags(), e.Reds(), seat, stock, took, drawn, flags, reds)
		}
	})
}
