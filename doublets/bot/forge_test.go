package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/doublets/bot"
	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// forgeryPlayers are the players handed forged Views: the heuristic, and
// the search player with a tiny budget.
func forgeryPlayers() map[string]bot.Player {
	return map[string]bot.Player{
		"heuristic": bot.Heuristic(1),
		"search":    bot.SearchWith(1, bot.Budget{Samples: 2, Positions: 200}),
	}
}

// legal returns the View's legal actions.
func legal(v doublets.View) []doublets.Action { return v.Legal }

// A View with one field changed either reads as an error wrapping ErrView
// or is one the heuristic and search players choose one of its legal
// actions from, without panicking. Without CARDRULES_FULL it forges 12
// Views from each View one step in 6 of five games a preset reaches; under
// it, 60 from one in 3 of 30 games.
func TestChooseForgedViews(t *testing.T) {
	games, forged, stride := 1, 12, 6
	if conform.Full() {
		games, forged, stride = 6, 60, 3
	}
	views := forgetest.Seen(t, doublets.Presets(), doublets.New, 5*games, 300, stride)
	forgetest.Forged(t, views, forged, 37, legal, forgeryPlayers())
}
