package handfoot

import (
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/record"
)

// Record is a whole game as data, as chess keeps a game in PGN: the rules,
// how it was dealt, and every action played, in order. [State.Record]
// returns the record of a game so far; [Replay] plays it again to the same
// State. A record holds the seed, or the explicit orders, so it tells every
// hidden card: it is for after the game, or for the server's own storage.
//
// Its text form (MarshalText) has one item per line:
//
//	handfoot record
//	rules A 4x2
//	seed 7
//	0: draw
//	0: meld 7C 7D 7H
//
// "rules" is a preset's name and the layout, players x teams, when the rules
// are that preset laid out for them (with no names). Otherwise it is the
// rules as JSON on one line. "shoe N cards..." gives the explicit order round
// N was dealt from. "start {...}" gives the JSON of the Position a game
// restored with [FromPosition] began from. Each action is "seat: action
// text".
type Record struct {
	Rules Rules
	Seed  uint64 // shuffles every round not dealt from an explicit order
	// Shoes are the explicit orders rounds were dealt from ([Deal],
	// [DealNext]), index 0 for round 1; nil for a round shuffled from Seed.
	Shoes [][]card.Card `json:",omitempty"`
	// Start is the position the actions start from, for a game restored
	// with FromPosition; nil for a game dealt from the start.
	Start   *Position `json:",omitempty"`
	Actions []Action
}

// Record returns the record of the game so far. For the zero State it is
// the zero Record.
func (s State) Record() Record {
	if s.r == nil {
		return Record{}
	}
	g := s.r.game
	return Record{
		Rules: s.r.rules, Seed: g.seed, Shoes: record.Shoes(g.shoes), Start: record.StartOf(g.start, (*State).fixedPosition),
		Actions: s.actions(),
	}
}

// Replay plays rec again: it deals the game as rec says (or restores its
// Start) and applies every action in order, dealing a round with an
// explicit order where rec gives one. The error wraps [ErrRecord], and the
// error of the deal or of the action that failed.
func Replay(rec Record) (State, error) {
	s, err := record.Beginning[State, Position, Rules]{Pkg: pkg, Err: ErrRecord, Rules: rec.Rules, Seed: rec.Seed,
		Shoes: rec.Shoes, Start: rec.Start, StartOf: Position.startOf, FromPosition: FromPosition, Deal: Deal, New: New}.State()
	if err != nil {
		return State{}, err
	}
	return family.ReplayActions(pkg, ErrRecord, s, rec.Actions, rec.step)
}

// MarshalText writes the record's text form (see [Record]). Replaying it
// gives the seats the actions were played by.
func (rec Record) MarshalText() ([]byte, error) {
	t := record.Text{Seed: rec.Seed, Shoes: rec.Shoes}
	var err error
	if name := presetName(rec.Rules); name != "" && rec.Rules.Names == ([MaxPlayers]string{}) {
		t.Rules = name + " " + itoa(rec.Rules.Players) + "x" + itoa(rec.Rules.Teams)
	} else if t.Rules, err = record.JSON(rec.Rules, pkg, ErrRecord, "the rules"); err != nil {
		return nil, err
	}
	if rec.Start != nil {
		if t.Start, err = record.JSON(rec.Start, pkg, ErrRecord, "the start position"); err != nil {
			return nil, err
		}
	}
	// The seats come from a replay; past an action it refuses, "?".
	t.Seats = rec.seats()
	for _, a := range rec.Actions {
		t.Actions = append(t.Actions, a.String())
	}
	return t.Marshal(pkg), nil
}

// seats returns the seat that played each action the record replays, as
// far as it replays.
func (rec Record) seats() []int {
	s, err := Replay(Record{Rules: rec.Rules, Seed: rec.Seed, Shoes: rec.Shoes, Start: rec.Start})
	if err != nil {
		return nil
	}
	return record.Seats(s, rec.Actions, State.ToAct, rec.step)
}

// maxShoe is the most cards a shoe holds, under any rules.
const maxShoe = MaxDecks * (52 + MaxJokersPerDeck)

// textLimits bound a record's text under any rules: its rounds, its shoes'
// cards and its actions (those of the longest game).
var textLimits = record.TextLimits{Rounds: MaxRounds, Shoe: maxShoe, Actions: family.MaxActions(maxShoe, MaxPlayers, MaxRounds),
	MaxActions: maxActions}

// UnmarshalText reads a record's text form (see [Record]); each action's
// seat must be the seat to act when it is replayed. An error wraps
// [ErrRecord] and names the line; on error rec is unchanged.
// A record longer than the longest game its rules allow, a shoe longer
// than the largest, or a second shoe for a round is refused before it is
// read. Reading allocates at most 12 bytes for each byte of text, plus
// 1 MB.
func (rec *Record) UnmarshalText(text []byte) error {
	t, err := record.Parse(text, pkg, pkg, ErrRecord, textLimits)
	if err != nil {
		return err
	}
	out := Record{Seed: t.Seed, Shoes: t.Shoes}
	if out.Rules, err = recordRules(t.Rules); err != nil {
		return err
	}
	if out.Start, err = record.Start[Position](t, pkg, ErrRecord); err != nil {
		return err
	}
	if out.Actions, err = record.Actions(t, ParseAction, pkg, ErrRecord); err != nil {
		return err
	}
	if err := record.CheckSeats(t, out.seats(), pkg, ErrRecord); err != nil {
		return err
	}
	*rec = out
	return nil
}

// recordRules reads a record's rules: JSON, or a preset's name and its
// layout ("A 4x2"). An error wraps [ErrRecord].
func recordRules(text string) (Rules, error) {
	if strings.HasPrefix(text, "{") {
		var r Rules
		if err := record.Unmarshal([]byte(text), &r, record.PositionLimits); err != nil {
			return Rules{}, errs.Wrap(pkg, ErrRecord, "the rules", err)
		}
		return r, nil
	}
	name, layout, _ := strings.Cut(text, " ")
	r, err := Preset(name)
	if err != nil {
		return Rules{}, errs.Wrap(pkg, ErrRecord, "the rules", err)
	}
	ps, ts, _ := strings.Cut(layout, "x")
	players, err1 := strconv.Atoi(ps)
	teams, err2 := strconv.Atoi(ts)
	if err1 != nil || err2 != nil {
		return Rules{}, errs.New(pkg, ErrRecord, "the layout "+errs.Quote(layout)+": players x teams, such as 4x2")
	}
	return r.WithLayout(players, teams), nil
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

// shoe returns the explicit order rec gives round, or nil.
func (rec Record) shoe(round int) []card.Card {
	if round >= 1 && round <= len(rec.Shoes) {
		return rec.Shoes[round-1]
	}
	return nil
}

// step plays a on s as a replay of rec does: a next deals the round from
// the order rec gives it, if any.
func (rec Record) step(s State, a Action) (State, error) {
	if a.f.Kind == family.Next && s.t.Phase == family.RoundOver && rec.shoe(s.Round()+1) != nil {
		return DealNext(s, rec.shoe(s.Round()+1))
	}
	return Apply(s, a)
}

// startOf returns the position's rules and round, where a record that
// starts from it begins.
func (p Position) startOf() (Rules, int) { return p.Rules, p.Round }
