package meld

import "errors"

// Sentinel errors name the meld rule a combination breaks. Every error this
// package returns for bad cards is a [*RuleError] wrapping one of them, so
// callers match the rule with [errors.Is] and read the details with
// [errors.As].
var (
	// ErrMissing: taking back a card that is not on the meld.
	ErrMissing = errors.New("that card is not on the meld")
	// ErrInvalidCard: a card value that is not a card at all.
	ErrInvalidCard = errors.New("not a valid card")

	// Canasta family (same-rank melds).

	// ErrRank: a card whose rank is not the meld's, or a meld of a rank the
	// rules do not allow (threes in Hand and Foot, say).
	ErrRank = errors.New("cards of that rank cannot be melded there")
	// ErrTooSmall: fewer cards than a meld needs ("3 cards must be present in the meld").
	ErrTooSmall = errors.New("a meld needs more cards")
	// ErrTooLarge: more cards than a meld may hold (a set of black threes
	// holds 3 or 4).
	ErrTooLarge = errors.New("a meld cannot hold that many cards")
	// ErrTooFewNaturals: fewer natural cards than a meld needs.
	ErrTooFewNaturals = errors.New("a meld needs more natural cards")
	// ErrTooManyWilds: more wild cards than a meld may hold.
	ErrTooManyWilds = errors.New("too many wild cards in one meld")
	// ErrWildRatio: the wild cards are not outnumbered by the natural cards as
	// the rules require ("a dirty canasta must always have at least one more
	// card of the natural than of the wild").
	ErrWildRatio = errors.New("too many wild cards for the natural cards")
	// ErrClosed: a card added to a canasta that takes no more cards (a clean
	// canasta is closed at 7 cards under Hand and Foot rule set B).
	ErrClosed = errors.New("that canasta is closed")
	// ErrLocked: a wild card added to a clean canasta that a red three has
	// locked ("once a red three ends up on a completed clean canasta, the
	// canasta may not be dirtied").
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
)

// RuleError reports cards that break a meld rule. Rule is one of the
// package's sentinel errors; Detail says what was wrong in a player's words.
type RuleError struct {
	Rule   error  // the sentinel, such as ErrWildRatio
	Detail string // e.g. "7H 2C 2S: 1 natural card and 2 wild cards"
}

// Error returns "meld: " followed by the rule and the detail.
func (e *RuleError) Error() string {
	if e.Detail == "" {
		return "meld: " + e.Rule.Error()
	}
	return "meld: " + e.Rule.Error() + ": " + e.Detail
}

// Unwrap returns the rule's sentinel error.
func (e *RuleError) Unwrap() error { return e.Rule }

func ruleErr(rule error, detail string) error { return &RuleError{Rule: rule, Detail: detail} }
