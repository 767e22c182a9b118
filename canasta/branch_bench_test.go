package canasta_test

import (
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/play/playtest"
)

// BenchmarkBranch compares an action applied to a State for the first
// time, as a game is played, with one applied to a State already played
// on, as a search does (see playtest.BenchBranch).
func BenchmarkBranch(b *testing.B) {
	playtest.BenchBranch(b, func() canasta.State {
		s, err := canasta.New(canasta.Classic(), 7)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}, 7)
}
