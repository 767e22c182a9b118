package conform

import (
	"reflect"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Rules is what the harness asks of a game's Rules: a comparable value
// whose Validate reports whether the table can be played (New must refuse
// what Validate refuses), and whose MaxActions bounds a game's length in
// actions: a game that has not ended after MaxActions actions fails.
type Rules interface {
	comparable
	Validate() error
	MaxActions() int
}

// State is what the harness asks of a game's State: the library's common
// game API, [cardrules.State] (ToAct, Seats, Over, Seq, View, AppendLegal
// and Apply, which the harness calls for the game's accessors, its Legal
// and its Apply), and the two methods every game's State has besides:
// Equal, whether two States are the same position, and Cards, every card
// the State holds, in every zone.
type State[S any, A cardrules.Action, V any] interface {
	cardrules.State[S, A, V]
	Equal(S) bool
	Cards() card.Multiset
}

// Game is what the harness knows of one game package beyond its State's
// methods: its constructors and the hooks that check what only the game
// can check. R is the game's Rules, S its State, A its Action and V its
// View. R, S, A and V must round-trip through encoding/json.
//
// The harness reads a State through its methods alone (see [State]):
// Over, ToAct and Seats for where the game stands, View for what a seat
// may know, AppendLegal for the legal actions (Legal, below, is the list
// s.AppendLegal(nil) returns) and Apply to play; and a table through its
// Validate method (see [Rules]).
//
// The fields marked optional may be nil; every other function is required.
type Game[R Rules, S State[S, A, V], A cardrules.Action, V any] struct {
	// Pkg is the package's error prefix: every error Apply returns reads
	// "Pkg: ...".
	Pkg string
	// Sentinels are the package's sentinel errors; every error Apply
	// returns must match one of them with errors.Is (optional: an empty
	// list skips that check).
	Sentinels []error

	// Presets are the tables the game ships, in the layouts worth checking.
	Presets []R
	// RandomRules draws a table over every field of R, wild values
	// included; the harness plays only the tables the Rules' Validate
	// accepts and counts the others. Nil plays the presets only.
	RandomRules func(r Rand) R
	// New deals a game: the same rules and seed give the same State.
	New func(R, uint64) (S, error)
	// Shoe is every card a table plays with: the State's Cards always.
	Shoe func(R) card.Multiset

	// Compare is the game's documented order of the legal actions: Legal
	// must be strictly increasing under it. It may read the State (an
	// action's place can depend on the melds on the table).
	Compare func(s S, a, b A) int
	// Same reports whether two actions are the same choice, where Legal
	// lists one representative of several actions Apply accepts (optional:
	// nil means ==).
	Same func(a, b A) bool
	// ArbitraryAction draws an action for s that is mostly not legal:
	// forged values, other phases' actions, cards the player does not hold,
	// variants of the legal ones, which it is given (nil once the game is
	// over). Those Apply accepts must be listed by Legal.
	ArbitraryAction func(r Rand, s S, legal []A) A
	// Policy picks the action to play from the legal ones (optional: nil
	// picks uniformly at random). A game whose random play never reaches
	// some of its rules (a round won by going out, say) gives one that
	// reaches them; it must pick one of legal, from r alone.
	Policy func(r Rand, s S, legal []A) A

	// CheckMelds reports a meld on the table that breaks the table's meld
	// rules (optional: for games without melds).
	CheckMelds func(S) error
	// CheckScore reports a score that is not the sum of its breakdown, or
	// not what the rules make of the cards (optional).
	CheckScore func(S) error
	// CheckState reports any other broken invariant of a State, such as who
	// acts in which phase (optional).
	CheckState func(S) error
	// GameEnds reads, from the State alone and in the test's own words,
	// the rule that ends the game (optional): scored is whether s is a
	// point where the game may end (a round or hand just scored, or, for a
	// game of one deal, any position), and ends whether the rules end the
	// game there. On every checked step at such a point the harness checks
	// that Over agrees, both ways: a round that should end the game never
	// leaves it running, and one that should not never ends it.
	GameEnds func(S) (scored, ends bool)
	// CheckStep reports what is wrong with the step from before to after by
	// a legal action, such as the turn passing to the wrong seat (optional).
	CheckStep func(before S, a A, after S) error
	// CheckView reports where a seat's View disagrees with the State
	// (optional).
	CheckView func(s S, seat int, v V) error

	// Resample returns a State that differs from s only in what seat
	// cannot see, reshuffled from seed, and keeps every card of the shoe:
	// seat's View of it must equal its View of s. An error means no such
	// State was found this time; the harness counts those.
	Resample func(s S, seat int, seed uint64) (S, error)
	// Determinizing reports whether the View's Sample must accept s's
	// Views (optional: nil means always), for a game that samples only
	// positions in play. A View that is a [cardrules.Sampler] of S is
	// checked so: a State it samples from a seed must hold every card of
	// the shoe, and give the seat the View it was sampled from.
	Determinizing func(s S) bool
	// ViewOptions compare Views (optional: the harness compares every
	// field, unexported ones included, and treats nil and empty slices
	// and maps alike).
	ViewOptions cmp.Options

	// MaxLegal is the game's bound on len(Legal(s)), computed without
	// calling AppendLegal. A bound above LegalCeiling fails without calling
	// it, so that a table on which Legal would list millions of actions is
	// reported rather than played.
	MaxLegal func(S) int
	// LegalCeiling is the most actions the harness lets Legal list (0:
	// DefaultLegalCeiling).
	LegalCeiling int

	// Describe says where a game stands, for failure reports (optional).
	Describe func(S) string

	// CheckSteps is the most actions [Check] plays of a game (0: to the
	// end); termination is Campaign's to check.
	CheckSteps int
	// DeepOneIn gives one step in DeepOneIn the deep checks, which cost
	// more than the rest together: the State's and a View's JSON round
	// trips, secrecy, the JSON of what refusals hand back, goroutines
	// sharing the State, and whether Apply changed the State it was given
	// (0 or 1: every step). The env var CARDRULES_DEEP overrides it.
	DeepOneIn int

	// ApplyCap is the most listed actions of one step Apply is tried on; a
	// longer list is sampled (0: every action up to 400). The env var
	// CARDRULES_APPLY overrides it, for long campaigns that trade this
	// check's breadth for more games.
	ApplyCap int

	// CheckOneIn gives one step in CheckOneIn the step checks: the State's
	// invariants and cards before the step, Legal's order and bound, Apply
	// on the listed actions and arbitrary ones, text round trips, and
	// Apply's determinism (0 or 1: every step). The other steps only play
	// the action drawn, which Legal must list and Apply accept; the State
	// a game ends in is always checked, and the replay too. Long campaigns
	// use it to play more games. The env var CARDRULES_CHECK overrides it.
	CheckOneIn int

	// Workers is how many games a [Campaign] plays at once, each on its own
	// goroutine (0 or 1: one at a time). A game is the same whichever
	// worker plays it; only the order in which failures are reported
	// changes. The env var CARDRULES_WORKERS overrides it.
	Workers int

	// Budget is the most actions [Campaign] and [Replay] play of one game
	// (0: until the game ends or exceeds the Rules' MaxActions). A game cut short is
	// counted in [Stats].Cut, not failed. The env var CARDRULES_BUDGET
	// overrides it.
	Budget int
}

// DefaultLegalCeiling is the most actions Legal may list when a Game sets
// no LegalCeiling.
const DefaultLegalCeiling = 100_000

// How much of each step the harness checks.
const (
	// applyCap is the most listed actions of one step Apply is tried on;
	// a longer list is sampled.
	applyCap = 400
	// textSample is how many listed actions of a step round-trip through
	// JSON and text, besides the one played.
	textSample = 6
	// arbitraryPerStep is how many arbitrary actions each step tries.
	arbitraryPerStep = 2
	// sharedOneIn: one deeply checked step in this many is shared with
	// goroutines (every one under the race detector).
	sharedOneIn = 4
	// raceShare: under the race detector the harness plays one game (or
	// step) in this many.
	raceShare = 4
	// quickShare: without CARDRULES_FULL (see [Full]) the harness plays
	// one game, and a test one case, in this many.
	quickShare = 3
	// quickSteps: without CARDRULES_FULL [Check] plays the first
	// CheckSteps/quickSteps actions of each game.
	quickSteps = 4
	// The settings of the long mode (CARDRULES_LONG=1): see Game.CheckOneIn,
	// Game.DeepOneIn and Game.ApplyCap.
	longCheckOneIn = 8
	longDeepOneIn  = 1000
	longApplyCap   = 4
	// fromFull and fromDeep: a game played from a position ([From]) gets
	// the step checks on each of its first fromFull steps, those nearest
	// the position its test made, and the deep checks too on the first
	// fromDeep.
	fromFull = 12
	fromDeep = 3
	// checkpointEvery: every this many steps a state is kept and checked
	// again at the end of the game, to catch later play writing into it.
	checkpointEvery = 50
)

func (g *Game[R, S, A, V]) ceiling() int {
	if g.LegalCeiling > 0 {
		return g.LegalCeiling
	}
	return DefaultLegalCeiling
}

func (g *Game[R, S, A, V]) same(a, b A) bool {
	if g.Same != nil {
		return g.Same(a, b)
	}
	return a == b
}

func (g *Game[R, S, A, V]) viewOptions() cmp.Options {
	if g.ViewOptions != nil {
		return g.ViewOptions
	}
	return cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true }), cmpopts.EquateEmpty()}
}

func (g *Game[R, S, A, V]) describe(s S) string {
	if g.Describe == nil {
		return ""
	}
	return " (" + g.Describe(s) + ")"
}
