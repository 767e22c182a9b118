package conform

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cardrules/cardrules"
	"pgregory.net/rapid"
)

// TB is the part of testing.TB the harness reports to: a test, or a
// recorder in the harness's own tests.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// kinds lists every Kind; a failure's place in it sets the depth at which
// Check fails (see fatal).
var kinds = []Kind{
	KindNew, KindRulesJSON, KindDeterminism, KindStuck, KindLegalOver, KindOrder, KindLegalSize,
	KindRefused, KindUnlisted, KindErrorShape, KindUntouched, KindMutated, KindCards, KindMelds,
	KindScore, KindState, KindOutcome, KindEnd, KindStep, KindView, KindSecrecy, KindDeterminize, KindStateJSON, KindViewJSON,
	KindActionText, KindEndless, KindConcurrent, KindPanic,
}

// Check is the harness as a rapid property, for go test: each check draws
// a table (a preset, or a random table Validate accepts) and a seed, and
// plays the game, at most g.CheckSteps actions (a quarter of them under
// the race detector), checking every step. A failure shrinks to a smaller
// table and seed. It returns the counts, which it also logs.
func Check[R Rules, S State[S, A, V], A cardrules.Action, V any](t rapid.TB, g *Game[R, S, A, V]) Stats {
	t.Helper()
	g = g.fromEnv(t)
	var st Stats
	rapid.Check(t, func(rt *rapid.T) {
		r, f, ok := table(g, rapidRand{rt}, &st)
		if f == nil && ok {
			f = play(g, r, nil, rapid.Uint64().Draw(rt, "seed"), g.CheckSteps, &st)
		}
		if f != nil {
			fatal(rt, f, slices.Index(kinds, f.Kind))
		}
		if !ok {
			rt.Skip("RandomRules drew no table Validate accepts")
		}
	})
	t.Logf("conform: %s", st)
	return st
}

// fatal fails rt with f. Rapid keeps a smaller failing case only when it
// fails at the same place in the code, so fatal calls itself depth times
// first: each Kind fails at its own depth, and shrinking keeps the kind of
// failure it started from.
func fatal(rt *rapid.T, f *Failure, depth int) {
	if depth > 0 {
		fatal(rt, f, depth-1)
		return
	}
	rt.Fatalf("%s", f)
}

// table draws the rules of one game from rnd: a preset, when there are
// presets and a coin says so or there is no RandomRules, or else random
// tables until Validate accepts one. A refused table that New deals anyway
// is a failure; ok is false when no table was accepted.
func table[R Rules, S State[S, A, V], A cardrules.Action, V any](g *Game[R, S, A, V], rnd Rand, st *Stats) (r R, f *Failure, ok bool) {
	if g.RandomRules == nil || (len(g.Presets) > 0 && Bool(rnd, "preset")) {
		return Pick(rnd, "presetIndex", g.Presets), nil, true
	}
	for range 1000 {
		r = g.RandomRules(rnd)
		refusal := r.Validate()
		if refusal == nil {
			st.Tables++
			return r, nil, true
		}
		st.Rejected++
		if !strings.HasPrefix(refusal.Error(), g.Pkg+": ") {
			st.fail(KindErrorShape)
			return r, &Failure{Kind: KindErrorShape, Rules: rulesJSON(r), Msg: fmt.Sprintf("Validate refuses the table with %q, which does not start with %q", refusal, g.Pkg+": ")}, false
		}
		if dealt, crash := dealsRefused(g, r); dealt || crash != "" {
			f := &Failure{Kind: KindNew, Rules: rulesJSON(r), Seed: 1, Msg: "New deals a table Validate refuses (" + refusal.Error() + ")"}
			if crash != "" {
				f.Kind, f.Msg = KindPanic, "New panics on a table Validate refuses ("+refusal.Error()+"): "+crash
			}
			st.fail(f.Kind)
			return r, f, false
		}
	}
	return r, nil, false
}

// dealsRefused reports whether New deals the table r, which Validate
// refuses, or panics on it.
func dealsRefused[R Rules, S State[S, A, V], A cardrules.Action, V any](g *Game[R, S, A, V], r R) (dealt bool, crash string) {
	defer func() {
		if e := recover(); e != nil {
			crash = panicked(e)
		}
	}()
	_, err := g.New(r, 1)
	return err == nil, ""
}

