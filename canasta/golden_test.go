package canasta

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden games in testdata")

// TestGoldenGames pins one whole seeded game per preset: its record (the
// rules, the seed and every action, chosen by a seeded generator among the
// legal ones) and its final totals. A change to the deal, the rules, Legal's
// order or the text forms shows here; go test -run TestGoldenGames -update
// rewrites the files after a change that is meant.
func TestGoldenGames(t *testing.T) {
	for _, r := range []Rules{Classic(), TwoPlayer(), ThreePlayer(), Cutthroat()} {
		s, err := New(r, 2026)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.New(rand.NewPCG(2026, 11))
		for !s.Over() {
			legal := Legal(s)
			a := legal[pick.IntN(len(legal))]
			if a.Kind() == KindTakeBack && len(legal) > 1 {
				a = legal[0]
			}
			s = do(t, s, a)
		}
		text, err := s.Record().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprintf("%s# %d rounds, totals %v, winners %v\n", text, s.Round(), s.Totals(), s.Winners())
		file := filepath.Join("testdata", "golden_"+r.Name+".txt")
		if *update {
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run with -update to write it)", err)
		}
		if got != string(want) {
			t.Errorf("%s: the game differs from %s (run with -update if the change is meant)", r.Name, file)
		}
		// The golden record replays to the same game.
		var rec Record
		if err := rec.UnmarshalText(want); err != nil {
			t.Fatal(err)
		}
		if back, err := Replay(rec); err != nil || !back.Equal(s) {
			t.Errorf("%s: the golden record does not replay: %v", r.Name, err)
		}
	}
}
