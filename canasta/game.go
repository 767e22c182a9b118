package canasta

import (
	"strconv"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/play"
	"github.com/cardrules/cardrules/internal/record"
)

// A State is a cardrules.State, so programs written once against the
// library's common game API play Canasta.
var _ cardrules.State[State, Action, View] = State{}

// Seats is the number of players at the table.
func (s State) Seats() int { return s.Rules().Players }

// AppendLegal appends the legal actions of the seat to act to dst, in
// Legal's order: the same as the package function AppendLegal(dst, s).
func (s State) AppendLegal(dst []Action) []Action { return AppendLegal(dst, s) }

// Apply plays a: the same as the package function Apply(s, a).
func (s State) Apply(a Action) (State, error) { return Apply(s, a) }

// Outcome returns where the game leaves seat: its team's total (under
// Cutthroat, its own), and, once the game is over, whether its team is
// among the [State.Winners]. A seat outside the table has the zero
// Outcome.
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
	cardrules.Register(record.Game(pkg, Presets(), func(r Rules) string { return r.Name }, []int{2, 3, 4}, Preset, New, open))
}

// open deals a table for the registry: the preset named, or the one for
// the seats (classic for four, two, three), classic by default. A preset
// is for its own number of players.
func open(preset string, seats int, seed uint64) (cardrules.Table, error) {
	if preset == "" {
		preset = map[int]string{0: "classic", 4: "classic", 2: "two", 3: "three"}[seats]
		if preset == "" {
			return cardrules.Table{}, errs.New(pkg, ErrRules, "Canasta is for 2, 3 or 4 players, not "+strconv.Itoa(seats))
		}
	}
	r, err := Preset(preset)
	if err != nil {
		return cardrules.Table{}, err
	}
	if seats != 0 && seats != r.Players {
		return cardrules.Table{}, errs.New(pkg, ErrRules, "the "+r.Name+" rules are for "+strconv.Itoa(r.Players)+" players, not "+strconv.Itoa(seats))
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