// Campaign plays games games, as Check does but in a plain loop and each
// to its end (or g.Budget actions), from tables and seeds drawn from seed:
// for long runs. It plays the share of them [Full] says (at least one).
// It reports every failure with its rules as JSON, seed and action index
// (the first few of each kind in full, the others counted), and at the
// end the counts, which it returns. CARDRULES_GAMES and
// CARDRULES_SEED override games and seed; CARDRULES_REPLAY plays only the
// game it names (see [Replay]); CARDRULES_FAILURES names a file to which
// every failure is appended as a line of JSON.
func Campaign[R Rules, S State[S, A, V], A cardrules.Action, V any](t TB, g *Game[R, S, A, V], games int, seed uint64) Stats {
	t.Helper()
	if text := os.Getenv("CARDRULES_REPLAY"); text != "" {
		var rep replay
		var r R
		err := json.Unmarshal([]byte(text), &rep)
		if err == nil {
			err = json.Unmarshal(rep.Rules, &r)
		}
		if err != nil {
			t.Errorf("conform: CARDRULES_REPLAY is not a failure's replay JSON: %v", err)
			return Stats{}
		}
		// The settings the game was checked with, so that the same steps
		// get the same checks with the same draws.
		c := *g
		c.DeepOneIn, c.CheckOneIn, c.ApplyCap = rep.DeepOneIn, rep.CheckOneIn, rep.ApplyCap
		g = &c
		return Replay(t, g, r, rep.Seed)
	}
	g = g.fromEnv(t)
	games = max(1, games/share())
	games = envInt(t, "CARDRULES_GAMES", games)
	seed = uint64(envInt(t, "CARDRULES_SEED", int(seed)))
	workers := min(max(1, g.Workers), max(1, games))
	var (
		mu     sync.Mutex // guards st, shown and t's reports
		st     Stats
		shown  = map[Kind]int{}
		next   atomic.Int64 // the index of the next game to play
		broken atomic.Bool  // RandomRules drew no table Validate accepts
		wg     sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine Stats
			for !broken.Load() {
				i := int(next.Add(1) - 1)
				if i >= games {
					break
				}
				gameSeed := splitmix(seed, i)
				r, f, ok := table(g, newPCG(gameSeed, streamRules), &mine)
				if f == nil && ok {
					f = play(g, r, nil, gameSeed, g.Budget, &mine)
				}
				if f != nil {
					mu.Lock()
					report(t, f, shown)
					mu.Unlock()
				}
				if !ok && f == nil {
					mu.Lock()
					if !broken.Swap(true) {
						t.Errorf("conform: RandomRules drew 1000 tables in a row that Validate refuses")
					}
					mu.Unlock()
				}
			}
			mu.Lock()
			st.add(mine)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if st.Failed() > 0 {
		t.Errorf("conform: campaign of seed %d: %s", seed, st)
	} else {
		t.Logf("conform: campaign of seed %d: %s", seed, st)
	}
	return st
}

// Replay plays again the one game of rules r and seed, as Campaign played
// it, and reports its failure.
func Replay[R Rules, S State[S, A, V], A cardrules.Action, V any](t TB, g *Game[R, S, A, V], r R, seed uint64) Stats {
	t.Helper()
	g = g.fromEnv(t)
	var st Stats
	if err := r.Validate(); err != nil {
		t.Logf("conform: replaying a table Validate refuses: %v", err)
	}
	if f := play(g, r, nil, seed, g.Budget, &st); f != nil {
		report(t, f, map[Kind]int{})
	}
	t.Logf("conform: replay: %s", st)
	return st
}

// From plays games from s, a position of a game of table r (made by a
// test, with the game's FromPosition say), as [Campaign] plays games from
// New's deal: game i draws its own path of legal actions from seed i
// (through g.Policy, when set), for at most budget actions (0: to the
// game's end, which must come within the Rules' MaxActions), with the step checks on
// each of the first steps, nearest the position, and the deep checks on
// the first few, then both as g sets them; it plays the share of the
// games [Full] says (at least one). It reports each game's
// failure on t and returns the counts.
func From[R Rules, S State[S, A, V], A cardrules.Action, V any](t TB, g *Game[R, S, A, V], r R, s S, games, budget int) Stats {
	t.Helper()
	g = g.fromEnv(t)
	games = max(1, games/share())
	var st Stats
	shown := map[Kind]int{}
	for i := range games {
		if f := play(g, r, &s, uint64(i), budget, &st); f != nil {
			report(t, f, shown)
		}
	}
	return st
}

// Sampled reports whether case i of a test's many alike cases is run: one
// case in as many as the harness plays one game in (see [Full]).
func Sampled(i int) bool { return i%share() == 0 }

// Full reports whether the tests run in full, as CI runs them
// (CARDRULES_FULL=1). Without it — the edit-and-test loop — the harness
// chooses: [Campaign] and [From] play a third of the games they are asked
// for (at least one), [Sampled] keeps one case in three, [Check] plays
// a quarter of the actions of each game, and [Suite] gives random tables
// only the rapid check. Every preset, scenario test, Example and golden
// game still runs; the campaigns and the many alike hostile cases run a
// sample.
func Full() bool { return os.Getenv("CARDRULES_FULL") != "" }

// share is the one game, or case, in share that the harness plays: a
// quarter of them under the race detector, which slows every call many
// times, or else a third unless the tests run in full.
func share() int {
	switch {
	case raceDetector:
		return raceShare
	case !Full():
		return quickShare
	}
	return 1
}

// report reports f in full if few of its kind have been, and appends it
// to CARDRULES_FAILURES.
func report(t TB, f *Failure, shown map[Kind]int) {
	t.Helper()
	if shown[f.Kind] < 3 {
		t.Errorf("%s", f)
	}
	shown[f.Kind]++
	path := os.Getenv("CARDRULES_FAILURES")
	if path == "" {
		return
	}
	line, _ := json.Marshal(f)
	file, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		_, err = file.Write(append(line, '\n'))
		if cerr := file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Errorf("conform: CARDRULES_FAILURES: %v", err)
	}
}

