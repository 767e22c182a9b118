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
// it), Views, events and the whole State come out as JSON. A Table is an
// immutable value, like the State it wraps: Apply returns a new Table.
type Table interface {
	// Game is the registered name of the game ("handfoot", "canasta", ...).
	Game() string
	// Seats, ToAct, Over and Seq are the State's (see [State]).
	Seats() int
	ToAct() int
	Over() bool
	Seq() int
	// Legal lists the legal actions of the seat to act in text, in the
	// game's documented order.
	Legal() []string
	// Apply plays the action its text names. An error is the game's own
	// (a malformed action, or the broken rule), and the Table is unchanged.
	Apply(action string) (Table, error)
	// Outcomes is the Outcome of every seat, seat 0 first: each seat's
	// points, and once the game is over who won.
	Outcomes() []Outcome
	// View is the JSON of seat's View: all the seat may know.
	View(seat int) ([]byte, error)
	// Happened is the JSON of the events seat may know of after the first
	// since actions of the game (since 0: all), oldest first: the game's
	// State.Happened, as a JSON array ([] when there are none), so a
	// client asks what happened since it last looked.
	Happened(seat, since int) ([]byte, error)
	// Record is the text of the game record (the game's
	// State.Record().MarshalText()), which the game's Replay plays back
	// to the same State. It tells every hidden card: a server gives it
	// once the game is over.
	Record() ([]byte, error)
	// MarshalJSON is the JSON of the whole State, every hidden card
	// included, which the game's Load reads back.
	MarshalJSON() ([]byte, error)
	// Unwrap returns the game's own State, as an any.
	Unwrap() any
}

// Codec is what a [Table] needs of a game beyond the [State] constraint:
// how to read an action's text, how to list a seat's events and how to
// write the game record. Make one with [NewCodec]; the zero Codec is not
// ready.
type Codec[S any, A Action] struct {
	parse    func(string) (A, error)
	happened func(s S, seat, since int) ([]byte, error)
	record   func(s S) ([]byte, error)
}

// NewCodec returns the Codec of a game from its functions, which every
// game package has under these names: parse is its ParseAction, happened
// its State's Happened (the method expression State.Happened) and record
// its State's Record, whose Record writes its text with MarshalText:
//
//	cardrules.NewCodec(ParseAction, State.Happened, State.Record)
func NewCodec[S any, A Action, E any, R encoding.TextMarshaler](parse func(string) (A, error), happened func(s S, seat, since int) []E, record func(s S) R) Codec[S, A] {
	return Codec[S, A]{
		parse: parse,
		happened: func(s S, seat, since int) ([]byte, error) {
			events := happened(s, seat, since)
			if events == nil {
				events = []E{} // [], not null
			}
			return json.Marshal(events)
		},
		record: func(s S) ([]byte, error) { return record(s).MarshalText() },
	}
}

// Erase returns s, a State of the game registered as game, as a [Table]
// that reads actions and writes events and records with c.
func Erase[S State[S, A, V], A Action, V any](game string, s S, c Codec[S, A]) Table {
	return erased[S, A, V]{game: game, s: s, c: &c}
}

// Decode reads a State of type S from data, the JSON of a State (a
// Table's MarshalJSON), and returns it as a [Table] of the game registered
// as game, as [Erase] does: what a game's Load does. An error is the
// State's own (its UnmarshalJSON's) or the JSON decoder's.
func Decode[S State[S, A, V], A Action, V any](game string, data []byte, c Codec[S, A]) (Table, error) {
	var s S
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return Erase(game, s, c), nil
}

// erased is the Table of a State of type S.
type erased[S State[S, A, V], A Action, V any] struct {
	game string
	s    S
	c    *Codec[S, A]
}

func (t erased[S, A, V]) Game() string { return t.game }
func (t erased[S, A, V]) Seats() int   { return t.s.Seats() }
func (t erased[S, A, V]) ToAct() int   { return t.s.ToAct() }
func (t erased[S, A, V]) Over() bool   { return t.s.Over() }
func (t erased[S, A, V]) Seq() int     { return t.s.Seq() }
func (t erased[S, A, V]) Unwrap() any  { return t.s }

func (t erased[S, A, V]) Outcomes() []Outcome { return Outcomes(t.s) }

func (t erased[S, A, V]) Legal() []string {
	legal := t.s.AppendLegal(nil)
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = a.String()
	}
	return out
}

func (t erased[S, A, V]) Apply(action string) (Table, error) {
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

// Game is a game as the registry knows it: how to open a new table of it,
// and how to load one saved as JSON.
type Game struct {
	// Name is the game's package name, which names it in the registry.
	Name string
	// Presets are the names of its rule sets, the default first.
	Presets []string
	// Open deals a new table of the preset named (the default when "")
	// for seats players (the preset's own count when 0) from seed. An
	// error is the game's own: a preset it does not have, or a number of
	// seats the preset cannot seat.
	Open func(preset string, seats int, seed uint64) (Table, error)
	// Load reads a table back from the JSON of its State (a Table's
	// MarshalJSON); an error is the game's own.
	Load func(data []byte) (Table, error)
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register makes a game available to [Open], [Load] and [Games] under its
// Name. Each game package registers itself when it is imported, as image
// formats do: a program imports the games it plays, for their effect if
// need be (import _ "github.com/cardrules/cardrules/rummy"). Registering a
// game without a Name, Open or Load, or a Name twice, panics: it is a
// mistake in the program, not in its input.
func Register(g Game) {
	if g.Name == "" || g.Open == nil || g.Load == nil {
		panic("cardrules: Register of a game without a name, Open or Load")
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[g.Name]; dup {
		panic("cardrules: Register called twice for game " + g.Name)
	}
	g.Presets = slices.Clone(g.Presets)
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
	g.Presets = slices.Clone(g.Presets)
	return g, ok
}

// Open deals a new table of the registered game, with the preset named
// (its default when ""), for seats players (the preset's own count when
// 0), from seed: the same arguments deal the same game. An unknown game is
// an error wrapping [ErrGame]; other errors are the game's own.
func Open(game, preset string, seats int, seed uint64) (Table, error) {
	g, ok := Lookup(game)
	if !ok {
		return nil, unknown(game)
	}
	return g.Open(preset, seats, seed)
}

// Load reads a table of the registered game back from the JSON of its
// State. An unknown game is an error wrapping [ErrGame]; other errors are
// the game's own.
func Load(game string, data []byte) (Table, error) {
	g, ok := Lookup(game)
	if !ok {
		return nil, unknown(game)
	}
	return g.Load(data)
}

// unknown is the error of a game no package registered.
func unknown(game string) error {
	return &rootError{rule: ErrGame, detail: errs.Quote(game) + ": the games are " + strings.Join(Games(), ", ")}
}
