package record

import (
	"bytes"
	"encoding/json"
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
	err := json.Unmarshal(data, &r)
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
// field, *rules, into *r as [ReadRules] reads them.
func ReadView[R any](data []byte, w any, rules *json.RawMessage, r *R, preset func(string) (R, error)) error {
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

// List returns s, or an empty slice when s is nil, so that JSON writes an
// empty list as [], not null. It allocates nothing.
func List[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
