package bot

import (
	"github.com/cardrules/cardrules"
	"math"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/cardrules/cardrules/doublets"
)

// A search player's decision meets at most 2 × Samples × Positions
// positions (two choices in each sample, or in the one known order with
// Samples × Positions each), under the default budget and a small one.
func TestSearchBudget(t *testing.T) {
	for _, b := range []Budget{{}, {Samples: 2, Positions: 40}} {
		p := SearchWith(4, b).(*searcher)
		most := 2 * p.b.Samples * p.b.Positions
		s, err := doublets.New(doublets.Aisleriot(), 4)
		if err != nil {
			t.Fatal(err)
		}
		searched := 0
		for !s.Over() {
			a := p.Choose(s.View(0))
			if p.spent > most {
				t.Fatalf("%+v: a decision met %d positions, more than %d", b, p.spent, most)
			}
			if p.spent > 0 {
				searched++
			}
			if s, err = doublets.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
		if searched == 0 {
			t.Errorf("%+v: no decision searched", b)
		}
	}
}

// wilson returns the 95% interval (Wilson's) of a rate of k in n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.959964
	p, fn := float64(k)/float64(n), float64(n)
	mid := (p + z*z/(2*fn)) / (1 + z*z/fn)
	half := z / (1 + z*z/fn) * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return mid - half, mid + half
}

// TestSearchWinRate plays CARDRULES_SEARCH_GAMES deals (seeds 1 on; none
// by default) of Aisleriot's rules with the search player at the default
// budget and with the greedy one, checks that the search wins at least 20
// points more of them, and with -v prints the figures BENCHMARKS.md
// reports: each player's wins with a 95% interval and mean score, and the
// search's CPU time a decision (mean, and the worst with its deal) and
// positions a decision. Run it on one core:
//
//	CARDRULES_SEARCH_GAMES=10000 go test -count=1 -cpu 1 -run TestSearchWinRate -v -timeout 2h ./doublets/bot
func TestSearchWinRate(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv("CARDRULES_SEARCH_GAMES"))
	if err != nil || games <= 0 {
		t.Skip("set CARDRULES_SEARCH_GAMES to measure")
	}
	var sw, gw, decisions, searched, positions, worstPositions int
	var ss, gs float64
	var total, worst time.Duration
	var worstSeed uint64
	for seed := uint64(1); seed <= uint64(games); seed++ {
		start, err := doublets.New(doublets.Aisleriot(), seed)
		if err != nil {
			t.Fatal(err)
		}
		p := Search(seed).(*searcher)
		s := start
		for !s.Over() {
			v := s.View(0)
			t0 := cpuTime()
			a := p.Choose(v)
			d := cpuTime() - t0
			total += d
			decisions++
			if d > worst {
				worst, worstSeed = d, seed
			}
			if p.spent > 0 {
				searched++
				positions += p.spent
				worstPositions = max(worstPositions, p.spent)
			}
			if s, err = doublets.Apply(s, a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		g, err := cardrules.Run(start, []Player{Heuristic(seed)}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Won() {
			sw++
		}
		if g.Won() {
			gw++
		}
		ss += float64(s.Totals()[0])
		gs += float64(g.Totals()[0])
	}
	slo, shi := wilson(sw, games)
	glo, ghi := wilson(gw, games)
	t.Logf("aisleriot, %d deals: search won %d (%.2f%%, 95%% interval %.2f%% to %.2f%%), mean score %.2f; greedy won %d (%.2f%%, %.2f%% to %.2f%%), mean score %.2f",
		games, sw, 100*float64(sw)/float64(games), 100*slo, 100*shi, ss/float64(games), gw, 100*float64(gw)/float64(games), 100*glo, 100*ghi, gs/float64(games))
	t.Logf("search: %d decisions (%d searched), CPU %v a decision (mean), %v at worst (seed %d); %.0f positions a searched decision (mean), %d at worst",
		decisions, searched, total/time.Duration(decisions), worst, worstSeed, float64(positions)/float64(max(searched, 1)), worstPositions)
	if 100*(sw-gw) < 20*games {
		t.Errorf("the search won %d deals, the greedy player %d: not 20 points more", sw, gw)
	}
}
