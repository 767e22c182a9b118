package eventlog

import "testing"

var sinkLog Log[uint32]

// BenchmarkStraight plays a log straight on from its start, as a game of
// about 130 actions does: an op is the whole game.
func BenchmarkStraight(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		l := From[uint32](0)
		for i := range 132 {
			l.Append(uint32(i))
		}
		sinkLog = l
	}
}

var sinkLarge Log[[4]uint64]

// BenchmarkStraightLarge is BenchmarkStraight for a log of large entries,
// as the canasta family keeps.
func BenchmarkStraightLarge(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		l := From[[4]uint64](0)
		for i := range 132 {
			l.Append([4]uint64{uint64(i)})
		}
		sinkLarge = l
	}
}
