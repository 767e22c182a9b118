package handfoot

import (
	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/internal/record"
)

// A State is a cardrules.State, so programs written once against the
// library's common game API play Hand and Foot.
var _ cardrules.State[State, Action, View] = State{}

// Seats is the number of players at the table.
func (s State) Seats() int { return s.Rules().Players }

// AppendLegal appends the legal actions of the seat to act to dst, in
// Legal's order: the same as the package function AppendLegal(dst, s).
func (s State) AppendLegal(dst []Action) []Action { return AppendLegal(dst, s) }

// Apply plays a: the same as the package function Apply(s, a).
func (s State) Apply(a Action) (State, error) { return Apply(s, a) }

// Outcome returns where the game leaves seat: its team's total, and, once
// the game is over, whether its team is among the [State.Winners]. A seat
// outside the table has the zero Outcome.
func (s State) Outcome(seat int) cardrules.Outcome {
	if seat < 0 || seat >= s.Seats() {
		return cardrules.Outcome{}
	}
	return play.Outcome(s.Totals(), s.Winners(), s.r.rules.teamOf(seat))
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
	cardrules.Register(record.Game(pkg, Presets(), func(r Rules) string { return r.Name }, []int{2, 3, 4, 5, 6, 7, 8}, Preset, New, open))
}

// open deals a table for the registry: rule set A unless preset names B,
// four players by default, in teams of two when the players are even and
// at least four (each player alone otherwise).
func open(preset string, seats int, seed uint64) (cardrules.Table, error) {
	if preset == "" {
		preset = "A"
	}
	r, err := Preset(preset)
	if err != nil {
		return cardrules.Table{}, err
	}
	if seats != 0 {
		teams := seats
		if seats%2 == 0 && seats >= 4 {
			teams = seats / 2
		}
		r = r.WithLayout(seats, teams)
		if err := r.Validate(); err != nil {
			return cardrules.Table{}, err
		}
	}
	s, err := New(r, seed)
	if err != nil {
		return cardrules.Table{}, err
	}
	return cardrules.Erase(pkg, s), nil
}

var (
	_ cardrules.ActionIDs[Action] = State{}
	_ cardrules.Encoder[Action]   = (*View)(nil)
)
