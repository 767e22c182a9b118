package search_test

import (
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// benchPlayouts is the budget of the benchmarks' searched decision.
const benchPlayouts = 32

// The benchmarks below time one searched decision of each game's Search
// player at benchPlayouts play-outs: the draw (or take) of a turn in the
// middle of a round, reached by heuristic players from a fixed deal. Most
// of a decision is its play-outs, heuristic players finishing the round.
// For instruction counts, build the test binary and run it under
// cachegrind at two -test.benchtime=Nx (BENCHMARKS.md).

func BenchmarkDecisionHandfootB(b *testing.B) {
	s, _ := handfoot.New(handfoot.RulesB(), 7)
	s = drawing(b, s, []hbot.Player{hbot.Heuristic(1), hbot.Heuristic(2), hbot.Heuristic(3), hbot.Heuristic(4)},
		40, func(s handfoot.State) bool { return s.Phase() == handfoot.Drawing })
	benchDecision(b, s, func() hbot.Player { return hbot.SearchWith(1, hbot.Budget{Playouts: benchPlayouts}) })
}

func BenchmarkDecisionCanasta(b *testing.B) {
	s, _ := canasta.New(canasta.Classic(), 7)
	s = drawing(b, s, []cbot.Player{cbot.Heuristic(1), cbot.Heuristic(2), cbot.Heuristic(3), cbot.Heuristic(4)},
		40, func(s canasta.State) bool { return s.Phase() == canasta.Drawing })
	benchDecision(b, s, func() cbot.Player { return cbot.SearchWith(1, cbot.Budget{Playouts: benchPlayouts}) })
}

func BenchmarkDecisionRummy(b *testing.B) {
	s, _ := rummy.New(rummy.Basic(), 7)
	s = drawing(b, s, []rbot.Player{rbot.Heuristic(1), rbot.Heuristic(2)},
		10, func(s rummy.State) bool { return s.Phase() == rummy.Drawing })
	benchDecision(b, s, func() rbot.Player { return rbot.SearchWith(1, rbot.Budget{Playouts: benchPlayouts}) })
}

// drawing plays s with players to the first position after after actions
// where the seat to act draws and has a choice.
func drawing[S cardrules.State[S, A, V], A cardrules.Action, V any](b testing.TB, s S, players []cardrules.Player[V, A], after int, draws func(S) bool) S {
	b.Helper()
	n := 0
	s, err := cardrules.Run(s, players, cardrules.Options[S, A]{Limit: 10_000, Until: func(s S) bool {
		n++
		return n > after && draws(s) && len(s.AppendLegal(nil)) >= 2
	}})
	if err != nil || s.Over() {
		b.Fatalf("no position to search: %v", err)
	}
	return s
}

// benchDecision times a fresh player of newPlayer deciding at s.
func benchDecision[S cardrules.State[S, A, V], A cardrules.Action, V any](b *testing.B, s S, newPlayer func() cardrules.Player[V, A]) {
	v := s.View(s.ToAct())
	b.ReportAllocs()
	for b.Loop() {
		newPlayer().Choose(v)
	}
}
