package doublets

import (
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/record"
)

// Slots is the number of reserve slots.
const Slots = 7

// Kind is what an action does.
type Kind uint8

// The kinds of action, in the order [Legal] lists them. Each kind has a
// constructor of the same name without the prefix, as in every game:
// KindPlayWaste and [PlayWaste], and so on.
const (
	KindPlayWaste   Kind = 1 + iota // move the waste's top card to the foundation
	KindPlayReserve                 // move a reserve slot's card to the foundation
	KindTurn                        // turn the stock's top card onto the waste
	KindRedeal                      // turn the waste over to make the stock again
)

var kindNames = [...]string{"", "play waste", "play", "turn", "redeal"}

// String returns the kind's word in an action's text, or "Kind(N)" for a
// value that is no kind.
func (k Kind) String() string {
	if k >= 1 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

// Action is one move: a small comparable value, built by [PlayWaste],
// [PlayReserve], [Turn] or [Redeal], or read from text by [ParseAction].
// Its text form is also its JSON form:
//
//	play waste
//	play 3
//	turn
//	redeal
//
// The zero Action is no action: [Apply] refuses it with [ErrMalformed].
type Action struct {
	kind Kind
	from uint8 // PlayReserve: the slot, 1 to 7; 0 for the other kinds
}

// PlayWaste moves the waste's top card to the foundation.
func PlayWaste() Action { return Action{kind: KindPlayWaste} }

// PlayReserve moves the card of a reserve slot to the foundation; the
// slot is filled at once from the waste, or from the stock when the waste
// is empty. slot is an index into [State.Reserve], 0 to 6, as every index
// of the library's Go API counts from 0; the text counts from 1 ("play 1"
// plays slot 0). An error wraps [ErrMalformed] for a slot out of 0 to 6.
func PlayReserve(slot int) (Action, error) {
	if slot < 0 || slot >= Slots {
		return Action{}, fail(ErrMalformed, "reserve slot index "+itoa(slot)+": the slots are 0 to 6 (1 to 7 in text)")
	}
	return Action{kind: KindPlayReserve, from: uint8(slot + 1)}, nil
}

// Turn turns the stock's top card face up onto the waste.
func Turn() Action { return Action{kind: KindTurn} }

// Redeal turns the waste over, keeping its order, to make the stock again,
// once the stock is used up and a pass is left.
func Redeal() Action { return Action{kind: KindRedeal} }

// Kind returns what the action does (0 for the zero Action).
func (a Action) Kind() Kind { return a.kind }

// Slot returns the reserve slot a PlayReserve takes its card from, an
// index into [State.Reserve] (0 to 6; the text's "play 1" is slot 0), or
// -1 for the other kinds.
func (a Action) Slot() int {
	if a.kind != KindPlayReserve {
		return -1
	}
	return int(a.from) - 1
}

// valid reports whether a is an action a constructor builds.
func (a Action) valid() bool {
	switch a.kind {
	case KindPlayReserve:
		return a.from >= 1 && a.from <= Slots
	case KindPlayWaste, KindTurn, KindRedeal:
		return a.from == 0
	}
	return false
}

// String returns the action's text, such as "play 3"; the zero Action
// gives "none".
func (a Action) String() string {
	b, _ := a.AppendText(nil)
	return string(b)
}

// AppendText appends the action's text to b. It implements
// [encoding.TextAppender] and never fails.
func (a Action) AppendText(b []byte) ([]byte, error) {
	switch {
	case a == Action{}:
		return append(b, "none"...), nil
	case !a.valid():
		return append(b, "malformed"...), nil
	case a.kind == KindPlayReserve:
		return strconv.AppendInt(append(b, "play "...), int64(a.from), 10), nil
	}
	return append(b, a.kind.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler]: the action's text, also
// its JSON form. The zero Action has none: it is an error wrapping
// [ErrMalformed].
func (a Action) MarshalText() ([]byte, error) {
	if !a.valid() {
		return nil, fail(ErrMalformed, "the zero Action has no text")
	}
	return a.AppendText(nil)
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseAction];
// on error a is unchanged.
func (a *Action) UnmarshalText(text []byte) error { return record.Set(a, ParseAction, text) }

// maxActionText is the most bytes of an action's text: "play waste" and
// room for spaces.
const maxActionText = 64

// ParseAction reads an action's text: "turn", "redeal", "play waste" (or
// "play w"), or "play" and a reserve slot 1 to 7. Words may be of any case.
// An error wraps [ErrMalformed] and quotes the text; text longer than
// 64 bytes is refused before it is read.
func ParseAction(s string) (Action, error) {
	if err := record.ActionLength(s, maxActionText, pkg, ErrMalformed); err != nil {
		return Action{}, err
	}
	f := strings.Fields(strings.ToLower(s))
	switch {
	case len(f) == 1 && f[0] == "turn":
		return Turn(), nil
	case len(f) == 1 && f[0] == "redeal":
		return Redeal(), nil
	case len(f) == 2 && f[0] == "play" && (f[1] == "waste" || f[1] == "w"):
		return PlayWaste(), nil
	case len(f) == 2 && f[0] == "play":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > Slots {
			return Action{}, fail(ErrMalformed, errs.Quote(s)+": play waste, or play a reserve slot 1 to 7")
		}
		return PlayReserve(n - 1)
	}
	return Action{}, fail(ErrMalformed, errs.Quote(s)+": the actions are play waste, play 1 to 7, turn and redeal")
}
