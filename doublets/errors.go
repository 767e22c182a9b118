package doublets

import (
	"errors"
	"strconv"

	"github.com/cardrules/cardrules/internal/errs"
)

// pkg is the prefix of the package's error messages.
const pkg = "doublets"

// The sentinel errors: every rejection by [Apply], [ParseAction], a
// constructor or a decoder wraps one, to be matched with errors.Is, and its
// message is one line a player can read, such as
//
//	doublets: that card does not go on the foundation: 9H on 6C: the foundation needs a queen
var (
	ErrMalformed  = errors.New("not a well-formed action")                // no constructor builds this action, or its text is not one
	ErrGameOver   = errors.New("the game is over")                        // won, or no move is left
	ErrFoundation = errors.New("that card does not go on the foundation") // not the rank the foundation needs, or a king
	ErrEmpty      = errors.New("there is no card there")                  // an empty reserve slot or waste
	ErrStock      = errors.New("the stock cannot be turned now")          // turning an empty stock, or redealing with cards in the stock or no pass left

	ErrRules    = errors.New("rules cannot be played")  // wrapped by [Rules.Validate]'s errors
	ErrPreset   = errors.New("no such rule set")        // wrapped by [Preset]'s error
	ErrDeal     = errors.New("cannot deal")             // wrapped by [Deal]'s errors for a wrong order
	ErrPosition = errors.New("not a valid position")    // wrapped by [FromPosition]'s and JSON decoding's errors
	ErrRecord   = errors.New("not a valid game record") // wrapped by [Replay]'s and a record's decoding errors

	// ErrSolver is wrapped by [Solution.Err] when the solver's line breaks
	// a rule: a fault in the solver, never in the caller's State, to be
	// reported as a bug.
	ErrSolver = errors.New("the solver's line is not the game's")
)

// fail returns the package's error for rule with detail.
func fail(rule error, detail string) error { return errs.New(pkg, rule, detail) }

func itoa(n int) string { return strconv.Itoa(n) }
