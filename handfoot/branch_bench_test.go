package handfoot_test

import (
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/play/playtest"
)

// BenchmarkBranch compares an action applied to a State for the first
// time, as a game is played, with one applied to a State already played
// on, as a search does (see playtest.BenchBranch).
func BenchmarkBranch(b *testing.B) {
	playtest.BenchBranch(b, func() handfoot.State {
		s, err := handfoot.New(handfoot.RulesA(), 7)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}, 7)
}
