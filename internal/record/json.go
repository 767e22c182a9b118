package record

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
)

// RulesJSON returns the JSON of a View's rules r: name as a JSON string
// when the rules are the preset of that name (name is "" when they are
// none), r's own JSON otherwise.
func RulesJSON[R any](r R, name string) (json.RawMessage, error) {
	if name != "" {
		return json.Marshal(name)
	}
	return json.Marshal(r)
}

// ReadRules reads a View's rules from data as [RulesJSON] writes them: a
// JSON string names a preset, which preset returns (its error is
// returned as it is); anything else is the rules' own JSON. Absent rules
// (no data, or null) are the zero R.
func ReadRules[R any](data json.RawMessage, preset func(string) (R, error)) (R, error) {
	var r R
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		return r, nil
	}
	if data[0] == '"' {
		var name string
		if err := json.Unmarshal(data, &name); err != nil {
			return r, err
		}
		return preset(name)
	}
	err := Unmarshal(data, &r, PositionLimits)
	return r, err
}

// WriteView returns the JSON of w, a View's JSON form, after setting its
// rules field, *rules, to the JSON [RulesJSON] writes of r, whose preset's
// name is name ("" for none).
func WriteView[R any](w any, rules *json.RawMessage, r R, name string) ([]byte, error) {
	var err error
	if *rules, err = RulesJSON(r, name); err != nil {
		return nil, err
	}
	return json.Marshal(w)
}

// ReadView reads data into w, a View's JSON form, and then its rules
// field, *rules, into *r as [ReadRules] reads them. JSON beyond
// [ViewLimits] is refused before anything is decoded.
func ReadView[R any](data []byte, w any, rules *json.RawMessage, r *R, preset func(string) (R, error)) error {
	if what := check(data, reflect.TypeOf(w), ViewLimits); what != "" {
		return errors.New(what)
	}
	if err := json.Unmarshal(data, w); err != nil {
		return err
	}
	read, err := ReadRules(*rules, preset)
	if err != nil {
		return err
	}
	*r = read
	return nil
}

// ViewErr returns err, an error of reading a View's JSON, as an error of
// pkg wrapping [cardrules.ErrView]. A library error inside the json
// package's is the cause, so that the package is named once.
func ViewErr(pkg string, err error) error {
	var lib *errs.Error
	if errors.As(err, &lib) {
		err = lib
	}
	return errs.Wrap(pkg, cardrules.ErrView, "", err)
}

// List returns s, or an empty slice when s is nil, so that JSON writes an
// empty list as [], not null. It allocates nothing.
func List[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// OpenRules deals a game of the rules data gives, in the form a View's
// rules take ([ReadRules]: a preset's name, or the rules in full), from
// seed with deal (the game's New, which validates them), as a Table of the
// game registered as pkg: what the registry's OpenRules does. A preset's
// name that is none is preset's error; rules that are no JSON of the
// game's Rules are an error of pkg wrapping [cardrules.ErrRules].
func OpenRules[R any, S cardrules.Recorded[S, A, V, E, Rec], A cardrules.Action, V, E any, Rec encoding.TextMarshaler, PA cardrules.TextAction[A]](
	pkg string, data []byte, seed uint64, preset func(string) (R, error), deal func(R, uint64) (S, error)) (cardrules.Table, error) {
	r, err := ReadRules(data, preset)
	if err != nil && !errors.Is(err, cardrules.ErrPreset) {
		return cardrules.Table{}, errs.Wrap(pkg, cardrules.ErrRules, "the rules are no JSON of the game's rules", err)
	}
	if err != nil {
		return cardrules.Table{}, err
	}
	s, err := deal(r, seed)
	if err != nil {
		return cardrules.Table{}, err
	}
	return cardrules.Erase[S, A, V, E, Rec, PA](pkg, s), nil
}

// Game returns the registry's record of the game registered as pkg, whose
// presets are presets (each named by name), whose default preset seats
// the numbers seats, which reads a preset with preset, deals with deal
// and opens a table with open: the Game every game package registers.
// R's MaxActions gives the registry's MaxActions.
func Game[R interface{ MaxActions() int }, S cardrules.Recorded[S, A, V, E, Rec], A cardrules.Action, V, E any, Rec encoding.TextMarshaler, PA cardrules.TextAction[A]](
	pkg string, presets []R, name func(R) string, seats []int, preset func(string) (R, error), deal func(R, uint64) (S, error),
	open func(preset string, seats int, seed uint64) (cardrules.Table, error)) cardrules.Game {
	names := make([]string, len(presets))
	for i, r := range presets {
		names[i] = name(r)
	}
	g := cardrules.Game{
		Name: pkg, Presets: names, Seats: seats, Open: open,
		OpenRules: func(rules []byte, seed uint64) (cardrules.Table, error) {
			return OpenRules[R, S, A, V, E, Rec, PA](pkg, rules, seed, preset, deal)
		},
		MaxActions: func(rules []byte) (int, error) {
			r, err := ReadRules(rules, preset)
			if err != nil && !errors.Is(err, cardrules.ErrPreset) {
				return 0, errs.Wrap(pkg, cardrules.ErrRules, "the rules are no JSON of the game's rules", err)
			}
			if err != nil {
				return 0, err
			}
			if n := r.MaxActions(); n > 0 {
				return n, nil
			}
			_, err = deal(r, 0) // rules the game refuses: its own error
			return 0, err
		},
		Load: func(data []byte) (cardrules.Table, error) { return cardrules.Decode[S, A, V, E, Rec, PA](pkg, data) },
	}
	var zero R
	if _, ok := any(zero).(shaped); ok {
		g.Shape = func(rules []byte) (cardrules.Shape, error) {
			r, err := ReadRules(rules, preset)
			if err != nil && !errors.Is(err, cardrules.ErrPreset) {
				return cardrules.Shape{}, errs.Wrap(pkg, cardrules.ErrRules, "the rules are no JSON of the game's rules", err)
			}
			if err != nil {
				return cardrules.Shape{}, err
			}
			return any(r).(shaped).Shape()
		}
	}
	return g
}

// shaped is a game's Rules that tell the size of their encodings for
// learning programs.
type shaped interface {
	Shape() (cardrules.Shape, error)
}
