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
