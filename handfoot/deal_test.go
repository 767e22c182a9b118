package handfoot

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// DealNext replays a real table round by round: the next round comes from
// the order given, and only once a round is over.
func TestDealNext(t *testing.T) {
	r := RulesB()
	order, _ := deck.Shuffled(r.Decks, r.JokersPerDeck, 11)
	s, err := Deal(r, order, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DealNext(s, order); errShape(err, ErrDeal) != "" {
		t.Fatalf("DealNext before the round is over: %v, want ErrDeal: %s", err, errShape(err, ErrDeal))
	}
	if _, err := DealNext(State{}, order); errShape(err, ErrDeal) != "" {
		t.Errorf("DealNext of the zero State: %v, want ErrDeal", err)
	}
	if _, err := Deal(r, order[1:], 0); errShape(err, ErrDeal) != "" {
		t.Errorf("Deal with a card missing: %v, want ErrDeal: %s", err, errShape(err, ErrDeal))
	}
	bad := append([]card.Card(nil), order...)
	bad[0] = 0
	if _, err := Deal(r, bad, 0); errShape(err, ErrDeal) != "" || !errors.Is(err, card.ErrInvalid) {
		t.Errorf("Deal with a value that is no card: %v, want ErrDeal and the card package's error: %s", err, errShape(err, ErrDeal))
	}
	rng := rand.New(rand.NewPCG(11, 1))
	for s.Phase() != RoundOver {
		legal := Legal(s)
		if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	before := s.Position()
	second, _ := deck.Shuffled(r.Decks, r.JokersPerDeck, 12)
	if _, err := DealNext(s, second[1:]); errShape(err, ErrDeal) != "" {
		t.Errorf("DealNext with a card missing: %v, want ErrDeal: %s", err, errShape(err, ErrDeal))
	}
	next, err := DealNext(s, second)
	if err != nil {
		t.Fatal(err)
	}
	if next.Round() != 2 || next.Phase() != Choosing { // rule set B: the players choose their hands
		t.Fatalf("round %d phase %v", next.Round(), next.Phase())
	}
	// Hands come from the order as Deal deals them: one card at a time round
	// the table from seat 0.
	want, _ := card.MultisetOf(second[0], second[4], second[8], second[12], second[16], second[20],
		second[24], second[28], second[32], second[36], second[40])
	if next.Hand(0) != want {
		t.Errorf("seat 0's hand %v, want %v", next.Hand(0), want)
	}
	for team, total := range s.Totals() {
		if next.Totals()[team] != total {
			t.Errorf("team %d total %d after DealNext, %d before", team, next.Totals()[team], total)
		}
	}
	if next.Turn() != (s.Position().First+1)%r.Players {
		t.Errorf("round 2 starts with seat %d", next.Turn())
	}
	again, _ := FromPosition(before)
	if !again.Equal(s) {
		t.Error("DealNext changed the State it was given")
	}
}
