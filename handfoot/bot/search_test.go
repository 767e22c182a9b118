package bot

import (
	"reflect"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
)

// rebuildChecker is a search player that, at each of its decisions in the
// middle of a turn, rebuilds the position from what the turn showed and
// checks it against the View.
type rebuildChecker struct {
	*searchPlayer
	t                      *testing.T
	tried, rebuilt, differ int
}

func (c *rebuildChecker) Choose(v handfoot.View) handfoot.Action {
	if v.Turn == v.Seat && v.Phase != handfoot.Drawing && len(v.Legal) > 0 && len(c.views) > 0 {
		var first handfoot.State
		for i := range uint64(2) {
			c.tried++
			s, ok := c.rebuild(v, 100+i)
			if !ok {
				continue
			}
			c.rebuilt++
			if got := s.View(v.Seat); !reflect.DeepEqual(got, v) {
				c.t.Fatalf("the rebuilt position shows seat %d\n%+v\nnot\n%+v", v.Seat, got, v)
			}
			if i == 0 {
				first = s
			} else if !first.Equal(s) {
				c.differ++
			}
		}
	}
	return c.searchPlayer.Choose(v)
}

// In the middle of its turn the search player rebuilds positions its View
// cannot tell from the real one, almost always, and deals them anew.
func TestSearchRebuildsTheTurn(t *testing.T) {
	for _, rules := range []handfoot.Rules{handfoot.RulesA(), handfoot.RulesB()} {
		c := &rebuildChecker{searchPlayer: SearchWith(1, Budget{Playouts: 4}).(*searchPlayer), t: t}
		for seed := range uint64(2) {
			s, err := handfoot.New(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			players := []Player{c, Heuristic(seed + 1), Heuristic(seed + 2), Heuristic(seed + 3)}
			if _, err := Play(s, players, Options{Limit: 100_000, Until: func(s handfoot.State) bool { return s.Round() > 1 }}); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("rules %s: %d of %d rebuilt, %d pairs dealt differently", rules.Name, c.rebuilt, c.tried, c.differ)
		if c.tried < 60 || c.rebuilt < c.tried*95/100 || c.differ < c.rebuilt*4/10 {
			t.Errorf("rules %s: %d of %d positions rebuilt, %d pairs dealt differently", rules.Name, c.rebuilt, c.tried, c.differ)
		}
	}
}
