package conform

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestMain(m *testing.M) {
	flag.Parse()
	// The tests below fail rapid on purpose: no fail files.
	if err := flag.Set("rapid.nofailfile", "true"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// recorder is a rapid.TB that records what the harness reports instead of
// failing the test.
type recorder struct {
	mu     sync.Mutex
	errors []string
	logs   []string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Name() string                      { return "recorder" }
func (r *recorder) Logf(format string, args ...any)   { r.note(&r.logs, format, args...) }
func (r *recorder) Log(args ...any)                   { r.Logf("%s", fmt.Sprint(args...)) }
func (r *recorder) Skipf(format string, args ...any)  { r.Logf(format, args...) }
func (r *recorder) Skip(args ...any)                  { r.Log(args...) }
func (r *recorder) SkipNow()                          {}
func (r *recorder) Errorf(format string, args ...any) { r.note(&r.errors, format, args...) }
func (r *recorder) Error(args ...any)                 { r.Errorf("%s", fmt.Sprint(args...)) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...) }
func (r *recorder) FailNow()                          {}
func (r *recorder) Fail()                             { r.Errorf("Fail") }
func (r *recorder) Failed() bool                      { return len(r.snapshot()) > 0 }
func (r *recorder) note(to *[]string, format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	*to = append(*to, fmt.Sprintf(format, args...))
}

// snapshot returns the errors so far.
func (r *recorder) snapshot() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.errors)
}

// reported returns whether a failure of kind k was reported.
func (r *recorder) reported(k Kind) bool {
	return slices.ContainsFunc(r.errors, func(e string) bool { return strings.Contains(e, "conform: "+string(k)+" at action ") })
}

// withBug runs f with the toy game broken by bug.
func withBug(t *testing.T, bug string, f func()) {
	t.Helper()
	toyBug = bug
	defer func() { toyBug = "" }()
	f()
}

// TestSoundToyPasses: the sound toy game passes both ways in, presets and
// random tables, so what the tests below find is the bug's.
func TestSoundToyPasses(t *testing.T) {
	for _, tables := range []string{"presets", "random"} {
		g := toyGame()
		if tables == "presets" {
			g.RandomRules = nil
		} else {
			g.Presets = nil
		}
		rec := &recorder{}
		cst := Check(rec, g)
		st := Campaign(rec, g, 200, 1)
		if len(rec.errors) > 0 {
			t.Fatalf("%s: the sound toy game failed:\n%s", tables, strings.Join(rec.errors, "\n"))
		}
		games := 200 / share()
		if st.Games != games || st.Steps == 0 || st.Resampled == 0 || st.Arbitrary == 0 || st.ConcurrentChecks == 0 || cst.Games == 0 {
			t.Errorf("%s: the counts show checks not made: campaign %s; rapid %s", tables, st, cst)
		}
		if tables == "random" && (st.Rejected == 0 || st.Tables != games) {
			t.Errorf("random tables: %d played, %d refused", st.Tables, st.Rejected)
		}
	}
}

// bugs breaks each promise the harness checks, with the kind of failure it
// must report.
var bugs = []struct {
	bug  string
	kind Kind
}{
	{"new-refuses", KindNew},
	{"new-accepts", KindNew},
	{"rules-json", KindRulesJSON},
	{"nondeterministic", KindDeterminism},
	{"stuck", KindStuck},
	{"legal-over", KindLegalOver},
	{"order", KindOrder},
	{"legal-size", KindLegalSize},
	{"ceiling", KindLegalSize},
	{"refused", KindRefused},
	{"unlisted", KindUnlisted},
	{"error-shape", KindErrorShape},
	{"untouched", KindUntouched},
	{"mutated", KindMutated},
	{"legal-slice", KindMutated},
	{"cards", KindCards},
	{"melds", KindMelds},
	{"score", KindScore},
	{"state", KindState},
	{"outcome", KindOutcome},
	{"to-act-over", KindState},
	{"end", KindEnd},
	{"step", KindStep},
	{"seq", KindStep},
	{"view", KindView},
	{"leak", KindSecrecy},
	{"determinize", KindDeterminize},
	{"state-json", KindStateJSON},
	{"view-json", KindViewJSON},
	{"json-keys", KindViewJSON},
	{"action-text", KindActionText},
	{"endless", KindEndless},
	{"endless-rounds", KindEndless},
	{"busy", KindConcurrent},
	{"panic", KindPanic},
}

