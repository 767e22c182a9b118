package main

import (
	"errors"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/doublets"
	dbot "github.com/cardrules/cardrules/doublets/bot"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// Games are the games a table can play, in the order errors list them.
var Games = []string{"handfoot", "canasta", "rummy", "doublets"}

// errGame is the rule of a request for a game the server does not know;
// errSeats of a table the game cannot seat.
var (
	errGame  = errors.New("no such game")
	errSeats = errors.New("the game cannot seat that table")
)

// newGame deals the game a create request asks for, with computer players
// at the seats from humans on, and returns it with its seats. Its errors
// are the game's own (a preset or rules it cannot play) or the server's.
func newGame(req createRequest, seed uint64) (game, error) {
	switch req.Game {
	case "handfoot":
		return newHandfoot(req, seed)
	case "canasta":
		return newCanasta(req, seed)
	case "rummy":
		return newRummy(req, seed)
	case "doublets":
		return newDoublets(req, seed)
	}
	return nil, fail(errGame, quote(req.Game)+": the games are "+strings.Join(Games, ", "))
}

// seated checks that the table's people fit its seats and returns the game.
func seated[S cardrules.State[S, A, V], V any, A cardrules.Action](r *rules[S, V, A], s S, seats int, req createRequest, seed uint64) (game, error) {
	if req.humans() < 0 || req.humans() > seats {
		return nil, fail(errSeats, strconv.Itoa(req.humans())+" people for "+strconv.Itoa(seats)+" seats")
	}
	m := newMatch(r, s, seats, req.humans(), seed)
	if err := m.fill(); err != nil {
		return nil, err
	}
	return m, nil
}

// handfootRules is how Hand and Foot is played at the server.
var handfootRules = &rules[handfoot.State, handfoot.View, handfoot.Action]{
	name:     "handfoot",
	parse:    handfoot.ParseAction,
	happened: func(s handfoot.State, seat, since int) any { return list(s.Happened(seat, since)) },
	record:   func(s handfoot.State) ([]byte, error) { return s.Record().MarshalText() },
	bot:      hbot.Heuristic,
}

// newHandfoot deals Hand and Foot: rule set A unless the request names B,
// four players by default, in teams of two when the players are even (one
// player a team otherwise).
func newHandfoot(req createRequest, seed uint64) (game, error) {
	r, err := handfoot.Preset(or(req.Rules, "A"))
	if err != nil {
		return nil, err
	}
	players := req.Seats
	if players == 0 {
		players = 4
	}
	teams := players
	if players%2 == 0 && players >= 4 {
		teams = players / 2
	}
	r = r.WithLayout(players, teams)
	if err := r.Validate(); err != nil {
		return nil, err
	}
	s, err := handfoot.New(r, seed)
	if err != nil {
		return nil, err
	}
	return seated(handfootRules, s, players, req, seed)
}

// canastaRules is how Canasta is played at the server.
var canastaRules = &rules[canasta.State, canasta.View, canasta.Action]{
	name:     "canasta",
	parse:    canasta.ParseAction,
	happened: func(s canasta.State, seat, since int) any { return list(s.Happened(seat, since)) },
	record:   func(s canasta.State) ([]byte, error) { return s.Record().MarshalText() },
	bot:      cbot.Heuristic,
}

// newCanasta deals Canasta: the preset the request names, or the one for
// its seats (classic for four, two, three; cutthroat by name), classic by
// default.
func newCanasta(req createRequest, seed uint64) (game, error) {
	name := req.Rules
	if name == "" {
		name = map[int]string{0: "classic", 4: "classic", 2: "two", 3: "three"}[req.Seats]
	}
	if name == "" {
		return nil, fail(errSeats, "Canasta is for 2, 3 or 4 players, not "+strconv.Itoa(req.Seats))
	}
	r, err := canasta.Preset(name)
	if err != nil {
		return nil, err
	}
	if req.Seats != 0 && req.Seats != r.Players {
		return nil, fail(errSeats, "rules "+r.Name+" are for "+strconv.Itoa(r.Players)+" players, not "+strconv.Itoa(req.Seats))
	}
	s, err := canasta.New(r, seed)
	if err != nil {
		return nil, err
	}
	return seated(canastaRules, s, r.Players, req, seed)
}

// rummyRules is how Rummy is played at the server.
var rummyRules = &rules[rummy.State, rummy.View, rummy.Action]{
	name:     "rummy",
	parse:    rummy.ParseAction,
	happened: func(s rummy.State, seat, since int) any { return list(s.Happened(seat, since)) },
	record:   func(s rummy.State) ([]byte, error) { return s.Record().MarshalText() },
	bot:      rbot.Heuristic,
}

// newRummy deals basic Rummy: the preset the request names (basic by
// default) with the request's seats, if it gives them.
func newRummy(req createRequest, seed uint64) (game, error) {
	r, err := rummy.Preset(or(req.Rules, "basic"))
	if err != nil {
		return nil, err
	}
	if req.Seats != 0 {
		r.Players = req.Seats
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	s, err := rummy.New(r, seed)
	if err != nil {
		return nil, err
	}
	return seated(rummyRules, s, r.Players, req, seed)
}

// doubletsRules is how Doublets is played at the server.
var doubletsRules = &rules[doublets.State, doublets.View, doublets.Action]{
	name:     "doublets",
	parse:    doublets.ParseAction,
	happened: func(s doublets.State, seat, since int) any { return list(s.Happened(seat, since)) },
	record:   func(s doublets.State) ([]byte, error) { return s.Record().MarshalText() },
	bot:      dbot.Heuristic,
}

// newDoublets deals the Doublets patience (aisleriot rules by default) for
// its one seat.
func newDoublets(req createRequest, seed uint64) (game, error) {
	r, err := doublets.Preset(or(req.Rules, "aisleriot"))
	if err != nil {
		return nil, err
	}
	if req.Seats != 0 && req.Seats != 1 {
		return nil, fail(errSeats, "Doublets is a patience for one player, not "+strconv.Itoa(req.Seats))
	}
	s, err := doublets.New(r, seed)
	if err != nil {
		return nil, err
	}
	return seated(doubletsRules, s, 1, req, seed)
}

// list returns es, or an empty list for nil: JSON [] rather than null.
func list[E any](es []E) []E {
	if es == nil {
		return []E{}
	}
	return es
}

// or returns s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
