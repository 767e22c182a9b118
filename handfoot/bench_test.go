package handfoot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
)

// Benchmarks for BENCHMARKS.md:
//
//	go test -run '^$' -bench . -benchmem ./handfoot
//
// The targets (DESIGN.md): a whole random 4-player round under one
// millisecond of CPU on one core; Apply no more than a few times the cost
// of copying its State (BenchmarkStateCopy); Apply at 0-1 allocations for
// draw, meld and discard; Legal allocation-free through AppendLegal with a
// reused buffer.

// benchSinkState and benchSinkErr keep results alive so the compiler
// cannot drop the work.
var (
	benchSinkState handfoot.State
	benchSinkErr   error
	benchSinkLen   int
)

// benchGame plays a game under rules from seed with random legal actions
// (a PCG seeded by seed, reduced with %, so the game never changes with a
// Go release) and calls visit with each State before its action and the
// action's legal list; visit returns false to stop.
func benchGame(tb testing.TB, rules handfoot.Rules, seed uint64, visit func(handfoot.State, []handfoot.Action) bool) {
	tb.Helper()
	s, err := handfoot.New(rules, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.NewPCG(seed, 0xbe7c)
	var legal []handfoot.Action
	for !s.Over() {
		legal = handfoot.AppendLegal(legal[:0], s)
		if !visit(s, legal) {
			return
		}
		a := legal[rng.Uint64()%uint64(len(legal))]
		if s, err = handfoot.Apply(s, a); err != nil {
			tb.Fatalf("seed %d: Legal listed %v, Apply said %v", seed, a, err)
		}
	}
}

// benchFind returns the first position of a random RulesA game (seed 1
// on) where pick finds an action, with that action.
func benchFind(tb testing.TB, pick func(handfoot.State, []handfoot.Action) (handfoot.Action, bool)) (handfoot.State, handfoot.Action) {
	tb.Helper()
	return benchFindIn(tb, handfoot.RulesA(), pick)
}

// benchFindIn is benchFind under rules.
func benchFindIn(tb testing.TB, rules handfoot.Rules, pick func(handfoot.State, []handfoot.Action) (handfoot.Action, bool)) (handfoot.State, handfoot.Action) {
	tb.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		var found handfoot.State
		var act handfoot.Action
		ok := false
		benchGame(tb, rules, seed, func(s handfoot.State, legal []handfoot.Action) bool {
			act, ok = pick(s, legal)
			if ok {
				found = s
			}
			return !ok
		})
		if ok {
			return found, act
		}
	}
	tb.Fatal("no position found")
	return handfoot.State{}, handfoot.Action{}
}

// benchKind picks the first legal action of kind k in a position where the
// hand to act holds at least minHand cards.
func benchKind(k handfoot.Kind, minHand int) func(handfoot.State, []handfoot.Action) (handfoot.Action, bool) {
	return func(s handfoot.State, legal []handfoot.Action) (handfoot.Action, bool) {
		if s.Hand(s.ToAct()).Len() < minHand {
			return handfoot.Action{}, false
		}
		for _, a := range legal {
			if a.Kind() == k {
				return a, true
			}
		}
		return handfoot.Action{}, false
	}
}

func benchApply(b *testing.B, k handfoot.Kind, minHand int) {
	s, a := benchFind(b, benchKind(k, minHand))
	if _, err := handfoot.Apply(s, a); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		benchSinkState, benchSinkErr = handfoot.Apply(s, a)
	}
}

// BenchmarkApplyDraw draws two cards at the start of the first turn.
func BenchmarkApplyDraw(b *testing.B) { benchApply(b, handfoot.KindDraw, 0) }

// BenchmarkApplyMeld lays a new meld from a hand of eight cards or more.
func BenchmarkApplyMeld(b *testing.B) { benchApply(b, handfoot.KindMeld, 8) }

// BenchmarkApplyAdd adds cards to one of the team's melds.
func BenchmarkApplyAdd(b *testing.B) { benchApply(b, handfoot.KindAdd, 8) }

// BenchmarkApplyDiscard discards, ending a turn.
func BenchmarkApplyDiscard(b *testing.B) { benchApply(b, handfoot.KindDiscard, 8) }

// BenchmarkApplyTakePile takes the discard pile.
func BenchmarkApplyTakePile(b *testing.B) { benchApply(b, handfoot.KindTake, 0) }

// BenchmarkLegal lists the legal actions of every position of a random
// RulesA game in turn into a reused buffer; one op is one position.
func BenchmarkLegal(b *testing.B) {
	var positions []handfoot.State
	benchGame(b, handfoot.RulesA(), 1, func(s handfoot.State, _ []handfoot.Action) bool {
		positions = append(positions, s)
		return true
	})
	buf := make([]handfoot.Action, 0, 4096)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = handfoot.AppendLegal(buf[:0], positions[i])
		if i++; i == len(positions) {
			i = 0
		}
	}
	benchSinkLen = len(buf)
}

