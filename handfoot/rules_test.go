package handfoot

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// Preset names the two rule texts' presets, in either case.
func TestPreset(t *testing.T) {
	for name, want := range map[string]Rules{"A": RulesA(), "a": RulesA(), "B": RulesB(), "b": RulesB()} {
		got, err := Preset(name)
		if err != nil || got != want {
			t.Errorf("Preset(%q) = %v, %v", name, got.Name, err)
		}
	}
	for _, name := range []string{"", "C", "AB", "rules A", "A\nB"} {
		got, err := Preset(name)
		if why := errShape(err, ErrPreset); why != "" || got != (Rules{}) {
			t.Errorf("Preset(%q) = %v, %v; want the zero Rules and an error wrapping ErrPreset: %s", name, got.Name, err, why)
		}
		if errors.Is(err, ErrRules) {
			t.Errorf("Preset(%q): %v also wraps ErrRules", name, err)
		}
	}
	if _, err := Preset("C"); err == nil || err.Error() != `handfoot: no such rule set: "C": the rule sets are A and B` {
		t.Errorf(`Preset("C") error = %v`, err)
	}
}

// LookAtPackets, the house rule that lets a player look at both packets
// before choosing one, is off in every preset, and valid only where the
// players choose packets (ChoosePacket).
func TestRulesLookAtPackets(t *testing.T) {
	for _, r := range Presets() {
		if r.LookAtPackets {
			t.Errorf("rule set %s looks at the packets", r.Name)
		}
	}
	look := RulesB()
	look.LookAtPackets = true
	if err := look.Validate(); err != nil {
		t.Errorf("rule set B with LookAtPackets: %v", err)
	}
	look.ChoosePacket = false
	const want = "handfoot: rules cannot be played: LookAtPackets lets a player look at its packets before choosing one, and these rules choose none: set ChoosePacket, or clear LookAtPackets"
	if err := look.Validate(); errShape(err, ErrRules) != "" || err.Error() != want {
		t.Errorf("LookAtPackets without ChoosePacket: Validate() = %v, want %q", err, want)
	}
	if _, err := New(look, 1); !errors.Is(err, ErrRules) {
		t.Errorf("New accepted LookAtPackets without ChoosePacket: %v", err)
	}
}

