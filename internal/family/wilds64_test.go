package family_test

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/score"
)

// The pile may be taken for the first melds when the hand and the upcard
// can reach the meld minimum this turn ("the first melds must reach the
// meld minimum"), counting every card they can lay, also past 64 wild
// cards. Hand and Foot's largest table (handfoot.MaxDecks decks of
// handfoot.MaxJokersPerDeck jokers: 48 jokers, 48 twos) lets a player who
// draws without melding hold 34 kings, 33 queens, the 48 jokers, 17 twos
// and two odd cards (134 cards, after 123 turns of drawing two and
// discarding one; two players share 313 turns of stock). Under rule set A
// a meld of n natural cards takes n-1 wild cards, so with the upcard king
// and a pair the two melds take all 65 wild cards: 68 natural cards at
// 10, 48 jokers at 50 and 17 twos at 20 make 3420, which a table whose
// minimum schedule asks 3420 (a schedule sets no upper bound) must let it
// take the pile for.
func TestOpeningPast64Wilds(t *testing.T) {
	var hand card.Multiset
	for _, k := range []struct {
		c card.Card
		n int
	}{
		{card.New(card.King, card.Clubs), 9}, {card.New(card.King, card.Diamonds), 9},
		{card.New(card.King, card.Hearts), 8}, {card.New(card.King, card.Spades), 8},
		{card.New(card.Queen, card.Clubs), 9}, {card.New(card.Queen, card.Diamonds), 8},
		{card.New(card.Queen, card.Hearts), 8}, {card.New(card.Queen, card.Spades), 8},
		{card.Joker, 48}, {card.New(card.Two, card.Clubs), 12}, {card.New(card.Two, card.Diamonds), 5},
	} {
		if err := hand.AddN(k.c, k.n); err != nil {
			t.Fatal(err)
		}
	}
	r := handfoot.RulesA()
	if got := family.BestOpening(r.Meld, r.SecondMeld, r.Values.Melded, hand, 0, 0); got != 3410 {
		t.Errorf("BestOpening of 67 natural cards and 65 wild cards = %d, want 3410 (every card)", got)
	}

	// Where a table's values rank a two above a joker, the most valuable
	// wild card may come 65th: three kings take the two of spades and a
	// joker.
	twoOfSpades := card.New(card.Two, card.Spades)
	v := score.NewTable(func(c card.Card) int {
		if c == twoOfSpades {
			return 100
		}
		return r.Values.Melded.Points(c)
	})
	few := ms(t, "KC KD KH 2S")
	_ = few.AddN(card.Joker, 48)
	_ = few.AddN(card.New(card.Two, card.Clubs), 12)
	_ = few.AddN(card.New(card.Two, card.Diamonds), 12)
	if got := family.BestOpening(r.Meld, r.SecondMeld, v, few, 0, 0); got != 30+100+50 {
		t.Errorf("BestOpening of three kings and 73 wild cards, the two of spades worth 100 = %d, want 180", got)
	}

	c := config64(2, true)
	c.Minimums[0] = 3420
	tb := table64(t, c, nil, "4C 6D")
	_ = tb.Hands[0].AddAll(hand)
	tb.Down = 0 // side 0 makes its first melds
	tb.Pile = ms(t, "4H KH")
	tb.Upcard = card.MustParse("KH")
	tb.Fix()
	inDecks(t, tb)
	take := family.Action{Kind: family.Take}
	if f := tb.Check(c, take); !f.OK() {
		t.Fatalf("taking the pile for first melds worth 3420: %v", f.Err("game"))
	}
	if !slices.Contains(family.AppendLegal(nil, c, tb), take) {
		t.Error("Legal does not list the take")
	}
	// The opening itself: the take lays the upcard king with a pair, the
	// other 32 kings take 34 wild cards, and the 33 queens the other 31.
	mustApply(t, c, tb, take, family.Fault{})
	h := tb.Hands[0]
	var kings, queens, wilds []card.Card
	for k := range h.All() {
		switch {
		case k.Rank() == card.King:
			kings = append(kings, k)
		case k.Rank() == card.Queen:
			queens = append(queens, k)
		case k == card.Joker || k.Rank() == card.Two:
			wilds = append(wilds, k)
		}
	}
	a, f := family.NewAdd(family.Ref{Rank: card.King}, append(kings, wilds[:34]...), false)
	mustApply(t, c, tb, a, f)
	a, f = family.NewMeld(append(queens, wilds[34:]...), false)
	mustApply(t, c, tb, a, f)
	if !tb.IsDown(0) || tb.Phase != family.Melding || tb.Hands[0].Len() != 3 {
		t.Errorf("after laying 3420 points: down %v, phase %v, hand %v", tb.IsDown(0), tb.Phase, tb.Hands[0])
	}
}
