package handfoot

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/record"
	"github.com/cardrules/cardrules/meld"
)

// viewJSON is a View's JSON: its fields by their struct tags, but the
// rules as [record.RulesJSON] writes them.
type viewJSON struct {
	Rules json.RawMessage `json:"rules"`
	*viewFields
}

// viewFields is View without its JSON methods.
type viewFields View

// MarshalJSON writes the View in the library's JSON convention, as
// Canasta's View is written. Keys are lowerCamel (the View's fields,
// "toAct", "stockSize", "laidThisTurn"). The phase is a word ("melding").
// Cards are card strings, and every list of cards is an array of them
// ("hand", "footSeen", each of the two "packets"). Empty lists are [].
// Actions are their text ("legal": ["draw"], "since"). "answer" is 1 for
// yes, -1 for no and 0 for none. The melds of the turn's fixed point
// ("fixedMelds") are arrays of their cards. Each meld of a team is an
// object of how actions name it and its cards:
// {"ref": "9#2", "cards": ["9C", "9C", "9D", "2D"]} ([TeamView.MarshalJSON]).
//
// The rules are the rule set's name ("A" or "B") when they are one laid
// out for the table. That is, [Preset](r.Name) with
// [Rules.WithLayout](r.Players, r.Teams), its Names set to r's, equals r,
// and r names no seat past r.Players. The View must also list r.Players
// players named as r names them, and r.Teams teams (as every View a State
// gives does). The names of the
// players are then the "name" of each entry of "players". Other rules are
// written whole, an object of every field of [Rules], as a State's JSON
// writes them.
//
// The zero View, which a State gives a seat outside the table, is null. A
// View no State gives may have no JSON form: an unnamed phase, an invalid
// card or action is an error wrapping [ErrView].
func (v View) MarshalJSON() ([]byte, error) {
	if reflect.ValueOf(v).IsZero() {
		return []byte("null"), nil
	}
	v.Players, v.Teams, v.Legal, v.Results = record.List(v.Players), record.List(v.Teams), record.List(v.Legal), record.List(v.Results)
	v.Since, v.FixedMelds = record.List(v.Since), record.List(v.FixedMelds)
	w := viewJSON{viewFields: (*viewFields)(&v)}
	data, err := record.WriteView(&w, &w.Rules, v.Rules, v.rulesName())
	if err != nil {
		return nil, record.ViewErr(pkg, err)
	}
	return data, nil
}

// UnmarshalJSON reads what [View.MarshalJSON] writes, and the JSON of earlier
// versions. Keys match in any case. "answer" may be the word "yes", "no" or
// "" (for 1, -1 and 0). A meld object's other keys ("rank", "naturals",
// "canasta", ...) are skipped, as is every key a View has no field for. JSON
// written before a View showed the turn's fixed point ("late", "since",
// "fixedMelds", "fixedLaid", "laidCards") reads as a View of a turn at its
// fixed point. A rule set's name (read by [Preset]) is laid out for as many
// players and teams as the JSON lists, with the players' names: the identical
// Rules. The rules must pass [Rules.Validate], the phase must be there, and
// cards and actions must read as such. The View must be one a game under
// the rules shows. Its seat, team and turn are of the table, and it lists
// the table's players and teams. No count is below zero. Its cards are
// the shoe's, and with the cards face down make the shoe. It lists legal
// actions only for the seat to act, of its phase. A list left out reads as
// an empty one, and
// "legal", "since" and "fixedMelds" empty as nil, as [State.View] gives
// them.
//
// Every error wraps [ErrView], and on error v is unchanged. null leaves v
// unchanged. Called through json.Unmarshal, text that is not JSON at all
// is the json package's *json.SyntaxError.
func (v *View) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var next View
	w := viewReadJSON{viewJSON: viewJSON{viewFields: (*viewFields)(&next)}, Answer: (*answerJSON)(&next.Answer)}
	laidOut := func(name string) (Rules, error) {
		r, err := Preset(name)
		switch {
		case err != nil:
			return Rules{}, err
		case len(next.Players) > MaxPlayers:
			return Rules{}, errs.New(pkg, ErrRules, itoa(len(next.Players))+" players: at most "+itoa(MaxPlayers))
		}
		r = r.WithLayout(len(next.Players), len(next.Teams))
		for i, p := range next.Players {
			r.Names[i] = p.Name
		}
		return r, nil
	}
	err := record.ReadView(data, &w, &w.Rules, &next.Rules, laidOut)
	switch {
	case err != nil:
	case next.Phase == 0:
		err = errors.New("the phase is missing")
	default:
		err = next.Rules.Validate()
	}
	if err == nil {
		err = next.check()
	}
	if err != nil {
		return record.ViewErr(pkg, err)
	}
	next.Players, next.Teams, next.Results = record.List(next.Players), record.List(next.Teams), record.List(next.Results)
	if len(next.Legal) == 0 {
		next.Legal = nil
	}
	if len(next.Since) == 0 {
		next.Since = nil
	}
	if len(next.FixedMelds) == 0 {
		next.FixedMelds = nil
	}
	*v = next
	return nil
}

