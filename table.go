package cardrules

import (
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
// it), Views and the whole State come out as JSON. A Table is an immutable
// value, like the State it wraps: Apply returns a new Table.
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
	// View is the JSON of seat's View: all the seat may know.
	View(seat int) ([]byte, error)
	// MarshalJSON is the JSON of the whole State, every hidden card
	// included, which the game's Load reads back.
	MarshalJSON() ([]byte, error)
	// Unwrap returns the game's own State, as an any.
	Unwrap() any
}

// Erase returns s, a State of the game registered as game, as a [Table]:
// parse is the game's ParseAction, which reads an action's text.
func Erase[S State[S, A, V], A Action, V any](game string, s S, parse func(string) (A, error)) Table {
	return erased[S, A, V]{game: game, s: s, parse: parse}
}

// Decode reads a State of type S from data, the JSON of a State (a
// Table's MarshalJSON), and returns it as a [Table] of the game registered
// as game, as [Erase] does: what a game's Load does. An error is the
// State's own (its UnmarshalJSON's) or the JSON decoder's.
func Decode[S State[S, A, V], A Action, V any](game string, data []byte, parse func(string) (A, error)) (Table, error) {
	var s S
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return Erase(game, s, parse), nil
}

// erased is the Table of a State of type S.
type erased[S State[S, A, V], A Action, V any] struct {
	game  string
	s     S
	parse func(string) (A, error)
}

func (t erased[S, A, V]) Game() string { return t.game }
func (t erased[S, A, V]) Seats() int   { return t.s.Seats() }
func (t erased[S, A, V]) ToAct() int   { return t.s.ToAct() }
func (t erased[S, A, V]) Over() bool   { return t.s.Over() }
func (t erased[S, A, V]) Seq() int     { return t.s.Seq() }
func (t erased[S, A, V]) Unwrap() any  { return t.s }

func (t erased[S, A, V]) Legal() []string {
	legal := t.s.AppendLegal(nil)
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = a.String()
	}
	return out
}

func (t erased[S, A, V]) Apply(action string) (Table, error) {
	a, err := t.parse(action)
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
	if seat < 0 || seat >= t.s.Seats() {
		return nil, &rootError{rule: ErrSeat, detail: "seat " + strconv.Itoa(seat) + " of " + strconv.Itoa(t.s.Seats())}
	}
	return json.Marshal(t.s.View(seat))
}

func (t erased[S, A, V]) MarshalJSON() ([]byte, error) { return json.Marshal(t.s) }

// The errors of the registry and of a Table's own checks.
var (
	// ErrGame: no game is registered under the name asked for.
	ErrGame = NewRule("ErrGame", "no such game")
	// ErrSeat: a seat number outside the table.
	ErrSeat = NewRule("ErrSeat", "no such seat")
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
