package cardrules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cardrules/cardrules/internal/errs"
)

// Computer is a computer player with its game's types erased, for programs
// that seat players at a [Table] without knowing the game: a server, a
// tool. It plays the Tables of one game, deciding, like every [Player],
// from the View of the seat to act alone. Make one with [NewComputer] (by
// game and strength, from the registry) or [ErasePlayer] (from a game's
// Player); [RunTable] lets Computers play a Table.
//
// A Computer is safe for concurrent use by several goroutines. Its calls
// take turns: one Computer thinks about one View at a time. Goroutines
// that should think at once need a Computer each.
type Computer interface {
	// Play chooses the action of the seat to act at t from that seat's
	// View and plays it: it returns the Table after it and the action's
	// text. An error wraps [ErrGame] for a Table of another game,
	// [ErrNoPlayer] for a game over, or [ErrIllegal] and the game's own
	// error for an action the game refused (whose text is returned); the
	// Table returned is then t.
	Play(t Table) (Table, string, error)
	// Choose returns the text of the action the player chooses from view,
	// the JSON of the View of the seat to act (a Table's View, or a
	// server's answer): what a client playing over a network does. It
	// returns one of the View's legal actions, or an error. An error is
	// the View's own (wrapping [ErrView]), or wraps [ErrNotNow] for a View
	// that lists no legal action, its seat not being to act. A View the
	// player cannot read, or a choice the View does not list, is an error
	// wrapping [ErrView] or [ErrIllegal]: Choose never panics.
	Choose(view []byte) (string, error)
}

// ErasePlayer returns p, a Player of the game whose State is S, as a
// [Computer]:
//
//	c := cardrules.ErasePlayer[rummy.State](bot.Heuristic(seed))
func ErasePlayer[S State[S, A, V], A Action, V any](p Player[V, A]) Computer {
	return computer[S, A, V]{p: p, mu: new(sync.Mutex)}
}

// computer is the Computer of a Player of the game whose State is S.
type computer[S State[S, A, V], A Action, V any] struct {
	p  Player[V, A]
	mu *sync.Mutex // held while p thinks: a Player keeps state between calls
}

func (c computer[S, A, V]) Play(t Table) (Table, string, error) {
	e, ok := t.t.(erased[S, A, V])
	if !ok {
		var s S
		game := "the zero Table, which holds no game"
		if t.t != nil {
			game = "a table of " + t.Game()
		}
		return t, "", &rootError{rule: ErrGame, detail: fmt.Sprintf("a player of %T was given %s", s, game)}
	}
	seat := e.s.ToAct()
	if seat < 0 || e.s.Over() {
		return t, "", noPlayer(true, seat, 1)
	}
	c.mu.Lock()
	next, a, err := choose(e.s, c.p, seat)
	c.mu.Unlock()
	if err != nil {
		return t, a.String(), err
	}
	e.s = next
	return Table{e}, a.String(), nil
}

