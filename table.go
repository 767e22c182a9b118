package cardrules

import (
	"encoding"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/cardrules/cardrules/internal/errs"
)

// Table is a game in play with its types erased, for programs that handle
// every game alike without knowing any: a server, a tool, a test. Actions
// go in as text (the game's own notation, as its Action's String writes
// it). Views, events and the whole State come out as JSON. A Table is an
// immutable value, like the State it holds: Apply returns a new Table.
// Make one with [Open] or [Load], or with [Erase] from a game's State.
//
// The zero Table holds no game. Its Seats is 0, its ToAct -1, it is Over,
// and every method that returns an error returns one wrapping [ErrGame].
type Table struct {
	t table // nil for the zero Table
}

// table is a game's State with its types erased: what a [Table] holds.
type table interface {
	Game() string
	Seats() int
	ToAct() int
	Over() bool
	Seq() int
	Legal() []string
	Apply(action string) (table, error)
	Outcomes() []Outcome
	View(seat int) ([]byte, error)
	Happened(seat, since int) ([]byte, error)
	Record() ([]byte, error)
	MarshalJSON() ([]byte, error)
	State() any
	Shape() (Shape, error)
	Encode(seat int, obs []float32, mask []bool) error
	ActionID(action string) (int, error)
	ActionOf(id int) (string, error)
}

// Game is the registered name of the game ("handfoot", "canasta", ...),
// and "" for the zero Table.
func (t Table) Game() string {
	if t.t == nil {
		return ""
	}
	return t.t.Game()
}

// Seats is the number of seats at the table: the State's Seats.
func (t Table) Seats() int {
	if t.t == nil {
		return 0
	}
	return t.t.Seats()
}

// ToAct is the seat to act, and -1 once the game is over: the State's
// ToAct.
func (t Table) ToAct() int {
	if t.t == nil {
		return -1
	}
	return t.t.ToAct()
}

// Over reports whether the game has ended: the State's Over.
func (t Table) Over() bool { return t.t == nil || t.t.Over() }

// Seq counts the actions played since the deal: the State's Seq.
func (t Table) Seq() int {
	if t.t == nil {
		return 0
	}
	return t.t.Seq()
}

// Legal lists the legal actions of the seat to act in text, in the game's
// documented order.
func (t Table) Legal() []string {
	if t.t == nil {
		return nil
	}
	return t.t.Legal()
}

// Apply plays the action its text names. An error is the game's own (a
// malformed action, or the broken rule), and the Table is unchanged.
func (t Table) Apply(action string) (Table, error) {
	if t.t == nil {
		return t, noGame()
	}
	next, err := t.t.Apply(action)
	if err != nil {
		return t, err
	}
	return Table{next}, nil
}

// Outcomes is the Outcome of every seat, seat 0 first: each seat's
// points, and once the game is over who won.
func (t Table) Outcomes() []Outcome {
	if t.t == nil {
		return nil
	}
	return t.t.Outcomes()
}

// View is the JSON of seat's View: all the seat may know. A seat outside
// the table is an error wrapping [ErrSeat].
func (t Table) View(seat int) ([]byte, error) {
	if t.t == nil {
		return nil, noGame()
	}
	return t.t.View(seat)
}

// Happened is the JSON of the events seat may know of after the first
// since actions of the game (since 0: all), oldest first: the game's
// State.Happened, as a JSON array ([] when there are none). A client asks
// what happened since it last looked.
func (t Table) Happened(seat, since int) ([]byte, error) {
	if t.t == nil {
		return nil, noGame()
	}
	return t.t.Happened(seat, since)
}

// Record is the text of the game record (the game's
// State.Record().MarshalText()), which the game's Replay plays back to the
// same State. It tells every hidden card: a server gives it once the game
// is over.
func (t Table) Record() ([]byte, error) {
	if t.t == nil {
		return nil, noGame()
	}
	return t.t.Record()
}

// MarshalJSON writes the Table as a JSON object that names its game:
// {"game": the game's name, "state": the JSON of its whole State, every
// hidden card included}. [Load] and [Table.UnmarshalJSON] read it back.
func (t Table) MarshalJSON() ([]byte, error) {
	if t.t == nil {
		return nil, noGame()
	}
	state, err := t.t.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(tableJSON{Game: t.t.Game(), State: state})
}

