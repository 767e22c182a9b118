// Package bot holds computer players for Hand and Foot. A player decides
// from a seat's [handfoot.View] alone — the cards that seat may see and the
// legal actions the view lists — so it cannot cheat, and given its seed it
// always decides the same way.
//
// Three strengths: [Random] plays a uniformly random legal action;
// [Heuristic] plays the game as a sensible player does (see its
// documentation); [Search] is the heuristic player that, at a few
// decisions of its turn (draw or take the pile, lay every card it can or
// not, go out or not), looks ahead over deals its View cannot tell from the
// real one.
// Every game package of the library has a bot package of the same shape,
// and the example programs drive them all alike.
package bot

import (
	"slices"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/play"
)

// Player chooses the action of the seat a View belongs to. The View must be
// that of the seat to act, so its Legal list is not empty.
type Player interface {
	Choose(v handfoot.View) handfoot.Action
}

// Strengths lists the names [New] accepts, weakest first.
var Strengths = append(slices.Clone(play.Strengths), "search")

// New returns the player of the named strength ("random", "heuristic" or
// "search"), deterministic given seed.
func New(strength string, seed uint64) (Player, error) {
	if strength == "search" {
		return Search(seed), nil
	}
	return play.NewPlayer("bot", strength, seed, Random, Heuristic)
}

// ErrStrength is wrapped by the error of [New] for a name that is no strength.
var ErrStrength = play.ErrStrength

// Random returns a player that picks one of the legal actions uniformly at
// random, from a generator seeded with seed.
func Random(seed uint64) Player {
	return play.NewRandom(seed, func(v handfoot.View) []handfoot.Action { return v.Legal })
}
