package meld_test

import (
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// FuzzCombinationText feeds arbitrary text to UnmarshalText. It must never
// panic; a rejected text leaves the value as it was with a syntax or rule
// error; an accepted one is a valid combination (or the zero one for empty
// text) that survives a round trip through MarshalText.
func FuzzCombinationText(f *testing.F) {
	for _, s := range []string{
		"4C 5C 6C", "6c,4c,5c", "AC 2C 3C", "QC KC AC", "KC AC 2C", "4C 5C 7C",
		"7D 7H 7S", "2C 2H 2D 2S", "7C 7D 7H 7S 7C", "7D 7D 7H", "4C JK 6C",
		"T♥ J♥ Q♥ K♥", "", " ", "4C 5C", "4C 5C 6X", "10H JH QH KH AH",
		"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		before, err := meld.NewRun(card.MustParseCards("9H 10H JH"))
		if err != nil {
			t.Fatal(err)
		}
		m := before
		err = m.UnmarshalText([]byte(s))
		if err != nil {
			if m != before {
				t.Fatalf("UnmarshalText(%q) failed with %v but changed the value to %v", s, err, m)
			}
			var re *meld.Error
			if !errors.Is(err, card.ErrSyntax) && !errors.As(err, &re) {
				t.Fatalf("UnmarshalText(%q): unexpected error %#v", s, err)
			}
			return
		}
		if m.IsValid() == (s == "") {
			t.Fatalf("UnmarshalText(%q) = %v (valid %v)", s, m, m.IsValid())
		}
		text, err := m.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText of %v: %v", m, err)
		}
		var back meld.Combination
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Fatalf("round trip of %q through %q: %v, %v; want %v", s, text, back, err, m)
		}
		if string(text) != m.String() {
			t.Fatalf("MarshalText %q, String %q", text, m.String())
		}
		if again, err := meld.NewCombination(m.Cards()); m.IsValid() && (err != nil || again != m) {
			t.Fatalf("NewCombination(%v) = %v, %v; want %v", m.Cards(), again, err, m)
		}
	})
}
