// Package bot holds computer players for Canasta. A player decides from a
// seat's [canasta.View] alone — the cards that seat may see and the legal
// actions the view lists — so it cannot cheat, and given its seed it
// always decides the same way.
//
// Two strengths: [Random] plays a uniformly random legal action;
// [Heuristic] plays as a sensible player does (see its documentation).
// [Play] runs a whole table of them.
package bot

import (
	"slices"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/play"
)

// Player chooses the action of the seat a View belongs to; the View is that
// of the seat to act.
type Player interface {
	Choose(v canasta.View) canasta.Action
}

// Strengths are the names [New] knows, weakest first.
var Strengths = slices.Clone(play.Strengths)

// ErrStrength is wrapped by [New]'s error for a name that is no strength.
var ErrStrength = play.ErrStrength

// New returns the player of the named strength, deterministic given seed.
func New(strength string, seed uint64) (Player, error) {
	return play.NewPlayer("bot", strength, seed, Random, Heuristic)
}

// Random returns a player that picks one of the View's legal actions
// uniformly at random, from a generator seeded with seed.
func Random(seed uint64) Player {
	return play.NewRandom(seed, func(v canasta.View) []canasta.Action { return v.Legal })
}

// Errors of [Play], matched with errors.Is; an illegal action's error also
// wraps the canasta rule it broke.
var (
	ErrNoPlayer = play.ErrNoPlayer // the seat to act has no player
	ErrIllegal  = play.ErrIllegal  // a player chose an action Apply refuses
	ErrEndless  = play.ErrEndless  // the game went past the limit of actions
)

// Play plays s with players, one per seat, until the game is over (or
// after limit actions, 0 for no limit, with ErrEndless), calling observe,
// if not nil, after every action. Each player sees only its seat's View.
func Play(s canasta.State, players []Player, limit int, observe func(seat int, a canasta.Action, next canasta.State)) (canasta.State, error) {
	g := play.Game[canasta.State, canasta.View, canasta.Action]{
		Pkg: "bot", ToAct: canasta.State.ToAct, View: canasta.State.View, Apply: canasta.Apply, Over: canasta.State.Over,
	}
	return play.RunPlayers(g, s, players, limit, observe)
}