// fromEnv returns g with the settings the environment overrides, and
// under the race detector a quarter of CheckSteps (at least 1), or else
// without CARDRULES_FULL a quarter of them.
func (g *Game[R, S, A, V]) fromEnv(t TB) *Game[R, S, A, V] {
	c := *g
	c.Budget = envInt(t, "CARDRULES_BUDGET", c.Budget)
	if os.Getenv("CARDRULES_LONG") != "" {
		c.Workers, c.CheckOneIn, c.DeepOneIn, c.ApplyCap = runtime.GOMAXPROCS(0), longCheckOneIn, longDeepOneIn, longApplyCap
	}
	c.ApplyCap = envInt(t, "CARDRULES_APPLY", c.ApplyCap)
	c.DeepOneIn = envInt(t, "CARDRULES_DEEP", c.DeepOneIn)
	c.CheckOneIn = envInt(t, "CARDRULES_CHECK", c.CheckOneIn)
	c.Workers = envInt(t, "CARDRULES_WORKERS", c.Workers)
	switch {
	case raceDetector && c.CheckSteps > 0:
		c.CheckSteps = max(1, c.CheckSteps/raceShare)
	case !Full() && c.CheckSteps > 0:
		c.CheckSteps = max(1, c.CheckSteps/quickSteps)
	}
	return &c
}

// envInt returns the number in the environment variable name, or def.
func envInt(t TB, name string, def int) int {
	text := os.Getenv(name)
	if text == "" {
		return def
	}
	n, err := strconv.ParseUint(text, 0, 63)
	if err != nil {
		t.Errorf("conform: %s=%q is not a number; using %d", name, text, def)
		return def
	}
	return int(n)
}

// Suite runs the harness as a game's TestConform does: over the presets
// and over random tables, side by side, each with a rapid Check of the
// start of many games and a Campaign of games whole games (6 is the
// default of the games' tests; CARDRULES_GAMES overrides it). Without
// CARDRULES_FULL (see [Full]) random tables, whose games are the longest,
// get only the rapid check.
func Suite[R Rules, S State[S, A, V], A cardrules.Action, V any](t *testing.T, build func() *Game[R, S, A, V], games int) {
	for _, presets := range []bool{true, false} {
		name := "random"
		if presets {
			name = "presets"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := build()
			if presets {
				g.RandomRules = nil
			} else {
				g.Presets = nil
			}
			t.Run("rapid", func(t *testing.T) { Check(t, g) })
			if presets || Full() {
				t.Run("campaign", func(t *testing.T) { Campaign(t, g, games, 1) })
			}
		})
	}
}
