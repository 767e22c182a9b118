package famtest

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// PlayOut plays s, a position a test made, to the game's end through the
// harness ([conform.From]): along two paths of g's own policy (uniformly
// random, or the game's), then by two fixed ones, [Pick]'s first and last.
// turnStart and step are as Pick reads them.
func PlayOut[R Rules, S State[R, S, V], A comparable, V any](t *testing.T, g *conform.Game[R, S, A, V], s S,
	turnStart func(S) bool, step func(A) (lays, back bool)) {
	t.Helper()
	conform.From(t, g, s.Rules(), s, 2, 0)
	fixed := *g
	for _, last := range []bool{false, true} {
		fixed.Policy = Pick(last, turnStart, step)
		conform.From(t, &fixed, s.Rules(), s, 1, 0)
	}
}

// Pick returns a policy that plays always the first listed action, or
// always the last, but for taking back, and for laying cards again once it
// took back this turn: a player who does either forever never ends its
// turn, its choice rather than an endless game. turnStart reports the
// start of a turn (a take of the pile taken back starts it again), and
// step whether an action lays cards (a meld or an addition) or takes them
// back.
func Pick[S, A any](last bool, turnStart func(S) bool, step func(A) (lays, back bool)) func(conform.Rand, S, []A) A {
	tookBack := false
	return func(_ conform.Rand, s S, legal []A) A {
		if turnStart(s) {
			tookBack = false
		}
		l := slices.DeleteFunc(slices.Clone(legal), func(a A) bool {
			lays, back := step(a)
			return back || tookBack && lays
		})
		if len(l) == 0 {
			l = legal
		}
		a := l[0]
		if last {
			a = l[len(l)-1]
		}
		_, back := step(a)
		tookBack = tookBack || back
		return a
	}
}
