package cardrules_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/rummy"
)

// Every game's Seats are exactly the numbers of seats Open accepts with
// the default preset, fewest first.
func TestSeatsEveryGame(t *testing.T) {
	for _, game := range cardrules.Games() {
		g, _ := cardrules.Lookup(game)
		var open []int
		for n := 1; n <= 16; n++ {
			if tb, err := cardrules.Open(game, "", n, 1); err == nil {
				if tb.Seats() != n {
					t.Errorf("%s: Open for %d seats seats %d", game, n, tb.Seats())
				}
				open = append(open, n)
			}
		}
		if len(open) == 0 || !slices.Equal(open, g.Seats) {
			t.Errorf("%s: Seats %v; Open accepts %v", game, g.Seats, open)
		}
	}
}

// OpenRules opens a table from rules in the form a View's rules take: a
// preset's name, or the rules in full. The rules of a View, changed as a
// house rule, open a table of those rules; rules that are none are the
// game's error, wrapping ErrPreset or ErrRules.
func TestOpenRules(t *testing.T) {
	for _, game := range cardrules.Games() {
		g, _ := cardrules.Lookup(game)
		for _, preset := range g.Presets {
			name, _ := json.Marshal(preset)
			byName, err := cardrules.OpenRules(game, name, 5)
			if err != nil {
				t.Fatalf("%s: OpenRules(%s): %v", game, name, err)
			}
			byPreset, _ := cardrules.Open(game, preset, 0, 5)
			if !sameJSON(t, byName, byPreset) {
				t.Errorf("%s: OpenRules(%s) deals another game than Open", game, name)
			}
			// The rules in full, as a table's State writes them.
			var state struct {
				Rules json.RawMessage `json:"rules"`
			}
			data, _ := json.Marshal(byPreset.State())
			if err := json.Unmarshal(data, &state); err != nil || len(state.Rules) == 0 {
				t.Fatalf("%s: no rules in the State's JSON: %v", game, err)
			}
			full, err := cardrules.OpenRules(game, state.Rules, 5)
			if err != nil || !sameJSON(t, full, byPreset) {
				t.Errorf("%s %s: OpenRules of the rules in full: %v", game, preset, err)
			}
		}
		for _, bad := range []string{`"no such preset"`, `{"players": "four"}`, `[1, 2]`, `{`, `{}`} {
			tb, err := cardrules.OpenRules(game, []byte(bad), 1)
			if !errors.Is(err, cardrules.ErrPreset) && !errors.Is(err, cardrules.ErrRules) {
				t.Errorf("%s: OpenRules(%s): %v, want ErrPreset or ErrRules", game, bad, err)
			}
			if tb.Game() != "" {
				t.Errorf("%s: OpenRules(%s) returned a table of %q", game, bad, tb.Game())
			}
		}
	}
	house := canasta.Classic()
	house.GoOut, house.Target = 2, 3000
	rules, _ := json.Marshal(house)
	tb, err := cardrules.OpenRules("canasta", rules, 9)
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.State().(canasta.State).Rules(); got.GoOut != 2 || got.Target != 3000 {
		t.Errorf("house rules: GoOut %d, Target %d", got.GoOut, got.Target)
	}
	if _, err := cardrules.OpenRules("poker", rules, 1); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("OpenRules of an unknown game: %v", err)
	}
}

// Basic rummy opened for a number of players deals the preset for that
// number, so a table's rules say how many play. A preset that names its
// number of players, opened for another, is refused, as in Canasta: the
// table would not be the game asked for.
func TestOpenSeatsTakesThePresetForThem(t *testing.T) {
	tb, err := cardrules.Open("rummy", "basic", 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r := tb.State().(rummy.State).Rules(); r.Players != 3 || r.Name != "basic-3" {
		t.Errorf("basic for 3 seats: %d players, rules %q", r.Players, r.Name)
	}
	for _, c := range []struct {
		game, preset string
		seats        int
	}{{"rummy", "basic-4", 2}, {"rummy", "basic-2", 3}, {"canasta", "classic", 2}} {
		if _, err := cardrules.Open(c.game, c.preset, c.seats, 1); !errors.Is(err, cardrules.ErrRules) || !strings.Contains(err.Error(), "players, not") {
			t.Errorf("%s %s for %d seats: %v", c.game, c.preset, c.seats, err)
		}
	}
	if _, err := cardrules.Open("rummy", "basic", 7, 1); !errors.Is(err, cardrules.ErrRules) {
		t.Errorf("rummy for 7 seats: %v", err)
	}
}

// MaxActions reads rules as OpenRules does and gives the game's own bound:
// a preset's, the rules' in full, and the game's error for rules that are
// none. A game of rummy or doublets played at random ends within it.
func TestMaxActions(t *testing.T) {
	for _, game := range cardrules.Games() {
		g, _ := cardrules.Lookup(game)
		for _, preset := range g.Presets {
			name, _ := json.Marshal(preset)
			n, err := g.MaxActions(name)
			if err != nil || n <= 0 {
				t.Fatalf("%s: MaxActions(%s) = %d, %v", game, name, n, err)
			}
			tb, _ := cardrules.Open(game, preset, 0, 3)
			if game == "rummy" || game == "doublets" {
				for !tb.Over() && tb.Seq() <= n {
					legal := tb.Legal()
					if tb, err = tb.Apply(legal[tb.Seq()%len(legal)]); err != nil {
						t.Fatal(err)
					}
				}
				if !tb.Over() {
					t.Errorf("%s %s: not over after MaxActions %d", game, preset, n)
				}
			}
		}
		for _, bad := range []string{`"no such preset"`, `{"players": "four"}`, `{`, `{}`} {
			if n, err := g.MaxActions([]byte(bad)); n != 0 || !errors.Is(err, cardrules.ErrPreset) && !errors.Is(err, cardrules.ErrRules) {
				t.Errorf("%s: MaxActions(%s) = %d, %v; want 0 and ErrPreset or ErrRules", game, bad, n, err)
			}
		}
	}
	rules, _ := json.Marshal(canasta.Classic())
	g, _ := cardrules.Lookup("canasta")
	if n, err := g.MaxActions(rules); err != nil || n != canasta.Classic().MaxActions() {
		t.Errorf("canasta: MaxActions of Classic in full = %d, %v; want %d", n, err, canasta.Classic().MaxActions())
	}
}
