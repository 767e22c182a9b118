package bot

import (
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/play"
)

// Errors of [Step] and [Play], matched with errors.Is. An illegal action's
// error also wraps the handfoot rule it broke.
var (
	ErrNoPlayer = play.ErrNoPlayer // the seat to act has no player
	ErrIllegal  = play.ErrIllegal  // a player chose an action Apply rejects
	ErrEndless  = play.ErrEndless  // the game went past Options.Limit actions
)

// Options says how [Play] runs a table.
type Options struct {
	// Limit stops the game with an error after that many actions (0: no
	// limit), so that a faulty player cannot loop forever.
	Limit int
	// Until, if set, stops the game early, without an error, as soon as it
	// reports true for the state reached (after a given number of rounds,
	// say).
	Until func(handfoot.State) bool
	// Observe, if set, is called after every action with the seat that
	// acted, its action and the state it led to.
	Observe func(seat int, a handfoot.Action, next handfoot.State)
}

// game adapts package handfoot to the driver every game's players share.
func game(until func(handfoot.State) bool) play.Game[handfoot.State, handfoot.View, handfoot.Action] {
	over := handfoot.State.Over
	if until != nil {
		over = func(s handfoot.State) bool { return s.Over() || until(s) }
	}
	return play.Game[handfoot.State, handfoot.View, handfoot.Action]{
		Pkg:   "bot",
		ToAct: handfoot.State.ToAct,
		View:  handfoot.State.View,
		Apply: handfoot.Apply,
		Over:  over,
	}
}

// seats converts players to the driver's type.
func seats(players []Player) []play.Player[handfoot.View, handfoot.Action] {
	return play.Adapt[Player, handfoot.View, handfoot.Action](players)
}

// Step asks the player of the seat to act in s (players[s.ToAct()]) for an
// action, shows it only that seat's View, and applies the action. It
// returns the new state and the action, or, for a seat without a player or
// a player that chose an illegal action, s itself and an error naming the
// seat and wrapping the rule the action broke.
func Step(s handfoot.State, players []Player) (handfoot.State, handfoot.Action, error) {
	return play.Step(game(nil), s, seats(players))
}

// Play plays s with players, one per seat (a nil entry is an error when
// that seat is to act), until the game is over or o.Until stops it, and
// returns the state reached. Each player sees only its seat's View. An
// illegal action stops the game with the error of [Step] and the state
// before it.
func Play(s handfoot.State, players []Player, o Options) (handfoot.State, error) {
	return play.Run(game(o.Until), s, seats(players), o.Limit, o.Observe)
}
