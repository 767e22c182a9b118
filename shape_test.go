package cardrules_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/rummy"
)

// Apply on the zero State, which is no game, gives the same error in every
// game: one wrapping ErrNotNow that says how to start a game.
func TestZeroStateSameErrorEveryGame(t *testing.T) {
	const detail = "this is not a game: start one with New or Deal"
	for game, apply := range map[string]func() error{
		"canasta":  func() error { _, err := canasta.Apply(canasta.State{}, canasta.Draw()); return err },
		"handfoot": func() error { _, err := handfoot.Apply(handfoot.State{}, handfoot.Draw()); return err },
		"rummy":    func() error { _, err := rummy.Apply(rummy.State{}, rummy.DrawStock()); return err },
		"doublets": func() error { _, err := doublets.Apply(doublets.State{}, doublets.Turn()); return err },
	} {
		err := apply()
		if !errors.Is(err, cardrules.ErrNotNow) || cardrules.Rule(err) != "ErrNotNow" || !strings.HasSuffix(err.Error(), ": "+detail) || !strings.HasPrefix(err.Error(), game+": ") {
			t.Errorf("%s: Apply on the zero State: %v; want %s: %v: %s", game, err, game, cardrules.ErrNotNow, detail)
		}
	}
}

// presetsOf checks one game's Presets: at least one, each valid and
// returned by Preset under its own Name, the names distinct; and the
// registry lists the same names in the same order, the default first.
func presetsOf[R interface{ Validate() error }](t *testing.T, game string, presets []R, name func(R) string, preset func(string) (R, error), equal func(R, R) bool) {
	t.Helper()
	g, _ := cardrules.Lookup(game)
	var names []string
	for _, r := range presets {
		if err := r.Validate(); err != nil {
			t.Errorf("%s: preset %q: %v", game, name(r), err)
		}
		for _, n := range []string{name(r), strings.ToUpper(name(r)), strings.ToLower(name(r))} {
			got, err := preset(n) // in any case, in every game
			if err != nil || !equal(got, r) {
				t.Errorf("%s: Preset(%q) = %v, %v; want the rules Presets gives", game, n, name(got), err)
			}
		}
		names = append(names, name(r))
	}
	if len(names) == 0 || !slices.Equal(names, g.Presets) || len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		t.Errorf("%s: Presets() names %v; the registry lists %v", game, names, g.Presets)
	}
}

// Every game has Presets, the named rule sets, the default first, each
// accepted by Preset under its Name; the registry lists their names.
func TestPresetsEveryGame(t *testing.T) {
	presetsOf(t, "canasta", canasta.Presets(), func(r canasta.Rules) string { return r.Name }, canasta.Preset, func(a, b canasta.Rules) bool { return reflect.DeepEqual(a, b) })
	presetsOf(t, "handfoot", handfoot.Presets(), func(r handfoot.Rules) string { return r.Name }, handfoot.Preset, func(a, b handfoot.Rules) bool { return reflect.DeepEqual(a, b) })
	presetsOf(t, "rummy", rummy.Presets(), func(r rummy.Rules) string { return r.Name }, rummy.Preset, func(a, b rummy.Rules) bool { return reflect.DeepEqual(a, b) })
	presetsOf(t, "doublets", doublets.Presets(), func(r doublets.Rules) string { return r.Name }, doublets.Preset, func(a, b doublets.Rules) bool { return reflect.DeepEqual(a, b) })
	if r := rummy.Presets()[3]; r.Name != "basic-4" || r.Players != 4 {
		t.Errorf("rummy.Presets()[3] = %q for %d players; want basic-4 for 4", r.Name, r.Players)
	}
}
