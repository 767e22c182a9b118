package rummy_test

import (
	"testing"

	"github.com/cardrules/cardrules/internal/play/playtest"
	"github.com/cardrules/cardrules/rummy"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random two-player games of basic rummy (see playtest.BenchViewInto).
func BenchmarkViewInto(b *testing.B) {
	playtest.BenchViewInto(b, func(seed uint64) (rummy.State, error) { return rummy.New(rummy.Basic(), seed) }, 4)
}
