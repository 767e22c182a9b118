package canasta

import "github.com/cardrules/cardrules/internal/family"

// Legal returns every legal action of the seat to act, in [Kind] order:
//
//   - the draw;
//   - the takes (with a natural pair, with a natural card and each wild
//     card held, by card, then onto the team's meld);
//   - new melds by rank (ace, black threes, four to king);
//   - adds to the team's melds in the order laid, each by the number of
//     natural cards, twos and jokers, fewest first;
//   - ask; take back; discards by card; answers yes then no; next.
//
// Of actions that differ only in the suits of cards no rule tells apart it
// lists one, suits taken clubs first. After the partner's yes it lists only
// the actions that keep going out this turn possible. It is empty only
// when the game is over.
func Legal(s State) []Action { return AppendLegal(nil, s) }

// AppendLegal appends Legal(s) to dst and returns the extended slice: with
// a reused buffer, listing the actions allocates nothing.
func AppendLegal(dst []Action, s State) []Action { return appendLegal(dst, &s) }

// appendLegal is AppendLegal of *s, which must be the caller's own copy:
// it notes there what Legal finds of going out.
func appendLegal(dst []Action, s *State) []Action {
	if s.r == nil {
		return dst
	}
	switch s.t.Phase {
	case family.GameOver:
		return dst
	case family.RoundOver:
		return append(dst, Next())
	}
	// Whether the player may ask "May I go out?" takes the going-out
	// solver: it is decided once for the State, here or by Apply, and kept
	// with its log for the other (s is Legal's own copy).
	family.NoteOut(&s.h, &s.t)
	return family.AppendLegalAs(dst, &s.r.cfg, &s.t)
}

// Equivalent reports whether a and b are the same choice for the rules:
// equal, or laying the same number of natural cards, twos and jokers of the
// same rank on the same meld, whatever their suits. Legal lists one action
// of each such choice; Apply accepts any of them.
func Equivalent(a, b Action) bool { return family.Equivalent(a.f, b.f) }

// Action is one family.Action in a struct, which AppendLegalAs casts to:
// loading the package checks it.
var _ = family.ActionLayout[Action]()
