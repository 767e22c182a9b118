package rummy

import (
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/internal/record"
)

// A State is a cardrules.State, so programs written once against the
// library's common game API play Rummy.
var _ cardrules.State[State, Action, View] = State{}

// A State numbers its actions, and a *View encodes a seat's observation,
// for learning programs (see the package doc).
var (
	_ cardrules.ActionIDs[Action] = State{}
	_ cardrules.Encoder[Action]   = (*View)(nil)
)

// Seats is the number of players at the table (0 for the zero State).
func (s State) Seats() int {
	if s.g == nil {
		return 0
	}
	return s.Rules().Players
}

// AppendLegal appends the legal actions of the seat to act to dst, in
// Legal's order: the same as the package function AppendLegal(dst, s).
func (s State) AppendLegal(dst []Action) []Action { return AppendLegal(dst, s) }

// Apply plays a: the same as the package function Apply(s, a).
func (s State) Apply(a Action) (State, error) {
	err := s.apply(a) // Apply's body: s is the method's own copy
	return s, err
}

// Outcome returns where the game leaves seat: its total, and, once the
// game is over, whether it is among the [State.Winners]. A seat outside
// the table has the zero Outcome.
func (s State) Outcome(seat int) cardrules.Outcome {
	if seat < 0 || seat >= s.Seats() {
		return cardrules.Outcome{}
	}
	return play.Outcome(s.Totals(), s.Winners(), seat)
}

// A View is a cardrules.Sampler: a search player written once against the
// common API deals whole States from it.
var _ cardrules.Sampler[State] = View{}

// Sample returns a whole State v's seat could be in, what v hides dealt
// from seed: the same as the package function Determinize(v, seed).
func (v View) Sample(seed uint64) (State, error) { return Determinize(v, seed) }

// The game registers itself with the root package when imported: its
// presets, the seats its default preset takes, and how to open a table.
func init() {
	cardrules.Register(record.Game(pkg, Presets(), func(r Rules) string { return r.Name }, []int{2, 3, 4, 5, 6}, Preset, New, open))
}

// open deals a table for the registry: the preset named (basic by
// default), for seats players when seats is not 0. Basic rummy for
// another number of players is the preset for it ("basic-3"), so that the
// table's rules, and their name, say how many play. A preset that names
// its number of players ("basic-4") for another number is an error.
func open(preset string, seats int, seed uint64) (cardrules.Table, error) {
	if preset == "" {
		preset = "basic"
	}
	r, err := Preset(preset)
	if err != nil {
		return cardrules.Table{}, err
	}
	if seats != 0 && seats != r.Players && r.Name != Basic().Name {
		return cardrules.Table{}, errs.New(pkg, ErrRules, "the "+r.Name+" rules are for "+strconv.Itoa(r.Players)+" players, not "+strconv.Itoa(seats))
	}
	if seats != 0 && seats != r.Players {
		if r, err = Preset("basic-" + strconv.Itoa(seats)); err != nil {
			return cardrules.Table{}, errs.New(pkg, ErrRules, "rummy is for "+strconv.Itoa(MinPlayers)+" to "+strconv.Itoa(MaxPlayers)+" players, not "+strconv.Itoa(seats))
		}
	}
	s, err := New(r, seed)
	if err != nil {
		return cardrules.Table{}, err
	}
	return cardrules.Erase(pkg, s), nil
}