// TestEveryCheckCanFail plays the toy game broken by each bug in a
// campaign over presets and random tables, and asserts that the harness
// reports the bug's kind of failure, with a replay line.
func TestEveryCheckCanFail(t *testing.T) {
	covered := map[Kind]bool{}
	for _, b := range bugs {
		withBug(t, b.bug, func() {
			rec := &recorder{}
			st := Campaign(rec, toyGame(), 100, 1)
			if !rec.reported(b.kind) {
				t.Errorf("bug %q: no %s failure reported; got %s:\n%s", b.bug, b.kind, st, strings.Join(rec.errors, "\n"))
				return
			}
			if !strings.Contains(rec.errors[0], "replay: CARDRULES_REPLAY='{\"Seed\":") {
				t.Errorf("bug %q: the report has no replay line:\n%s", b.bug, rec.errors[0])
			}
			if st.Failures[b.kind] == 0 {
				t.Errorf("bug %q: Stats count no %s failure: %s", b.bug, b.kind, st)
			}
			covered[b.kind] = true
		})
	}
	for _, k := range kinds {
		if !covered[k] {
			t.Errorf("no bug shows that the %s check can fail", k)
		}
	}
}

// TestCheckFailsAndShrinks: the rapid way in reports a bug too, with a
// replay line, keeping the kind it found while it shrinks. A View that
// leaks the other hands is caught by the secrecy check or by the
// Determinize check (the View of a State dealt from it shows other
// hands), whichever of the two a game's random draws reach first.
func TestCheckFailsAndShrinks(t *testing.T) {
	for _, b := range []struct {
		bug   string
		kinds []Kind
	}{
		{"leak", []Kind{KindSecrecy, KindDeterminize}},
		{"cards", []Kind{KindCards}},
		{"stuck", []Kind{KindStuck}},
		{"new-accepts", []Kind{KindNew}},
	} {
		withBug(t, b.bug, func() {
			rec := &recorder{}
			Check(rec, toyGame())
			text := strings.Join(rec.errors, "\n")
			found := slices.IndexFunc(b.kinds, rec.reported)
			if found < 0 || !strings.Contains(text, "[rapid] failed") {
				t.Errorf("bug %q: rapid reported no %v failure:\n%s", b.bug, b.kinds, text)
				return
			}
			for _, k := range kinds {
				if k != b.kinds[found] && rec.reported(k) {
					t.Errorf("bug %q: shrinking turned the %s failure into %s:\n%s", b.bug, b.kinds[found], k, text)
				}
			}
		})
	}
}

// TestReplay: the replay line of a campaign's failure, given back in
// CARDRULES_REPLAY, plays that one game and fails the same way, with the
// same checks on the same steps as the first time, in the long mode's
// settings too (light steps, deep checks now and then, Apply tried on a
// few listed actions).
func TestReplay(t *testing.T) {
	withBug(t, "leak", func() {
		g := toyGame()
		g.DeepOneIn, g.CheckOneIn, g.ApplyCap = 3, 2, 1
		var st Stats
		var first *Failure
		for i := range 50 {
			seed := splitmix(3, i)
			r, _, _ := table(g, newPCG(seed, streamRules), &st)
			if first = play(g, r, nil, seed, 0, &st); first != nil {
				break
			}
		}
		if first == nil {
			t.Fatal("no game failed")
		}
		t.Setenv("CARDRULES_REPLAY", first.ReplayJSON())
		rec := &recorder{}
		got := Campaign(rec, toyGame(), 1000, 99)
		if got.Games != 1 || len(rec.errors) != 1 || !strings.Contains(rec.errors[0], first.String()) {
			t.Errorf("replaying %s: %s\n%s", first, got, strings.Join(rec.errors, "\n"))
		}
	})
}

// TestEnvironment: CARDRULES_GAMES and CARDRULES_SEED size a campaign, a
// bad value is reported, and CARDRULES_FAILURES receives every failure.
func TestEnvironment(t *testing.T) {
	t.Setenv("CARDRULES_GAMES", "7")
	rec := &recorder{}
	if st := Campaign(rec, toyGame(), 1000, 1); st.Games != 7 {
		t.Errorf("CARDRULES_GAMES=7: %d games", st.Games)
	}
	t.Setenv("CARDRULES_GAMES", "many")
	rec = &recorder{}
	want := max(1, 3/share()) // the share of the games Full says
	if st := Campaign(rec, toyGame(), 3, 1); st.Games != want || len(rec.errors) != 1 {
		t.Errorf("CARDRULES_GAMES=many: %d games, errors %v", st.Games, rec.errors)
	}
	t.Setenv("CARDRULES_GAMES", "")
	path := t.TempDir() + "/failures"
	t.Setenv("CARDRULES_FAILURES", path)
	withBug(t, "cards", func() {
		rec := &recorder{}
		st := Campaign(rec, toyGame(), 20, 1)
		data, err := os.ReadFile(path)
		if err != nil || strings.Count(string(data), "\n") != st.Failed() || st.Failed() == 0 {
			t.Errorf("CARDRULES_FAILURES: %d failures, file %q (%v)", st.Failed(), data, err)
		}
	})
}

