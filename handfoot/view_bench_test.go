package handfoot_test

import (
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/play/playtest"
)

// BenchmarkViewInto fills one View with the View of the seat to act, over
// the positions of random four-player games of rule set A (see playtest.BenchViewInto).
func BenchmarkViewInto(b *testing.B) {
	playtest.BenchViewInto(b, func(seed uint64) (handfoot.State, error) { return handfoot.New(handfoot.RulesA(), seed) }, 4)
}
