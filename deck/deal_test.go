package deck

import (
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
)

func TestDealRoundRobin(t *testing.T) {
	stock := card.MustParseCards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C")
	dealt, rest, err := Deal(stock, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]card.Card{
		card.MustParseCards("AC 4C 7C"),
		card.MustParseCards("2C 5C 8C"),
		card.MustParseCards("3C 6C 9C"),
	}
	if diff := cmp.Diff(want, dealt); diff != "" {
		t.Errorf("Deal(3 packets of 3) mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(card.MustParseCards("10C"), rest); diff != "" {
		t.Errorf("rest mismatch (-want +got):\n%s", diff)
	}
}

func TestDealIndexes(t *testing.T) {
	stock, _ := Shuffled(2, 2, 8)
	const packets, size = 4, 13
	dealt, rest, err := Deal(stock, packets, size)
	if err != nil {
		t.Fatal(err)
	}
	if len(dealt) != packets {
		t.Fatalf("got %d packets, want %d", len(dealt), packets)
	}
	for k, p := range dealt {
		if len(p) != size {
			t.Errorf("packet %d has %d cards, want %d", k, len(p), size)
		}
		for i, c := range p {
			if want := stock[k+i*packets]; c != want {
				t.Errorf("packet %d card %d = %v, want stock[%d] = %v", k, i, c, k+i*packets, want)
			}
		}
	}
	if len(rest) != len(stock)-packets*size || &rest[0] != &stock[packets*size] {
		t.Errorf("rest is not stock[%d:]", packets*size)
	}
}

func TestDealEdges(t *testing.T) {
	stock := card.MustParseCards("AS KS QS JS")

	dealt, rest, err := Deal(stock, 2, 2) // the whole stock
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]card.Card{card.MustParseCards("AS QS"), card.MustParseCards("KS JS")}, dealt); diff != "" {
		t.Errorf("Deal(2, 2) mismatch (-want +got):\n%s", diff)
	}
	if len(rest) != 0 {
		t.Errorf("rest after dealing everything = %v, want empty", rest)
	}

	dealt, rest, err = Deal(stock, 3, 0) // empty packets
	if err != nil {
		t.Fatal(err)
	}
	if len(dealt) != 3 || len(dealt[0]) != 0 || len(dealt[2]) != 0 {
		t.Errorf("Deal(3, 0) = %v, want three empty packets", dealt)
	}
	if len(rest) != 4 {
		t.Errorf("Deal(3, 0) rest = %v, want the whole stock", rest)
	}

	dealt, _, err = Deal(nil, 2, 0)
	if err != nil || len(dealt) != 2 {
		t.Errorf("Deal(nil, 2, 0) = %v, %v; want two empty packets", dealt, err)
	}
}