// TestWorkers: a campaign on several goroutines plays the same games as on
// one, with the same counts, and reports the same failures.
func TestWorkers(t *testing.T) {
	for _, bug := range []string{"", "cards"} {
		withBug(t, bug, func() {
			one, four := toyGame(), toyGame()
			four.Workers = 4
			st1 := Campaign(&recorder{}, one, 120, 5)
			rec := &recorder{}
			st4 := Campaign(rec, four, 120, 5)
			if st1.String() != st4.String() {
				t.Errorf("bug %q: one worker: %s\nfour workers: %s", bug, st1, st4)
			}
			if bug != "" && (st4.Failed() == 0 || !rec.reported(KindCards)) {
				t.Errorf("bug %q: four workers reported no failure: %s", bug, st4)
			}
		})
	}
}

// TestLongMode: CARDRULES_LONG=1 checks one step in a few, plays the same
// games (the actions played do not depend on which steps are checked),
// and still finds a bug that shows on many steps.
func TestLongMode(t *testing.T) {
	// played returns the game the campaign played, as the States and
	// actions its Policy saw (one worker: in order).
	played := func(g *Game[toyRules, toyState, toyAction, toyView]) (*[]string, *Game[toyRules, toyState, toyAction, toyView]) {
		var seen []string
		g.Workers = 1
		g.Policy = func(r Rand, _ toyState, legal []toyAction) toyAction {
			a := Pick(r, "policy", legal)
			seen = append(seen, fmt.Sprint(legal, a))
			return a
		}
		return &seen, g
	}
	fullGames, g := played(toyGame())
	full := Campaign(&recorder{}, g, 200, 3)
	t.Setenv("CARDRULES_LONG", "1")
	t.Setenv("CARDRULES_WORKERS", "1")
	rec := &recorder{}
	longGames, g := played(toyGame())
	long := Campaign(rec, g, 200, 3)
	if len(rec.errors) > 0 || long.Games != full.Games || long.Steps != full.Steps || !slices.Equal(*fullGames, *longGames) {
		t.Errorf("full checks: %s\nlong mode: %s\n%s", full, long, strings.Join(rec.errors, "\n"))
	}
	if long.Arbitrary*2 > full.Arbitrary {
		t.Errorf("the long mode tried %d arbitrary actions, the full checks %d: not checking one step in %d", long.Arbitrary, full.Arbitrary, longCheckOneIn)
	}
	for _, b := range []struct {
		bug  string
		kind Kind
	}{{"cards", KindCards}, {"stuck", KindStuck}, {"refused", KindRefused}, {"score", KindScore}, {"unlisted", KindUnlisted}} {
		withBug(t, b.bug, func() {
			rec := &recorder{}
			if st := Campaign(rec, toyGame(), 200, 3); !rec.reported(b.kind) {
				t.Errorf("long mode, bug %q: no %s failure reported; got %s", b.bug, b.kind, st)
			}
		})
	}
}

// TestFrom: games played from a position pass for the sound toy, and
// report a bug met after the position as played from it, with no replay
// line (CARDRULES_REPLAY deals from New).
func TestFrom(t *testing.T) {
	g := toyGame()
	r := g.Presets[0]
	s, err := g.New(r, 5)
	if err != nil {
		t.Fatal(err)
	}
	whole := 0
	for ; !s.Over() && whole < 3; whole++ {
		if s, err = s.Apply(s.AppendLegal(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recorder{}
	st := From(rec, g, r, s, 4, 0)
	games := max(1, 4/share()) // the share of the games Full says
	if len(rec.errors) > 0 || st.Games != games || st.Steps == 0 {
		t.Fatalf("the sound toy game from a position: %s\n%s", st, strings.Join(rec.errors, "\n"))
	}
	for _, bug := range []string{"leak", "refused", "cards"} {
		withBug(t, bug, func() {
			rec := &recorder{}
			From(rec, toyGame(), r, s, 20*share(), 0) // 20 games in every mode: one may miss the bug
			if len(rec.errors) == 0 {
				t.Fatalf("bug %q: no failure from the position", bug)
			}
			if text := rec.errors[0]; !strings.Contains(text, "played from the test's position") || strings.Contains(text, "CARDRULES_REPLAY") {
				t.Errorf("bug %q: want a failure played from the position, with no replay line, got:\n%s", bug, text)
			}
		})
	}
}
