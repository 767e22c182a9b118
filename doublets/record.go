package doublets

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/record"
)

// Record is a game as data: the rules, the seed or the order it was dealt
// from (or the Position it was restored at), and its moves in order.
// [State.Record] gives a game's record; [Replay] plays one back to the
// same State.
//
// In text (MarshalText, UnmarshalText) a record is one item a line:
//
//	doublets record
//	rules aisleriot
//	seed 7
//	0: turn
//	0: play waste
//
// The rules are a preset's name when they are one, else JSON on one line;
// "shoe 1 ..." lists the order the game was dealt from ([Deal]); "start
// ..." is the JSON of the Position the game was restored at; each move
// line is the seat (always 0), a colon and the move's text.
type Record struct {
	Rules   Rules
	Seed    uint64
	Shoes   [][]card.Card `json:",omitempty"` // the order of Deal, top first, as every game's Record names its shoes: one, for a patience is dealt once; nil for a game shuffled from Seed
	Start   *Position     `json:",omitempty"` // where a game restored by FromPosition began; nil otherwise
	Actions []Action
}

// Record returns the game's record up to s (the zero Record for the zero
// State).
func (s State) Record() Record {
	if s.g == nil {
		return Record{}
	}
	rec := Record{Rules: s.g.rules, Seed: s.g.seed}
	if s.g.order != nil {
		rec.Shoes = [][]card.Card{slices.Clone(s.g.order)}
	}
	if s.g.start != nil {
		p := *s.g.start
		rec.Start = &p
	}
	rec.Actions = eventlog.CollectWords(s.h, 0, func(_ int, e uint64) Action { return entry(e).action() })
	return rec
}

// Replay plays a record back: it deals the game (or restores its Start)
// and applies the moves in turn. An error wraps [ErrRecord] and the error
// of the deal or of the move refused, naming the move.
func Replay(rec Record) (State, error) {
	s, err := rec.begin()
	if err != nil {
		return State{}, err
	}
	for i, a := range rec.Actions {
		if s, err = Apply(s, a); err != nil {
			return State{}, errs.Wrap(pkg, ErrRecord, "move "+itoa(i+1)+" ("+a.String()+")", err)
		}
	}
	return s, nil
}

// begin returns the State rec's moves start from.
func (rec Record) begin() (State, error) {
	var s State
	var err error
	switch {
	case rec.Start != nil && rec.Shoes != nil:
		return State{}, fail(ErrRecord, "a record that starts from a position gives no order")
	case len(rec.Shoes) > 1:
		return State{}, fail(ErrRecord, itoa(len(rec.Shoes))+" shoes: a patience is dealt once, from one")
	case rec.Start != nil && rec.Start.Rules != rec.Rules:
		return State{}, fail(ErrRecord, "the start position's rules are not the record's")
	case rec.Start != nil:
		s, err = FromPosition(*rec.Start)
	case rec.Shoes != nil:
		s, err = Deal(rec.Rules, rec.Shoes[0], rec.Seed)
	default:
		s, err = New(rec.Rules, rec.Seed)
	}
	if err != nil {
		return State{}, errs.Wrap(pkg, ErrRecord, "the deal", err)
	}
	return s, nil
}

// MarshalText writes the record's text form (see [Record]).
func (rec Record) MarshalText() ([]byte, error) {
	t := record.Text{Seed: rec.Seed}
	var err error
	if t.Rules = presetName(rec.Rules); t.Rules == "" {
		if t.Rules, err = record.JSON(rec.Rules, pkg, ErrRecord, "the rules"); err != nil {
			return nil, err
		}
	}
	if rec.Start != nil {
		if t.Start, err = record.JSON(rec.Start, pkg, ErrRecord, "the start position"); err != nil {
			return nil, err
		}
	}
	t.Shoes = rec.Shoes
	for _, a := range rec.Actions {
		t.Seats = append(t.Seats, 0)
		t.Actions = append(t.Actions, a.String())
	}
	return t.Marshal(pkg), nil
}

// textLimits bound a record's text under any rules: one round of one
// deck, and the actions of the longest game.
var textLimits = record.TextLimits{Rounds: 1, Shoe: 52, Actions: MaxPasses*53 + MaxScore, MaxActions: maxActions}

// UnmarshalText reads a record's text form; on error rec is unchanged. It
// checks the form, not the game: [Replay] plays it.
// A record longer than the longest game its rules allow, a shoe longer
// than the largest, or a second shoe for a round is refused before it is
// read. Reading allocates at most 12 bytes for each byte of text, plus
// 1 MB.
func (rec *Record) UnmarshalText(text []byte) error {
	t, err := record.Parse(text, pkg, pkg, ErrRecord, textLimits)
	if err != nil {
		return err
	}
	v := Record{Seed: t.Seed}
	v.Shoes = t.Shoes
	if v.Rules, err = recordRules(t.Rules); err != nil {
		return err
	}
	if v.Start, v.Actions, err = record.Body[Position](t, ParseAction, pkg, ErrRecord); err != nil {
		return err
	}
	for i, seat := range t.Seats {
		if seat > 0 {
			return fail(ErrRecord, "line "+itoa(t.Lines[i])+": Doublets has one player, seat 0")
		}
	}
	*rec = v
	return nil
}

// recordRules reads a record's rules: a preset's name, or JSON. An error
// wraps [ErrRecord].
func recordRules(text string) (Rules, error) {
	r, err := Preset(text)
	if err == nil {
		return r, nil
	}
	if err := record.Unmarshal([]byte(text), &r, record.PositionLimits); err != nil {
		return Rules{}, errs.Wrap(pkg, ErrRecord, "the rules "+errs.Quote(text), err)
	}
	return r, nil
}

// maxActions returns the most actions a game of a record's rules text
// lasts, or 0 when they are no rules: [record.TextLimits.MaxActions].
func maxActions(text string) int {
	r, err := recordRules(text)
	if err != nil {
		return 0
	}
	return r.MaxActions()
}

// presetName returns the name of the preset r is, or "" when r is none.
func presetName(r Rules) string {
	if p, err := Preset(r.Name); err == nil && p == r {
		return r.Name
	}
	return ""
}
