package canasta_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/cardrules/cardrules/canasta"
)

// Benchmarks for BENCHMARKS.md:
//
//	go test -run '^$' -bench . -benchmem ./canasta
//
// The goals: Apply at most 150 ns and one allocation for every
// kind of action; Legal into a reused buffer allocation-free; at least
// 10,000 random four-player hands (rounds) a second on one core.

var (
	sinkState canasta.State
	sinkErr   error
	sinkN     int
)

// positions plays random Classic games from seeds 1 on and returns, for
// each kind of action, up to n positions where it is legal, with the
// action.
func positions(tb testing.TB, n int) map[canasta.Kind][]struct {
	s canasta.State
	a canasta.Action
} {
	tb.Helper()
	out := map[canasta.Kind][]struct {
		s canasta.State
		a canasta.Action
	}{}
	var buf []canasta.Action
	for seed := uint64(1); seed < 40; seed++ {
		s, err := canasta.New(canasta.Classic(), seed)
		if err != nil {
			tb.Fatal(err)
		}
		pick := rand.NewPCG(seed, 3)
		for steps := 0; !s.Over() && steps < 3000; steps++ {
			buf = canasta.AppendLegal(buf[:0], s)
			for _, a := range buf {
				if k := a.Kind(); len(out[k]) < n {
					out[k] = append(out[k], struct {
						s canasta.State
						a canasta.Action
					}{s, a})
				}
			}
			a := buf[pick.Uint64()%uint64(len(buf))]
			if s, err = canasta.Apply(s, a); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkApply applies each kind of action on positions of random games
// where it is legal.
func BenchmarkApply(b *testing.B) {
	all := positions(b, 64)
	for _, k := range []canasta.Kind{canasta.KindDraw, canasta.KindTake, canasta.KindMeld, canasta.KindAdd,
		canasta.KindAsk, canasta.KindAnswer, canasta.KindTakeBack, canasta.KindDiscard, canasta.KindNext} {
		ps := all[k]
		if len(ps) == 0 {
			b.Fatalf("no position for %v", k)
		}
		b.Run(k.String(), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p := ps[i%len(ps)]
				sinkState, sinkErr = canasta.Apply(p.s, p.a)
				i++
			}
		})
	}
}

// BenchmarkLegal lists the legal actions of positions of random games
// into a reused buffer.
func BenchmarkLegal(b *testing.B) {
	var states []canasta.State
	for _, ps := range positions(b, 64) {
		for _, p := range ps {
			states = append(states, p.s)
		}
	}
	buf := make([]canasta.Action, 0, 1024)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = canasta.AppendLegal(buf[:0], states[i%len(states)])
		sinkN += len(buf)
		i++
	}
}

// BenchmarkRandomHand plays one whole random four-player hand (a round,
// from the deal to its scoring) per op, choosing uniformly among the legal
// actions, as a simulation does.
func BenchmarkRandomHand(b *testing.B) {
	for _, r := range []canasta.Rules{canasta.Classic(), canasta.TwoPlayer()} {
		b.Run(r.Name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]canasta.Action, 0, 1024)
			seed := uint64(0)
			actions := 0
			for b.Loop() {
				seed++
				s, err := canasta.New(r, seed)
				if err != nil {
					b.Fatal(err)
				}
				pick := rand.NewPCG(seed, 5)
				for s.Phase() != canasta.RoundOver && !s.Over() {
					buf = canasta.AppendLegal(buf[:0], s)
					a := buf[pick.Uint64()%uint64(len(buf))]
					if a.Kind() == canasta.KindTakeBack && len(buf) > 1 {
						a = buf[0] // a random player would take back forever
					}
					if s, err = canasta.Apply(s, a); err != nil {
						b.Fatal(err)
					}
					actions++
				}
				sinkState = s
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
		})
	}
}

// BenchmarkApplyStraight replays a whole seeded random Classic game, as a
// game is played (every State applied to once, so the history grows in
// place): one op is the whole game; ns/action and allocs/action are Apply's
// cost per action when nothing branches.
func BenchmarkApplyStraight(b *testing.B) {
	s0, err := canasta.New(canasta.Classic(), 7)
	if err != nil {
		b.Fatal(err)
	}
	var actions []canasta.Action
	s := s0
	pick := rand.NewPCG(7, 9)
	for !s.Over() {
		legal := canasta.Legal(s)
		a := legal[pick.Uint64()%uint64(len(legal))]
		if a.Kind() == canasta.KindTakeBack && len(legal) > 1 {
			a = legal[0]
		}
		actions = append(actions, a)
		s, _ = canasta.Apply(s, a)
	}
	b.ReportAllocs()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	for b.Loop() {
		s := s0
		for _, a := range actions {
			s, sinkErr = canasta.Apply(s, a)
		}
		sinkState = s
	}
	runtime.ReadMemStats(&ms)
	n := float64(b.N) * float64(len(actions))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/action")
	b.ReportMetric(float64(ms.Mallocs-before)/n, "allocs/action")
}
