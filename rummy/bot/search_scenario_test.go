package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// The search holds a run the heuristic would meld. Seat 1 holds one card,
// the 10 of clubs, which everyone saw it take from the pile, and leads by
// 90 points laid to 20. The heuristic melds 7C 8C 9C, the most points it
// can lay, and seat 1 then lays its 10 off on that run, discards the card
// it draws and goes out, winning the game. Held, the run gives seat 1
// nothing to lay off, and the 10 it will likely throw (its highest card)
// completes the run for seat 0 to go out with. The search player, on its
// default budget, holds and discards, whatever its seed.
func TestSearchHoldsTheRun(t *testing.T) {
	p := position(t, rummy.Playing, "7C 8C 9C JS QD", "10C", []string{"AH AD AS", "KH KD KC", "2H 3H 4H 5H"}, "6D 4D")
	p.Melds[2].Seat = 0 // seat 0 laid the hearts
	p.Laid[0], p.Laid[1] = p.Laid[1][6:], p.Laid[1][:6]
	p.Known[1] = []card.Card{card.New(card.Ten, card.Clubs)}
	s, err := rummy.FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	v := s.View(0)
	if a := bot.Heuristic(1).Choose(v); a.Kind() != rummy.KindMeld {
		t.Fatalf("the heuristic plays %v, not the meld this test is about", a)
	}
	for seed := range uint64(5) {
		if a := bot.Search(seed).Choose(v); a.Kind() != rummy.KindDiscard {
			t.Errorf("seed %d: the search plays %v, want a discard that holds the run", seed, a)
		}
	}
}
