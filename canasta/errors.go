package canasta

import (
	"errors"
	"strconv"

	"github.com/cardrules/cardrules/internal/family"
)

// pkg prefixes every error of the package.
const pkg = "canasta"

// Sentinel errors name the rule an action breaks. Every rejection of
// [Apply], [ParseAction] and the constructors wraps one of them, so callers
// match with errors.Is and show the message, one line in a player's words.
// A broken meld rule also wraps the meld package's [*meld.Error].
//
// The sentinels of the turn are the same values as Hand and Foot's, the
// other canasta-family game of the library.
var (
	// ErrMalformed: an action no constructor builds, a constructor's
	// argument no action can carry, or text that is not an action.
	ErrMalformed = family.ErrMalformed
	// ErrNotNow: an action the phase of the turn does not allow.
	ErrNotNow = family.ErrNotNow
	// ErrGameOver: an action after the game has ended.
	ErrGameOver = family.ErrGameOver
	// ErrNotHeld: laying or discarding a card the player does not hold.
	ErrNotHeld = family.ErrNotHeld
	// ErrStock: drawing from an empty stock.
	ErrStock = family.ErrStock
	// ErrPile: taking the discard pile without meeting its conditions: a
	// frozen pile without a natural pair of the upcard's rank, a pile not
	// frozen without a pair, a natural card and a wild card, or a meld the
	// upcard goes on; a pile of one card by a player holding one card.
	ErrPile = family.ErrPile
	// ErrBlocked: taking the pile while a black three is on top.
	ErrBlocked = family.ErrBlocked
	// ErrMeld: a meld rule is broken; the error also wraps the meld
	// package's error. Black threes melded other than going out are one.
	ErrMeld = family.ErrMeld
	// ErrNoMeld: naming a meld the team does not have.
	ErrNoMeld = family.ErrNoMeld
	// ErrSecondMeld: a new meld of a rank the team has a meld of (one meld
	// per rank per team: add to it).
	ErrSecondMeld = family.ErrSecondMeld
	// ErrMinimum: the team's first melds do not reach the meld minimum.
	ErrMinimum = family.ErrMinimum
	// ErrKeepCard: the last card melded, or a hand of one card that could
	// not be discarded, while the team may not go out.
	ErrKeepCard = family.ErrKeepCard
	// ErrGoOut: going out without the canastas the rules require.
	ErrGoOut = family.ErrGoOut
	// ErrPermission: going out after the partner said no this turn.
	ErrPermission = family.ErrPermission
	// ErrMustGoOut: after the partner's yes, an action that would end the
	// turn without going out or leave no way to go out this turn.
	ErrMustGoOut = family.ErrMustGoOut

	// ErrRules is wrapped by every error of [Rules.Validate].
	ErrRules = errors.New("rules cannot be played")
	// ErrPreset is wrapped by the error of [Preset] for a name that is no
	// rule set.
	ErrPreset = errors.New("no such rule set")
	// ErrDeal is wrapped by the errors of [Deal] for a shoe order that
	// cannot be dealt under the rules.
	ErrDeal = errors.New("cannot deal")
	// ErrPosition is wrapped by every error of [FromPosition] and of
	// decoding a State from JSON.
	ErrPosition = errors.New("not a valid position")
)

// Rejections with a fixed message, built once.
var (
	errNotAGame     = family.Fault{Code: family.NotAGame}.Err(pkg)
	errGameOver     = family.Fault{Code: family.Over}.Err(pkg)
	errRoundNotOver = family.Fault{Code: family.RoundNotOver}.Err(pkg)
)

func itoa(n int) string { return strconv.Itoa(n) }
