package rummy

import (
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
)

// pkg is the prefix of the package's error messages.
const pkg = "rummy"

// The sentinel errors: every rejection by [Apply], [ParseAction], a
// constructor or a decoder wraps one, to be matched with errors.Is, and its
// message is one line a player can read, such as
//
//	rummy: that card does not fit the meld: 9C on meld 2 (4C 5C 6C): only 3C or 7C fit
//
// The rules every game shares (ErrMalformed, ErrNotNow, ErrGameOver,
// ErrNotHeld, ErrMeld, ErrRules, ErrPreset, ErrDeal, ErrPosition,
// ErrRecord, ErrView, ErrEncoding) are the root package's
// (cardrules.ErrNotNow is ErrNotNow), and [cardrules.Rule] returns the
// name of the sentinel an error wraps ("ErrLayOff").
var (
	ErrMalformed = cardrules.ErrMalformed                                              // no constructor builds this action, or its text is not one
	ErrNotNow    = cardrules.ErrNotNow                                                 // not at this stage of the turn
	ErrGameOver  = cardrules.ErrGameOver                                               // the game has ended
	ErrNotHeld   = cardrules.ErrNotHeld                                                // the cards are not in the player's hand
	ErrStock     = cardrules.ErrStock                                                  // drawing from an empty stock (play rebuilds the stock first)
	ErrEmptyPile = cardrules.NewRule("ErrEmptyPile", "the discard pile is empty")      // nothing to draw from the pile
	ErrMeld      = cardrules.ErrMeld                                                   // a new meld is no run or group (wraps the meld package's error)
	ErrLayOff    = cardrules.NewRule("ErrLayOff", "that card does not fit the meld")   // a lay-off that does not extend its meld, or names no meld on the table
	ErrTaken     = cardrules.NewRule("ErrTaken", "the card taken from the pile stays") // with [Rules].KeepTaken, the card drawn from the pile may not be discarded this turn
	ErrRules     = cardrules.ErrRules                                                  // wrapped by [Rules.Validate]'s errors
	ErrPreset    = cardrules.ErrPreset                                                 // wrapped by [Preset]'s error
	ErrDeal      = cardrules.ErrDeal                                                   // wrapped by [Deal]'s errors for a wrong shoe order
	ErrPosition  = cardrules.ErrPosition                                               // wrapped by [FromPosition]'s and JSON decoding's errors
	ErrRecord    = cardrules.ErrRecord                                                 // wrapped by [Replay]'s and a record's decoding errors
	ErrView      = cardrules.ErrView                                                   // wrapped by every error of decoding a [View] from JSON
	ErrEncoding  = cardrules.ErrEncoding                                               // an action id no legal action has, a buffer of the wrong size, a View no game shows
)

// ErrPile is the old name of [ErrEmptyPile]: canasta's and Hand and Foot's
// ErrPile is another rule (the conditions of taking the pile), and one name
// names one rule across the library.
//
// Deprecated: use ErrEmptyPile.
var ErrPile = ErrEmptyPile

// fail returns the package's error for rule with detail.
func fail(rule error, detail string) error { return errs.New(pkg, rule, detail) }

func itoa(n int) string { return strconv.Itoa(n) }
