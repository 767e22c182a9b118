// Package bot holds computer players for basic Rummy. A player decides
// from a seat's [rummy.View] alone — its own hand, the cards every player
// saw the others take from the pile, the melds, the pile and the legal
// actions the view lists — so it cannot cheat, and given its seed it
// always decides the same way.
//
// There are three strengths. [Random] plays a uniformly random legal
// action. [Heuristic] plays as a sensible player does (see its
// documentation). [Search] is the heuristic player that looks ahead where
// it pays. It does so at every decision of its turn that has a choice:
// draw from the stock or the pile; meld or lay off, or hold; which card to
// discard. There it compares a few candidates (the heuristic's choice and
// its next best). It plays each over deals its View cannot tell from the
// real one, finished by heuristic players to the hand's end ([SearchWith]
// sets its budget).
//
// Every game of the library has a bot package of this shape: the same
// [Player] type (the root package's [cardrules.Player] with this game's
// View and Action), [Strengths], [New], [Random], [Heuristic] and
// [Options] (the root package's [cardrules.Options] with this game's
// types). The root package's loop, [cardrules.Run] and [cardrules.Step],
// plays them. A program that plays one game with them plays every game
// alike.
package bot

import (
	"slices"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/rummy"
)

// The players register with the root package, so that a program that
// knows no game seats them by name: cardrules.NewComputer("rummy", strength,
// seed) is the Player New(strength, seed) returns.
func init() { cardrules.RegisterPlayers[rummy.State]("rummy", strengths, New) }

// Player chooses the action of the seat a View belongs to, from that View
// alone; the View is that of the seat to act, so its Legal list is not
// empty. Player is the root package's [cardrules.Player] with this game's
// View and Action, not a type of its own: a []Player is what
// [cardrules.Run] and [cardrules.Step] take, and any cardrules.Player of
// this game's View and Action is a Player.
type Player = cardrules.Player[rummy.View, rummy.Action]

// Options says how [cardrules.Run] plays a game of rummy: its limit on
// actions, when to stop early, and what to see after each action. It is
// the root package's [cardrules.Options] with this game's State and
// Action, not a type of its own.
type Options = cardrules.Options[rummy.State, rummy.Action]

// ErrStrength is wrapped by the error of [New] for a name that is no
// strength: the root package's [cardrules.ErrStrength], the same in every
// game's bot package.
var ErrStrength = cardrules.ErrStrength

// Strengths returns the names [New] knows, weakest first. Each call
// returns a new slice, which the caller may change.
func Strengths() []string { return slices.Clone(strengths) }

// strengths are the names New knows.
var strengths = append(slices.Clone(play.Strengths), "search")

// New returns the player of the named strength, one of [Strengths],
// deterministic given seed, or an error wrapping [ErrStrength] that lists
// the strengths.
func New(strength string, seed uint64) (Player, error) {
	return play.NewPlayer("rummy/bot", strengths, []func(seed uint64) Player{Random, Heuristic, Search}, strength, seed)
}

// Random returns a player that picks one of the View's legal actions
// uniformly at random, from a generator seeded with seed.
func Random(seed uint64) Player {
	return play.NewRandom(seed, func(v rummy.View) []rummy.Action { return v.Legal })
}
