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
