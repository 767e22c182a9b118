package bot_test

import (
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/play/playtest"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// The package has the shape of every game's bot package: its Player is the
// root package's, so a []bot.Player is what cardrules.Run takes, and its
// functions have the common signatures (New, Random, Step and Strengths
// through playtest.Bot below, whose fields have them).
var (
	_ cardrules.Player[rummy.View, rummy.Action]   = bot.Player(nil)
	_ []cardrules.Player[rummy.View, rummy.Action] = []bot.Player(nil)

	_ func(uint64) bot.Player = bot.Heuristic
)

// discardAce discards the ace of spades, which no seat may do before it
// draws.
var discardAce, _ = rummy.Discard(card.New(card.Ace, card.Spades))

// The package's errors, strengths and New are every bot package's; Play
// and Step keep the promises of Options and of the loop: Limit stops with
// ErrEndless, Until stops without an error, Observe sees every action.
func TestOptions(t *testing.T) {
	start, err := rummy.New(rummy.Basic(), 7)
	if err != nil {
		t.Fatal(err)
	}
	b := playtest.Bot[rummy.State, rummy.Action, rummy.View]{
		Play: func(s rummy.State, ps []bot.Player, limit int, until func(rummy.State) bool, observe func(int, rummy.Action, rummy.State)) (rummy.State, error) {
			return cardrules.Run(s, ps, bot.Options{Limit: limit, Until: until, Observe: observe})
		},
		Step:      cardrules.Step[rummy.State, rummy.Action, rummy.View],
		Random:    bot.Random,
		New:       bot.New,
		Strengths: bot.Strengths,
		Errors:    [4]error{cardrules.ErrNoPlayer, cardrules.ErrIllegal, cardrules.ErrEndless, bot.ErrStrength},
		Illegal:   discardAce, // before drawing
	}
	playtest.Surface(t, b)
	playtest.Check(t, start, 3, b)
}
