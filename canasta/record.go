package canasta

import (
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/record"
)

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
// "shoe N ..." lists the order round N was dealt from ([Deal], [DealNext]); "start
// ..." is the JSON of the Position the game was restored at; each action
// line is its seat, a colon and its text.
type Record struct {
	Rules   Rules
	Seed    uint64        // the shuffles of every round not dealt from an explicit order
	Shoes   [][]card.Card `json:",omitempty"` // the explicit orders of Deal and DealNext, index 0 for round 1; nil for a round shuffled
	Start   *Position     `json:",omitempty"` // where a game restored by FromPosition began; nil otherwise
	Actions []Action
}

// origin is how a game began: what its [Record] needs besides the actions.
// Rounds share it; it is never written after it is built.
type origin struct {
	seed  uint64
	shoes map[int][]card.Card // the rounds dealt from an explicit order, by number
	start *State              // the fixed point a game restored with FromPosition began from
}

// Record returns the game's record up to s (the zero Record for the zero
// State).
func (s State) Record() Record {
	if s.r == nil || s.r.game == nil {
		return Record{}
	}
	g := s.r.game
	rec := Record{Rules: s.r.rules, Seed: g.seed, Shoes: record.Shoes(g.shoes), Start: record.StartOf(g.start, (*State).fixedPosition)}
	rec.Actions = eventlog.Collect(s.h.Log, 0, func(_ int, e *entry) Action { return Action{e.Action()} })
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
	return family.ReplayActions(pkg, ErrRecord, s, rec.Actions, rec.step)
}

// step plays a as a replay of rec does: a next deals the round from the
// order rec gives it, if any.
func (rec Record) step(s State, a Action) (State, error) {
	n := s.Round() + 1
	if a.f.Kind == family.Next && s.t.Phase == family.RoundOver && n <= len(rec.Shoes) && rec.Shoes[n-1] != nil {
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
	t.Shoes = rec.Shoes
	for _, a := range rec.Actions {
		t.Actions = append(t.Actions, a.String())
	}
	return t.Marshal(pkg), nil
}

// presetName returns the name of the preset r is, or "" (a table with
// players' names, or any change, is written as JSON).
func presetName(r Rules) string {
	for _, name := range [...]string{"classic", "two", "three", "cutthroat"} {
		if p, _ := Preset(name); p == r {
			return name
		}
	}
	return ""
}

// seats returns who plays each of the record's actions, replaying as far
// as the replay goes.
func (rec Record) seats() []int {
	return record.SeatsFrom(rec.begin, rec.Actions, State.ToAct, rec.step)
}

// UnmarshalText reads a record from its text (see [Record]). Each action
// line's seat must be the seat that plays it in the replay. An error wraps
// [ErrRecord] and gives the line; rec is changed only on success.
// A record longer than the longest game its rules allow, a shoe longer
// than the largest, or a second shoe for a round is refused before it is
// read. Reading allocates at most 12 bytes for each byte of text, plus
// 1 MB.
func (rec *Record) UnmarshalText(text []byte) error {
	t, err := record.Parse(text, pkg, pkg, ErrRecord, textLimits)
	if err == nil {
		var out Record
		if out, err = recordOf(t); err == nil {
			*rec = out
		}
	}
	return err
}

// maxShoe is the most cards a shoe holds, under any rules.
const maxShoe = MaxDecks * (52 + MaxJokersPerDeck)

// textLimits bound a record's text under any rules: its rounds, its shoes'
// cards and its actions (those of the longest game).
var textLimits = record.TextLimits{Rounds: MaxRounds, Shoe: maxShoe, Actions: family.MaxActions(maxShoe, MaxPlayers, MaxRounds),
	MaxActions: maxActions}

// recordOf reads the record t's lines hold, and checks their seats.
func recordOf(t record.Text) (Record, error) {
	out := Record{Seed: t.Seed, Shoes: t.Shoes}
	var err error
	if out.Rules, err = recordRules(t.Rules); err != nil {
		return out, errs.Wrap(pkg, ErrRecord, "the rules", err)
	}
	out.Start, out.Actions, err = record.Body[Position](t, ParseAction, pkg, ErrRecord)
	if err == nil {
		err = record.CheckSeats(t, out.seats(), pkg, ErrRecord)
	}
	return out, err
}

// recordRules reads a record's rules: a preset's name, or JSON.
func recordRules(text string) (Rules, error) {
	if !strings.HasPrefix(text, "{") {
		return Preset(text)
	}
	var r Rules
	err := record.Unmarshal([]byte(text), &r, record.PositionLimits)
	return r, err
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

// startOf returns the position's rules and round, where a record that
// starts from it begins.
func (p Position) startOf() (Rules, int) { return p.Rules, p.Round }
