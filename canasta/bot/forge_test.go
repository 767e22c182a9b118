package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/canasta/bot"
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

// legal returns the View's legal actions.
func legal(v canasta.View) []canasta.Action { return v.Legal }

// A View with one field changed either reads as an error wrapping ErrView
// or is one the heuristic and search players choose one of its legal
// actions from, without panicking. Without CARDRULES_FULL it forges 12
// Views from each View one step in 27 of one game a preset reaches; under
// it, 60 from one in 9 of six games.
func TestChooseForgedViews(t *testing.T) {
	games, forged, stride := 1, 12, 27
	if conform.Full() {
		games, forged, stride = 6, 60, 9
	}
	views := forgetest.Seen(t, canasta.Presets(), canasta.New, games, 300, stride)
	forgetest.Forged(t, views, forged, 37, legal, forgeryPlayers())
}

// A View built by hand with its seat, team or turn out of range, or its
// players or teams empty, gets one of its legal actions from the
// heuristic and search players, which do not panic.
func TestChooseBuiltViews(t *testing.T) {
	s, err := canasta.New(canasta.Classic(), 3)
	if err != nil {
		t.Fatal(err)
	}
	s = forgetest.Until(t, s, 3, 400, func(s canasta.State) bool { return s.Phase() == canasta.Melding && s.StockSize() < 60 })
	forgetest.Built(t, func() canasta.View { return s.View(s.ToAct()) }, map[string]func(*canasta.View){
		"team 99":    func(v *canasta.View) { v.Team = 99 },
		"team -1":    func(v *canasta.View) { v.Team = -1 },
		"seat 40":    func(v *canasta.View) { v.Seat = 40 },
		"turn -5":    func(v *canasta.View) { v.Turn = -5 },
		"no players": func(v *canasta.View) { v.Players = nil },
		"no teams":   func(v *canasta.View) { v.Teams = nil },
		"a player's team 7": func(v *canasta.View) {
			v.Players = append([]canasta.PlayerView(nil), v.Players...)
			v.Players[1].Team = 7
		},
	}, legal, forgeryPlayers())
}
