package conform

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
)

// Kind names the check a game failed.
type Kind string

// The checks.
const (
	KindNew         Kind = "new"         // New refused a table Validate accepts, or dealt one it refuses
	KindRulesJSON   Kind = "rules-json"  // the table does not round-trip through JSON (a report could not replay it)
	KindDeterminism Kind = "determinism" // New, Apply or a replay of the game gave another result for the same input
	KindStuck       Kind = "stuck"       // Legal is empty before the game is over
	KindLegalOver   Kind = "legal-over"  // Legal lists actions once the game is over
	KindOrder       Kind = "order"       // Legal is not strictly increasing in the documented order
	KindLegalSize   Kind = "legal-size"  // Legal is longer than MaxLegal, or MaxLegal is above the ceiling
	KindRefused     Kind = "refused"     // Apply refused an action Legal lists
	KindUnlisted    Kind = "unlisted"    // Apply accepted an action Legal does not list
	KindErrorShape  Kind = "error-shape" // a refusal without the package's prefix or a sentinel, or on several lines
	KindUntouched   Kind = "untouched"   // a refusal handed back another state than the one given
	KindMutated     Kind = "mutated"     // Apply, or later play, changed a State it was given
	KindCards       Kind = "cards"       // a State's cards are not the shoe
	KindMelds       Kind = "melds"       // CheckMelds
	KindScore       Kind = "score"       // CheckScore
	KindState       Kind = "state"       // CheckState, or ToAct or Seats out of range (ToAct not -1 once the game is over)
	KindOutcome     Kind = "outcome"     // a seat won before the game is over, or a seat outside the table has an Outcome
	KindEnd         Kind = "end"         // Over disagrees with GameEnds: the game went on past its end, or ended before it
	KindStep        Kind = "step"        // CheckStep, or Seq not one more after an action
	KindView        Kind = "view"        // CheckView
	KindSecrecy     Kind = "secrecy"     // a View changed when what its seat cannot see was reshuffled
	KindDeterminize Kind = "determinize" // a View's Sample refused it, or built a State with another View
	KindStateJSON   Kind = "state-json"  // a State does not round-trip through JSON, or its keys are not lowerCamel
	KindViewJSON    Kind = "view-json"   // a View does not round-trip through JSON, or its keys are not lowerCamel
	KindActionText  Kind = "action-text" // an Action does not round-trip through JSON or text
	KindEndless     Kind = "endless"     // the game has not ended after MaxActions actions
	KindConcurrent  Kind = "concurrent"  // goroutines sharing a State got different answers
	KindPanic       Kind = "panic"       // a function of the game panicked
)

// ErrEndless marks an error of a game's CheckState that says the game has
// gone on too long by the game's own measure (rounds, say, rather than
// actions): the harness reports it as [KindEndless].
var ErrEndless = errors.New("the game does not end")

// panicked describes a recovered panic: its value and where it happened,
// the files and lines of the three innermost functions (without the
// addresses and goroutine numbers that change from run to run, so that
// rapid sees the same failure again).
func panicked(e any) string {
	lines := strings.Split(string(debug.Stack()), "\n")
	var where []string
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic(") {
			continue
		}
		// After the panic: a function's line, then its file and line.
		for j := i + 3; j < len(lines) && len(where) < 3; j += 2 {
			loc := strings.TrimSpace(lines[j])
			if k := strings.LastIndex(loc, " +0x"); k >= 0 {
				loc = loc[:k]
			}
			where = append(where, loc)
		}
		break
	}
	return fmt.Sprintf("%v, at %s", e, strings.Join(where, " < "))
}

// Failure is one failed check of one game: enough to replay it with
// [Replay] (the rules and the seed) and to find the step.
type Failure struct {
	Kind  Kind
	Rules json.RawMessage // the table, as JSON
	Seed  uint64
	// DeepOneIn, CheckOneIn and ApplyCap are the Game's settings the game
	// was checked with: the actions played do not depend on them, but
	// which steps got which checks, and the draws those checks made (the
	// seed of a Sample, the actions Apply was tried on), do.
	DeepOneIn  int    `json:",omitempty"`
	CheckOneIn int    `json:",omitempty"`
	ApplyCap   int    `json:",omitempty"`
	Step       int    // actions played before the failing check
	Last       string `json:",omitempty"` // the last actions played, oldest first
	Msg        string
	// FromPosition: the game was played from a position its test made
	// ([From]), not dealt by New; Seed then draws its path alone, and
	// CARDRULES_REPLAY cannot replay it (the test that made it does).
	FromPosition bool `json:",omitempty"`
}

