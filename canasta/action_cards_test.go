package canasta

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// Counts counts a meld step's natural cards, twos and jokers as its cards
// hold them, and AppendCards appends those cards without allocating.
func TestActionCounts(t *testing.T) {
	a, err := Meld(card.New(card.King, card.Hearts), card.New(card.King, card.Clubs), card.New(card.Two, card.Spades), card.Joker)
	if err != nil {
		t.Fatal(err)
	}
	if n, tw, j := a.Counts(); n != 2 || tw != 1 || j != 1 {
		t.Errorf("Counts of %v = %d, %d, %d; want 2, 1, 1", a, n, tw, j)
	}
	var buf [8]card.Card
	if allocs := testing.AllocsPerRun(100, func() { _ = a.AppendCards(buf[:0]) }); allocs != 0 {
		t.Errorf("AppendCards into room enough allocates %v times", allocs)
	}
	if got := a.AppendCards(buf[:0]); len(got) != 4 || got[0] != card.New(card.King, card.Clubs) || got[3] != card.Joker {
		t.Errorf("AppendCards = %v, want KC KH 2S JK", got)
	}
	if n, tw, j := Draw().Counts(); n != 0 || tw != 0 || j != 0 {
		t.Errorf("Counts of a draw = %d, %d, %d; want 0, 0, 0", n, tw, j)
	}
}

// AppendCards appends exactly the cards Cards returns, and Counts counts
// them, for every action Legal lists along a few games played at random.
func TestActionCards(t *testing.T) {
	var starts []State
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := New(Classic(), seed)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, s)
	}
	famtest.CheckActionCardsAlong(t, starts, State.Over, Legal, Apply)
}
