package meld

import (
	"errors"

	"github.com/cardrules/cardrules/internal/errs"
)

// Sentinel errors name the meld rule a combination breaks. Every error this
// package returns for bad cards is an [*Error] wrapping one of them, so
// callers match the rule with [errors.Is] and read the details with
// [errors.As].
var (
	// ErrMissing: taking back a card that is not on the meld.
	ErrMissing = errors.New("that card is not on the meld")
	// ErrInvalidCard: a card value that is not a card at all.
	ErrInvalidCard = errors.New("not a valid card")

	// Canasta family (same-rank melds).

	// ErrRank: a card whose rank is not the meld's, or a meld of a rank the
	// policy does not allow (threes, under most rule sets).
	ErrRank = errors.New("cards of that rank cannot be melded there")
	// ErrTooSmall: fewer cards than a meld needs (three, under most rule sets).
	ErrTooSmall = errors.New("a meld needs more cards")
	// ErrTooLarge: more cards than a meld may hold (a set of black threes
	// holds 3 or 4).
	ErrTooLarge = errors.New("a meld cannot hold that many cards")
	// ErrTooFewNaturals: fewer natural cards than a meld needs.
	ErrTooFewNaturals = errors.New("a meld needs more natural cards")
	// ErrTooManyWilds: more wild cards than a meld may hold.
	ErrTooManyWilds = errors.New("too many wild cards in one meld")
	// ErrWildRatio: the natural cards do not outnumber the wild cards as the
	// policy's [WildRatio] requires (for example, a rule set where every
	// meld must hold more natural than wild cards).
	ErrWildRatio = errors.New("too many wild cards for the natural cards")
	// ErrClosed: a card added to a canasta that takes no more cards (a rule
	// set may close a clean canasta at exactly seven cards).
	ErrClosed = errors.New("that canasta is closed")
	// ErrLocked: a wild card added to a clean canasta that a red three has
	// locked: under a rule set that lays red threes on completed clean
	// canastas, such a canasta must stay clean for good.
	ErrLocked = errors.New("a red three keeps that canasta clean")
	// ErrRedThree: a red three laid where the rules do not allow it.
	ErrRedThree = errors.New("a red three goes only on a completed clean canasta")

	// Rummy (runs and groups).

	// ErrNotRun: cards that are not three or more consecutive cards of one suit.
	ErrNotRun = errors.New("a run is three or more cards in sequence in one suit")
	// ErrNotGroup: cards that are not three or four cards of one rank.
	ErrNotGroup = errors.New("a group is three or four cards of one rank")
	// ErrLayOff: a card that does not extend the meld it is laid off on.
	ErrLayOff = errors.New("that card does not fit the meld")

	// Policies and text.

	// ErrPolicy: a [RankPolicy] no game can be played with; see
	// [RankPolicy.Check].
	ErrPolicy = errors.New("impossible meld policy")
	// ErrRankNotation: text that [RankSet.UnmarshalText] cannot read as a
	// list of ranks.
	ErrRankNotation = errors.New("invalid rank notation")
)

// Error is the error of every function of this package: cards or a policy
// that break a meld rule. It reads on one line as "meld: rule: detail", where
// rule is the text of the sentinel it wraps (such as [ErrWildRatio]) and
// detail says what was wrong in a player's words. Match the rule with
// [errors.Is]; a game that wraps a meld error finds it with [errors.As] and
// reads the broken rule with [Error.Rule]. Its fields are unexported: a
// caller cannot change an error another caller receives.
type Error struct{ e *errs.Error }

// Error returns "meld: " followed by [Error.Message].
func (e *Error) Error() string { return e.e.Error() }

// Message returns the rule and the detail without the "meld: " prefix, so
// that a game wrapping the error names the package once.
func (e *Error) Message() string { return e.e.Message() }

// Unwrap returns the rule's sentinel error and the cause, if any.
func (e *Error) Unwrap() []error { return e.e.Unwrap() }

// Rule returns the sentinel of the broken rule, such as [ErrWildRatio].
func (e *Error) Rule() error { return e.e.Rule() }

// Detail returns what was wrong, such as "7H 2C 2S: 1 natural card and 2
// wild cards", without the rule.
func (e *Error) Detail() string { return e.e.Detail() }

func ruleErr(rule error, detail string) error { return &Error{errs.New("meld", rule, detail)} }
