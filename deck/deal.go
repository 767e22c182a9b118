package deck

import (
	"fmt"
	"math"
	"strconv"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// MaxPackets is the most packets one call of [Deal] or [DealHands] deals.
// It is far above any card table and keeps a mistaken argument from
// allocating without bound when the packet size is 0.
const MaxPackets = 1 << 16

// Deal deals size cards to each of packets packets from the top of stock
// (index 0 is the top card), one card at a time to each packet in turn, as
// at a table: packet 0 gets stock[0], packet 1 gets stock[1], ..., packet k
// gets stock[k], stock[k+packets], stock[k+2*packets], ....
//
// Each dealt packet is a fresh slice, in the order its cards were dealt. It
// shares no memory with stock or with another packet, so a caller may change
// or append to it freely. rest is stock[packets*size:], the undealt cards
// with their top first. It shares stock's backing array, like any
// re-slicing. It is not copied because a game keeps its stock unchanged
// once dealt.
//
// Deal returns an error wrapping [ErrDeal] if packets is not 1..[MaxPackets]
// or size is negative, and one wrapping [ErrShort], saying how many cards are
// needed and how many there are, if stock holds fewer than packets*size
// cards. It never panics. Deal does not check that the cards are valid.
func Deal(stock []card.Card, packets, size int) (dealt [][]card.Card, rest []card.Card, err error) {
	n, err := checkDeal(len(stock), packets, size)
	if err != nil {
		return nil, nil, err
	}
	// One backing array for all packets, each capped at its own length so
	// that appending to one packet reallocates rather than overwriting the
	// next.
	buf := make([]card.Card, n)
	dealt = make([][]card.Card, packets)
	for k := range dealt {
		p := buf[k*size : (k+1)*size : (k+1)*size]
		for i := range p {
			p[i] = stock[k+i*packets]
		}
		dealt[k] = p
	}
	return dealt, stock[n:], nil
}

// DealHands deals like [Deal] but returns each packet as a [card.Multiset],
// for games whose hands are multisets (the canasta family): the same cards
// go to the same packets, and rest is the same.
//
// Besides Deal's errors, it fails if a card in the dealt part of stock is
// invalid, or if a packet would hold more than [card.MaxCount] copies of
// one card; the error names the packet and wraps [ErrDeal] and the [card]
// package's sentinel ([card.ErrInvalid] or [card.ErrTooMany]).
func DealHands(stock []card.Card, packets, size int) ([]card.Multiset, []card.Card, error) {
	n, err := checkDeal(len(stock), packets, size)
	if err != nil {
		return nil, nil, err
	}
	hands := make([]card.Multiset, packets)
	for i, c := range stock[:n] {
		if err := hands[i%packets].Add(c); err != nil {
			return nil, nil, errs.Wrap("deck", ErrDeal, "packet "+strconv.Itoa(i%packets), err)
		}
	}
	return hands, stock[n:], nil
}

// checkDeal validates a deal of packets packets of size cards from a stock
// of have cards and returns the number of cards it takes.
func checkDeal(have, packets, size int) (int, error) {
	switch {
	case packets < 1:
		return 0, errs.New("deck", ErrDeal, fmt.Sprintf("%d packets: need at least 1", packets))
	case packets > MaxPackets:
		return 0, errs.New("deck", ErrDeal, fmt.Sprintf("%d packets: at most %d", packets, MaxPackets))
	case size < 0:
		return 0, errs.New("deck", ErrDeal, fmt.Sprintf("packets of %d cards: size must not be negative", size))
	}
	// packets*size <= have, tested without overflowing int.
	if size > 0 && packets > have/size {
		need := fmt.Sprintf("%d×%d", packets, size) // when the product overflows int
		if size <= math.MaxInt/packets {
			need = fmt.Sprint(packets * size)
		}
		return 0, errs.New("deck", ErrShort, fmt.Sprintf("deal %d packets of %d cards: need %s cards, stock has %d",
			packets, size, need, have))
	}
	return packets * size, nil
}