func (c computer[S, A, V]) Choose(view []byte) (chosen string, err error) {
	var head struct {
		Legal []string `json:"legal"`
	}
	if err := json.Unmarshal(view, &head); err != nil {
		return "", &rootError{rule: ErrView, detail: "the View's legal actions cannot be read", cause: err}
	}
	if len(head.Legal) == 0 {
		return "", &rootError{rule: ErrNotNow, detail: "the View lists no legal action: its seat is not to act"}
	}
	var v V
	if err := json.Unmarshal(view, &v); err != nil {
		return "", err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// A View from the network may be forged in ways its decoder does not
	// check; a player that trips over one must not take its program down.
	defer func() {
		if r := recover(); r != nil {
			chosen, err = "", &rootError{rule: ErrView, detail: fmt.Sprintf("the player cannot read the View: %v", r)}
		}
	}()
	chosen = c.p.Choose(v).String()
	if !slices.Contains(head.Legal, chosen) {
		return "", &rootError{rule: ErrIllegal, detail: "the player chose " + errs.Quote(chosen) + ", which the View does not list"}
	}
	return chosen, nil
}

// players are the computer players a bot package registered for a game.
type players struct {
	strengths []string
	build     func(strength string, seed uint64) (Computer, error)
}

// computers are the registered computer players, by game; registryMu
// guards it.
var computers = map[string]players{}

// RegisterPlayers makes the computer players of a registered game
// available to [NewComputer] and [Strengths]: strengths are their names,
// weakest first, and build returns the Player of a strength, deterministic
// given seed (a bot package's Strengths and New). Each game's bot package
// registers its players when it is imported, after its game:
//
//	cardrules.RegisterPlayers[rummy.State]("rummy", Strengths, New)
//
// Registering players for a game not registered, without strengths or
// build, or twice for a game, panics: it is a mistake in the program.
func RegisterPlayers[S State[S, A, V], A Action, V any](game string, strengths []string, build func(strength string, seed uint64) (Player[V, A], error)) {
	if len(strengths) == 0 || build == nil {
		panic("cardrules: RegisterPlayers without strengths or build")
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, ok := registry[game]; !ok {
		panic("cardrules: RegisterPlayers for game " + game + ", which is not registered")
	}
	if _, dup := computers[game]; dup {
		panic("cardrules: RegisterPlayers called twice for game " + game)
	}
	computers[game] = players{strengths: slices.Clone(strengths), build: func(strength string, seed uint64) (Computer, error) {
		p, err := build(strength, seed)
		if err != nil {
			return nil, err
		}
		return ErasePlayer[S](p), nil
	}}
}

// Strengths returns the names of the registered game's computer players,
// weakest first: its bot package's Strengths. It is nil for a game with no
// players registered (whose bot package the program does not import).
func Strengths(game string) []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return slices.Clone(computers[game].strengths)
}

// NewComputer returns the registered game's computer player of the
// strength named, one of [Strengths], deterministic given seed: the same
// player its bot package's New returns, as a [Computer]. An unknown game
// is an error wrapping [ErrGame]; an unknown strength, or a game whose bot
// package the program does not import, one wrapping [ErrStrength] that
// lists the strengths.
func NewComputer(game, strength string, seed uint64) (Computer, error) {
	registryMu.RLock()
	_, known := registry[game]
	ps, ok := computers[game]
	registryMu.RUnlock()
	switch {
	case !known:
		return nil, unknown(game)
	case !ok:
		return nil, &rootError{rule: ErrStrength, detail: game + " has no computer players: import its bot package"}
	case !slices.Contains(ps.strengths, strength):
		return nil, &rootError{rule: ErrStrength, detail: errs.Quote(strength) + ": the strengths of " + game + " are " + strings.Join(ps.strengths, ", ")}
	}
	return ps.build(strength, seed)
}

// RunTable lets computers, one per seat, play t until the game is over or
// o.Until stops it, and returns the Table reached: [Run] for Tables.
// o.Observe sees each action's text. After o.Limit actions it stops with
// an error wrapping [ErrEndless]; a seat to act without a Computer is an
// error wrapping [ErrNoPlayer]; any other error is the Computer's (see
// [Computer.Play]). The Table returned with an error is the last one
// reached.
func RunTable(t Table, computers []Computer, o Options[Table, string]) (Table, error) {
	for n := 0; !t.Over(); n++ {
		if o.Until != nil && o.Until(t) {
			return t, nil
		}
		if o.Limit > 0 && n >= o.Limit {
			return t, endless(o.Limit)
		}
		seat := t.ToAct()
		if seat < 0 || seat >= len(computers) || computers[seat] == nil {
			return t, noPlayer(false, seat, len(computers))
		}
		next, a, err := computers[seat].Play(t)
		if err != nil {
			return t, err
		}
		if o.Observe != nil {
			o.Observe(seat, a, next)
		}
		t = next
	}
	return t, nil
}