// UnmarshalJSON reads a Table that [Table.MarshalJSON] wrote, as [Load]
// does, from the game it names: that game's package must be imported.
// On an error *t is unchanged.
func (t *Table) UnmarshalJSON(data []byte) error {
	tb, err := Load("", data)
	if err != nil {
		return err
	}
	*t = tb
	return nil
}

// State returns the game's own State, as an any (nil for the zero
// Table): a handfoot.State, a rummy.State, ...
func (t Table) State() any {
	if t.t == nil {
		return nil
	}
	return t.t.State()
}

// tableJSON is the JSON of a Table: its game's name and its State.
type tableJSON struct {
	Game  string          `json:"game"`
	State json.RawMessage `json:"state"`
}

// noGame is the error of the zero Table.
func noGame() error {
	return &rootError{rule: ErrGame, detail: "the zero Table holds no game: open one with Open or Load"}
}

// Recorded is the shape of a State a [Table] holds: the common [State],
// and the game's history. S is the game's State type, A its Action, V its
// View, E its Event and R its Record.
//
//   - Happened returns the events seat may know of after the first since
//     actions of the game, oldest first.
//   - Record returns the game record, which writes itself as text.
//
// A Table reads an action's text with the Action's UnmarshalText, which
// every game's *Action has.
type Recorded[S any, A Action, V any, E any, R encoding.TextMarshaler] interface {
	State[S, A, V]
	Happened(seat, since int) []E
	Record() R
}

// Erase returns s, a State of the game registered as game, as a [Table].
// A State that holds no game (the zero State) gives the zero Table.
// Every type but S's is inferred:
//
//	tb := cardrules.Erase("rummy", s)
func Erase[S Recorded[S, A, V, E, R], A Action, V any, E any, R encoding.TextMarshaler, PA TextAction[A]](game string, s S) Table {
	if !s.IsValid() {
		return Table{}
	}
	return Table{erased[S, A, V]{game: game, s: s, c: codecOf[S, A, V, E, R, PA]()}}
}

// Decode reads a State of type S from data, the JSON of a State (the
// "state" of a Table's JSON), and returns it as a [Table] of the game
// registered as game, as [Erase] does: what a game's Load does. An error
// is the State's own (its UnmarshalJSON's) or the JSON decoder's; JSON that holds
// no game (null) is an error wrapping [ErrPosition].
//
//	tb, err := cardrules.Decode[rummy.State]("rummy", data)
func Decode[S Recorded[S, A, V, E, R], A Action, V any, E any, R encoding.TextMarshaler, PA TextAction[A]](game string, data []byte) (Table, error) {
	var s S
	if err := json.Unmarshal(data, &s); err != nil {
		return Table{}, err
	}
	if !s.IsValid() {
		return Table{}, &rootError{rule: ErrPosition, detail: "the JSON of a " + errs.Quote(game) + " State holds no game"}
	}
	return Erase[S, A, V, E, R, PA](game, s), nil
}

// TextAction is *A, a pointer to a game's Action, which reads an action's
// text with UnmarshalText as the game's ParseAction does.
type TextAction[A any] interface {
	*A
	encoding.TextUnmarshaler
}

// codec is how a Table of a State of type S reads actions and writes
// events and records.
type codec[S any, A Action] struct {
	parse    func(string) (A, error)
	happened func(s S, seat, since int) ([]byte, error)
	record   func(s S) ([]byte, error)
}

// codecOf returns the codec of a Recorded State of type S.
func codecOf[S Recorded[S, A, V, E, R], A Action, V any, E any, R encoding.TextMarshaler, PA TextAction[A]]() *codec[S, A] {
	return &codec[S, A]{
		parse: func(text string) (A, error) {
			var a A
			err := PA(&a).UnmarshalText([]byte(text))
			return a, err
		},
		happened: func(s S, seat, since int) ([]byte, error) {
			events := s.Happened(seat, since)
			if events == nil {
				events = []E{} // [], not null
			}
			return json.Marshal(events)
		},
		record: func(s S) ([]byte, error) { return s.Record().MarshalText() },
	}
}

// erased is the table of a State of type S.
type erased[S State[S, A, V], A Action, V any] struct {
	game string
	s    S
	c    *codec[S, A]
}

func (t erased[S, A, V]) Game() string        { return t.game }
func (t erased[S, A, V]) Seats() int          { return t.s.Seats() }
func (t erased[S, A, V]) ToAct() int          { return t.s.ToAct() }
func (t erased[S, A, V]) Over() bool          { return t.s.Over() }
func (t erased[S, A, V]) Seq() int            { return t.s.Seq() }
func (t erased[S, A, V]) State() any          { return t.s }
func (t erased[S, A, V]) Outcomes() []Outcome { return Outcomes(t.s) }

