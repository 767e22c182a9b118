// Package bot holds computer players for Doublets. A player decides from
// the [doublets.View] alone — the foundation, the reserve, the waste, the
// stock's size and the pass, and the legal actions the view lists — so it
// cannot see the order of the stock, and given its seed it always decides
// the same way.
//
// Two strengths: [Random] plays a uniformly random legal action;
// [Heuristic] plays greedily (see its documentation). [Play] runs a game
// with one of them. For the best play there is, see [doublets.Solve].
package bot

import (
	"slices"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/internal/play"
)

// Player chooses the action of the player a View belongs to; the View is
// that of a game not over, so its Legal list is not empty.
type Player interface {
	Choose(v doublets.View) doublets.Action
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
	return play.NewRandom(seed, func(v doublets.View) []doublets.Action { return v.Legal })
}

// Errors of [Play] and [New], matched with errors.Is; an illegal action's
// error also wraps the doublets rule it broke.
var (
	ErrNoPlayer = play.ErrNoPlayer // the seat to act has no player
	ErrIllegal  = play.ErrIllegal  // a player chose an action Apply refuses
	ErrEndless  = play.ErrEndless  // the game went past the limit of actions
	ErrStrength = play.ErrStrength // New was given a name that is no strength
)

// Play plays s with players, one per seat (Doublets has one: players[0]),
// until the game is over (or after limit actions, 0 for no limit, with an
// error wrapping ErrEndless), calling observe, if not nil, after every
// action, and returns the state reached. The player sees only the View. A
// missing player, or a player's illegal action, stops the game with an
// error and the state before it.
func Play(s doublets.State, players []Player, limit int, observe func(seat int, a doublets.Action, next doublets.State)) (doublets.State, error) {
	g := play.Game[doublets.State, doublets.View, doublets.Action]{
		Pkg: "bot", ToAct: doublets.State.ToAct, View: doublets.State.View, Apply: doublets.Apply, Over: doublets.State.Over,
	}
	return play.RunPlayers(g, s, players, limit, observe)
}
