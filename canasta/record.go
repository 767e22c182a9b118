package canasta

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/record"
)

// ErrRecord is wrapped by every error of [Replay] and of decoding a
// [Record] from text or JSON.
var ErrRecord = errors.New("not a valid game record")

// Record is a whole game as data, as chess keeps a game in PGN: the rules,
// how it was dealt, and every action played, in order. [State.Record]
// returns the record of a game so far; [Replay] plays it again to the same
// State. A record holds the seed, or the explicit order, so it tells every
// hidden card: it is for after the game, or for the server's own storage.
//
// Its text form (MarshalText) has one item per line:
//
//	canasta record
//	rules classic
//	seed 7
//	0: draw
//	0: meld 7C 7D 7H
//
// "rules" is a preset's name when the rules are one (with no names), and
// otherwise the rules as JSON on one line; "shoe 1 cards..." gives the
// explicit order round 1 was dealt from ([Deal]); "start {...}" the JSON of
// the Position a game restored with [FromPosition] began from. Each action
// is "seat: action text".
type Record struct {
	Rules Rules
	Seed  uint64 // shuffles every round not dealt from an explicit order
	// Shoe is the explicit order round 1 was dealt from ([Deal]), or nil.
	Shoe []card.Card `json:",omitempty"`
	// Start is the position the actions start from, for a game restored
	// with FromPosition; nil for a game dealt from the start.
	Start   *Position `json:",omitempty"`
	Actions []Action
}

// origin is how a game began: what its [Record] needs besides the actions.
// Rounds share it; it is never written after it is built.
type origin struct {
	seed  uint64
	shoe  []card.Card // round 1's explicit order, or nil
	start *State      // the fixed point a game restored with FromPosition began from
}

// Record returns the record of the game so far. For the zero State it is
// the zero Record.
func (s State) Record() Record {
	if s.r == nil || s.r.game == nil {
		return Record{}
	}
	g := s.r.game
	rec := Record{Rules: s.r.rules, Seed: g.seed, Shoe: append([]card.Card(nil), g.shoe...)}
	if len(rec.Shoe) == 0 {
		rec.Shoe = nil
	}
	if g.start != nil {
		p := g.start.fixedPosition()
		rec.Start = &p
	}
	for i := s.h.Log.Base(); i < s.h.Log.Len(); i++ {
		rec.Actions = append(rec.Actions, Action{f: s.h.Log.At(i).a})
	}
	return rec
}

// Replay plays rec again: it deals the game as rec says (or restores its
// Start) and applies every action in order. The error wraps [ErrRecord],
// and the error of the deal or of the action that failed.
func Replay(rec Record) (State, error) {
	s, err := rec.begin()
	if err != nil {
		return State{}, err
	}
	for i, a := range rec.Actions {
		next, err := Apply(s, a)
		if err != nil {
			return State{}, errs.Wrap(pkg, ErrRecord, "action "+itoa(i+1)+" ("+errs.Quote(a.String())+")", err)
		}
		s = next
	}
	return s, nil
}

// begin returns the State rec's actions start from.
func (rec Record) begin() (State, error) {
	var s State
	var err error
	switch {
	case rec.Start != nil && rec.Shoe != nil:
		return State{}, errs.New(pkg, ErrRecord, "a record that starts from a position gives no shoe")
	case rec.Start != nil && rec.Start.Rules != rec.Rules:
		return State{}, errs.New(pkg, ErrRecord, "the start position's rules are not the record's")
	case rec.Start != nil:
		s, err = FromPosition(*rec.Start)
	case rec.Shoe != nil:
		s, err = Deal(rec.Rules, rec.Shoe, rec.Seed)
	default:
		s, err = New(rec.Rules, rec.Seed)
	}
	if err != nil {
		return State{}, errs.Wrap(pkg, ErrRecord, "the deal", err)
	}
	return s, nil
}

// MarshalText writes the record's text form (see [Record]), each action
// with the seat that plays it when the record is replayed ("?" past an
// action the replay refuses).
func (rec Record) MarshalText() ([]byte, error) {
	t := record.Text{Seed: rec.Seed}
	if name := presetName(rec.Rules); name != "" {
		t.Rules = name
	} else {
		j, err := json.Marshal(rec.Rules)
		if err != nil {
			return nil, errs.Wrap(pkg, ErrRecord, "the rules", err)
		}
		t.Rules = string(j)
	}
	if rec.Shoe != nil {
		t.Shoes = [][]card.Card{rec.Shoe}
	}
	if rec.Start != nil {
		j, err := json.Marshal(rec.Start)
		if err != nil {
			return nil, errs.Wrap(pkg, ErrRecord, "the start position", err)
		}
		t.Start = string(j)
	}
	t.Seats = rec.seats()
	for _, a := range rec.Actions {
		t.Actions = append(t.Actions, a.String())
	}
	return t.Marshal(pkg), nil
}

// presetName returns the name of the preset r is, or "" (a table with
// players' names, or any change, is written as JSON).
func presetName(r Rules) string {
	for _, name := range [...]string{"classic", "two", "three"} {
		if p, _ := Preset(name); p == r {
			return name
		}
	}
	return ""
}

// seats returns the seat that plays each action the record replays, as
// far as it replays.
func (rec Record) seats() []int {
	s, err := rec.begin()
	if err != nil {
		return nil
	}
	return record.Seats(s, rec.Actions, State.ToAct, Apply)
}

// UnmarshalText reads a record's text form (see [Record]); each action's
// seat must be the seat to act when it is replayed. An error wraps
// [ErrRecord] and names the line; on error rec is unchanged.
func (rec *Record) UnmarshalText(text []byte) error {
	t, err := record.Parse(text, pkg, pkg, ErrRecord, 1)
	if err != nil {
		return err
	}
	var out Record
	line := func(n int, what string, cause error) error {
		return errs.Wrap(pkg, ErrRecord, "line "+itoa(n)+": "+what, cause)
	}
	if strings.HasPrefix(t.Rules, "{") {
		if err := json.Unmarshal([]byte(t.Rules), &out.Rules); err != nil {
			return errs.Wrap(pkg, ErrRecord, "the rules", err)
		}
	} else if out.Rules, err = Preset(t.Rules); err != nil {
		return errs.Wrap(pkg, ErrRecord, "the rules", err)
	}
	out.Seed = t.Seed
	if len(t.Shoes) > 0 {
		out.Shoe = t.Shoes[0]
	}
	if t.Start != "" {
		var p Position
		if err := json.Unmarshal([]byte(t.Start), &p); err != nil {
			return errs.Wrap(pkg, ErrRecord, "the start position", err)
		}
		out.Start = &p
	}
	for i, text := range t.Actions {
		a, err := ParseAction(text)
		if err != nil {
			return line(t.Lines[i], "the action", err)
		}
		out.Actions = append(out.Actions, a)
	}
	played := out.seats()
	for i, seat := range t.Seats {
		if i < len(played) && played[i] != seat {
			return line(t.Lines[i], "action "+itoa(i+1)+" ("+errs.Quote(t.Actions[i])+") is played by seat "+itoa(played[i])+", not "+itoa(seat), nil)
		}
	}
	*rec = out
	return nil
}
