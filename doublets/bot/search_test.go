package bot_test

import (
	"github.com/cardrules/cardrules"
	"reflect"
	"slices"
	"testing"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/doublets/bot"
)

// searched reports whether the search player searches at v: a card can be
// played, a turn or redeal is legal too, and the waste is not empty.
func searched(v doublets.View) bool {
	play, move := false, false
	for _, a := range v.Legal {
		switch a.Kind() {
		case doublets.KindPlayWaste, doublets.KindPlayReserve:
			play = true
		default:
			move = true
		}
	}
	return play && move && len(v.Waste) > 0
}

// States that differ only in the order of the stock, which the View does
// not show, get the same decision from a fresh search player of the same
// seed: the real State and others drawn by Determinize from its View, at
// decisions the player searches, on the first pass, where it knows nothing
// of the stock's order.
func TestSearchSameViewSameDecision(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 3 && checked < 12; seed++ {
		s := newGame(t, doublets.Aisleriot(), seed)
		for !s.Over() && checked < 12 {
			v := s.View(0)
			if searched(v) && s.StockSize() > 1 {
				want := bot.Search(5).Choose(v)
				for k := uint64(1); k <= 2; k++ {
					other, err := doublets.Determinize(v, k)
					if err != nil {
						t.Fatal(err)
					}
					if slices.Equal(other.Stock(), s.Stock()) || !reflect.DeepEqual(other.View(0), v) {
						t.Fatalf("seed %d: the order drawn is the real one, or its View differs", seed)
					}
					if got := bot.Search(5).Choose(other.View(0)); got != want {
						t.Fatalf("seed %d, action %d: %v from the real stock, %v from another order", seed, s.Seq(), want, got)
					}
				}
				checked++
			}
			next, err := doublets.Apply(s, bot.Heuristic(0).Choose(v))
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	if checked < 12 {
		t.Errorf("only %d decisions checked", checked)
	}
}

// Two search players of the same seed shown the same Views, a whole game
// long, decide alike at every step (what they remember of the stock
// included), and only legal actions.
func TestSearchDeterministic(t *testing.T) {
	s := newGame(t, doublets.Aisleriot(), 3)
	x, y := bot.Search(11), bot.Search(11)
	for !s.Over() {
		v := s.View(0)
		a, b := x.Choose(v), y.Choose(v)
		if a != b || !slices.Contains(v.Legal, a) {
			t.Fatalf("action %d: %v and %v (legal %v)", s.Seq(), a, b, v.Legal)
		}
		next, err := doublets.Apply(s, a)
		if err != nil {
			t.Fatal(err)
		}
		s = next
	}
}

// A scenario from an exact position, seed 8's deal after the search
// player's first pass, where the greedy player walks into a dead end that
// the search avoids. The Doublets rule text (Aisleriot's) says: "When a
// reserve pile is empty, it is automatically filled by the waste, or, if
// the waste is empty, from the stock." and "When the stock is empty, move
// all cards in waste back to the stock, maintaining order. You can go
// through the deck three times." The foundation needs an ace; the ace of
// diamonds is in slot 1; the stock is used up on the second pass. The
// greedy player plays the ace, which pulls the waste's top card, the jack
// of hearts, into slot 1, and the game can no longer be won. The search
// redeals first (with the stock empty it knows every card's place, so its
// one sample is the real deal), and wins.
func TestSearchAvoidsTheGreedyDeadEnd(t *testing.T) {
	s := position(t, "9D 5S 10D 7D AS 2D 4S 8S 3D 6S QS JS 9H 5C 10S 7H AH 2C 4D 8D 3S 6C QH JD 9C 5D 10H 7S",
		"AD KH 8C KC 3C KD KS", "10C 2H 2S 7C 6H QD 4H 3H 5H 6D AC JC 8H 9S 4C QC JH", 2, false)
	v := s.View(0)
	if got := bot.Heuristic(1).Choose(v).String(); got != "play 1" {
		t.Fatalf("the greedy player chose %s, not play 1", got)
	}
	after, err := doublets.Apply(s, bot.Heuristic(1).Choose(v))
	if err != nil {
		t.Fatal(err)
	}
	if sol := doublets.Solve(after); sol.Winnable {
		t.Fatalf("play 1 does not lose: the solver wins with %v", sol.Moves)
	}
	if got := bot.Search(1).Choose(v).String(); got != "redeal" {
		t.Errorf("the search chose %s, not redeal", got)
	}
	for _, strength := range []string{"heuristic", "search"} {
		end, err := cardrules.Run(s, []bot.Player{player(t, strength, 1)}, bot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if end.Won() != (strength == "search") {
			t.Errorf("%s ends with %d cards on the foundation", strength, end.Totals()[0])
		}
	}
}

// With the waste empty, the search turns rather than play a reserve card:
// the rule text (Aisleriot's) says "When a reserve pile is empty, it is
// automatically filled by the waste, or, if the waste is empty, from the
// stock.", so the play would pull the stock's top card into the slot, and
// turning that card first and playing after reaches the same position.
func TestSearchTurnsOnAnEmptyWaste(t *testing.T) {
	s := position(t, "AC", "5C 9H 2D 3D 7S 4H 6S", "", 1, false)
	v := s.View(0)
	if !slices.Contains(v.Legal, doublets.Turn()) || bot.Heuristic(1).Choose(v).String() != "play 3" {
		t.Fatalf("legal %v", v.Legal)
	}
	if got := bot.Search(1).Choose(v); got != doublets.Turn() {
		t.Errorf("the search chose %v, not turn", got)
	}
}