func TestDealDoesNotAlias(t *testing.T) {
	stock := card.MustParseCards("AS KS QS JS 10S 9S")
	orig := append([]card.Card(nil), stock...)
	dealt, _, err := Deal(stock, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	dealt[0][0] = card.Joker
	dealt[1][1] = card.Joker
	if diff := cmp.Diff(orig, stock); diff != "" {
		t.Errorf("changing dealt packets changed the stock (-want +got):\n%s", diff)
	}
	// Appending to one packet must not write into the next.
	dealt[0] = append(dealt[0], card.Joker, card.Joker)
	if diff := cmp.Diff(card.MustParseCards("KS JK"), dealt[1]); diff != "" {
		t.Errorf("appending to packet 0 changed packet 1 (-want +got):\n%s", diff)
	}
	// Changing the stock afterwards does not change the packets.
	stock[2] = card.Joker
	if dealt[0][1] != card.MustParse("QS") {
		t.Errorf("changing the stock changed a dealt packet: %v", dealt[0])
	}
}

func TestDealErrors(t *testing.T) {
	stock, _ := Shoe(1, 0)
	tests := []struct {
		name          string
		stock         []card.Card
		packets, size int
		sentinel      error
		msg           string
	}{
		{"no packets", stock, 0, 5, ErrDeal, "deck: invalid deal: 0 packets: need at least 1"},
		{"negative packets", stock, -2, 5, ErrDeal, "deck: invalid deal: -2 packets: need at least 1"},
		{"too many packets", stock, MaxPackets + 1, 0, ErrDeal, "deck: invalid deal: 65537 packets: at most 65536"},
		{"negative size", stock, 4, -1, ErrDeal, "deck: invalid deal: packets of -1 cards: size must not be negative"},
		{"short by one", stock[:51], 4, 13, ErrShort, "deck: stock too short: deal 4 packets of 13 cards: need 52 cards, stock has 51"},
		{"empty stock", nil, 2, 1, ErrShort, "deck: stock too short: deal 2 packets of 1 cards: need 2 cards, stock has 0"},
		{"product overflows", stock, 2, math.MaxInt, ErrShort, "deck: stock too short: deal 2 packets of " + strconv.Itoa(math.MaxInt) +
			" cards: need 2×" + strconv.Itoa(math.MaxInt) + " cards, stock has 52"},
	}
	for _, tt := range tests {
		dealt, rest, err := Deal(tt.stock, tt.packets, tt.size)
		if err == nil {
			t.Errorf("%s: Deal(%d, %d) succeeded", tt.name, tt.packets, tt.size)
			continue
		}
		if dealt != nil || rest != nil {
			t.Errorf("%s: Deal returned cards with its error", tt.name)
		}
		if !errors.Is(err, tt.sentinel) {
			t.Errorf("%s: error %q does not wrap %v", tt.name, err, tt.sentinel)
		}
		if err.Error() != tt.msg {
			t.Errorf("%s: error = %q, want %q", tt.name, err, tt.msg)
		}
		hands, rest, err2 := DealHands(tt.stock, tt.packets, tt.size)
		if err2 == nil || err2.Error() != tt.msg || hands != nil || rest != nil {
			t.Errorf("%s: DealHands = %v, %v, %v; want the same error as Deal", tt.name, hands, rest, err2)
		}
	}
	if _, _, err := Deal(stock[:1], 2, 1); errors.Is(err, ErrDeal) {
		t.Error("a short stock matches ErrDeal; it should match only ErrShort")
	}
}

func TestDealHands(t *testing.T) {
	stock := card.MustParseCards("7H 7D JK 2C 7H KS 3D 3H QS")
	hands, rest, err := DealHands(stock, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	want0, _ := card.MultisetOf(card.MustParseCards("7H JK 7H 3D")...)
	want1, _ := card.MultisetOf(card.MustParseCards("7D 2C KS 3H")...)
	if len(hands) != 2 || hands[0] != want0 || hands[1] != want1 {
		t.Errorf("DealHands(2, 4) = %v, want [%v %v]", hands, want0, want1)
	}
	if diff := cmp.Diff(card.MustParseCards("QS"), rest); diff != "" {
		t.Errorf("rest mismatch (-want +got):\n%s", diff)
	}
	if got := hands[0].String(); got != "3D 7H 7H JK" {
		t.Errorf("hand 0 = %q, want %q", got, "3D 7H 7H JK")
	}
}

func TestDealHandsBadCards(t *testing.T) {
	// An invalid card in the dealt part is an error naming the packet.
	stock := []card.Card{card.MustParse("AS"), 0, card.MustParse("KS"), card.MustParse("QS")}
	_, _, err := DealHands(stock, 2, 1)
	if !errors.Is(err, card.ErrInvalid) {
		t.Errorf("DealHands with an invalid card: error %v, want one wrapping card.ErrInvalid", err)
	}
	if want := "deck: invalid deal: packet 1: invalid card: cannot add card value 0"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
	// In the undealt rest it is not DealHands' business.
	if _, _, err := DealHands(stock, 1, 1); err != nil {
		t.Errorf("DealHands with an invalid card left in the rest: %v", err)
	}
	// More copies of one card than a Multiset holds.
	jokers := make([]card.Card, card.MaxCount+1)
	for i := range jokers {
		jokers[i] = card.Joker
	}
	if _, _, err := DealHands(jokers, 1, len(jokers)); !errors.Is(err, card.ErrTooMany) {
		t.Errorf("DealHands of %d jokers to one packet: error %v, want card.ErrTooMany", len(jokers), err)
	}
}
