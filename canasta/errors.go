package canasta

import (
	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/family"
)

// pkg is the prefix of the package's error messages.
const pkg = "canasta"

// The sentinel errors: every rejection by [Apply], [ParseAction] or a
// constructor wraps one, to be matched with errors.Is, and its message is
// one line a player can read. The sentinels of play are the very values
// Hand and Foot's are (both games play on one engine), so one errors.Is
// serves both. The rules every game shares (ErrMalformed, ErrNotNow,
// ErrGameOver, ErrNotHeld, ErrMeld, ErrRules, ErrPreset, ErrDeal,
// ErrPosition, ErrRecord) are the root package's (cardrules.ErrNotNow is
// ErrNotNow), and [cardrules.Rule] returns the name of the sentinel an
// error wraps ("ErrPile").
var (
	ErrMalformed  = cardrules.ErrMalformed // no constructor builds this action, or its text is not one
	ErrNotNow     = cardrules.ErrNotNow    // not at this stage of the turn, or not this seat's to play
	ErrGameOver   = cardrules.ErrGameOver  // the game has ended
	ErrNotHeld    = cardrules.ErrNotHeld   // the cards are not in the player's hand
	ErrStock      = family.ErrStock        // the stock is empty, and the pile must be taken
	ErrPile       = family.ErrPile         // the pile cannot be taken so: frozen, no pair, a one-card pile...
	ErrBlocked    = family.ErrBlocked      // a black three on top blocks the pile
	ErrMeld       = cardrules.ErrMeld      // a meld rule is broken (also wraps the meld package's error)
	ErrNoMeld     = family.ErrNoMeld       // the team has no meld of that rank
	ErrSecondMeld = family.ErrSecondMeld   // one meld per rank per team: add to the one there is
	ErrMinimum    = family.ErrMinimum      // the team's first melds fall short of its minimum
	ErrKeepCard   = family.ErrKeepCard     // the last card cannot be melded or discarded: going out is not allowed
	ErrGoOut      = family.ErrGoOut        // going out needs a canasta (two with two players)
	ErrPermission = family.ErrPermission   // the partner said no to going out this turn
	ErrMustGoOut  = family.ErrMustGoOut    // the partner said yes: this turn must end by going out

	ErrRules    = cardrules.ErrRules    // wrapped by [Rules.Validate]'s errors
	ErrPreset   = cardrules.ErrPreset   // wrapped by [Preset]'s error
	ErrDeal     = cardrules.ErrDeal     // wrapped by [Deal]'s errors for a wrong shoe order
	ErrPosition = cardrules.ErrPosition // wrapped by [FromPosition]'s and JSON decoding's errors
	ErrRecord   = cardrules.ErrRecord   // wrapped by every error of [Replay] and of decoding a [Record] from text or JSON
)

// The fixed rejections, built once.
var (
	errNotAGame     = family.Fault{Code: family.NotAGame}.Err(pkg)
	errGameOver     = family.Fault{Code: family.Over}.Err(pkg)
	errRoundNotOver = family.Fault{Code: family.RoundNotOver}.Err(pkg)
)
