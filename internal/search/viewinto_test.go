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

// The search decides alike whether its play-outs show Views filled in
// place by the State's ViewInto or new Views: at positions of real games,
// a Searcher built each way compares the same candidates and picks the
// same one, after the same play-outs in which the heuristic players choose
// the same actions, step by step (a digest of them). A player that kept a
// View, or its slices, past its Choose would tell them apart.
func TestViewIntoSameDecisions(t *testing.T) {
	for _, r := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		t.Run("handfoot "+r.Name, func(t *testing.T) {
			sameDecisions(t, search.Game[handfoot.State, handfoot.Action, handfoot.View]{
				Heuristic: hbot.Heuristic,
				Done:      func(s handfoot.State) bool { return s.Phase() >= handfoot.RoundOver },
				Score:     func(s handfoot.State, v handfoot.View) int { return search.Margin(s.Totals(), v.Team) },
			}, func(seed uint64) (handfoot.State, error) { return handfoot.New(r, seed) },
				[]hbot.Player{hbot.Heuristic(1), hbot.Heuristic(2), hbot.Heuristic(3), hbot.Heuristic(4)}[:r.Players],
				30, func(s handfoot.State) bool { return s.Phase() == handfoot.Drawing })
		})
	}
	t.Run("canasta", func(t *testing.T) {
		sameDecisions(t, search.Game[canasta.State, canasta.Action, canasta.View]{
			Heuristic: cbot.Heuristic,
			Done:      func(s canasta.State) bool { return s.Phase() >= canasta.RoundOver },
			Score:     func(s canasta.State, v canasta.View) int { return search.Margin(s.Totals(), v.Team) },
		}, func(seed uint64) (canasta.State, error) { return canasta.New(canasta.Classic(), seed) },
			[]cbot.Player{cbot.Heuristic(1), cbot.Heuristic(2), cbot.Heuristic(3), cbot.Heuristic(4)},
			30, func(s canasta.State) bool { return s.Phase() == canasta.Drawing })
	})
	t.Run("rummy", func(t *testing.T) {
		sameDecisions(t, search.Game[rummy.State, rummy.Action, rummy.View]{
			Heuristic: rbot.Heuristic,
			Done:      func(s rummy.State) bool { return s.Phase() >= rummy.RoundOver },
			Score:     func(s rummy.State, v rummy.View) int { return search.Margin(s.Totals(), v.Seat) },
		}, func(seed uint64) (rummy.State, error) { return rummy.New(rummy.Basic(), seed) },
			[]rbot.Player{rbot.Heuristic(1), rbot.Heuristic(2)}, 4, func(rummy.State) bool { return true })
	})
}

// sameDecisions fails t unless, at positions of four games of newGame
// (seeds 20 to 23) that players reach, each the first after after
// actions where at reports true and the seat to act has a choice
// (drawing), Searchers for g (with a bound on play-outs' length) on S and
// on fresh[S], seeded alike, choose the same of the first four legal
// actions after the same play-outs, their heuristic players choosing
// alike.
func sameDecisions[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, g search.Game[S, A, V],
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
			heuristic := func(seed uint64) cardrules.Player[V, A] { return recorder[V, A]{g.Heuristic(seed), h} }
			if k == 0 {
				gk := g
				gk.Heuristic = heuristic
				sr := search.New(gk, uint64(i), search.Budget{Playouts: 16})
				best[k], playouts[k] = sr.Best(v, cands), sr.Playouts
			} else {
				gk := search.Game[fresh[S, A, V], A, V]{
					Sample: func(v V, seed uint64) (fresh[S, A, V], error) {
						s, err := any(v).(cardrules.Sampler[S]).Sample(seed)
						return fresh[S, A, V]{s}, err
					},
					Heuristic: heuristic,
					Done:      func(f fresh[S, A, V]) bool { return g.Done(f.s) },
					Score:     func(f fresh[S, A, V], v V) int { return g.Score(f.s, v) },
					Limit:     g.Limit,
				}
				sr := search.New(gk, uint64(i), search.Budget{Playouts: 16})
				best[k], playouts[k] = sr.Best(v, cands), sr.Playouts
			}
			digest[k] = h.Sum64()
		}
		if playouts[0] == 0 {
			t.Fatalf("position %d: no play-out ran (%d candidates)", i, len(cands))
		}
		if best[0] != best[1] || playouts[0] != playouts[1] || digest[0] != digest[1] {
			t.Errorf("position %d: with ViewInto, candidate %d after %d play-outs (digest %x); with new Views, %d after %d (%x)",
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

// fresh is a State of S whose ViewInto gives a new View each time, as View
// does, rather than filling the one it is given in place.
type fresh[S cardrules.State[S, A, V], A cardrules.Action, V any] struct{ s S }

func (f fresh[S, A, V]) IsValid() bool                      { return f.s.IsValid() }
func (f fresh[S, A, V]) ToAct() int                         { return f.s.ToAct() }
func (f fresh[S, A, V]) Seats() int                         { return f.s.Seats() }
func (f fresh[S, A, V]) Over() bool                         { return f.s.Over() }
func (f fresh[S, A, V]) Seq() int                           { return f.s.Seq() }
func (f fresh[S, A, V]) View(seat int) V                    { return f.s.View(seat) }
func (f fresh[S, A, V]) ViewInto(v *V, seat int)            { *v = f.s.View(seat) }
func (f fresh[S, A, V]) AppendLegal(dst []A) []A            { return f.s.AppendLegal(dst) }
func (f fresh[S, A, V]) Outcome(seat int) cardrules.Outcome { return f.s.Outcome(seat) }
func (f fresh[S, A, V]) Apply(a A) (fresh[S, A, V], error) {
	s, err := f.s.Apply(a)
	return fresh[S, A, V]{s}, err
}
