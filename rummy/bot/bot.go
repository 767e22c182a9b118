// Package bot holds computer players for basic Rummy. A player decides
// from a seat's [rummy.View] alone — its own hand, the cards every player
// saw the others take from the pile, the melds, the pile and the legal
// actions the view lists — so it cannot cheat, and given its seed it
// always decides the same way.
//
// Two strengths: [Random] plays a uniformly random legal action;
// [Heuristic] plays as a sensible player does (see its documentation).
// [Play] runs a whole table of them.
package bot

import (
	"slices"

	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/rummy"
)

// Player chooses the action of the seat a View belongs to; the View is that
// of the seat to act, so its Legal list is not empty.
type Player interface {
	Choose(v rummy.View) rummy.Action
}

// Strengths are the names [New] knows, weakest first.
var Strengths = slices.Clone(play.Strengths)

// New returns the player of the named strength ("random" or "heuristic"),
// deterministic given seed, or an error wrapping [ErrStrength].
func New(strength string, seed uint64) (Player, error) {
	return play.NewPlayer("bot", strength, seed, Random, Heuristic)
}

// Random returns a player that picks one of the View's legal actions
// uniformly at random, from a generator seeded with seed.
func Random(seed uint64) Player {
	return play.NewRandom(seed, func(v rummy.View) []rummy.Action { return v.Legal })
}

// Errors of [Play] and [New], matched with errors.Is; an illegal action's
// error also wraps the rummy rule it broke.
var (
	ErrNoPlayer = play.ErrNoPlayer // the seat to act has no player
	ErrIllegal  = play.ErrIllegal  // a player chose an action Apply refuses
	ErrEndless  = play.ErrEndless  // the game went past the limit of actions
	ErrStrength = play.ErrStrength // New was given a name that is no strength
)

// Play plays s with players, one per seat, until the game is over (or
// after limit actions, 0 for no limit, with an error wrapping ErrEndless),
// calling observe, if not nil, after every action, and returns the state
// reached. Each player sees only its seat's View. A seat to act without a
// player, or a player's illegal action, stops the game with an error and
// the state before it.
func Play(s rummy.State, players []Player, limit int, observe func(seat int, a rummy.Action, next rummy.State)) (rummy.State, error) {
	g := play.Game[rummy.State, rummy.View, rummy.Action]{
		Pkg: "bot", ToAct: rummy.State.ToAct, View: rummy.State.View, Apply: rummy.Apply, Over: rummy.State.Over,
	}
	return play.RunPlayers(g, s, players, limit, observe)
}
