package doublets

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/conform"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenDeals pins the first deal of a few seeds of each preset (the
// layout, and the stock top first): a change to the shuffle or the deal
// shows here.
func TestGoldenDeals(t *testing.T) {
	var b strings.Builder
	for _, r := range []Rules{Aisleriot(), PySol()} {
		for _, seed := range []uint64{0, 1, 2, 42, 2026} {
			s, err := New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			res := s.Reserve()
			fmt.Fprintf(&b, "%s %d: reserve %v foundation %v waste %v stock %v\n", r.Name, seed,
				card.Card.String(res[0])+" "+cards(res[1:]), s.Foundation(), s.Waste(), s.Stock())
		}
	}
	golden(t, "deals.txt", b.String())
}

func cards(cs []card.Card) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " ")
}

// TestGoldenGames pins one whole game per preset, each move chosen by a
// seeded generator among the legal ones, as its record.
func TestGoldenGames(t *testing.T) {
	for _, r := range []Rules{Aisleriot(), PySol()} {
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
		want := golden(t, "game_"+r.Name+".txt", fmt.Sprintf("%s# score %d, won %v\n", text, s.points(), s.Won()))
		var rec Record
		if err := rec.UnmarshalText([]byte(want)); err != nil {
			t.Fatal(err)
		}
		if back, err := Replay(rec); err != nil || !back.Equal(s) {
			t.Errorf("%s: the golden record does not replay: %v", r.Name, err)
		}
	}
}

// golden compares got with testdata/name, or writes it with -update.
func golden(t *testing.T, name, got string) string {
	t.Helper()
	return conform.Golden(t, filepath.Join("testdata", name), got, *update)
}
