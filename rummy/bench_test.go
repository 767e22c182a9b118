package rummy_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/cardrules/cardrules/rummy"
)

// Benchmarks for BENCHMARKS.md:
//
//	go test -run '^$' -bench . -benchmem ./rummy
//
// The goals: at least 25,000 random two-player hands a second on
// one core (fifty times OpenSpiel's gin_rummy played the same way), and
// Apply allocating at most once.

var (
	sinkState rummy.State
	sinkErr   error
	sinkN     int
)

type position struct {
	s rummy.State
	a rummy.Action
}

// positions plays random games of players from seeds 1 on and returns,
// for each kind of action, up to n positions where it is legal, with the
// action.
func positions(tb testing.TB, players, n int) map[rummy.Kind][]position {
	tb.Helper()
	out := map[rummy.Kind][]position{}
	r := rummy.Basic()
	r.Players, r.Rounds, r.Target = players, 0, 200
	var buf []rummy.Action
	for seed := uint64(1); seed < 40; seed++ {
		s, err := rummy.New(r, seed)
		if err != nil {
			tb.Fatal(err)
		}
		pick := rand.NewPCG(seed, 3)
		for !s.Over() {
			buf = rummy.AppendLegal(buf[:0], s)
			for _, a := range buf {
				if k := a.Kind(); len(out[k]) < n {
					out[k] = append(out[k], position{s, a})
				}
			}
			a := buf[pick.Uint64()%uint64(len(buf))]
			if s, err = rummy.Apply(s, a); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkApply applies each kind of action on positions of random games
// where it is legal: every Apply branches from a State already played on,
// as a search does.
func BenchmarkApply(b *testing.B) {
	all := positions(b, 4, 64)
	for _, k := range []rummy.Kind{rummy.KindDrawStock, rummy.KindDrawPile, rummy.KindMeld, rummy.KindLayOff, rummy.KindDiscard, rummy.KindNext} {
		ps := all[k]
		if len(ps) == 0 {
			b.Fatalf("no position for %v", k)
		}
		b.Run(k.String(), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p := ps[i%len(ps)]
				sinkState, sinkErr = rummy.Apply(p.s, p.a)
				i++
			}
		})
	}
}

// BenchmarkLegal lists the legal actions of positions of random games
// into a reused buffer.
func BenchmarkLegal(b *testing.B) {
	var states []rummy.State
	for _, ps := range positions(b, 4, 64) {
		for _, p := range ps {
			states = append(states, p.s)
		}
	}
	buf := make([]rummy.Action, 0, 512)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = rummy.AppendLegal(buf[:0], states[i%len(states)])
		sinkN += len(buf)
		i++
	}
}

// BenchmarkRandomHand plays one whole random hand (a round, from the deal
// to its scoring) per op, choosing uniformly among the legal actions, as
// a simulation does, for two and four players.
func BenchmarkRandomHand(b *testing.B) {
	for _, n := range []int{2, 4} {
		r := rummy.Basic()
		r.Players = n
		b.Run(map[int]string{2: "two", 4: "four"}[n], func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]rummy.Action, 0, 512)
			seed := uint64(0)
			actions := 0
			for b.Loop() {
				seed++
				s, err := rummy.New(r, seed)
				if err != nil {
					b.Fatal(err)
				}
				pick := rand.NewPCG(seed, 5)
				for !s.Over() {
					buf = rummy.AppendLegal(buf[:0], s)
					if s, err = rummy.Apply(s, buf[pick.Uint64()%uint64(len(buf))]); err != nil {
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

// BenchmarkApplyStraight replays a whole seeded random two-player game,
// as a game is played (every State applied to once, so the history grows
// in place): ns/action and allocs/action are Apply's cost per action when
// nothing branches.
func BenchmarkApplyStraight(b *testing.B) {
	s0, err := rummy.New(rummy.Basic(), 7)
	if err != nil {
		b.Fatal(err)
	}
	var actions []rummy.Action
	s := s0
	pick := rand.NewPCG(7, 9)
	for !s.Over() {
		legal := rummy.Legal(s)
		a := legal[pick.Uint64()%uint64(len(legal))]
		actions = append(actions, a)
		s, _ = rummy.Apply(s, a)
	}
	b.ReportAllocs()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.Mallocs
	for b.Loop() {
		s := s0
		for _, a := range actions {
			s, sinkErr = rummy.Apply(s, a)
		}
		sinkState = s
	}
	runtime.ReadMemStats(&ms)
	n := float64(b.N) * float64(len(actions))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/action")
	b.ReportMetric(float64(ms.Mallocs-before)/n, "allocs/action")
}
