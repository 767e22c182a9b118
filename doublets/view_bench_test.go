package doublets_test

import (
	"testing"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/internal/play/playtest"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random deals (see playtest.BenchViewInto).
func BenchmarkViewInto(b *testing.B) {
	playtest.BenchViewInto(b, func(seed uint64) (doublets.State, error) { return doublets.New(doublets.Aisleriot(), seed) }, 4)
}
