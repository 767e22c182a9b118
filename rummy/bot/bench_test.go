package bot_test

import (
	"github.com/cardrules/cardrules"
	"testing"

	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/rummy/bot"
)

// BenchmarkPlayRandom plays eight whole basic Rummy games (seeds 0 to 7)
// of two random players through Play, deals included: the loop's own cost
// is what this adds to the game's Apply, View and Legal.
func BenchmarkPlayRandom(b *testing.B) {
	for b.Loop() {
		for seed := range uint64(8) {
			s, err := rummy.New(rummy.Basic(), seed)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := cardrules.Run(s, []bot.Player{bot.Random(seed), bot.Random(seed + 1)}, bot.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
