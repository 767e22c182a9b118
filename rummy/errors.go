package rummy

import (
	"errors"
	"strconv"

	"github.com/cardrules/cardrules/internal/errs"
)

// pkg is the prefix of the package's error messages.
const pkg = "rummy"

// The sentinel errors: every rejection by [Apply], [ParseAction], a
// constructor or a decoder wraps one, to be matched with errors.Is, and its
// message is one line a player can read, such as
//
//	rummy: that card does not fit the meld: 9C on meld 2 (4C 5C 6C): only 3C or 7C fit
var (
	ErrMalformed = errors.New("not a well-formed action")           // no constructor builds this action, or its text is not one
	ErrNotNow    = errors.New("that is not allowed now")            // not at this stage of the turn
	ErrGameOver  = errors.New("the game is over")                   // the game has ended
	ErrNotHeld   = errors.New("you do not hold those cards")        // the cards are not in the player's hand
	ErrPile      = errors.New("the discard pile is empty")          // nothing to draw from the pile
	ErrMeld      = errors.New("that is not a run or a group")       // a new meld breaks the meld rules (wraps the meld package's error)
	ErrLayOff    = errors.New("that card does not fit the meld")    // a lay-off that does not extend its meld, or names no meld on the table
	ErrTaken     = errors.New("the card taken from the pile stays") // with [Rules].KeepTaken, the card drawn from the pile may not be discarded this turn

	ErrRules    = errors.New("rules cannot be played")  // wrapped by [Rules.Validate]'s errors
	ErrPreset   = errors.New("no such rule set")        // wrapped by [Preset]'s error
	ErrDeal     = errors.New("cannot deal")             // wrapped by [Deal]'s errors for a wrong shoe order
	ErrPosition = errors.New("not a valid position")    // wrapped by [FromPosition]'s and JSON decoding's errors
	ErrRecord   = errors.New("not a valid game record") // wrapped by [Replay]'s and a record's decoding errors
)

// fail returns the package's error for rule with detail.
func fail(rule error, detail string) error { return errs.New(pkg, rule, detail) }

func itoa(n int) string { return strconv.Itoa(n) }
