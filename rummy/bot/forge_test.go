package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// forgeryPlayers are the players handed forged Views: the heuristic, and
// the search player with a tiny budget.
func forgeryPlayers() map[string]bot.Player {
	return map[string]bot.Player{
		"heuristic": bot.Heuristic(1),
		"search":    bot.SearchWith(1, bot.Budget{Playouts: 4, Actions: 400}),
	}
}

// forgeryPresets are the rule sets the forged Views are of: the presets,
// and basic rummy for four.
func forgeryPresets() []rummy.Rules {
	four := rummy.Basic()
	four.Players = 4
	return append(rummy.Presets(), four)
}

// legal returns the View's legal actions.
func legal(v rummy.View) []rummy.Action { return v.Legal }

// A View with one field changed either reads as an error wrapping ErrView
// or is one the heuristic and search players choose one of its legal
// actions from, without panicking. Without CARDRULES_FULL it forges 8
// Views from each View one step in 36 of one game a preset reaches; under
// it, 60 from one in 9 of six games.
func TestChooseForgedViews(t *testing.T) {
	games, forged, stride := 1, 8, 36
	if conform.Full() {
		games, forged, stride = 6, 60, 9
	}
	views := forgetest.Seen(t, forgeryPresets(), rummy.New, games, 300, stride)
	forgetest.Forged(t, views, forged, 37, legal, forgeryPlayers())
}

// A View built by hand with its seat or turn out of range, its players or
// its pile empty, gets one of its legal actions from the heuristic and
// search players, which do not panic.
func TestChooseBuiltViews(t *testing.T) {
	s, err := rummy.New(rummy.Basic(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, phase := range []rummy.Phase{rummy.Drawing, rummy.Playing} {
		at := forgetest.Until(t, s, 3, 400, func(s rummy.State) bool { return s.Phase() == phase && s.StockSize() < 25 })
		forgetest.Built(t, func() rummy.View { return at.View(at.ToAct()) }, map[string]func(*rummy.View){
			"seat 40":    func(v *rummy.View) { v.Seat = 40 },
			"seat -1":    func(v *rummy.View) { v.Seat = -1 },
			"turn -5":    func(v *rummy.View) { v.Turn = -5 },
			"no players": func(v *rummy.View) { v.Players = nil },
			"no pile":    func(v *rummy.View) { v.Pile = nil },
		}, legal, forgeryPlayers())
	}
}
