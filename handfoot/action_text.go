package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"strings"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/record"
)

// String returns the ref's text form: the rank, followed by "#N" for the
// N-th meld of the rank after the first: "9", "9#2", "10#3". A ref no
// action can carry (an index outside 0..254, no rank) is written "invalid".
func (r Ref) String() string {
	if r.Index < 0 || r.Index > 254 || !r.Rank.IsValid() {
		return "invalid"
	}
	return string(family.AppendRef(make([]byte, 0, 8), family.Ref(r)))
}

// ParseRef reads a meld reference: a rank (A, 2-9, 10 or T, J, Q, K, in
// either case), optionally followed by "#" and the meld's number among the
// team's melds of that rank, 1 to 255: "9", "9#2", "t#3". "9#1" is the same
// as "9". Surrounding space is ignored. The error wraps [ErrMalformed].
func ParseRef(s string) (Ref, error) {
	r, reason := family.ParseRef(strings.TrimSpace(s))
	if reason != "" {
		return Ref{}, errs.New(pkg, ErrMalformed, reason)
	}
	return Ref(r), nil
}

// String returns the action's canonical text form ("draw", "take to #2",
// "meld 7C 7H 2S JK", ...; the grammar is at [ParseAction]), which
// ParseAction reads back to the same action. An action no constructor
// builds, such as the zero Action, is "invalid", which ParseAction rejects.
func (a Action) String() string {
	if !a.valid() {
		return "invalid"
	}
	return string(a.f.AppendText(make([]byte, 0, 24)))
}

// AppendText appends the action's text form, as [Action.String] writes it,
// to b. It implements [encoding.TextAppender]. An action no constructor
// builds, the zero Action included, is an error wrapping [ErrMalformed] and
// leaves b as it was.
func (a Action) AppendText(b []byte) ([]byte, error) {
	return a.f.AppendTextErr(pkg, a.valid(), b)
}

// valid reports whether a is an action a constructor builds: well formed,
// and melding no threes (Hand and Foot never melds them).
func (a Action) valid() bool {
	return a.f.WellFormed() && !((a.f.Kind == family.Meld || a.f.Kind == family.Add) && a.f.Rank == card.Three)
}

// MarshalText implements [encoding.TextMarshaler]: JSON carries the text
// form, json.Marshal(Draw()) is `"draw"`. See [Action.AppendText].
func (a Action) MarshalText() ([]byte, error) {
	b, err := a.AppendText(make([]byte, 0, 24))
	if err != nil {
		return nil, err
	}
	return b, nil
}

// maxActionText is the most bytes of an action's text: a shoe's cards,
// each in at most 8 bytes with its separator ("10♣, "), and the words.
const maxActionText = 8*maxShoe + 64

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseAction].
// On error a is unchanged.
func (a *Action) UnmarshalText(text []byte) error { return record.Set(a, ParseAction, text) }

// ParseAction reads an action in its text form. [Action.String] writes the
// canonical form: lower-case verbs, cards in card notation, single spaces.
//
//	draw
//	take                       the upcard and a natural pair as a new meld
//	take to #N                 the upcard onto the team's N-th meld of its rank: take to #1
//	take to RANK#N             a wild upcard onto the team's meld RANK#N: take to 9#1
//	meld CARD CARD ...         meld 7C 7H 2S JK
//	add CARD ... to REF        add 9S 2C to 9, add 9S to 9#2
//	lay CARD on REF            lay 3H on 9, lay 3D on 9#2
//	discard CARD               discard KH
//	back
//	ask
//	yes | no
//	packet 1 | packet 2
//	next
//
// REF is a [Ref]: "9", "9#2". The cards of meld and add come in the order
// [Action.Cards] gives: natural cards by suit, then twos by suit, then
// jokers.
//
// ParseAction is lenient like a person typing. It takes:
//
//   - any case ("DRAW", "Meld 7h 7d 2c");
//   - any runs of space, and commas between cards ("meld 7H, 7D, 2C");
//   - the card notation the card package accepts ("th", "Q♦"), and ranks
//     as "10" or "T";
//   - a ref written "9#1" for "9";
//   - "take to 1" for "take to #1", and "take to K" for "take to K#1" (but
//     "take to 9" is "take to #9": a number alone is the meld's number);
//   - "take back", "takeback" and "undo" for "back";
//   - "y" and "n" for "yes" and "no";
//   - "to", "on" or "onto" before a meld.
//
// The cards of meld and add go through [Meld] and [Add], so the same rules
// apply: one rank, no threes, a natural card in a new meld.
//
// Every action ParseAction returns is one a constructor builds, and its
// String reads back to it. The error quotes s (its first 64 bytes): it
// wraps [ErrMalformed], [ErrMeld] for cards that break a meld rule ("meld
// 7H 8H 9H"), or [ErrNoMeld] for a meld no team can have ("add 2C to 3"),
// and for a bad card also the card package's error. Text longer than a
// shoe's cards could fill is refused before it is read, so ParseAction
// allocates at most a few kilobytes.
func ParseAction(s string) (Action, error) {
	if err := record.ActionLength(s, maxActionText, pkg, ErrMalformed); err != nil {
		return Action{}, err
	}
	f, err := family.Parse(pkg, kinds, false, s)
	if err != nil {
		return Action{}, err
	}
	return Action{f}, nil
}
