package cardrules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/rummy"
)

// Apply on the zero State, which is no game, gives the same error in every
// game: one wrapping ErrNotNow that says how to start a game.
func TestZeroStateSameErrorEveryGame(t *testing.T) {
	const detail = "this is not a game: start one with New or Deal"
	for game, apply := range map[string]func() error{
		"canasta":  func() error { _, err := canasta.Apply(canasta.State{}, canasta.Draw()); return err },
		"handfoot": func() error { _, err := handfoot.Apply(handfoot.State{}, handfoot.Draw()); return err },
		"rummy":    func() error { _, err := rummy.Apply(rummy.State{}, rummy.DrawStock()); return err },
		"doublets": func() error { _, err := doublets.Apply(doublets.State{}, doublets.Turn()); return err },
	} {
		err := apply()
		if !errors.Is(err, cardrules.ErrNotNow) || cardrules.Rule(err) != "ErrNotNow" || !strings.HasSuffix(err.Error(), ": "+detail) || !strings.HasPrefix(err.Error(), game+": ") {
			t.Errorf("%s: Apply on the zero State: %v; want %s: %v: %s", game, err, game, cardrules.ErrNotNow, detail)
		}
	}
}
