package main

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardrules/cardrules"
)

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
	mu        sync.Mutex // guards t, played, freed, queued, failed and moved
	t         cardrules.Table
	freed     bool                 // the janitor freed the table: it is no longer served or saved
	queued    bool                 // a computer player's turn is in the thinkers' queue, being thought, or paused
	failed    error                // a computer player failed: the table plays no more computer turns
	moved     chan struct{}        // closed, and made anew, when the table moves on
	computers []cardrules.Computer // one a seat, nil at a person's; fixed at creation
	tokens    [][]byte             // the SHA-256 of each seat's token, nil at a computer player's; fixed at creation
	played    []string             // the texts of the game's actions, every seat's, in order; guarded by mu
	rules     string               // the preset the table was opened with ("" for the default)
	seats     int                  // the seats it was opened for (0 for the preset's own)
	seed      uint64               // the deal's seed, from which each computer player's is made
	strength  string               // the computer players' strength
	client    string               // the address of the client that created the table
	over      atomic.Bool          // t is over, for the janitor
	touched   time.Time            // the last request to the table; guarded by the Server's mu
}

// set makes t, reached by the actions played, the table's Table, and
// wakes the requests waiting for it to move. The table must be locked,
// or not yet shared.
func (tb *table) set(t cardrules.Table, played []string) {
	tb.t, tb.played = t, played
	tb.over.Store(t.Over())
	if tb.moved != nil {
		close(tb.moved)
	}
	tb.moved = make(chan struct{})
}

// computerToAct reports whether a computer player is to act at the
// table. The table must be locked.
func (tb *table) computerToAct() bool {
	return !tb.t.Over() && tb.computers[tb.t.ToAct()] != nil
}

// actionText returns the text of an action given as text or as the
// Action's JSON (its text form, as a JSON string), or "" for one given
// by its id: one of the three.
func actionText(req actionRequest) (string, error) {
	given := 0
	for _, g := range []bool{req.Text != "", len(req.Action) > 0, req.ID != nil} {
		if g {
			given++
		}
	}
	if given != 1 {
		return "", fail(errBody, `give the action as "text", as "action" or by its "id", one of them`)
	}
	text := req.Text
	if len(req.Action) > 0 {
		if err := json.Unmarshal(req.Action, &text); err != nil {
			return "", fail(errBody, `"action" is not one of the game's actions: `+err.Error())
		}
	}
	return text, nil
}

// act applies seat's action, given as its text, and saves the Table
// reached with save before making it the table's. The computer players
// act after it, in the Server's thinkers. It changes nothing when it
// returns an error. The table must be locked.
func (tb *table) act(seat int, text string, save func(*table, cardrules.Table, []string) error) error {
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
	played := append(slices.Clip(tb.played), text)
	if err := save(tb, next, played); err != nil {
		return err
	}
	tb.set(next, played)
	return nil
}

// fill lets the computer players play t until a person is to act or the
// game is over, at once, and returns the Table reached and the texts of
// the actions played, the computer players' appended to played. The
// server's thinkers play turn by turn instead; tests use fill to move a
// table on.
func (tb *table) fill(t cardrules.Table, played []string) (cardrules.Table, []string, error) {
	person := func(t cardrules.Table) bool { return tb.computers[t.ToAct()] == nil }
	next, err := cardrules.RunTable(t, tb.computers, cardrules.Options[cardrules.Table, string]{Limit: maxActions, Until: person, Observe: func(_ int, action string, _ cardrules.Table) {
		played = append(played, action)
	}})
	if err != nil {
		return t, nil, fail(errComputer, err.Error())
	}
	return next, played, nil
}
