package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/internal/play/playtest"
)

// The package has the shape of every game's bot package: its Player is the
// root package's, so a []bot.Player is what cardrules.Run takes, and its
// functions have the common signatures (New, Random, Step and Strengths
// through playtest.Bot below, whose fields have them).
var (
	_ cardrules.Player[canasta.View, canasta.Action]   = bot.Player(nil)
	_ []cardrules.Player[canasta.View, canasta.Action] = []bot.Player(nil)

	_ func(uint64) bot.Player = bot.Heuristic
)

// The package's errors, strengths and New are every bot package's; Play
// and Step keep the promises of Options and of the loop: Limit stops with
// ErrEndless, Until stops without an error, Observe sees every action.
func TestOptions(t *testing.T) {
	start, err := canasta.New(canasta.Classic(), 7)
	if err != nil {
		t.Fatal(err)
	}
	b := playtest.Bot[canasta.State, canasta.Action, canasta.View]{
		Play: func(s canasta.State, ps []bot.Player, limit int, until func(canasta.State) bool, observe func(int, canasta.Action, canasta.State)) (canasta.State, error) {
			return cardrules.Run(s, ps, bot.Options{Limit: limit, Until: until, Observe: observe})
		},
		Step:      cardrules.Step[canasta.State, canasta.Action, canasta.View],
		Random:    bot.Random,
		New:       bot.New,
		Strengths: bot.Strengths,
		Errors:    [4]error{cardrules.ErrNoPlayer, cardrules.ErrIllegal, cardrules.ErrEndless, bot.ErrStrength},
		Illegal:   canasta.Action{},
	}
	playtest.Surface(t, b)
	playtest.Check(t, start, 3, b)
}