// ReplayJSON returns the text CARDRULES_REPLAY takes to play f's game again.
func (f Failure) ReplayJSON() string {
	b, _ := json.Marshal(replay{f.Seed, f.DeepOneIn, f.CheckOneIn, f.ApplyCap, f.Rules})
	return string(b)
}

// replay is what CARDRULES_REPLAY holds: a game and the checks it got.
type replay struct {
	Seed       uint64
	DeepOneIn  int `json:",omitempty"`
	CheckOneIn int `json:",omitempty"`
	ApplyCap   int `json:",omitempty"`
	Rules      json.RawMessage
}

// String reports f on a few lines: the check, where, what, and how to
// replay it.
func (f Failure) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "conform: %s at action %d: %s", f.Kind, f.Step, f.Msg)
	if f.Last != "" {
		fmt.Fprintf(&b, "\n  last actions: %s", f.Last)
	}
	if f.FromPosition {
		fmt.Fprintf(&b, "\n  played from the test's position along path %d: run that test again", f.Seed)
	} else {
		fmt.Fprintf(&b, "\n  replay: CARDRULES_REPLAY='%s'", f.ReplayJSON())
	}
	return b.String()
}

// Stats counts what a run of the harness did.
type Stats struct {
	Games    int // games played
	Steps    int // actions played, over all games
	Tables   int // random tables Validate accepted
	Rejected int // random tables Validate refused
	Cut      int // games stopped at the step budget before their end

	MaxLegal int // the longest Legal list met
	MaxSteps int // the longest game, in actions

	Arbitrary        int // arbitrary actions tried
	ArbitraryOK      int // of those, accepted by Apply (and found in Legal)
	Resampled        int // secrecy checks made
	ResampleRefused  int // times Resample found no other State
	Determinized     int // States a View's Sample built and checked
	ConcurrentChecks int // steps shared with goroutines

	Failures map[Kind]int // failed games, by the first check each failed
}

// add adds the counts of o to st.
func (st *Stats) add(o Stats) {
	st.Games += o.Games
	st.Steps += o.Steps
	st.Tables += o.Tables
	st.Rejected += o.Rejected
	st.Cut += o.Cut
	st.MaxLegal = max(st.MaxLegal, o.MaxLegal)
	st.MaxSteps = max(st.MaxSteps, o.MaxSteps)
	st.Arbitrary += o.Arbitrary
	st.ArbitraryOK += o.ArbitraryOK
	st.Resampled += o.Resampled
	st.ResampleRefused += o.ResampleRefused
	st.Determinized += o.Determinized
	st.ConcurrentChecks += o.ConcurrentChecks
	for k, n := range o.Failures {
		for range n {
			st.fail(k)
		}
	}
}

func (st *Stats) fail(k Kind) {
	if st.Failures == nil {
		st.Failures = map[Kind]int{}
	}
	st.Failures[k]++
}

// Failed returns the number of failed games.
func (st Stats) Failed() int {
	n := 0
	for _, c := range st.Failures {
		n += c
	}
	return n
}

// String writes the counts on one line, failures by kind.
func (st Stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games, %d steps, %d random tables played and %d refused by Validate, %d games cut at the budget; "+
		"longest Legal %d, longest game %d actions; %d arbitrary actions (%d accepted), %d secrecy checks (%d without a resample), %d States determinized from a View, %d concurrent checks; ",
		st.Games, st.Steps, st.Tables, st.Rejected, st.Cut, st.MaxLegal, st.MaxSteps,
		st.Arbitrary, st.ArbitraryOK, st.Resampled, st.ResampleRefused, st.Determinized, st.ConcurrentChecks)
	if len(st.Failures) == 0 {
		b.WriteString("no failures")
		return b.String()
	}
	fmt.Fprintf(&b, "%d failed:", st.Failed())
	for _, k := range slices.Sorted(maps.Keys(st.Failures)) {
		b.WriteString(" " + string(k) + "=" + strconv.Itoa(st.Failures[k]))
	}
	return b.String()
}
