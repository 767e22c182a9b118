package doublets

import (
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
)

// pkg is the prefix of the package's error messages.
const pkg = "doublets"

// The sentinel errors: every rejection by [Apply], [ParseAction], a
// constructor or a decoder wraps one, to be matched with errors.Is, and its
// message is one line a player can read, such as
//
//	doublets: that card does not go on the foundation: 9H on 6C: the foundation needs a queen
//
// The rules every game shares (ErrMalformed, ErrNotNow, ErrGameOver,
// ErrRules, ErrPreset, ErrDeal, ErrPosition, ErrRecord, ErrView,
// ErrEncoding) are the root package's (cardrules.ErrGameOver is
// ErrGameOver), and [cardrules.Rule] returns the name of the sentinel an
// error wraps ("ErrFoundation").
var (
	ErrMalformed  = cardrules.ErrMalformed                                                        // no constructor builds this action, or its text is not one
	ErrNotNow     = cardrules.ErrNotNow                                                           // the rule every game shares; here only Apply of the zero State, which is no game, wraps it
	ErrGameOver   = cardrules.ErrGameOver                                                         // won, or no move is left
	ErrFoundation = cardrules.NewRule("ErrFoundation", "that card does not go on the foundation") // not the rank the foundation needs, or a king
	ErrEmpty      = cardrules.NewRule("ErrEmpty", "there is no card there")                       // an empty reserve slot or waste
	ErrTurn       = cardrules.NewRule("ErrTurn", "the stock cannot be turned now")                // redealing with cards in the stock, with no pass left or an empty waste

	ErrRules    = cardrules.ErrRules    // wrapped by [Rules.Validate]'s errors
	ErrPreset   = cardrules.ErrPreset   // wrapped by [Preset]'s error
	ErrDeal     = cardrules.ErrDeal     // wrapped by [Deal]'s errors for a wrong order
	ErrPosition = cardrules.ErrPosition // wrapped by [FromPosition]'s and JSON decoding's errors
	ErrRecord   = cardrules.ErrRecord   // wrapped by [Replay]'s and a record's decoding errors
	ErrView     = cardrules.ErrView     // wrapped by every error of decoding a [View] from JSON
	ErrEncoding = cardrules.ErrEncoding // an action id no legal action has, a buffer of the wrong size, a View no game shows

	// ErrSolver is wrapped by [Solution.Err] when the solver's line breaks
	// a rule: a fault in the solver, never in the caller's State, to be
	// reported as a bug.
	ErrSolver = cardrules.NewRule("ErrSolver", "the solver's line is not the game's")
)

// ErrStock is wrapped by the error of turning a card from an empty stock,
// as it is in every game for drawing from an empty stock. Redeal, if a
// pass is left.
var ErrStock = cardrules.ErrStock

// fail returns the package's error for rule with detail.
func fail(rule error, detail string) error { return errs.New(pkg, rule, detail) }

func itoa(n int) string { return strconv.Itoa(n) }
