package bot

import (
	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
)

// Errors of [Play], [Step] and [New], matched with errors.Is. Each is the
// root package's sentinel of the same name, the same in every game's bot
// package. An illegal action's error also wraps the canasta rule it broke.
var (
	ErrNoPlayer = cardrules.ErrNoPlayer // the seat to act has no player (or, for Step, the game is over)
	ErrIllegal  = cardrules.ErrIllegal  // a player chose an action canasta.Apply refuses
	ErrEndless  = cardrules.ErrEndless  // the game went past Options.Limit actions
	ErrStrength = cardrules.ErrStrength // New was given a name that is no strength
)

// Options says how [Play] runs a table.
type Options struct {
	// Limit stops the game with an error wrapping [ErrEndless] after that
	// many actions (0: no limit), so that a faulty player cannot loop
	// forever.
	Limit int
	// Until, if set, stops the game early, without an error, as soon as it
	// reports true for the state reached (after a given number of rounds,
	// say). It is asked before every action, the first included.
	Until func(canasta.State) bool
	// Observe, if set, is called after every action with the seat that
	// acted, its action and the state it led to.
	Observe func(seat int, a canasta.Action, next canasta.State)
}

// Step asks the player of the seat to act in s (players[s.ToAct()]) for an
// action, shows it only that seat's View, and applies the action: it is
// [cardrules.Step]. It returns the new state and the action, or, for a
// seat without a player, a game already over or a player that chose an
// illegal action, s itself and an error naming the seat and wrapping the
// rule the action broke.
func Step(s canasta.State, players []Player) (canasta.State, canasta.Action, error) {
	return cardrules.Step(s, players)
}

// Play plays s with players, one per seat (a nil entry is an error when
// that seat is to act), until the game is over or o.Until stops it, and
// returns the state reached: it is [cardrules.Run]. Each player sees only
// its seat's View. A seat without a player, an illegal action or a game
// past o.Limit stops the game with the error of [Step] (or one wrapping
// [ErrEndless]) and the last state reached, before the illegal action.
func Play(s canasta.State, players []Player, o Options) (canasta.State, error) {
	return cardrules.Run(s, players, o.Limit, o.Until, o.Observe)
}
