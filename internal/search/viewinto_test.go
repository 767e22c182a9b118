package search_test

import (
	"hash"
	"hash/fnv"
	"io"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/internal/search"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// The search decides alike with Game.ViewInto and without: at positions
// of real games, a Searcher built each way compares the same candidates
// and picks the same one, after the same play-outs in which the heuristic
// players choose the same actions, step by step (a digest of them).
func TestViewIntoSameDecisions(t *testing.T) {
	for _, r := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		t.Run("handfoot "+r.Name, func(t *testing.T) {
			sameDecisions(t, search.Game[handfoot.State, handfoot.Action, handfoot.View]{
				Seat: func(v handfoot.View) int { return v.Seat }, Sample: handfoot.Determinize, Heuristic: hbot.Heuristic,
				Done:  func(s handfoot.State) bool { return s.Phase() >= handfoot.RoundOver },
				Score: func(s handfoot.State, v handfoot.View) int { return search.Margin(s.Totals(), v.Team) },
			}, handfoot.State.ViewInto, func(seed uint64) (handfoot.State, error) { return handfoot.New(r, seed) },
				[]hbot.Player{hbot.Heuristic(1), hbot.Heuristic(2), hbot.Heuristic(3), hbot.Heuristic(4)}[:r.Players],
				30, func(s handfoot.State) bool { return s.Phase() == handfoot.Drawing })
		})
	}
	t.Run("canasta", func(t *testing.T) {
		sameDecisions(t, search.Game[canasta.State, canasta.Action, canasta.View]{
			Seat: func(v canasta.View) int { return v.Seat }, Sample: canasta.Determinize, Heuristic: cbot.Heuristic,
			Done:  func(s canasta.State) bool { return s.Phase() >= canasta.RoundOver },
			Score: func(s canasta.State, v canasta.View) int { return search.Margin(s.Totals(), v.Team) },
		}, canasta.State.ViewInto, func(seed uint64) (canasta.State, error) { return canasta.New(canasta.Classic(), seed) },
			[]cbot.Player{cbot.Heuristic(1), cbot.Heuristic(2), cbot.Heuristic(3), cbot.Heuristic(4)},
			30, func(s canasta.State) bool { return s.Phase() == canasta.Drawing })
	})
	t.Run("rummy", func(t *testing.T) {
		sameDecisions(t, search.Game[rummy.State, rummy.Action, rummy.View]{
			Seat: func(v rummy.View) int { return v.Seat }, Sample: rummy.Determinize, Heuristic: rbot.Heuristic,
			Done:  func(s rummy.State) bool { return s.Phase() >= rummy.RoundOver },
			Score: func(s rummy.State, v rummy.View) int { return search.Margin(s.Totals(), v.Seat) },
		}, rummy.State.ViewInto, func(seed uint64) (rummy.State, error) { return rummy.New(rummy.Basic(), seed) },
			[]rbot.Player{rbot.Heuristic(1), rbot.Heuristic(2)}, 4, func(rummy.State) bool { return true })
	})
}

// sameDecisions fails t unless, at positions of four games of newGame
// (seeds 20 to 23) that players reach, each the first after after
// actions where at reports true and the seat to act has a choice
// (drawing), Searchers for g (with a bound on play-outs' length) without
// and with into as its ViewInto, seeded alike, choose the same of the
// first four legal actions after the same play-outs, their heuristic
// players choosing alike.
func sameDecisions[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, g search.Game[S, A, V], into func(S, *V, int),
	newGame func(seed uint64) (S, error), players []cardrules.Player[V, A], after int, at func(S) bool) {
	t.Helper()
	g.Limit = 100_000
	var positions []S
	for seed := range uint64(4) {
		s, err := newGame(20 + seed)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, drawing(t, s, players, after, at))
	}
	for i, s := range positions {
		v := s.View(s.ToAct())
		legal := s.AppendLegal(nil)
		cands := search.Actions[V](nil, legal[:min(4, len(legal))])
		var best, playouts [2]int
		var digest [2]uint64
		for k := range 2 {
			h := fnv.New64a()
			gk := g
			gk.Heuristic = func(seed uint64) cardrules.Player[V, A] { return recorder[V, A]{g.Heuristic(seed), h} }
			if k == 1 {
				gk.ViewInto = into
			}
			sr := search.New(gk, uint64(i), search.Budget{Playouts: 16})
			best[k], playouts[k], digest[k] = sr.Best(v, cands), sr.Playouts, h.Sum64()
		}
		if playouts[0] == 0 {
			t.Fatalf("position %d: no play-out ran (%d candidates)", i, len(cands))
		}
		if best[0] != best[1] || playouts[0] != playouts[1] || digest[0] != digest[1] {
			t.Errorf("position %d: with View, candidate %d after %d play-outs (digest %x); with ViewInto, %d after %d (%x)",
				i, best[0], playouts[0], digest[0], best[1], playouts[1], digest[1])
		}
	}
}

// recorder is a player that writes each action p chooses to h.
type recorder[V any, A cardrules.Action] struct {
	p cardrules.Player[V, A]
	h hash.Hash64
}

func (r recorder[V, A]) Choose(v V) A {
	a := r.p.Choose(v)
	_, _ = io.WriteString(r.h, a.String()+";")
	return a
}
