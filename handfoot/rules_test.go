package handfoot

import (
	"errors"
	"testing"
)

// Preset names the two rule texts' presets, in either case.
func TestPreset(t *testing.T) {
	for name, want := range map[string]Rules{"A": RulesA(), "a": RulesA(), "B": RulesB(), "b": RulesB()} {
		got, err := Preset(name)
		if err != nil || got != want {
			t.Errorf("Preset(%q) = %v, %v", name, got.Name, err)
		}
	}
	for _, name := range []string{"", "C", "AB", "rules A"} {
		if _, err := Preset(name); !errors.Is(err, ErrRules) {
			t.Errorf("Preset(%q): %v, want ErrRules", name, err)
		}
	}
}
