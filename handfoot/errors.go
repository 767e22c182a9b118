package handfoot

import (
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/family"
)

// pkg prefixes every error of the package.
const pkg = "handfoot"

// Sentinel errors name the rule an action breaks. Every rejection of
// [Apply], [ParseAction] and the constructors wraps one of them, so callers
// match with errors.Is and show the message, one line in a player's words,
// to the player. A broken meld rule also wraps the meld package's
// [*meld.Error], which errors.As finds. Errors are values no caller can
// change.
//
// Every sentinel is the root package's: the rules every game shares
// (ErrMalformed, ErrNotNow, ...) and those of the canasta family, which
// Canasta shares (ErrPile, ErrMinimum, ...). cardrules.ErrPile is ErrPile,
// so one errors.Is serves both games, and [cardrules.Rule] returns the
// name of the sentinel an error wraps ("ErrPile").
var (
	// ErrMalformed: an action no constructor builds (a forged or corrupted
	// value), a constructor's argument no action can carry, or text that is
	// not an action.
	ErrMalformed = cardrules.ErrMalformed
	// ErrNotNow: an action the phase of the turn does not allow, such as
	// melding before drawing or drawing twice.
	ErrNotNow = cardrules.ErrNotNow
	// ErrGameOver: an action after the game has ended.
	ErrGameOver = cardrules.ErrGameOver
	// ErrNotHeld: laying or discarding a card the player does not hold.
	ErrNotHeld = cardrules.ErrNotHeld
	// ErrStock: drawing from an empty stock.
	ErrStock = cardrules.ErrStock
	// ErrPile: taking the discard pile without meeting its conditions: a
	// natural pair of the upcard's rank in the hand, or (rule set A) a team
	// meld the upcard can be added to.
	ErrPile = cardrules.ErrPile
	// ErrBlocked: taking the pile while a black three is on top.
	ErrBlocked = cardrules.ErrBlocked
	// ErrMeld: a meld rule is broken; the error also wraps the meld
	// package's error.
	ErrMeld = cardrules.ErrMeld
	// ErrNoMeld: naming a meld the team does not have.
	ErrNoMeld = cardrules.ErrNoMeld
	// ErrSecondMeld: a new meld of a rank while the team's meld of that
	// rank is not yet a canasta.
	ErrSecondMeld = cardrules.ErrSecondMeld
	// ErrMinimum: the team's first melds of the round do not reach the
	// meld minimum.
	ErrMinimum = cardrules.ErrMinimum
	// ErrKeepCard: the last card melded, or a foot left with one card that
	// could not be discarded, while the team may not go out.
	ErrKeepCard = cardrules.ErrKeepCard
	// ErrGoOut: going out without the canastas the rules require.
	ErrGoOut = cardrules.ErrGoOut
	// ErrPermission: going out, where the partner is asked, without the
	// partner's yes: not asked, a no, or cards laid before asking.
	ErrPermission = cardrules.ErrPermission
	// ErrMustGoOut: after the partner's yes, an action that would end the
	// turn without going out (a discard before the last card) or leave the
	// player no way to go out this turn.
	ErrMustGoOut = cardrules.ErrMustGoOut

	// ErrRules is wrapped by every error of [Rules.Validate].
	ErrRules = cardrules.ErrRules
	// ErrPreset is wrapped by the error of [Preset] for a name that is no
	// rule set.
	ErrPreset = cardrules.ErrPreset
	// ErrDeal is wrapped by the errors of [Deal] and [DealNext] for a shoe
	// order that cannot be dealt under the rules.
	ErrDeal = cardrules.ErrDeal
	// ErrPosition is wrapped by every error of [FromPosition] and of
	// decoding a State from JSON.
	ErrPosition = cardrules.ErrPosition
	// ErrRecord is wrapped by every error of [Replay] and of decoding a
	// [Record] from text or JSON.
	ErrRecord = cardrules.ErrRecord

	// ErrView is wrapped by every error of [View.UnmarshalJSON], and by the
	// error of [View.MarshalJSON] for a View no State gives.
	ErrView = cardrules.ErrView

	// ErrEncoding is wrapped by the errors of the encodings for learning
	// programs ([Rules.Shape]): rules without encodings, an id no legal
	// action has, a buffer of the wrong size.
	ErrEncoding = cardrules.ErrEncoding
)

// Rejections with a fixed message, built once.
var (
	errNotAGame     = family.Fault{Code: family.NotAGame}.Err(pkg)
	errGameOver     = family.Fault{Code: family.Over}.Err(pkg)
	errNotChoosing  = family.Fault{Code: family.NotChoosing}.Err(pkg)
	errRoundNotOver = family.Fault{Code: family.RoundNotOver}.Err(pkg)
)

func itoa(n int) string { return strconv.Itoa(n) }
