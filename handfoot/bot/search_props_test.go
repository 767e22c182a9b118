package bot

import (
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/search/searchtest"
)

// searched reports whether the seat to act in s makes a decision the
// search player searches from its View alone: the start of its turn, when
// it may take the pile as well as draw.
func searched(s handfoot.State) bool {
	return s.Phase() == handfoot.Drawing && len(s.AppendLegal(nil)) > 1
}

// small is a budget for the tests: few play-outs.
var small = Budget{Playouts: 4}

// The search player chooses legal actions only, the same for the same View
// and seed, and the same for two States that show the seat the same View.
func TestSearchProperties(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		s, err := handfoot.New(rules, 5)
		if err != nil {
			t.Fatal(err)
		}
		positions := searchtest.Positions(t, s, []Player{Heuristic(1), Heuristic(2), Heuristic(3), Heuristic(4)}, 2, searched)
		searchtest.Check(t, positions, 3, func(seed uint64) cardrules.Player[handfoot.View, handfoot.Action] {
			return SearchWith(seed, small)
		}, handfoot.Determinize)
	}
}

// A round between a search player (on a small budget) and heuristic
// players ends without an illegal action, and no decision, mid-turn ones
// included, spends more play-outs than its budget.
func TestSearchPlaysARound(t *testing.T) {
	s, err := handfoot.New(handfoot.RulesA(), 9)
	if err != nil {
		t.Fatal(err)
	}
	p := SearchWith(4, small).(*searchPlayer)
	decisions := 0
	b := searchtest.Within(t, Player(p), func() int { return p.s.Playouts }, small.Playouts, &decisions)
	players := []Player{b, Heuristic(2), Heuristic(3), Heuristic(4)}
	if _, err := cardrules.Run(s, players, Options{Limit: 100_000, Until: func(s handfoot.State) bool { return s.Round() > 1 }}); err != nil {
		t.Fatal(err)
	}
	if decisions == 0 {
		t.Fatal("no decision searched")
	}
}
