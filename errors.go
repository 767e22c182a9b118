package cardrules

import "errors"

// The rules every game shares. Each game package exports them under the
// same names as the very same values (handfoot.ErrNotNow is
// cardrules.ErrNotNow), so one errors.Is matches a rejection whichever game
// made it:
//
//	if errors.Is(err, cardrules.ErrNotNow) { ... } // any game's "not now"
//
// A game's error reads "pkg: rule: what was wrong", where rule is the text
// of the sentinel it wraps: "rummy: that is not allowed now: draw first".
// [Rule] reads the sentinel's name back from an error.
var (
	// ErrMalformed: an action no constructor builds (a forged or corrupted
	// value), a constructor's argument no action can carry, or text that is
	// not an action.
	ErrMalformed = NewRule("ErrMalformed", "not a well-formed action")
	// ErrNotNow: an action the game allows, but not at this point: not at
	// this stage of the turn or the round (melding before drawing, drawing
	// twice, dealing the next round before this one is over), or a State
	// that is no game (the zero State).
	ErrNotNow = NewRule("ErrNotNow", "that is not allowed now")
	// ErrGameOver: an action after the game has ended.
	ErrGameOver = NewRule("ErrGameOver", "the game is over")
	// ErrNotHeld: laying off, melding or discarding a card the player does
	// not hold, in the games where a player holds a hand.
	ErrNotHeld = NewRule("ErrNotHeld", "you do not hold those cards")
	// ErrMeld: cards that break a rule of melds, in the games that meld;
	// the error also wraps the meld package's *meld.Error, which errors.As
	// finds, naming the meld rule broken.
	ErrMeld = NewRule("ErrMeld", "that breaks a meld rule")

	// ErrRules is wrapped by every error of a game's Rules.Validate: rules
	// no game can be played with.
	ErrRules = NewRule("ErrRules", "rules cannot be played")
	// ErrPreset is wrapped by the error of a game's Preset for a name that
	// is none of its rule sets.
	ErrPreset = NewRule("ErrPreset", "no such rule set")
	// ErrDeal is wrapped by the errors of a game's Deal (and DealNext) for
	// a shoe order that cannot be dealt under the rules.
	ErrDeal = NewRule("ErrDeal", "cannot deal")
	// ErrPosition is wrapped by every error of a game's FromPosition and of
	// decoding its State from JSON.
	ErrPosition = NewRule("ErrPosition", "not a valid position")
	// ErrRecord is wrapped by every error of a game's Replay and of
	// decoding its Record from text or JSON.
	ErrRecord = NewRule("ErrRecord", "not a valid game record")
	// ErrView is wrapped by every error of decoding a game's View from
	// JSON, and of writing the JSON of a View no State gives.
	ErrView = NewRule("ErrView", "not a valid view")
)

// The rules of the canasta family, which Hand and Foot and Canasta share:
// both games export these under the same names, as the very same values.
var (
	// ErrStock: drawing from an empty stock, or declining the pile that
	// must then be taken.
	ErrStock = NewRule("ErrStock", "the stock is empty")
	// ErrPile: taking the discard pile without meeting its conditions.
	ErrPile = NewRule("ErrPile", "you cannot take the discard pile")
	// ErrBlocked: taking the pile with a black three on top.
	ErrBlocked = NewRule("ErrBlocked", "a black three on top blocks the discard pile")
	// ErrNoMeld: adding to a meld the player's side does not have.
	ErrNoMeld = NewRule("ErrNoMeld", "your side has no such meld")
	// ErrSecondMeld: a new meld of a rank the side may not start again.
	ErrSecondMeld = NewRule("ErrSecondMeld", "your side may not start another meld of that rank")
	// ErrMinimum: first melds that do not reach the meld minimum.
	ErrMinimum = NewRule("ErrMinimum", "the first melds must reach the meld minimum")
	// ErrKeepCard: a meld step that leaves no card to discard.
	ErrKeepCard = NewRule("ErrKeepCard", "you must keep a card to discard")
	// ErrGoOut: going out without the canastas the rules require.
	ErrGoOut = NewRule("ErrGoOut", "your side lacks the canastas to go out")
	// ErrPermission: going out without the partner's yes, where it is
	// asked.
	ErrPermission = NewRule("ErrPermission", "your partner has not let you go out")
	// ErrMustGoOut: after the partner's yes, an action that does not lead
	// to going out this turn.
	ErrMustGoOut = NewRule("ErrMustGoOut", "your partner's yes binds you to go out this turn")
)

// rule is a sentinel error that knows its name.
type rule struct{ name, text string }

func (r *rule) Error() string { return r.text }

// NewRule returns a new sentinel error for a rule: text is its message, as
// it reads in "pkg: text: what was wrong", and name the name [Rule] reports
// for it and for every error wrapping it. name should be the name of the
// exported variable that holds the sentinel ("ErrNotNow"). Every sentinel
// of the library's games is made by NewRule, and a game written outside the
// library may use it for its own. Each call returns a distinct error, as
// errors.New does.
func NewRule(name, text string) error { return &rule{name: name, text: text} }

// Rule returns the name of the rule err breaks: the name of the first
// sentinel made by [NewRule] that err wraps, the outermost one first, so
// that a caller reads the rule without parsing the message. For an error
// of any game of the library it is the name of the sentinel variable in
// the game's package, the same in every game that shares the rule:
//
//	cardrules.Rule(err) == "ErrNotNow" // errors.Is(err, cardrules.ErrNotNow)
//	cardrules.Rule(err) == "ErrPile"   // errors.Is(err, handfoot.ErrPile)
//
// The names of the library's games never name two different rules: where
// two games share a name, they share the sentinel. The play loop's errors
// ([ErrIllegal], ...) are named too, before the game's error they wrap.
// Rule returns "" for nil and for an error that wraps no such sentinel (an
// error from outside the library, or one of the card, deck, meld and score
// packages, matched with errors.Is against their own sentinels).
func Rule(err error) string {
	var r *rule
	if errors.As(err, &r) {
		return r.name
	}
	return ""
}
