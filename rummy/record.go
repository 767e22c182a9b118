package rummy

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/record"
)

// Record is a game as data, kept the way chess keeps a game in PGN: the
// rules, the seed or the deck orders it was dealt from (or the Position it
// was restored at), and its actions in order. [State.Record] gives a
// game's record; [Replay] plays one back to the same State. With the seed
// or the orders, a record reveals every hidden card: keep it for after the
// game, or for the server's own storage.
//
// In text (MarshalText, UnmarshalText) a record is one item a line:
//
//	rummy record
//	rules basic
//	seed 7
//	0: draw stock
//	0: meld 4C 5C 6C
//	0: discard KH
//
// The rules are a preset's name when they are one, else JSON on one line;
// "shoe N ..." lists the order round N was dealt from ([Deal],
// [DealNext]); "start ..." is the JSON of the Position the game was
// restored at; each action line is its seat, a colon and its text.
type Record struct {
	Rules   Rules
	Seed    uint64        // the shuffles of the rounds not dealt from an explicit order, and of every rebuilt stock
	Shoes   [][]card.Card `json:",omitempty"` // the explicit orders of Deal and DealNext, index 0 for round 1; nil for a round shuffled (and, with a Start, for its round and those before)
	Start   *Position     `json:",omitempty"` // where a game restored by FromPosition began; nil otherwise
	Actions []Action
}

// origin is how a game began: what its Record needs besides the actions.
// It is never written once built.
type origin struct {
	seed  uint64
	shoes map[int][]card.Card // the rounds dealt from an explicit order, by number
	start *Position           // where a game restored with FromPosition began
}

// Record returns the game's record up to s (the zero Record for the zero
// State).
func (s State) Record() Record {
	if s.g == nil {
		return Record{}
	}
	o := s.g.origin
	rec := Record{Rules: s.g.rules, Seed: o.seed, Shoes: record.Shoes(o.shoes)}
	if o.start != nil {
		p := *o.start
		rec.Start = &p
	}
	rec.Actions = eventlog.CollectWords(s.h, 0, func(_ int, e uint64) Action { return entry(e).action() })
	return rec
}

// Replay plays a record back: it deals the game (or restores its Start)
// and applies the actions in turn. An error wraps [ErrRecord] and the
// error of the deal or of the action refused, naming the action.
func Replay(rec Record) (State, error) {
	s, err := rec.begin()
	if err != nil {
		return State{}, err
	}
	for i, a := range rec.Actions {
		if s, err = rec.step(s, a); err != nil {
			return State{}, errs.Wrap(pkg, ErrRecord, "action "+itoa(i+1)+" ("+a.String()+")", err)
		}
	}
	return s, nil
}

// step plays a as a replay of rec does: a next deals the round from the
// order rec gives it, if any.
func (rec Record) step(s State, a Action) (State, error) {
	n := s.Round() + 1
	if a.kind == KindNext && s.phase == RoundOver && n <= len(rec.Shoes) && rec.Shoes[n-1] != nil {
		return DealNext(s, rec.Shoes[n-1])
	}
	return Apply(s, a)
}

// begin returns the State rec's actions start from.
func (rec Record) begin() (State, error) {
	return record.Beginning[State, Position, Rules]{Pkg: pkg, Err: ErrRecord, Rules: rec.Rules, Seed: rec.Seed,
		Shoes: rec.Shoes, Start: rec.Start, StartOf: Position.startOf, FromPosition: FromPosition, Deal: Deal, New: New}.State()
}

// MarshalText writes the record's text form (see [Record]), each action
// with the seat that plays it when the record is replayed ("?" past an
// action the replay refuses).
func (rec Record) MarshalText() ([]byte, error) {
	t := record.Text{Seed: rec.Seed, Rules: presetName(rec.Rules), Shoes: rec.Shoes}
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
	t.Seats = record.SeatsFrom(rec.begin, rec.Actions, State.ToAct, rec.step)
	for _, a := range rec.Actions {
		t.Actions = append(t.Actions, a.String())
	}
	return t.Marshal(pkg), nil
}

// textLimits bound a record's text under any rules: its rounds, its shoe
// of one deck, and its actions (those of the longest game).
var textLimits = record.TextLimits{Rounds: MaxRounds, Shoe: 52, Actions: MaxRounds * (2*MaxTurns + 52 + 1), MaxActions: maxActions}

// UnmarshalText reads a record's text form; on error rec is unchanged. It
// checks the form, not the game: [Replay] plays it. The seats written
// before the actions must be the seats that play them.
// A record longer than the longest game its rules allow, a shoe longer
// than the largest, or a second shoe for a round is refused before it is
// read. Reading allocates at most 12 bytes for each byte of text, plus
// 1 MB.
func (rec *Record) UnmarshalText(text []byte) error {
	t, err := record.Parse(text, pkg, pkg, ErrRecord, textLimits)
	if err != nil {
		return err
	}
	var v Record
	v.Seed, v.Shoes = t.Seed, t.Shoes
	if v.Rules, err = recordRules(t.Rules); err != nil {
		return err
	}
	if v.Start, v.Actions, err = record.Body[Position](t, ParseAction, pkg, ErrRecord); err != nil {
		return err
	}
	if err := record.CheckSeats(t, record.SeatsFrom(v.begin, v.Actions, State.ToAct, v.step), pkg, ErrRecord); err != nil {
		return err
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

// presetName returns the name of the preset r is, or "".
func presetName(r Rules) string {
	if p, err := Preset(r.Name); err == nil && p == r {
		return r.Name
	}
	return ""
}

// startOf returns the position's rules and round, where a record that
// starts from it begins.
func (p Position) startOf() (Rules, int) { return p.Rules, p.Round }
