package canasta

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/record"
)

// ErrRecord is wrapped by every error of [Replay] and of decoding a
// [Record] from text or JSON.
var ErrRecord = errors.New("not a valid game record")

// Record is a game as data, kept the way chess keeps a game in PGN: the
// rules, the seed or the shoe order it was dealt from (or the Position it
// was restored at), and its actions in order. [State.Record] gives a
// game's record; [Replay] plays one back to the same State. With the seed
// or the order, a record reveals every hidden card: keep it for after the
// game, or for the server's own storage.
//
// In text (MarshalText, UnmarshalText) a record is one item a line:
//
//	canasta record
//	rules classic
//	seed 7
//	0: draw
//	0: meld 7C 7D 7H
//
// The rules are a preset's name when they are one, else JSON on one line;
// "shoe 1 ..." lists the order round 1 was dealt from ([Deal]); "start
// ..." is the JSON of the Position the game was restored at; each action
// line is its seat, a colon and its text.
type Record struct {
	Rules   Rules
	Seed    uint64      // the shuffles of every round not dealt from Shoe
	Shoe    []card.Card `json:",omitempty"` // round 1's explicit order, from Deal; nil when shuffled
	Start   *Position   `json:",omitempty"` // where a game restored by FromPosition began; nil otherwise
	Actions []Action
}

// origin is how a game began: what its [Record] needs besides the actions.
// Rounds share it; it is never written after it is built.
type origin struct {
	seed  uint64
	shoe  []card.Card // round 1's explicit order, or nil
	start *State      // the fixed point a game restored with FromPosition began from
}

// Record returns the game's record up to s (the zero Record for the zero
// State).
func (s State) Record() Record {
	if s.r == nil || s.r.game == nil {
		return Record{}
	}
	g := s.r.game
	rec := Record{Rules: s.r.rules, Seed: g.seed, Shoe: slices.Clone(g.shoe)}
	if g.start != nil {
		p := g.start.fixedPosition()
		rec.Start = &p
	}
	rec.Actions = eventlog.Collect(s.h.Log, 0, func(_ int, e *entry) Action { return Action{e.a} })
	return rec
}

// Replay plays a record back: it deals the game (or restores its Start)
// and applies the actions in turn. An error wraps [ErrRecord] and the
// error of the deal or of the action refused.
func Replay(rec Record) (State, error) {
	s, err := rec.begin()
	if err != nil {
		return State{}, err
	}
	return family.ReplayActions(pkg, ErrRecord, s, rec.Actions, Apply)
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
	t := record.Text{Seed: rec.Seed, Rules: presetName(rec.Rules), Seats: rec.seats()}
	var err error
	if t.Rules == "" {
		if t.Rules, err = record.JSON(rec.Rules, pkg, ErrRecord, "the rules"); err != nil {
			return nil, err
		}
	}
	if rec.Start != nil {
		if t.Start, err = record.JSON(rec.Start, pkg, ErrRecord, "the start position"); err != nil {
			return nil, err
		}
	}
	if rec.Shoe != nil {
		t.Shoes = [][]card.Card{rec.Shoe}
	}
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

// seats returns who plays each of the record's actions, replaying as far
// as the replay goes.
func (rec Record) seats() []int {
	s, err := rec.begin()
	if err != nil {
		return nil
	}
	return record.Seats(s, rec.Actions, State.ToAct, Apply)
}

// UnmarshalText reads a record from its text (see [Record]). Each action
// line's seat must be the seat that plays it in the replay. An error wraps
// [ErrRecord] and gives the line; rec is changed only on success.
func (rec *Record) UnmarshalText(text []byte) error {
	t, err := record.Parse(text, pkg, pkg, ErrRecord, 1)
	if err != nil {
		return err
	}
	out := Record{Seed: t.Seed}
	if len(t.Shoes) > 0 {
		out.Shoe = t.Shoes[0]
	}
	if !strings.HasPrefix(t.Rules, "{") {
		out.Rules, err = Preset(t.Rules)
	} else {
		err = json.Unmarshal([]byte(t.Rules), &out.Rules)
	}
	if err != nil {
		return errs.Wrap(pkg, ErrRecord, "the rules", err)
	}
	out.Start, out.Actions, err = record.Body[Position](t, ParseAction, pkg, ErrRecord)
	if err == nil {
		err = record.CheckSeats(t, out.seats(), pkg, ErrRecord)
	}
	if err == nil {
		*rec = out
	}
	return err
}