// benchRound plays one round of a new game under rules from seed with
// random legal actions, from the deal until RoundOver (or GameOver), and
// returns the number of actions.
func benchRound(rules handfoot.Rules, seed uint64, legal *[]handfoot.Action, untilGameOver bool) (int, error) {
	s, err := handfoot.New(rules, seed)
	if err != nil {
		return 0, err
	}
	rng := rand.NewPCG(seed, 0xbe7c)
	n := 0
	for !s.Over() && (untilGameOver || s.Phase() != handfoot.RoundOver) {
		*legal = handfoot.AppendLegal((*legal)[:0], s)
		a := (*legal)[rng.Uint64()%uint64(len(*legal))]
		if s, err = handfoot.Apply(s, a); err != nil {
			return n, err
		}
		n++
	}
	benchSinkState = s
	return n, nil
}

// BenchmarkRandomRound4 deals a 4-player RulesA game and plays its first
// round to the end with random legal actions; one op is one round (deal
// included), and actions/op is the round's length.
func BenchmarkRandomRound4(b *testing.B) {
	benchRandom(b, handfoot.RulesA(), false)
}

// BenchmarkRandomGameB plays a whole 4-player RulesB game (four rounds)
// with random legal actions; one op is one game.
func BenchmarkRandomGameB(b *testing.B) {
	benchRandom(b, handfoot.RulesB(), true)
}

func benchRandom(b *testing.B, rules handfoot.Rules, untilGameOver bool) {
	legal := make([]handfoot.Action, 0, 4096)
	b.ReportAllocs()
	seed, actions := uint64(0), 0
	for b.Loop() {
		seed++
		n, err := benchRound(rules, seed, &legal, untilGameOver)
		if err != nil {
			b.Fatalf("seed %d: %v", seed, err)
		}
		actions += n
	}
	b.ReportMetric(float64(actions)/float64(seed), "actions/op")
}

// BenchmarkStateCopy copies a State value, for scale: Apply cannot cost
// less than one copy.
func BenchmarkStateCopy(b *testing.B) {
	var states [2]handfoot.State
	states[0], _ = benchFind(b, benchKind(handfoot.KindDiscard, 8))
	states[1] = states[0]
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		benchSinkState = states[i&1]
		i++
	}
}

// TestLegalAllocs checks that AppendLegal into a reused buffer allocates
// nothing in mid-game melding positions with a hand of several cards: a
// typical rule set A position with several meld steps to list, and a rule
// set B player in the foot who has laid cards this turn (so that taking
// back is legal too). The positions where Legal asks whether the player
// can go out (asking, and after a yes) are checked in partner_test.go.
func TestLegalAllocs(t *testing.T) {
	lays := func(legal []handfoot.Action) (n int, ask, back bool) {
		for _, a := range legal {
			switch a.Kind() {
			case handfoot.KindMeld, handfoot.KindAdd:
				n++
			case handfoot.KindAsk:
				ask = true
			case handfoot.KindTakeBack:
				back = true
			}
		}
		return n, ask, back
	}
	typicalA, _ := benchFind(t, func(s handfoot.State, legal []handfoot.Action) (handfoot.Action, bool) {
		if s.Phase() != handfoot.Melding || s.Hand(s.ToAct()).Len() < 8 || s.StockSize() > 150 {
			return handfoot.Action{}, false
		}
		n, _, _ := lays(legal)
		return handfoot.Action{}, n >= 5
	})
	footB, _ := benchFindIn(t, handfoot.RulesB(), func(s handfoot.State, legal []handfoot.Action) (handfoot.Action, bool) {
		seat := s.ToAct()
		if s.Phase() != handfoot.Melding || !s.InFoot(seat) || s.Hand(seat).Len() < 6 {
			return handfoot.Action{}, false
		}
		n, _, back := lays(legal)
		return handfoot.Action{}, n >= 3 && back
	})
	buf := make([]handfoot.Action, 0, 4096)
	for _, tc := range []struct {
		name string
		s    handfoot.State
	}{{"rule set A, melding", typicalA}, {"rule set B, melding in the foot", footB}} {
		n := 0
		allocs := testing.AllocsPerRun(100, func() {
			buf = handfoot.AppendLegal(buf[:0], tc.s)
			n = len(buf)
		})
		if n == 0 {
			t.Fatalf("%s: no legal actions", tc.name)
		}
		if allocs != 0 {
			t.Errorf("%s: AppendLegal with a reused buffer makes %v allocations per call (%d legal actions, hand %v); want 0",
				tc.name, allocs, n, tc.s.Hand(tc.s.ToAct()))
		}
	}
}
