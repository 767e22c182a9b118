package cardrules

import (
	"fmt"
	"strconv"

	"github.com/cardrules/cardrules/internal/errs"
)

// Action is what every game's action is: a plain comparable value (two
// equal actions are the same choice) with a text form a person can type,
// which the game's ParseAction reads back.
type Action interface {
	comparable
	fmt.Stringer
}

// State is the shape every game's State has, whatever the game: S is the
// game's own State type, A its Action and V its View. Every method is
// pure: a State is an immutable value, safe to keep, compare and share
// across goroutines.
//
//   - IsValid reports whether the State holds a game. The zero State
//     holds none: its ToAct is -1, its Seats 0, and it is Over.
//   - ToAct is the seat to act, 0 to Seats-1, and -1 once the game is over.
//   - Seats is the number of seats at the table (1 for a patience).
//   - Over reports whether the game has ended.
//   - Seq counts the actions played since the deal (a new round's deal
//     included), so a client can ask what happened since it last looked.
//   - View is everything seat may know, and nothing else.
//   - ViewInto sets *v to View(seat), reusing the storage of *v: a search
//     that shows a View at every step allocates nothing.
//   - AppendLegal appends every legal action of the seat to act to dst, in
//     the game's documented order, and returns the extended slice.
//   - Apply returns the State after a, or an error naming the broken rule
//     and the State unchanged; it is the game package's Apply function.
//   - Outcome is where the game leaves seat: its points and, once the game
//     is over, whether it won.
//
// Each game package asserts at compile time that its State satisfies State,
// so a program written once against this constraint (a play loop, a search
// player, a test harness) plays every game.
type State[S any, A Action, V any] interface {
	IsValid() bool
	ToAct() int
	Seats() int
	Over() bool
	Seq() int
	View(seat int) V
	ViewInto(v *V, seat int)
	AppendLegal(dst []A) []A
	Apply(a A) (S, error)
	Outcome(seat int) Outcome
}

// Sampler is the shape of every game's View: a whole State the View's
// seat could be in can be dealt from it. S is the game's State type.
//
//   - Sample returns such a State, what the View hides (other hands, the
//     stock's order) dealt from seed: its View for that seat is the View
//     sampled. It is the game package's Determinize. An error wraps the
//     game's ErrPosition: a View no game produces, or one the game's
//     Determinize says it cannot deal from.
//
// A search player deals many States from the one View it is shown and
// plays its choices out in them: it cannot see a hidden card.
type Sampler[S any] interface {
	Sample(seed uint64) (S, error)
}

// Outcome is where a game leaves one seat, as a game's Totals and Winners
// say it for the seat's side. Points is the side's game total: the sum of
// its rounds scored so far. A seat of a team has its team's points; a
// Cutthroat Canasta partner has its own. Won is set once the game is over,
// for each seat of a side with the best total (several on a tie); a
// patience is won by clearing it, not on points. The zero Outcome is that
// of a seat that has scored nothing and not won, and of a seat outside the
// table.
type Outcome struct {
	Points int  `json:"points"`
	Won    bool `json:"won"`
}

// Outcomes returns the Outcome of every seat of s, seat 0 first.
func Outcomes[S State[S, A, V], A Action, V any](s S) []Outcome {
	out := make([]Outcome, s.Seats())
	for seat := range out {
		out[seat] = s.Outcome(seat)
	}
	return out
}

// Player chooses an action for the seat a View belongs to, from that View
// alone: it cannot use a card its seat may not see. Every game's computer
// players are Players.
type Player[V any, A Action] interface {
	Choose(view V) A
}

// The errors of the play loop, [Step] and [Run]; each wraps one of these.
var (
	// ErrNoPlayer: the seat to act has no player.
	ErrNoPlayer = NewRule("ErrNoPlayer", "no player for the seat to act")
	// ErrIllegal: a player chose an action the game refused.
	ErrIllegal = NewRule("ErrIllegal", "a player chose an illegal action")
	// ErrEndless: the game did not end within the loop's limit.
	ErrEndless = NewRule("ErrEndless", "the game did not end")
)

// rootError is an error of the play loop: "cardrules: rule: detail",
// wrapping the rule's sentinel and, for an illegal action, the game's own
// error, whose text follows without its package prefix (the library's
// errors name their package once).
type rootError struct {
	rule   error
	detail string
	cause  error
}