func (t erased[S, A, V]) Legal() []string {
	legal := t.s.AppendLegal(nil)
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = a.String()
	}
	return out
}

func (t erased[S, A, V]) Apply(action string) (table, error) {
	a, err := t.c.parse(action)
	if err != nil {
		return t, err
	}
	next, err := t.s.Apply(a)
	if err != nil {
		return t, err
	}
	t.s = next
	return t, nil
}

func (t erased[S, A, V]) View(seat int) ([]byte, error) {
	if err := t.seat(seat); err != nil {
		return nil, err
	}
	return json.Marshal(t.s.View(seat))
}

func (t erased[S, A, V]) Happened(seat, since int) ([]byte, error) {
	if err := t.seat(seat); err != nil {
		return nil, err
	}
	return t.c.happened(t.s, seat, since)
}

func (t erased[S, A, V]) Record() ([]byte, error) { return t.c.record(t.s) }

func (t erased[S, A, V]) MarshalJSON() ([]byte, error) { return json.Marshal(t.s) }

// seat checks that seat is one of the table's.
func (t erased[S, A, V]) seat(seat int) error {
	if seat < 0 || seat >= t.s.Seats() {
		return &rootError{rule: ErrSeat, detail: "seat " + strconv.Itoa(seat) + " of " + strconv.Itoa(t.s.Seats())}
	}
	return nil
}

// The errors of the registry and of a Table's own checks.
var (
	// ErrGame: no game is registered under the name asked for, or a
	// computer player was given a Table of another game than its own.
	ErrGame = NewRule("ErrGame", "no such game")
	// ErrSeat: a seat number outside the table.
	ErrSeat = NewRule("ErrSeat", "no such seat")
	// ErrStrength: no computer player of the game is registered under the
	// strength asked for; the error lists the strengths there are. Every
	// game's bot package exports it as its own ErrStrength.
	ErrStrength = NewRule("ErrStrength", "no such strength")
)

