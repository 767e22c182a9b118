// Package play holds what every game's bot package builds its players
// from, the same way for every game: the names of the strengths, the
// constructor that picks one by name, the random player, and a seat's
// Outcome from a game's totals (which every game's State gives). The loop
// that lets players play is the root package's (cardrules.Run and
// cardrules.Step).
package play

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/errs"
)

// Random is a player that picks one of the legal actions a view lists,
// uniformly at random.
type Random[V, A any] struct {
	rng   *rand.Rand
	legal func(V) []A
}

// NewRandom returns a Random player drawing from a generator seeded with
// seed, reading a view's legal actions with legal.
func NewRandom[V, A any](seed uint64, legal func(V) []A) *Random[V, A] {
	return &Random[V, A]{rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d)), legal: legal}
}

// Choose returns a uniformly random legal action of v, or the zero action
// when there is none.
func (p *Random[V, A]) Choose(v V) A {
	var zero A
	legal := p.legal(v)
	if len(legal) == 0 {
		return zero
	}
	return legal[p.rng.IntN(len(legal))]
}

// Strengths are the strengths every game's players come in, weakest
// first; a game's bot package may add stronger ones.
var Strengths = []string{"random", "heuristic"}

// NewPlayer returns the player of the named strength, built from seed by
// the constructor of the same index in build as the name in names (a bot
// package's Strengths), or an error of package pkg wrapping
// [cardrules.ErrStrength] that lists the names.
func NewPlayer[P any](pkg string, names []string, build []func(seed uint64) P, strength string, seed uint64) (P, error) {
	if i := slices.Index(names, strength); i >= 0 && i < len(build) {
		return build[i](seed), nil
	}
	var zero P
	return zero, errs.New(pkg, cardrules.ErrStrength, errs.Quote(strength)+": the strengths are "+strings.Join(names, ", "))
}

// Outcome is the Outcome of a seat of team, from a game's totals by team
// and its winning teams (nil before the game is over): the team's total,
// and whether the team is among the winners. A team outside totals has the
// zero Outcome.
func Outcome(totals, winners []int, team int) cardrules.Outcome {
	if team < 0 || team >= len(totals) {
		return cardrules.Outcome{}
	}
	return cardrules.Outcome{Points: totals[team], Won: slices.Contains(winners, team)}
}

// Rounds is the most rounds a game lasts whose rules set rounds (0: to a
// target) and whose game ends after most rounds whatever the scores.
func Rounds(rounds, most int) int {
	if rounds > 0 {
		return min(rounds, most)
	}
	return most
}
