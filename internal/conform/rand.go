package conform

import (
	"math/rand/v2"

	"pgregory.net/rapid"
)

// Rand is the source of a game's random choices: the tables RandomRules
// draws and the actions ArbitraryAction makes up. In [Check] it is rapid,
// so that a failing table shrinks; elsewhere it is a generator seeded by
// the game's seed, so that a game replays. Label names a draw in rapid's
// report.
type Rand interface {
	// IntN returns a number in [0, n); n must be above 0.
	IntN(label string, n int) int
	// Uint64 returns any 64-bit number.
	Uint64(label string) uint64
}

// Range returns a number from lo to hi, both included.
func Range(r Rand, label string, lo, hi int) int {
	return lo + r.IntN(label, hi-lo+1)
}

// Bool returns true or false, evenly.
func Bool(r Rand, label string) bool { return r.IntN(label, 2) == 1 }

// OneIn returns true once in n draws.
func OneIn(r Rand, label string, n int) bool { return r.IntN(label, n) == 0 }

// Pick returns one of xs, which must not be empty.
func Pick[T any](r Rand, label string, xs []T) T { return xs[r.IntN(label, len(xs))] }

// pcg is a Rand from a PCG generator.
type pcg struct{ r *rand.Rand }

// The harness keeps separate streams for a game's table, the actions it
// plays and the checks it makes, so that a game replays from its rules and
// seed alone, whichever checks are made on the way.
const (
	streamRules uint64 = 0x7275_6c65 // "rule"
	streamPlay  uint64 = 0x706c_6179 // "play"
	streamCheck uint64 = 0x6368_6563 // "chec"
)

func newPCG(seed, stream uint64) pcg { return pcg{rand.New(rand.NewPCG(seed, stream))} }

func (p pcg) IntN(_ string, n int) int { return p.r.IntN(n) }
func (p pcg) Uint64(_ string) uint64   { return p.r.Uint64() }

// RapidRand returns a Rand that draws from t, so that rapid shrinks what
// it draws.
func RapidRand(t *rapid.T) Rand { return rapidRand{t} }

// rapidRand is a Rand that draws from rapid.
type rapidRand struct{ t *rapid.T }

func (r rapidRand) IntN(label string, n int) int { return rapid.IntRange(0, n-1).Draw(r.t, label) }
func (r rapidRand) Uint64(label string) uint64   { return rapid.Uint64().Draw(r.t, label) }

// splitmix returns the i-th game seed of a campaign seeded by seed.
func splitmix(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
