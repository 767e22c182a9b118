package main

import (
	"encoding/json"
	"errors"
	"strconv"
	"sync"

	"github.com/cardrules/cardrules"
)

// maxActions stops a table whose computer players never end the game.
const maxActions = 500_000

// errComputer is the rule of a computer player's failure: an illegal
// action, or a game that does not end.
var errComputer = errors.New("a computer player failed")

// rules is how a game is played at a server's table: what a client needs
// beyond the common shape of a State (action texts, events, records) and
// its computer player.
type rules[S cardrules.State[S, A, V], V any, A cardrules.Action] struct {
	name     string                                   // the game's name, "handfoot"
	parse    func(string) (A, error)                  // the game's ParseAction
	happened func(s S, seat, since int) any           // the game's Happened, as a JSON value
	record   func(S) ([]byte, error)                  // the game record's text
	bot      func(seed uint64) cardrules.Player[V, A] // a heuristic computer player
}

// game is one table's game, whatever game it is: what the handlers need,
// without the game's types. Its methods are not safe for concurrent use:
// the [table] holding it locks around them.
type game interface {
	// name returns the game's name, "handfoot".
	name() string
	// seats returns the number of seats.
	seats() int
	// toAct returns the seat to act, -1 once the game is over.
	toAct() int
	// over reports whether the game is over.
	over() bool
	// seq returns the number of actions played.
	seq() int
	// view returns seat's View, for JSON.
	view(seat int) any
	// happened returns seat's events since action number since, for JSON.
	happened(seat, since int) any
	// act applies seat's action, given as text or as the Action's JSON,
	// then lets the computer players act until a person is to act or the
	// game is over. It changes nothing when it returns an error.
	act(seat int, text string, action json.RawMessage) error
	// fill lets the computer players act until a person is to act or the
	// game is over.
	fill() error
	// record returns the game record's text.
	record() ([]byte, error)
}

// match is one game being played at a table.
type match[S cardrules.State[S, A, V], V any, A cardrules.Action] struct {
	r       *rules[S, V, A]
	s       S
	players []cardrules.Player[V, A] // nil at a person's seat
}

// newMatch returns the game starting at s, with computer players at
// the seats from humans on, seeded from seed.
func newMatch[S cardrules.State[S, A, V], V any, A cardrules.Action](r *rules[S, V, A], s S, seats, humans int, seed uint64) *match[S, V, A] {
	m := &match[S, V, A]{r: r, s: s, players: make([]cardrules.Player[V, A], seats)}
	for seat := humans; seat < seats; seat++ {
		m.players[seat] = r.bot(botSeed(seed, seat))
	}
	return m
}

// botSeed gives each computer player its own seed, fixed by the game's
// (as examples/play does).
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}

func (m *match[S, V, A]) name() string { return m.r.name }
func (m *match[S, V, A]) seats() int   { return len(m.players) }
func (m *match[S, V, A]) toAct() int   { return m.s.ToAct() }
func (m *match[S, V, A]) over() bool   { return m.s.Over() }
func (m *match[S, V, A]) seq() int     { return m.s.Seq() }

func (m *match[S, V, A]) view(seat int) any { return m.s.View(seat) }

func (m *match[S, V, A]) happened(seat, since int) any { return m.r.happened(m.s, seat, since) }

func (m *match[S, V, A]) record() ([]byte, error) { return m.r.record(m.s) }

// errNotYourTurn is the server's rule for an action sent by a seat that is
// not to act; errBody for a request body that is not what it should be.
var (
	errNotYourTurn = errors.New("it is not your turn")
	errBody        = errors.New("malformed request")
)

// parseAction reads an action given as text (the game's ParseAction) or as
// the Action's JSON (its text form, as a JSON string).
func (m *match[S, V, A]) parseAction(text string, action json.RawMessage) (A, error) {
	var a A
	if (text == "") == (len(action) == 0) {
		return a, fail(errBody, `give the action as "text" or as "action", one of them`)
	}
	if text != "" {
		return m.r.parse(text)
	}
	if err := json.Unmarshal(action, &a); err != nil {
		if cardrules.Rule(err) != "" {
			return a, err // the game's own error for a bad action text
		}
		return a, fail(errBody, `"action" is not one of the game's actions: `+err.Error())
	}
	return a, nil
}

func (m *match[S, V, A]) act(seat int, text string, action json.RawMessage) error {
	a, err := m.parseAction(text, action)
	if err != nil {
		return err
	}
	if m.over() || seat != m.toAct() {
		if m.over() {
			// The game's own error for an action after the end.
			_, err := m.s.Apply(a)
			if err != nil {
				return err
			}
		}
		return fail(errNotYourTurn, "seat "+strconv.Itoa(m.toAct())+" is to act, not seat "+strconv.Itoa(seat))
	}
	next, err := m.s.Apply(a)
	if err != nil {
		return err
	}
	before := m.s
	m.s = next
	if err := m.fill(); err != nil {
		m.s = before // a computer player failed: the request changes nothing
		return err
	}
	return nil
}

// fill plays the computer players' seats until a person is to act or the
// game is over. A round that ends
// waits for its "next" action from the seat the game names, a person's or a
// computer player's, like any action.
func (m *match[S, V, A]) fill() error {
	person := func(s S) bool { return m.players[s.ToAct()] == nil }
	next, err := cardrules.Run(m.s, m.players, maxActions, person, nil)
	if err != nil {
		return fail(errComputer, err.Error())
	}
	m.s = next
	return nil
}

// table is a game at the server, with its lock and its seats' tokens.
type table struct {
	id     string
	mu     sync.Mutex // guards g
	g      game
	tokens []string // the token of each seat, "" for a computer player's
}
