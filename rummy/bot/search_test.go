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
	b := &budgetChecker{t: t, p: p}
	if _, err := Play(s, []Player{b, Heuristic(2)}, Options{Limit: 10_000}); err != nil {
		t.Fatal(err)
	}
	if b.decisions == 0 {
		t.Fatal("no decision searched")
	}
}

// budgetChecker checks the play-outs each decision of p spends.
type budgetChecker struct {
	t         *testing.T
	p         *searchPlayer
	decisions int
}

func (b *budgetChecker) Choose(v rummy.View) rummy.Action {
	before := b.p.s.Playouts
	a := b.p.Choose(v)
	if n := b.p.s.Playouts - before; n > 0 {
		b.decisions++
		if n > small.Playouts {
			b.t.Errorf("a decision spent %d play-outs, over its budget of %d", n, small.Playouts)
		}
	}
	return a
}
