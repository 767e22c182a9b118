package rummy

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

var update = flag.Bool("update", false, "rewrite the golden games in testdata")

// goldenTables are the tables of the golden games: basic rummy for two
// and for four, and three players over rounds to 150.
func goldenTables() map[string]Rules {
	four := Basic()
	four.Players, four.Name = 4, "basic-4"
	long := Basic()
	long.Players, long.Rounds, long.Target, long.Name = 3, 0, 150, "to150"
	return map[string]Rules{"basic": Basic(), "four": four, "rounds": long}
}

// TestGoldenGames pins one whole seeded game per table: its record (the
// rules, the seed and every action, chosen by a seeded generator among the
// legal ones) and its final totals. A change to the deal, the rules,
// Legal's order or the text forms shows here; go test -run
// TestGoldenGames -update rewrites the files after a change that is meant.
func TestGoldenGames(t *testing.T) {
	for name, r := range goldenTables() {
		s, err := New(r, 2026)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(2026, 11))
		for !s.Over() {
			legal := Legal(s)
			if s, err = Apply(s, legal[pick.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		text, err := s.Record().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprintf("%s# %d rounds, totals %v, winners %v\n", text, s.Round(), s.Totals(), s.Winners())
		want := conform.Golden(t, filepath.Join("testdata", "golden_"+name+".txt"), got, *update)
		var rec Record
		if err := rec.UnmarshalText([]byte(want)); err != nil {
			t.Fatal(err)
		}
		if back, err := Replay(rec); err != nil || !back.Equal(s) {
			t.Errorf("%s: the golden record does not replay: %v", name, err)
		}
	}
}
