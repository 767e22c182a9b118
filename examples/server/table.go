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

// errNotYourTurn is the server's rule for an action sent by a seat that is
// not to act; errBody for a request body that is not what it should be.
var (
	errNotYourTurn = errors.New("it is not your turn")
	errBody        = errors.New("malformed request")
)

// table is a game at the server, whatever the game: its Table, behind its
// lock, its computer players and its seats' tokens.
type table struct {
	id        string
	mu        sync.Mutex // guards t
	t         cardrules.Table
	computers []cardrules.Computer // one a seat, nil at a person's; fixed at creation
	tokens    []string             // the token of each seat, "" for a computer player's
}

// actionText returns the text of an action given as text or as the
// Action's JSON (its text form, as a JSON string), one of them.
func actionText(text string, action json.RawMessage) (string, error) {
	if (text == "") == (len(action) == 0) {
		return "", fail(errBody, `give the action as "text" or as "action", one of them`)
	}
	if text != "" {
		return text, nil
	}
	if err := json.Unmarshal(action, &text); err != nil {
		return "", fail(errBody, `"action" is not one of the game's actions: `+err.Error())
	}
	return text, nil
}

// act applies seat's action, given as text or as the Action's JSON, then
// lets the computer players act until a person is to act or the game is
// over. It changes nothing when it returns an error. The table must be
// locked.
func (tb *table) act(seat int, text string, action json.RawMessage) error {
	text, err := actionText(text, action)
	if err != nil {
		return err
	}
	t := tb.t
	if seat != t.ToAct() {
		// The game's own error for an action that is none, or for one
		// after the end.
		if _, err := t.Apply(text); err != nil && (t.Over() || errors.Is(err, cardrules.ErrMalformed)) {
			return err
		}
		return fail(errNotYourTurn, "seat "+strconv.Itoa(t.ToAct())+" is to act, not seat "+strconv.Itoa(seat))
	}
	next, err := t.Apply(text)
	if err != nil {
		return err
	}
	if next, err = tb.fill(next); err != nil {
		return err // a computer player failed: the request changes nothing
	}
	tb.t = next
	return nil
}

// fill lets the computer players play t until a person is to act or the
// game is over, and returns the Table reached. A round that ends waits for
// its "next" action from the seat the game names, a person's or a
// computer player's, like any action.
func (tb *table) fill(t cardrules.Table) (cardrules.Table, error) {
	person := func(t cardrules.Table) bool { return tb.computers[t.ToAct()] == nil }
	next, err := cardrules.RunTable(t, tb.computers, maxActions, person, nil)
	if err != nil {
		return t, fail(errComputer, err.Error())
	}
	return next, nil
}
