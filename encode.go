package cardrules

import (
	"strconv"
)

// Shape is the size of a rule set's encodings for learning programs: how
// many action ids it has, and the dimensions of a seat's observation
// tensor. It is fixed for a rule set: every State and View of the rules
// has the same Shape.
type Shape struct {
	// Actions is the number of action ids: they run from 0 to Actions-1.
	Actions int `json:"actions"`
	// Observation is the dimensions of the observation tensor, the
	// outermost first. Its values are laid out row-major, as NumPy's are.
	Observation []int `json:"observation"`
}

// Size is the number of values in an observation: the product of the
// dimensions. A Shape without dimensions has size 0.
func (s Shape) Size() int {
	if len(s.Observation) == 0 {
		return 0
	}
	n := 1
	for _, d := range s.Observation {
		n *= d
	}
	return n
}

// ActionIDs numbers a game's actions for learning programs, as OpenSpiel
// does. Every game's State implements it, for the seat to act; each
// game's *View implements it through [Encoder], for the View's seat.
//
//   - Shape is the sizes of the rule set's encodings. An error wraps
//     [ErrEncoding]: house rules past the caps the game's package
//     documents.
//   - ActionID is the id of a: a number from 0 to Shape().Actions-1 that
//     depends on the rules alone, never on the State. Actions that differ
//     only in choices the rules do not tell apart (which of two equal
//     cards) share an id.
//   - ActionOf is the legal action that id names, the first of the legal
//     actions in the game's order whose id it is. An id no legal action
//     has is an error wrapping [ErrEncoding].
//   - Mask sets dst[id] for every id a legal action has, and clears the
//     others. dst must be Shape().Actions long.
//
// ActionID, ActionOf and Mask allocate nothing. Shape allocates its
// Observation, a new slice each call.
type ActionIDs[A Action] interface {
	Shape() (Shape, error)
	ActionID(a A) (int, error)
	ActionOf(id int) (A, error)
	Mask(dst []bool) error
}

// Encoder is what a learning program reads from a seat's View: the
// action ids and the legal mask of [ActionIDs], and the observation
// tensor. Each game's *View implements it. It encodes the View, not the
// State, so it cannot show a card the seat may not see.
//
//   - Observe writes the seat's observation into dst, which must be
//     Shape().Size() long. Each game's package documents what each plane
//     and scalar holds. It allocates nothing.
type Encoder[A Action] interface {
	ActionIDs[A]
	Observe(dst []float32) error
}

// ErrEncoding: the game has no encodings for learning programs, its rules
// go past the caps of its encodings, an action id names no legal action,
// or a buffer is not the Shape's size.
var ErrEncoding = NewRule("ErrEncoding", "no such encoding")

// encodingError is an error of the root package's encoding checks.
func encodingError(detail string) error {
	return &rootError{rule: ErrEncoding, detail: detail}
}

// Shape is the size of the table's encodings for learning programs: its
// rule set's action ids and observation tensor. A game without encodings
// is an error wrapping [ErrEncoding].
func (t Table) Shape() (Shape, error) {
	if t.t == nil {
		return Shape{}, noGame()
	}
	return t.t.Shape()
}

// Encode writes seat's observation tensor into obs and its legal mask
// into mask, as the game's [Encoder] does for seat's View. obs must be
// Shape().Size() long and mask Shape().Actions long; either may be nil to
// skip it. A seat not to act has no legal action: its mask is all false.
// Unlike the game's Encoder, Encode allocates: it makes the seat's View.
func (t Table) Encode(seat int, obs []float32, mask []bool) error {
	if t.t == nil {
		return noGame()
	}
	return t.t.Encode(seat, obs, mask)
}

// ActionID is the id of the action the text names, as the game's
// [ActionIDs] numbers it. A text that is no action is the game's error; a
// game without encodings is an error wrapping [ErrEncoding].
func (t Table) ActionID(action string) (int, error) {
	if t.t == nil {
		return 0, noGame()
	}
	return t.t.ActionID(action)
}

// ActionOf is the text of the legal action id names for the seat to act,
// as the game's [ActionIDs] says. An id no legal action has is an error
// wrapping [ErrEncoding].
func (t Table) ActionOf(id int) (string, error) {
	if t.t == nil {
		return "", noGame()
	}
	return t.t.ActionOf(id)
}

// encoderOf returns the Encoder of v, a View, and whether its game has
// encodings.
func encoderOf[A Action, V any](v *V) (Encoder[A], bool) {
	e, ok := any(v).(Encoder[A])
	return e, ok
}

// noEncoding is the error of a game without encodings.
func noEncoding(game string) error {
	return encodingError("the game " + strconv.Quote(game) + " has no encodings")
}

func (t erased[S, A, V]) Shape() (Shape, error) {
	ids, ok := any(t.s).(ActionIDs[A])
	if !ok {
		return Shape{}, noEncoding(t.game)
	}
	return ids.Shape()
}

func (t erased[S, A, V]) Encode(seat int, obs []float32, mask []bool) error {
	if err := t.seat(seat); err != nil {
		return err
	}
	v := t.s.View(seat)
	e, ok := encoderOf[A](&v)
	if !ok {
		return noEncoding(t.game)
	}
	if obs != nil {
		if err := e.Observe(obs); err != nil {
			return err
		}
	}
	if mask != nil {
		return e.Mask(mask)
	}
	return nil
}

func (t erased[S, A, V]) ActionID(action string) (int, error) {
	ids, ok := any(t.s).(ActionIDs[A])
	if !ok {
		return 0, noEncoding(t.game)
	}
	a, err := t.c.parse(action)
	if err != nil {
		return 0, err
	}
	return ids.ActionID(a)
}

func (t erased[S, A, V]) ActionOf(id int) (string, error) {
	ids, ok := any(t.s).(ActionIDs[A])
	if !ok {
		return "", noEncoding(t.game)
	}
	a, err := ids.ActionOf(id)
	if err != nil {
		return "", err
	}
	return a.String(), nil
}
