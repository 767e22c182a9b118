package handfoot

import (
	"github.com/cardrules/cardrules/internal/family"
)

// Legal returns every legal action of the seat to act ([State.ToAct]), in a
// fixed order. Actions go by [Kind]: draw, take, meld, add, lay, ask, back,
// discard, answer, packet, next. Takes as a new meld come first, then takes
// onto the team's melds in the order laid. Melds go by the meld's rank (ace
// first, then 4 to king). Adds go in the order the team's melds were laid.
// Within one rank or one meld, they go by the number of natural cards,
// twos and jokers, fewest first. Red threes and discards go by card. Every
// action it lists is accepted by [Apply]. After the
// partner's yes (rule set B) it lists only the actions that keep going out
// this turn possible, and never none; asking is listed only when the
// player can go out this turn.
//
// Two actions that lay the same number of natural cards, twos and jokers on
// the same meld differ only in the suits of those cards. No rule tells the
// suits apart. Legal lists one representative of each such class, taking
// suits in the order clubs, diamonds, hearts, spades.
// Apply accepts any member of a listed class: an action Apply accepts is
// listed up to that equivalence ([Equivalent]).
func Legal(s State) []Action { return AppendLegal(nil, s) }

// AppendLegal appends the legal actions of [Legal] to dst and returns the
// extended slice. With a reused buffer it allocates nothing in the common
// case. Its work grows with the number of choices: for each meld, the
// natural cards times the twos times the jokers the hand could lay on it —
// hundreds of actions for real hands. Its length is at most
// 61 + 3m + (c + k + m)(t + 1)(j + 1). Here the hand holds c cards besides
// its jokers, t of them twos, and j jokers. The team has m melds, and the
// hand holds k cards of their ranks (counted once per meld). At the largest
// tables [Rules.Validate] admits, random play meets a few thousand at most.
// The conformance tests check the bound on every step.
func AppendLegal(dst []Action, s State) []Action { return appendLegal(dst, &s) }

// appendLegal is AppendLegal of *s, which must be the caller's own copy:
// it notes there what Legal finds of going out.
func appendLegal(dst []Action, s *State) []Action {
	if s.r == nil {
		return dst
	}
	switch s.t.Phase {
	case family.Choosing:
		one, _ := Choose(0)
		two, _ := Choose(1)
		return append(dst, one, two)
	case family.RoundOver:
		return append(dst, Next())
	}
	// Whether the player may ask to go out takes the going-out solver: it
	// is decided once for the State, here or by Apply, and kept with its
	// log for the other (s is Legal's own copy).
	family.NoteOut(&s.h, &s.t)
	return family.AppendLegalAs(dst, &s.r.cfg, &s.t)
}

// Equivalent reports whether a and b are the same choice for the rules:
// equal, or laying the same number of natural cards, twos and jokers of the
// same rank on the same meld, whatever their suits.
func Equivalent(a, b Action) bool { return family.Equivalent(a.f, b.f) }

// Action is one family.Action in a struct, which AppendLegalAs casts to:
// loading the package checks it.
var _ = family.ActionLayout[Action]()
