package canasta

import (
	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/family"
)

// pkg is the prefix of the package's error messages.
const pkg = "canasta"

// The sentinel errors: every rejection by [Apply], [ParseAction] or a
// constructor wraps one, to be matched with errors.Is, and its message is
// one line a player can read. Every sentinel is the root package's: the
// rules every game shares (ErrMalformed, ErrNotNow, ...) and those of the
// canasta family, which Hand and Foot shares (ErrPile, ErrMinimum, ...).
// cardrules.ErrPile is ErrPile, so one errors.Is serves both games, and
// [cardrules.Rule] returns the name of the sentinel an error wraps
// ("ErrPile").
var (
	ErrMalformed  = cardrules.ErrMalformed  // no constructor builds this action, or its text is not one
	ErrNotNow     = cardrules.ErrNotNow     // not at this stage of the turn, or not this seat's to play
	ErrGameOver   = cardrules.ErrGameOver   // the game has ended
	ErrNotHeld    = cardrules.ErrNotHeld    // the cards are not in the player's hand
	ErrStock      = cardrules.ErrStock      // the stock is empty, and the pile must be taken
	ErrPile       = cardrules.ErrPile       // the pile cannot be taken so: frozen, no pair, a one-card pile...
	ErrBlocked    = cardrules.ErrBlocked    // a black three on top blocks the pile
	ErrMeld       = cardrules.ErrMeld       // a meld rule is broken (also wraps the meld package's error)
	ErrNoMeld     = cardrules.ErrNoMeld     // the team has no meld of that rank
	ErrSecondMeld = cardrules.ErrSecondMeld // one meld per rank per team: add to the one there is
	ErrMinimum    = cardrules.ErrMinimum    // the team's first melds fall short of its minimum
	ErrKeepCard   = cardrules.ErrKeepCard   // the last card cannot be melded or discarded: going out is not allowed
	ErrGoOut      = cardrules.ErrGoOut      // going out needs a canasta (two with two players)
	ErrPermission = cardrules.ErrPermission // the partner said no to going out this turn
	ErrMustGoOut  = cardrules.ErrMustGoOut  // the partner said yes: this turn must end by going out

	ErrRules    = cardrules.ErrRules    // wrapped by [Rules.Validate]'s errors
	ErrPreset   = cardrules.ErrPreset   // wrapped by [Preset]'s error
	ErrDeal     = cardrules.ErrDeal     // wrapped by [Deal]'s errors for a wrong shoe order
	ErrPosition = cardrules.ErrPosition // wrapped by [FromPosition]'s and JSON decoding's errors
	ErrRecord   = cardrules.ErrRecord   // wrapped by every error of [Replay] and of decoding a [Record] from text or JSON
	ErrView     = cardrules.ErrView     // wrapped by every error of decoding a [View] from JSON
	ErrEncoding = cardrules.ErrEncoding // wrapped by the errors of the encodings for learning programs ([Rules.Shape])
)

// The fixed rejections, built once.
var (
	errNotAGame     = family.Fault{Code: family.NotAGame}.Err(pkg)
	errGameOver     = family.Fault{Code: family.Over}.Err(pkg)
	errRoundNotOver = family.Fault{Code: family.RoundNotOver}.Err(pkg)
)