// Validate rejects tables that cannot be played and says what to change;
// every layout of the text is accepted under both presets.
func TestRulesValidate(t *testing.T) {
	layouts := [][2]int{{2, 2}, {3, 3}, {4, 4}, {4, 2}, {5, 5}, {6, 6}, {6, 3}, {6, 2}, {7, 7}, {8, 8}, {8, 4}, {8, 2}}
	for _, preset := range []Rules{RulesA(), RulesB()} {
		for _, l := range layouts {
			if err := preset.WithLayout(l[0], l[1]).Validate(); err != nil {
				t.Errorf("rules %s %dx%d: %v", preset.Name, l[0], l[1], err)
			}
		}
	}
	tests := []struct {
		name   string
		change func(r *Rules)
		says   string
	}{
		{"one player", func(r *Rules) { *r = r.WithLayout(1, 1) }, "Hand and Foot takes 2 to 8"},
		{"nine players", func(r *Rules) { *r = r.WithLayout(9, 3) }, "Hand and Foot takes 2 to 8"},
		{"unequal teams", func(r *Rules) { *r = r.WithLayout(5, 2) }, "equal teams"},
		{"one team", func(r *Rules) { *r = r.WithLayout(4, 1) }, "equal teams"},
		{"too few decks for the rule", func(r *Rules) { r.Decks = 4 }, "at least 5"},
		{"too few cards to deal", func(r *Rules) { r.HandSize, r.FootSize, r.JokersPerDeck = 30, 30, 0; *r = r.WithLayout(8, 2) }, "add decks"},
		{"foot of one card", func(r *Rules) { r.FootSize = 1 }, "a foot of 2"},
		{"chosen hand of one card", func(r *Rules) { r.HandSize, r.ChoosePacket = 1, true }, "the hand needs 2 cards too"},
		{"a look at packets never chosen", func(r *Rules) { r.LookAtPackets = true }, "set ChoosePacket, or clear LookAtPackets"},
		{"huge packets", func(r *Rules) { r.HandSize = 31 }, "a hand of 1 to 30"},
		{"too many decks", func(r *Rules) { r.Decks = 13 }, "at most 12 decks"},
		{"too many rounds", func(r *Rules) { r.Rounds = 101 }, "at most 100 rounds"},
		{"negative bonus", func(r *Rules) { r.GoOutBonus = -1 }, "bonuses are 0 to 10000"},
		{"huge bonus", func(r *Rules) { r.CleanBonus = 10001 }, "bonuses are 0 to 10000"},
		{"unreachable target", func(r *Rules) { r.Target = 1e9 }, "Target above"},
		{"negative card on the table", func(r *Rules) { r.Values.Melded = r.Values.Melded.With(card.Joker, -50) }, "never counts against"},
		{"a name with a newline", func(r *Rules) { r.Names[1] = "a\nb" }, "control characters"},
		{"a name of invalid UTF-8", func(r *Rules) { r.Name = "\xff" }, "valid UTF-8"},
		{"a meldable card worth nothing", func(r *Rules) { r.Values.Melded = r.Values.Melded.With(scC("7H"), 0) }, "worth nothing"},
		{"clean canasta closed at three", func(r *Rules) { r.Meld.CleanClosed, r.Meld.CanastaSize = true, 3 }, "CanastaSize to 4"},
		{"no meld minimum", func(r *Rules) { r.Minimums = score.Bands{} }, "set Minimums"},
		{"no end", func(r *Rules) { r.Rounds, r.Target = 0, 0 }, "needs an end"},
		{"no draw", func(r *Rules) { r.DrawCount = 0 }, "DrawCount"},
		{"impossible meld policy", func(r *Rules) { r.Meld.MinSize = 0 }, "MinSize"},
		{"too many canastas to ask about", func(r *Rules) { r.AskPartner, r.GoOutLarge.Clean = true, 5 }, "at most 4 canastas"},
	}
	for _, tt := range tests {
		r := RulesA()
		tt.change(&r)
		err := r.Validate()
		if why := errShape(err, ErrRules); why != "" || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: Validate() = %v, want ErrRules saying %q: %s", tt.name, err, tt.says, why)
		}
		if _, err := New(r, 1); !errors.Is(err, ErrRules) {
			t.Errorf("%s: New accepted the rules: %v", tt.name, err)
		}
	}

	// Several problems: the first is named, and the others counted.
	for _, tt := range []struct {
		change func(r *Rules)
		want   string
	}{
		{func(r *Rules) { r.DrawCount = 0 },
			"handfoot: rules cannot be played: a player draws 1 to 5 cards (set DrawCount)"},
		{func(r *Rules) { r.DrawCount, r.Minimums = 0, score.Bands{} },
			"handfoot: rules cannot be played: a player draws 1 to 5 cards (set DrawCount) (and 1 more problem)"},
		{func(r *Rules) { r.DrawCount, r.Minimums, r.Rounds, r.Target = 0, score.Bands{}, 0, 0 },
			"handfoot: rules cannot be played: a player draws 1 to 5 cards (set DrawCount) (and 2 more problems)"},
		{func(r *Rules) {
			*r = r.WithLayout(1, 1)
			r.DrawCount, r.Minimums, r.Rounds, r.Target = 0, score.Bands{}, 0, 0
		},
			"handfoot: rules cannot be played: 1 players: Hand and Foot takes 2 to 8 (set Players) (and 4 more problems)"},
	} {
		r := RulesA()
		tt.change(&r)
		err := r.Validate()
		if why := errShape(err, ErrRules); why != "" || err.Error() != tt.want {
			t.Errorf("Validate() = %v, want %q: %s", err, tt.want, why)
		}
		if _, err := FromPosition(Position{Rules: r}); !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), strings.TrimPrefix(tt.want, "handfoot: rules cannot be played: ")) {
			t.Errorf("FromPosition with those rules: %v, want ErrPosition naming the first problem and the count", err)
		}
	}
}
