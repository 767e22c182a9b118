package doublets_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cardrules/cardrules/doublets"
)

// Benchmarks for BENCHMARKS.md:
//
//	go test -run '^$' -bench . -benchmem ./doublets

var (
	sinkState doublets.State
	sinkN     int
)

// BenchmarkRandomGame deals a game and plays it to its end with uniformly
// random legal moves.
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	buf := make([]doublets.Action, 0, 16)
	seed, moves := uint64(0), 0
	for b.Loop() {
		seed++
		s, err := doublets.New(doublets.Aisleriot(), seed)
		if err != nil {
			b.Fatal(err)
		}
		pick := rand.NewPCG(seed, 5)
		for !s.Over() {
			buf = doublets.AppendLegal(buf[:0], s)
			if s, err = doublets.Apply(s, buf[pick.Uint64()%uint64(len(buf))]); err != nil {
				b.Fatal(err)
			}
			moves++
		}
		sinkState = s
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkLegal lists the legal moves of positions of random games into
// a reused buffer.
func BenchmarkLegal(b *testing.B) {
	var states []doublets.State
	for seed := range uint64(20) {
		s, _ := doublets.New(doublets.Aisleriot(), seed)
		for n := 0; !s.Over(); n++ {
			states = append(states, s)
			legal := doublets.Legal(s)
			s, _ = doublets.Apply(s, legal[n%len(legal)])
		}
	}
	buf := make([]doublets.Action, 0, 16)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = doublets.AppendLegal(buf[:0], states[i%len(states)])
		sinkN += len(buf)
		i++
	}
}

// BenchmarkApply applies moves of each kind to positions of random games
// where they are legal (up to 64 of each, in turn).
func BenchmarkApply(b *testing.B) {
	type at struct {
		s doublets.State
		a doublets.Action
	}
	kinds := map[string][]at{}
	name := func(a doublets.Action) string {
		switch {
		case a == doublets.PlayWaste():
			return "play-waste"
		case a.Kind() == doublets.KindPlayReserve:
			return "play-reserve"
		}
		return a.String()
	}
	for seed := uint64(1); seed <= 200; seed++ {
		s, _ := doublets.New(doublets.Aisleriot(), seed)
		pick := rand.NewPCG(seed, 9)
		for !s.Over() {
			legal := doublets.Legal(s)
			for _, a := range legal {
				if k := name(a); len(kinds[k]) < 64 {
					kinds[k] = append(kinds[k], at{s, a})
				}
			}
			s, _ = doublets.Apply(s, legal[pick.Uint64()%uint64(len(legal))])
		}
	}
	for _, k := range []string{"turn", "play-waste", "play-reserve", "redeal"} {
		cases := kinds[k]
		if len(cases) == 0 {
			b.Fatalf("no %s met", k)
		}
		b.Run(k, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c := cases[i%len(cases)]
				s, err := doublets.Apply(c.s, c.a)
				if err != nil {
					b.Fatal(err)
				}
				sinkState = s
				i++
			}
		})
	}
}

// BenchmarkSolve solves the deals of seeds 1 to 100 (Aisleriot), one a
// loop, in turn: the mean time of a deal, and the positions it met.
func BenchmarkSolve(b *testing.B) {
	var deals []doublets.State
	for seed := uint64(1); seed <= 100; seed++ {
		s, err := doublets.New(doublets.Aisleriot(), seed)
		if err != nil {
			b.Fatal(err)
		}
		deals = append(deals, s)
	}
	b.ReportAllocs()
	i, positions := 0, 0
	for b.Loop() {
		sol := doublets.Solve(deals[i%len(deals)])
		positions += sol.Positions
		i++
	}
	b.ReportMetric(float64(positions)/float64(b.N), "positions/deal")
}
