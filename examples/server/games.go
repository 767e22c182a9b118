package main

import (
	"errors"
	"slices"
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

// defaultStrength is the strength of the computer players of a table
// whose create request names none.
const defaultStrength = "heuristic"

// errGame is the rule of a request for a game the server does not know;
// errSeats of more people than the game's seats.
var (
	errGame  = errors.New("no such game")
	errSeats = errors.New("the game cannot seat that table")
)

// newTable deals the game a create request asks for through the registry
// (its preset, or the game's default for the request's seats), with
// computer players of the request's strength at the seats not the
// people's; the thinkers play their turns. Its errors are the game's
// own (a preset or a number of seats it cannot play), the registry's (a
// strength the game has not: it lists them) or the server's.
func newTable(req createRequest, seed uint64) (*table, error) {
	t, err := cardrules.Open(req.Game, req.Rules, req.Seats, seed)
	if errors.Is(err, cardrules.ErrGame) {
		return nil, fail(errGame, quote(req.Game)+": the games are "+strings.Join(Games, ", "))
	}
	if err != nil {
		return nil, err
	}
	people, err := req.people(t.Seats())
	if err != nil {
		return nil, err
	}
	tb := &table{rules: req.Rules, seats: req.Seats, seed: seed, strength: req.strength()}
	if tb.computers, err = computers(t, tb.strength, seed, func(seat int) bool { return !slices.Contains(people, seat) }); err != nil {
		return nil, err
	}
	tb.tokens = make([][]byte, t.Seats())
	tb.set(t, nil)
	return tb, nil
}

// computers returns the computer players of t's seats, of the strength
// named, at the seats computer reports (nil at the others), each with
// its own seed made from the deal's: the same players for the same
// table. An unknown strength is the registry's error, which lists the
// strengths, even at a table with no computer player.
func computers(t cardrules.Table, strength string, seed uint64, computer func(seat int) bool) ([]cardrules.Computer, error) {
	if _, err := cardrules.NewComputer(t.Game(), strength, seed); err != nil {
		return nil, err
	}
	out := make([]cardrules.Computer, t.Seats())
	for seat := range out {
		if computer(seat) {
			c, err := cardrules.NewComputer(t.Game(), strength, botSeed(seed, seat))
			if err != nil {
				return nil, err
			}
			out[seat] = c
		}
	}
	return out, nil
}

// botSeed gives each computer player its own seed, fixed by the game's
// (as examples/play does).
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ uint64(seat+1)*0x9e3779b97f4a7c15
}
