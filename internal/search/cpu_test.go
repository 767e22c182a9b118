package search_test

import (
	"hash/fnv"
	"os"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// The CPU each game's search player spends on a decision at the default
// budget, over CARDRULES_SEARCH_CPU games (skipped without it) against
// heuristic players, on one core (GOMAXPROCS 1, the process's CPU time):
//
//	CARDRULES_SEARCH_CPU=5 go test -count=1 -run TestDecisionCPU -v ./internal/search
//
// It logs, for the decisions that searched (more than 0.5 ms), their
// number, mean, median, 99th percentile and slowest, and a digest of
// every decision of the player, so that two versions can be shown to
// make the same decisions.
func TestDecisionCPU(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("CARDRULES_SEARCH_CPU"))
	if games <= 0 {
		t.Skip("set CARDRULES_SEARCH_CPU to a number of games to measure")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var d []time.Duration
	t.Run("Rummy", func(t *testing.T) {
		for g := range uint64(10 * games) { // a hand is a rummy game: ten as many
			s, _ := rummy.New(rummy.Basic(), 100+g)
			play(t, s, []rbot.Player{timed(rbot.Search(g), &d), rbot.Heuristic(1)})
		}
		report(t, "Rummy", &d)
	})
	for _, r := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		t.Run("HandAndFoot"+r.Name, func(t *testing.T) {
			for g := range uint64(games) {
				s, _ := handfoot.New(r, 100+g)
				play(t, s, []hbot.Player{timed(hbot.Search(g), &d), hbot.Heuristic(1), hbot.Heuristic(2), hbot.Heuristic(3)})
			}
			report(t, "Hand and Foot "+r.Name, &d)
		})
	}
	t.Run("Canasta", func(t *testing.T) {
		for g := range uint64(games) {
			s, _ := canasta.New(canasta.Classic(), 100+g)
			play(t, s, []cbot.Player{timed(cbot.Search(g), &d), cbot.Heuristic(1), cbot.Heuristic(2), cbot.Heuristic(3)})
		}
		report(t, "Canasta", &d)
	})
	t.Run("Doublets", func(t *testing.T) {
		for g := range uint64(10 * games) { // a deal is short: ten as many
			s, _ := doublets.New(doublets.Aisleriot(), 100+g)
			play(t, s, []dbot.Player{timed(dbot.Search(g), &d)})
		}
		report(t, "Doublets", &d)
	})
}

// play plays s to its end.
func play[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, s S, players []cardrules.Player[V, A]) {
	t.Helper()
	if _, err := cardrules.Run(s, players, cardrules.Options[S, A]{Limit: 1_000_000}); err != nil {
		t.Fatal(err)
	}
}

// cpu returns the process's CPU time.
func cpu() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type timer[V any, A cardrules.Action] struct {
	p cardrules.Player[V, A]
	d *[]time.Duration
}

// decisions hashes every decision of the timed players of a game, in
// order.
var decisions = fnv.New64a()

func (t timer[V, A]) Choose(v V) A {
	start := cpu()
	a := t.p.Choose(v)
	if d := cpu() - start; d > 500*time.Microsecond {
		*t.d = append(*t.d, d)
	}
	decisions.Write([]byte(a.String() + "\n"))
	return a
}

// timed returns p, adding the CPU of each of its decisions that searched
// to *d.
func timed[V any, A cardrules.Action](p cardrules.Player[V, A], d *[]time.Duration) cardrules.Player[V, A] {
	return timer[V, A]{p, d}
}

// report logs the decisions *d of game, and clears them and their digest
// for the next game.
func report(t *testing.T, game string, dp *[]time.Duration) {
	d := *dp
	defer func() { *dp = nil; decisions.Reset() }()
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	n := len(d)
	t.Logf("%s: %d decisions searched: mean %v, median %v, 99th percentile %v, slowest %v; decisions %016x",
		game, n, (sum / time.Duration(n)).Round(10*time.Microsecond), d[n/2].Round(10*time.Microsecond),
		d[n*99/100].Round(10*time.Microsecond), d[n-1].Round(10*time.Microsecond), decisions.Sum64())
}
