package famtest

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/conform"
)

// PlayOut plays s, a position a test made, to the game's end through the
// harness ([conform.From]): along two paths of g's own policy (uniformly
// random, or the game's), then by two fixed ones, pick's first and last.
// After the first steps, which get every check, one step in 16 gets the
// step checks. turnStart and step are as pick reads them.
func PlayOut[R conform.Rules, S State[R, S, A, V], A cardrules.Action, V any](t *testing.T, g *conform.Game[R, S, A, V], s S,
	turnStart func(S) bool, step func(A) (lays, back bool)) {
	t.Helper()
	c := *g
	c.CheckOneIn = 16
	conform.From(t, &c, s.Rules(), s, 2, 0)
	for _, last := range []bool{false, true} {
		c.Policy = pick(last, turnStart, step)
		conform.From(t, &c, s.Rules(), s, 1, 0)
	}
}

// PlayTable plays the game of table r and seed to its end through the
// harness ([conform.Replay]), checked as the long campaigns check theirs:
// the step checks on one step in 32, Apply tried on 8 of the listed
// actions.
func PlayTable[R conform.Rules, S State[R, S, A, V], A cardrules.Action, V any](t *testing.T, g *conform.Game[R, S, A, V], r R, seed uint64) {
	t.Helper()
	c := *g
	c.Budget, c.CheckOneIn, c.ApplyCap = 0, 32, 8
	conform.Replay(t, &c, r, seed)
}

// pick returns a policy that plays always the first listed action, or
// always the last, but for taking back, and for laying cards again once it
// took back this turn: a player who does either forever never ends its
// turn, its choice rather than an endless game. turnStart reports the
// start of a turn (a take of the pile taken back starts it again), and
// step whether an action lays cards (a meld or an addition) or takes them
// back.
func pick[S, A any](last bool, turnStart func(S) bool, step func(A) (lays, back bool)) func(conform.Rand, S, []A) A {
	tookBack := false
	return func(_ conform.Rand, s S, legal []A) A {
		if turnStart(s) {
			tookBack = false
		}
		l := slices.DeleteFunc(slices.Clone(legal), func(a A) bool {
			lays, back := step(a)
			return back || tookBack && lays
		})
		if len(l) == 0 {
			l = legal
		}
		a := l[0]
		if last {
			a = l[len(l)-1]
		}
		_, back := step(a)
		tookBack = tookBack || back
		return a
	}
}

// Refused checks that from (a game's FromPosition) refuses p with an error
// wrapping rule, and so does decoding p's JSON as a State; why names the
// case.
func Refused[P, S any](t *testing.T, from func(P) (S, error), rule error, p P, why string) {
	t.Helper()
	if _, err := from(p); !errors.Is(err, rule) {
		t.Fatalf("%s: FromPosition gave %v, want %v", why, err, rule)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, new(S)); !errors.Is(err, rule) {
		t.Fatalf("%s: JSON gave %v, want %v", why, err, rule)
	}
}

// PlayUntil plays s by random legal actions, drawn from seed, until done
// reports true, taking back only when nothing else is listed (random play
// would take back again and again), and returns the State reached.
func PlayUntil[S, A any](t *testing.T, s S, seed uint64, legal func(S) []A, apply func(S, A) (S, error),
	done func(S) bool, back func(A) bool) S {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	for !done(s) {
		l := legal(s)
		if len(l) == 0 {
			t.Fatal("no legal action before the end")
		}
		a := l[rng.IntN(len(l))]
		if back(a) && len(l) > 1 {
			a = l[0]
		}
		var err error
		if s, err = apply(s, a); err != nil {
			t.Fatalf("Apply(%v): %v", a, err)
		}
	}
	return s
}

// Mutants plays games of the tables by random legal actions (seeds 1 to
// games, taking back only when nothing else is listed), takes a position
// every so many actions, mutates it as a hostile client might (mutate
// moves cards between zones, changes the phase or the turn, ...), and
// plays each mutant from accepts through the harness, the step checks on
// one step in 8, for 100 actions ([conform.From]; a quarter of them under
// the race detector): every position from accepts must play. It fails t
// when from accepts every mutant or none (the mutations would test
// nothing). CARDRULES_LONG=1 plays 50 times the games and takes a
// position four times as often; without CARDRULES_FULL it takes one half
// as often.
func Mutants[R conform.Rules, S State[R, S, A, V], A cardrules.Action, V any, P any](t *testing.T, g *conform.Game[R, S, A, V],
	tables []R, games, every int, back func(A) bool,
	position func(S) P, mutate func(*rand.Rand, *P), from func(P) (S, error)) {
	t.Helper()
	if os.Getenv("CARDRULES_LONG") != "" {
		games, every = 50*games, max(1, every/4)
	} else if !conform.Full() {
		every *= 2
	}
	c := *g
	c.CheckOneIn = 8
	made, accepted := 0, 0
	for seed := 1; seed <= games; seed++ {
		r := tables[seed%len(tables)]
		s, err := c.New(r, uint64(seed))
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		rng := rand.New(rand.NewPCG(uint64(seed), 11))
		for step := 1; !s.Over(); step++ {
			if step > r.MaxActions() {
				t.Fatalf("seed %d: no end after %d actions", seed, step)
			}
			l := s.AppendLegal(nil)
			a := l[rng.IntN(len(l))]
			if back(a) && len(l) > 1 {
				a = l[0]
			}
			if s, err = s.Apply(a); err != nil {
				t.Fatalf("seed %d: Apply(%v): %v", seed, a, err)
			}
			if step%every != 0 {
				continue
			}
			p := position(s)
			mutate(rng, &p)
			made++
			if m, err := from(p); err == nil {
				accepted++
				if conform.Sampled(accepted) {
					conform.From(t, &c, r, m, 1, 100)
				}
			}
		}
	}
	if accepted == 0 || accepted == made {
		t.Errorf("%d mutants, %d accepted: the mutations test nothing", made, accepted)
	}
	t.Logf("%d mutants, %d accepted", made, accepted)
}
