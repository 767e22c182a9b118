package cardrules_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
)

// chooseViews plays a game of each registered game with heuristic
// computers and returns the Views of the seat to act, at most n a game.
func chooseViews(t testing.TB, n int) map[string][][]byte {
	t.Helper()
	views := map[string][][]byte{}
	for _, game := range cardrules.Games() {
		tb, err := cardrules.Open(game, "", 0, 7)
		if err != nil {
			t.Fatal(err)
		}
		c, err := cardrules.NewComputer(game, "heuristic", 1)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 4*n && !tb.Over(); i++ {
			if i%4 == 0 {
				v, err := tb.View(tb.ToAct())
				if err != nil {
					t.Fatal(err)
				}
				views[game] = append(views[game], v)
			}
			if tb, _, err = c.Play(tb); err != nil {
				t.Fatal(err)
			}
		}
	}
	return views
}

// checkChoice checks what Choose made of view: one of its legal actions,
// or an error of the View, the player's choice or a seat not to act.
func checkChoice(t testing.TB, game, strength string, view []byte, chosen string, err error) {
	t.Helper()
	if err != nil {
		if !errors.Is(err, cardrules.ErrView) && !errors.Is(err, cardrules.ErrIllegal) && !errors.Is(err, cardrules.ErrNotNow) {
			t.Errorf("%s %s: Choose(%.200s): %v, want an error wrapping ErrView, ErrIllegal or ErrNotNow", game, strength, view, err)
		}
		return
	}
	var head struct {
		Legal []string `json:"legal"`
	}
	if json.Unmarshal(view, &head) != nil || !slices.Contains(head.Legal, chosen) {
		t.Errorf("%s %s: Choose(%.200s) = %q, which the View does not list", game, strength, view, chosen)
	}
}

// A computer player handed a View over the network chooses one of the
// View's legal actions or returns an error: on real Views it chooses, and
// on forged ones (a field out of range, a list emptied) it never panics.
func TestChooseForgedViews(t *testing.T) {
	forgeries := []struct{ key, value string }{
		{"team", "99"}, {"team", "-1"}, {"seat", "-5"}, {"seat", "40"},
		{"players", "[]"}, {"teams", "[]"}, {"pile", "[]"}, {"hand", "[]"},
		{"melds", "[]"}, {"results", "[]"}, {"stock", "-3"}, {"reserve", "[]"},
	}
	for game, views := range chooseViews(t, 12) {
		for _, strength := range cardrules.Strengths(game) {
			c, err := cardrules.NewComputer(game, strength, 3)
			if err != nil {
				t.Fatal(err)
			}
			if strength == "search" {
				views = views[:2] // the search players are slow; two Views show the shape
			}
			for _, v := range views {
				a, err := c.Choose(v)
				if err != nil {
					t.Errorf("%s %s: Choose of a real View: %v", game, strength, err)
				}
				checkChoice(t, game, strength, v, a, err)
				for _, f := range forgeries {
					var m map[string]json.RawMessage
					if json.Unmarshal(v, &m) != nil {
						t.Fatal("a View that is no JSON object")
					}
					if _, ok := m[f.key]; !ok {
						continue
					}
					m[f.key] = json.RawMessage(f.value)
					forged, _ := json.Marshal(m)
					a, err := c.Choose(forged)
					checkChoice(t, game, strength, forged, a, err)
				}
			}
		}
	}
	c, _ := cardrules.NewComputer("canasta", "heuristic", 1)
	if _, err := c.Choose([]byte(`{"legal":["draw"]}`)); err == nil {
		t.Error(`canasta: Choose of {"legal":["draw"]} chose an action`)
	}
}