// viewReadJSON is the JSON a View reads: viewJSON, with the answer read
// as a number or a word.
type viewReadJSON struct {
	viewJSON
	Answer *answerJSON `json:"answer"`
}

// answerJSON is View.Answer as it reads from JSON: a number, or the word
// earlier versions wrote ("yes" 1, "no" -1, "" 0).
type answerJSON int

func (a *answerJSON) UnmarshalJSON(data []byte) error {
	for n, word := range [...]string{`"no"`, `""`, `"yes"`} {
		if string(data) == word {
			*a = answerJSON(n - 1)
			return nil
		}
	}
	return json.Unmarshal(data, (*int)(a))
}

// teamJSON is a TeamView's JSON: its fields by their struct tags, each
// meld with its ref.
type teamJSON struct {
	Team  int        `json:"team"` // first, as in every team's JSON
	Melds []meldJSON `json:"melds"`
	*teamFields
}

// teamFields is TeamView without its JSON methods.
type teamFields TeamView

// meldJSON is one meld of a team in JSON.
type meldJSON struct {
	Ref   string        `json:"ref"` // how actions name it: [Ref.String]
	Cards meld.RankMeld `json:"cards"`
}

// MarshalJSON writes the team by its fields' keys ("team", "melds",
// "canastas", "down", "minimum", "total"), each meld an object of how
// actions name it ([TeamView.Refs]) and its cards:
// {"ref": "9#2", "cards": ["9C", "9C", "9D", "2D"]}.
func (t TeamView) MarshalJSON() ([]byte, error) {
	w := teamJSON{Team: t.Team, Melds: make([]meldJSON, len(t.Melds)), teamFields: (*teamFields)(&t)}
	for i, ref := range t.Refs() {
		w.Melds[i] = meldJSON{ref.String(), t.Melds[i]}
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads what [TeamView.MarshalJSON] writes, the melds in
// order; a meld's ref, which its place among the melds gives, is not
// read. No melds read as nil, as [State.View] gives them. null leaves t
// unchanged; on error t is unchanged.
func (t *TeamView) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var next TeamView
	w := teamJSON{teamFields: (*teamFields)(&next)}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	next.Team = w.Team
	for _, m := range w.Melds {
		next.Melds = append(next.Melds, m.Cards)
	}
	*t = next
	return nil
}

// rulesName returns the name by which v's rules travel in JSON, or "" when
// they must travel whole: the rules' [presetName], when the players and
// teams v lists, from which the name is read back, are the rules' own.
func (v *View) rulesName() string {
	name := presetName(v.Rules)
	if name == "" || len(v.Players) != v.Rules.Players || len(v.Teams) != v.Rules.Teams {
		return ""
	}
	for i, p := range v.Players {
		if p.Name != v.Rules.Names[i] {
			return ""
		}
	}
	return name
}

// presetName returns the name by which r travels in JSON, or "" when r
// must travel whole: the rule set r names, laid out for r's table, with r's
// Names, is r, and r names no seat past its players.
func presetName(r Rules) string {
	p, err := Preset(r.Name)
	if err != nil || p.Name != r.Name || r.Players < 0 || r.Players > MaxPlayers {
		return ""
	}
	for _, name := range r.Names[r.Players:] {
		if name != "" {
			return ""
		}
	}
	p = p.WithLayout(r.Players, r.Teams)
	p.Names = r.Names
	if p != r {
		return ""
	}
	return r.Name
}
