package famtest

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/internal/family"
)

// Bounded is what [CheckMaxActions] reads of a game's State.
type Bounded[S, A any] interface {
	Over() bool
	Seq() int
	Round() int
	Turn() int
	AppendLegal([]A) []A
	Apply(A) (S, error)
}

// CheckMaxActions plays s to its end by random legal actions drawn from
// seed, taking back at most once a turn, and checks the counts that
// family.MaxActions adds up: a round of at most 2×shoe+1 turns, at most
// six actions a turn besides lays, packets and Next, at most shoe lays a
// turn, and at most most actions in all. kind reads an action's kind.
func CheckMaxActions[S Bounded[S, A], A any](t *testing.T, s S, seed uint64, shoe, most int, kind func(A) family.Kind) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	round, turn, turns := s.Round(), s.Turn(), 1
	plain, lays, tookBack := 0, 0, false
	var legal []A
	for !s.Over() {
		if s.Round() != round {
			round, turn, turns = s.Round(), s.Turn(), 1
			plain, lays, tookBack = 0, 0, false
		} else if s.Turn() != turn {
			turn, turns = s.Turn(), turns+1
			plain, lays, tookBack = 0, 0, false
		}
		legal = s.AppendLegal(legal[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action at action %d", seed, s.Seq())
		}
		a := legal[rng.IntN(len(legal))]
		for tookBack && kind(a) == family.TakeBack && len(legal) > 1 {
			a = legal[rng.IntN(len(legal))]
		}
		switch k := kind(a); k {
		case family.Meld, family.Add, family.LayRed:
			lays++
		case family.Choose, family.Next:
		default:
			plain++
			tookBack = tookBack || k == family.TakeBack
		}
		next, err := s.Apply(a)
		if err != nil {
			t.Fatalf("seed %d: Apply(%v): %v", seed, a, err)
		}
		s = next
		switch {
		case turns > 2*shoe+1:
			t.Fatalf("seed %d: round %d has %d turns, over 2×%d+1", seed, round, turns, shoe)
		case plain > 6:
			t.Fatalf("seed %d: round %d turn %d played %d actions besides lays, over 6", seed, round, turns, plain)
		case lays > 2*shoe:
			t.Fatalf("seed %d: round %d turn %d laid %d times, over 2×%d", seed, round, turns, lays, shoe)
		case s.Seq() > most:
			t.Fatalf("seed %d: %d actions, over MaxActions %d", seed, s.Seq(), most)
		}
	}
}
