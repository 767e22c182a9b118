package canasta_test

import (
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/play/playtest"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random Classic games (see playtest.BenchViewInto).
func BenchmarkViewInto(b *testing.B) {
	playtest.BenchViewInto(b, func(seed uint64) (canasta.State, error) { return canasta.New(canasta.Classic(), seed) }, 4)
}