func (e *rootError) Error() string {
	msg := "cardrules: " + e.rule.Error() + ": " + e.detail
	if e.cause != nil {
		msg += ": " + errs.Unprefixed(e.cause)
	}
	return msg
}

func (e *rootError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.rule}
	}
	return []error{e.rule, e.cause}
}

// Step asks the player of the seat to act for an action, from that seat's
// View, and applies it. It returns the new State and the action chosen; an
// error wraps [ErrNoPlayer] (no player for the seat, or the game is over)
// or [ErrIllegal] with the game's own error, and the State is then s. A
// State that holds no game (the zero State) is an error wrapping
// [ErrGame].
func Step[S State[S, A, V], A Action, V any](s S, players []Player[V, A]) (S, A, error) {
	if !s.IsValid() {
		var zero A
		return s, zero, zeroState()
	}
	seat := s.ToAct()
	if seat < 0 || seat >= len(players) || players[seat] == nil {
		var zero A
		return s, zero, noPlayer(s.Over(), seat, len(players))
	}
	return choose(s, players[seat], seat)
}

// zeroState is the error of a loop given a State that holds no game.
func zeroState() error {
	return &rootError{rule: ErrGame, detail: "the zero State holds no game: start one with the game's New or Deal"}
}

// noPlayer is the error of a loop with no player for seat, the seat to
// act, out of seats; over tells whether the game is over.
func noPlayer(over bool, seat, seats int) error {
	detail := "seat " + strconv.Itoa(seat) + " of " + strconv.Itoa(seats)
	if over {
		detail = "the game is over"
	}
	return &rootError{rule: ErrNoPlayer, detail: detail}
}

// choose asks p, the player of seat, the seat to act, for an action from
// that seat's View and applies it, as [Step] does.
func choose[S State[S, A, V], A Action, V any](s S, p Player[V, A], seat int) (S, A, error) {
	a := p.Choose(s.View(seat))
	next, err := s.Apply(a)
	if err != nil {
		return s, a, &rootError{rule: ErrIllegal, detail: "seat " + strconv.Itoa(seat) + " chose " + errs.Quote(a.String()), cause: err}
	}
	return next, a, nil
}

// Options says how [Run] and [RunTable] play a game: S is what the game
// is (the game's State, or a [Table]) and A what an action is (the game's
// Action, or an action's text). The zero Options plays to the end.
type Options[S, A any] struct {
	// Limit stops the game with an error wrapping [ErrEndless] after that
	// many actions (0: no limit), so that a faulty player cannot loop
	// for ever.
	Limit int
	// Until, if set, stops the game early, without an error, as soon as it
	// reports true for the game reached (after a given number of rounds,
	// say). It is asked before every action, the first included.
	Until func(S) bool
	// Observe, if set, is called after every action with the seat that
	// played, its action and the game it led to.
	Observe func(seat int, a A, next S)
}

// Run lets players, one per seat, play s until the game is over or o.Until
// stops it, and returns the State reached. Each player sees only its
// seat's View. After o.Limit actions it stops with an error wrapping
// [ErrEndless]; any other error is [Step]'s. The State returned with an
// error is the last one reached, before the action that failed. A State
// that holds no game (the zero State) is an error wrapping [ErrGame].
func Run[S State[S, A, V], A Action, V any](s S, players []Player[V, A], o Options[S, A]) (S, error) {
	if !s.IsValid() {
		return s, zeroState()
	}
	for n := 0; !s.Over(); n++ {
		if o.Until != nil && o.Until(s) {
			return s, nil
		}
		if o.Limit > 0 && n >= o.Limit {
			return s, endless(o.Limit)
		}
		seat := s.ToAct()
		next, a, err := Step(s, players)
		if err != nil {
			return s, err
		}
		if o.Observe != nil {
			o.Observe(seat, a, next)
		}
		s = next
	}
	return s, nil
}

// endless is the error of a loop stopped after limit actions.
func endless(limit int) error {
	return &rootError{rule: ErrEndless, detail: "no end after " + strconv.Itoa(limit) + " actions"}
}

// Legal returns every legal action of the seat to act in s, in the game's
// documented order: s.AppendLegal(nil).
func Legal[S State[S, A, V], A Action, V any](s S) []A { return s.AppendLegal(nil) }
