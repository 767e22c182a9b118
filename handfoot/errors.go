package handfoot

import (
	"errors"
	"strconv"

	"github.com/cardrules/cardrules/card"
)

// Sentinel errors name the rule an action breaks. [Apply] returns a
// [*RuleError] that wraps one of them (and, for a broken meld rule, the
// [meld.RuleError] too), so callers match with [errors.Is] and show the
// message to the player.
var (
	// ErrMalformed: an action no constructor builds (a forged or corrupted
	// value), or text that is not an action.
	ErrMalformed = errors.New("not a well-formed action")
	// ErrNotNow: an action the phase of the turn does not allow, such as
	// melding before drawing or drawing twice.
	ErrNotNow = errors.New("that is not allowed now")
	// ErrGameOver: an action after the game has ended.
	ErrGameOver = errors.New("the game is over")
	// ErrNotHeld: a card the player does not hold.
	ErrNotHeld = errors.New("you do not hold those cards")
	// ErrStock: drawing from an empty stock.
	ErrStock = errors.New("the stock is empty")
	// ErrPile: taking the discard pile without meeting its conditions: "The
	// discard pile may only be taken by a player having a natural pair
	// matching the upcard ... or if they're able to add the upcard to an
	// existing meld" (rule set A); "the player must hold two matching cards
	// in his hand" (rule set B).
	ErrPile = errors.New("you cannot take the discard pile")
	// ErrBlocked: "A top discard of black 3's block the player from being
	// able to pick up the discard pile."
	ErrBlocked = errors.New("a black three on top blocks the discard pile")
	// ErrMeld: a meld rule is broken; the error also wraps the meld
	// package's rule error.
	ErrMeld = errors.New("that breaks a meld rule")
	// ErrNoMeld: a meld the team does not have.
	ErrNoMeld = errors.New("your team has no such meld")
	// ErrSecondMeld: a new meld of a rank while the team's meld of that
	// rank is not yet a canasta.
	ErrSecondMeld = errors.New("a second meld of a rank needs the first to be a canasta")
	// ErrMinimum: the team's first melds do not reach the meld minimum
	// ("Playing Down": "This is for the FIRST time any meld get put down").
	ErrMinimum = errors.New("the team's first melds must reach the meld minimum")
	// ErrKeepCard: the last card melded, or the hand left without a card to
	// discard, while the team may not go out.
	ErrKeepCard = errors.New("you must keep a card to discard")
	// ErrGoOut: going out without the canastas the rules require ("You are
	// not allowed to go out until you have a minimal number of canastas").
	ErrGoOut = errors.New("your team lacks the canastas to go out")
	// ErrPermission: going out under rule set B without the partner's yes
	// ("You must ask your partner if he wants to go out, and abide by his
	// decision").
	ErrPermission = errors.New("your partner has not let you go out")
)

// RuleError reports an action that breaks a rule. Rule is one of the
// package's sentinel errors; Detail says what was wrong in a player's words;
// Err, when set, is the underlying error (such as a [meld.RuleError]).
type RuleError struct {
	Rule   error
	Detail string
	Err    error
}

// Error returns "handfoot: " followed by the rule and the detail.
func (e *RuleError) Error() string {
	s := "handfoot: " + e.Rule.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the rule's sentinel and the underlying error, if any.
func (e *RuleError) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Rule, e.Err}
	}
	return []error{e.Rule}
}

func ruleError(rule error, detail string) error { return &RuleError{Rule: rule, Detail: detail} }

func itoa(n int) string { return strconv.Itoa(n) }

func cardList(cs []card.Card) string {
	b := make([]byte, 0, 3*len(cs))
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		b, _ = c.AppendText(b)
	}
	return string(b)
}
