// Package recordtest measures what a decoder allocates, for the tests of
// the decoders' bounds. It is not public API.
package recordtest

import (
	"math"
	"runtime"
	"testing"
)

// Allocated returns the bytes f allocates: the least of three runs, each
// after a collection, so that another test's work counts the least.
func Allocated(f func()) uint64 {
	best := uint64(math.MaxUint64)
	for range 3 {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// Bound fails t when f, a decoder reading n bytes of input, allocates more
// than k bytes for each byte of input plus c bytes. It logs the bytes
// allocated per byte of input.
func Bound(t testing.TB, what string, n int, k float64, c uint64, f func()) {
	t.Helper()
	got := Allocated(f)
	t.Logf("%s: %d bytes of input, %d allocated, %.2f a byte", what, n, got, float64(got)/float64(max(n, 1)))
	if limit := uint64(k*float64(n)) + c; got > limit {
		t.Errorf("%s: %d bytes of input allocate %d bytes (%.1f a byte), above the bound %.1f × %d + %d = %d",
			what, n, got, float64(got)/float64(max(n, 1)), k, n, c, limit)
	}
}
