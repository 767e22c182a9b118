package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// forgeryPlayers are the players handed forged Views: the heuristic, and
// the search player with a tiny budget.
func forgeryPlayers() map[string]bot.Player {
	return map[string]bot.Player{
		"heuristic": bot.Heuristic(1),
		"search":    bot.SearchWith(1, bot.Budget{Playouts: 4, Actions: 400}),
	}
}

// forgeryPresets are the rule sets the forged Views are of: both rule
// sets, packets chosen looking at them, and tables of two and six.
func forgeryPresets() []handfoot.Rules {
	look := handfoot.RulesB()
	look.LookAtPackets = true
	return append(handfoot.Presets(), look, handfoot.RulesA().WithLayout(2, 2), handfoot.RulesB().WithLayout(6, 2))
}

// legal returns the View's legal actions.
func legal(v handfoot.View) []handfoot.Action { return v.Legal }

// A View with one field changed either reads as an error wrapping ErrView
// or is one the heuristic and search players choose one of its legal
// actions from, without panicking.
func TestChooseForgedViews(t *testing.T) {
	games, forged, stride := 1, 5, 24
	if conform.Full() {
		games, forged, stride = 6, 60, 9
	}
	views := forgetest.Seen(t, forgeryPresets(), handfoot.New, games, 300, stride)
	forgetest.Forged(t, views, forged, 37, legal, forgeryPlayers())
}

// A View built by hand with its seat, team or turn out of range, or its
// players or teams empty, gets one of its legal actions from the
// heuristic and search players, which do not panic.
func TestChooseBuiltViews(t *testing.T) {
	s, err := handfoot.New(handfoot.RulesA(), 3)
	if err != nil {
		t.Fatal(err)
	}
	s = forgetest.Until(t, s, 3, 400, func(s handfoot.State) bool { return s.Phase() == handfoot.Melding && s.StockSize() < 200 })
	forgetest.Built(t, func() handfoot.View { return s.View(s.ToAct()) }, map[string]func(*handfoot.View){
		"team 99":    func(v *handfoot.View) { v.Team = 99 },
		"team -1":    func(v *handfoot.View) { v.Team = -1 },
		"seat 40":    func(v *handfoot.View) { v.Seat = 40 },
		"turn -5":    func(v *handfoot.View) { v.Turn = -5 },
		"no players": func(v *handfoot.View) { v.Players = nil },
		"no teams":   func(v *handfoot.View) { v.Teams = nil },
		"a player's team 7": func(v *handfoot.View) {
			v.Players = append([]handfoot.PlayerView(nil), v.Players...)
			v.Players[1].Team = 7
		},
	}, legal, forgeryPlayers())
}
