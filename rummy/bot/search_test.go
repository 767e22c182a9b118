package bot

import (
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/search/searchtest"
	"github.com/cardrules/cardrules/rummy"
)

// searched reports whether the seat to act in s makes a decision the
// search player searches: one of its turn, with a choice.
func searched(s rummy.State) bool {
	ph := s.Phase()
	return (ph == rummy.Drawing || ph == rummy.Playing) && len(s.AppendLegal(nil)) > 1
}

// small is a budget for the tests: few play-outs.
var small = Budget{Playouts: 24}

// The search player chooses legal actions only, the same for the same View
// and seed, and the same for two States that show the seat the same View.
func TestSearchProperties(t *testing.T) {
	s, err := rummy.New(rummy.Basic(), 5)
	if err != nil {
		t.Fatal(err)
	}
	positions := searchtest.Positions(t, s, []Player{Heuristic(1), Heuristic(2)}, 6, searched)
	searchtest.Check(t, positions, 3, func(seed uint64) cardrules.Player[rummy.View, rummy.Action] {
		return SearchWith(seed, small)
	}, rummy.Determinize)
}

// A whole hand between a search player (on a small budget) and the
// heuristic ends without an illegal action, and no decision spends more
// play-outs than its budget.
func TestSearchPlaysAHand(t *testing.T) {
	s, err := rummy.New(rummy.Basic(), 9)
	if err != nil {
		t.Fatal(err)
	}
	p := SearchWith(4, small).(*searchPlayer)
	decisions := 0
	b := searchtest.Within(t, Player(p), func() int { return p.s.Playouts }, small.Playouts, &decisions)
	if _, err := cardrules.Run(s, []Player{b, Heuristic(2)}, Options{Limit: 10_000}); err != nil {
		t.Fatal(err)
	}
	if decisions == 0 {
		t.Fatal("no decision searched")
	}
}
