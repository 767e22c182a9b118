package doublets

import (
	"strconv"

	"github.com/cardrules/cardrules"
	iplay "github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/internal/record"
)

// A State is a cardrules.State, so programs written once against the
// library's common game API play Doublets.
var _ cardrules.State[State, Action, View] = State{}

// A State numbers its actions, and a *View encodes the player's
// observation, for learning programs (see the package doc).
var (
	_ cardrules.ActionIDs[Action] = State{}
	_ cardrules.Encoder[Action]   = (*View)(nil)
)

// Seats is 1: Doublets is a patience, played alone. It is 0 for the zero
// State.
func (s State) Seats() int {
	if s.g == nil {
		return 0
	}
	return 1
}

// AppendLegal appends the legal actions to dst, in Legal's order: the same
// as the package function AppendLegal(dst, s).
func (s State) AppendLegal(dst []Action) []Action { return AppendLegal(dst, s) }

// Apply plays a: the same as the package function Apply(s, a).
func (s State) Apply(a Action) (State, error) {
	err := s.apply(a) // Apply's body: s is the method's own copy
	return s, err
}

// Outcome returns where the game leaves the one seat, 0: its points, the
// cards on the foundation, and whether the patience is won. A seat other
// than 0 has the zero Outcome.
func (s State) Outcome(seat int) cardrules.Outcome {
	if seat < 0 || seat >= s.Seats() {
		return cardrules.Outcome{}
	}
	return iplay.Outcome(s.Totals(), s.Winners(), seat)
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
	cardrules.Register(record.Game(pkg, Presets(), func(r Rules) string { return r.Name }, []int{1}, Preset, New, open))
}

// open deals a deal for the registry: the preset named (aisleriot by
// default), for its one seat.
func open(preset string, seats int, seed uint64) (cardrules.Table, error) {
	if preset == "" {
		preset = "aisleriot"
	}
	r, err := Preset(preset)
	if err != nil {
		return cardrules.Table{}, err
	}
	if seats != 0 && seats != 1 {
		return cardrules.Table{}, fail(ErrRules, "Doublets is a patience for one player, not "+strconv.Itoa(seats))
	}
	s, err := New(r, seed)
	if err != nil {
		return cardrules.Table{}, err
	}
	return cardrules.Erase(pkg, s), nil
}