// Game is a game as the registry knows it: its presets, the seats it
// allows, how to open a new table of it and how to load one saved as
// JSON. A program reads it to build a lobby or a form without importing
// the game.
type Game struct {
	// Name is the game's package name, which names it in the registry.
	Name string
	// Presets are the names of its rule sets, the default first.
	Presets []string
	// Seats are the numbers of seats the game allows at a table, fewest
	// first: each a seats that Open accepts with the default preset (Open
	// with another preset may accept fewer of them).
	Seats []int
	// Open deals a new table of the preset named (the default when "")
	// for seats players (the preset's own count when 0) from seed, as
	// the package function [Open] says. An error is the game's own: a
	// preset it does not have, or a number of seats the preset cannot
	// seat.
	Open func(preset string, seats int, seed uint64) (Table, error)
	// OpenRules deals a new table of the rules given as JSON, in the form
	// a View's rules take: a preset's name as a JSON string ("classic"),
	// or the rules in full, every field given (house rules). An error is
	// the game's own, wrapping [ErrPreset] or [ErrRules].
	OpenRules func(rules []byte, seed uint64) (Table, error)
	// MaxActions is the most actions a game of the rules given lasts,
	// the rules given as OpenRules takes them. It makes a sound
	// [Options] Limit. In Canasta and Hand and Foot it holds while no
	// player takes back more than once a turn: taking back and laying
	// again is the one loop those rules let a player repeat without end.
	// An error is the game's own, wrapping [ErrPreset] or [ErrRules].
	MaxActions func(rules []byte) (int, error)
	// Load reads a table back from the JSON of its State; an error is the
	// game's own.
	Load func(data []byte) (Table, error)
	// Shape is the size of the encodings for learning programs of the
	// rules given, as OpenRules takes them: see [Encoder]. It is nil for
	// a game without encodings. An error is the game's own, wrapping
	// [ErrPreset] or [ErrRules], or [ErrEncoding] for rules past the
	// encodings' caps.
	Shape func(rules []byte) (Shape, error)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register makes a game available to [Open], [Load] and [Games] under its
// Name. Each game package registers itself when it is imported, as image
// formats do: a program imports the games it plays, for their effect if
// need be (import _ "github.com/cardrules/cardrules/rummy"). Registering a
// game without a Name, Seats, Open, OpenRules, MaxActions or Load, or a
// Name twice, panics: it is a mistake in the program, not in its input.
func Register(g Game) {
	if g.Name == "" || len(g.Seats) == 0 || g.Open == nil || g.OpenRules == nil || g.MaxActions == nil || g.Load == nil {
		panic("cardrules: Register of a game without a name, Seats, Open, OpenRules, MaxActions or Load")
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[g.Name]; dup {
		panic("cardrules: Register called twice for game " + g.Name)
	}
	g.Presets, g.Seats = slices.Clone(g.Presets), slices.Clone(g.Seats)
	registry[g.Name] = g
}

// Games returns the names of the registered games, sorted.
func Games() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for name := range registry {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the game registered under name.
func Lookup(name string) (Game, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	g, ok := registry[name]
	g.Presets, g.Seats = slices.Clone(g.Presets), slices.Clone(g.Seats)
	return g, ok
}

// Open deals a new table of the registered game, with the preset named (its
// default when ""), for seats players, from seed: the same arguments deal the
// same game. seats means the same in every game: the number of players at the
// table, 0 for the preset's own. Another number than the preset's takes the
// game's rules for that many players. They are the preset laid out for them
// (Hand and Foot's partnerships), or the game's preset for them (Rummy's
// "basic-3"). A game whose preset has no version for them refuses it
// (Canasta's "classic" is for four; its default, "", is chosen by seats).
// [Game.Seats] lists the numbers the default preset takes. An unknown game is
// an error wrapping [ErrGame]; other errors are the game's own, wrapping
// [ErrPreset] or [ErrRules].
func Open(game, preset string, seats int, seed uint64) (Table, error) {
	g, ok := Lookup(game)
	if !ok {
		return Table{}, unknown(game)
	}
	return g.Open(preset, seats, seed)
}

// OpenRules deals a new table of the registered game from seed, with the
// rules given as JSON in the form a View's rules take: a preset's name as
// a JSON string ("classic"), or the rules in full, every field given. A
// server opens a table of house rules this way without importing the
// game. An unknown game is an error wrapping [ErrGame]; other errors are
// the game's own, wrapping [ErrPreset] or [ErrRules].
func OpenRules(game string, rules []byte, seed uint64) (Table, error) {
	g, ok := Lookup(game)
	if !ok {
		return Table{}, unknown(game)
	}
	return g.OpenRules(rules, seed)
}

// Load reads a Table back from JSON: a Table's JSON ([Table.MarshalJSON]),
// which names its game, or the JSON of a bare State, as Tables wrote it
// before v0.2.0, whose game must then be given. For a Table's JSON, game
// may be "": when given, it must be the game the JSON names. An unknown
// game, or a game that does not match, is an error wrapping [ErrGame];
// other errors are the game's own.
func Load(game string, data []byte) (Table, error) {
	var head struct {
		Game  *string         `json:"game"`
		State json.RawMessage `json:"state"`
	}
	state := data
	if json.Unmarshal(data, &head) == nil && head.Game != nil {
		switch {
		case game != "" && *head.Game != game:
			return Table{}, &rootError{rule: ErrGame, detail: "the JSON is a table of " + errs.Quote(*head.Game) + ", not of " + errs.Quote(game)}
		case head.State == nil:
			return Table{}, &rootError{rule: ErrGame, detail: "the JSON of a table of " + errs.Quote(*head.Game) + " has no state"}
		}
		game, state = *head.Game, head.State
	}
	if game == "" {
		return Table{}, &rootError{rule: ErrGame, detail: "the JSON names no game: give the game of a State's JSON"}
	}
	g, ok := Lookup(game)
	if !ok {
		return Table{}, unknown(game)
	}
	return g.Load(state)
}

// module is the path of this module, and shipped the names of the games
// its packages register.
const module = "github.com/cardrules/cardrules"

var shipped = []string{"canasta", "doublets", "handfoot", "rummy"}

// unknown is the error of a game no package registered: a game package
// the program does not import, or a name that is no game.
func unknown(game string) error {
	detail := errs.Quote(game)
	if slices.Contains(shipped, game) {
		detail += ": import its package to register it (import _ \"" + module + "/" + game + "\")"
	} else {
		detail += ": no game has this name"
	}
	if games := Games(); len(games) > 0 {
		detail += "; the games registered are " + strings.Join(games, ", ")
	}
	return &rootError{rule: ErrGame, detail: detail}
}
