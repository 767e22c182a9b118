package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules"
	// The games the server plays, with their computer players: each bot
	// package registers its game's players, after the game itself.
	_ "github.com/cardrules/cardrules/canasta/bot"
	_ "github.com/cardrules/cardrules/doublets/bot"
	_ "github.com/cardrules/cardrules/handfoot/bot"
	_ "github.com/cardrules/cardrules/rummy/bot"
)

// Games are the games a table can play: every game the registry knows.
var Games = cardrules.Games()

// strength is the strength of the server's computer players.
const strength = "heuristic"

// errGame is the rule of a request for a game the server does not know;
// errSeats of more people than the game's seats.
var (
	errGame  = errors.New("no such game")
	errSeats = errors.New("the game cannot seat that table")
)

// newTable deals the game a create request asks for through the registry
// (its preset, or the game's default for the request's seats), with
// computer players at the seats from humans on, and lets them play up to
// a person's turn. Its errors are the game's own (a preset or a number of
// seats it cannot play) or the server's.
func newTable(req createRequest, seed uint64) (*table, error) {
	t, err := cardrules.Open(req.Game, req.Rules, req.Seats, seed)
	if errors.Is(err, cardrules.ErrGame) {
		return nil, fail(errGame, quote(req.Game)+": the games are "+strings.Join(Games, ", "))
	}
	if err != nil {
		return nil, err
	}
	humans := req.humans()
	if humans < 0 || humans > t.Seats() {
		return nil, fail(errSeats, strconv.Itoa(humans)+" people for "+strconv.Itoa(t.Seats())+" seats")
	}
	tb := &table{t: t, computers: make([]cardrules.Computer, t.Seats()), tokens: make([]string, t.Seats())}
	for seat := humans; seat < t.Seats(); seat++ {
		if tb.computers[seat], err = cardrules.NewComputer(t.Game(), strength, botSeed(seed, seat)); err != nil {
			return nil, err
		}
	}
	if tb.t, err = tb.fill(t); err != nil {
		return nil, err
	}
	return tb, nil
}

// botSeed gives each computer player its own seed, fixed by the game's
// (as examples/play does).
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}
