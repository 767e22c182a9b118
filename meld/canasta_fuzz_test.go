package meld_test

// Fuzz tests of the canasta-family melds: text decoding and RankPolicy.Add on
// arbitrary input.

import (
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// FuzzMeldText: UnmarshalText never panics, leaves the meld alone on error,
// and every meld it accepts writes itself back as text that reads back equal.
func FuzzMeldText(f *testing.F) {
	for _, s := range []string{
		"7C 7H 7H 2S", "", " ", "7h,7d,2c", "10S TS 10♠", "JK JK", "2C 2D JK",
		"3C 3S 3C", "3H 3D", "KC KC KD KH KH KS KS 3D 3H", "7H 8H", "7H 7Z", "XX",
		"7H\t7D\n7C", "1", ",,,", "Q♦ q♥ QS", "\xff\xfe", "7H 3C",
	} {
		f.Add([]byte(s))
	}
	sentinel := cnCollect(f, "AC AD AH 2S")
	f.Fuzz(func(t *testing.T, text []byte) {
		m := sentinel
		if err := m.UnmarshalText(text); err != nil {
			if m != sentinel {
				t.Fatalf("failed UnmarshalText(%q) changed the meld to %v", text, m)
			}
			return
		}
		if !m.IsValid() && (len(text) != 0 || m != meld.RankMeld{}) {
			t.Fatalf("UnmarshalText(%q) accepted an invalid meld %v", text, m)
		}
		out, err := m.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText(%v): %v", m, err)
		}
		if string(out) != m.String() {
			t.Fatalf("MarshalText = %q, String = %q", out, m.String())
		}
		var back meld.RankMeld
		if err := back.UnmarshalText(out); err != nil {
			t.Fatalf("UnmarshalText(%q) of MarshalText output: %v", out, err)
		}
		if back != m {
			t.Fatalf("round trip of %q: %v, want %v", text, back, m)
		}
		// The policies judge it without panicking, and whatever they accept
		// New builds from the same cards.
		for _, pr := range cnPresets() {
			err := pr.p.Validate(m)
			if err == nil {
				if got, err := pr.p.New(m.Cards()...); err != nil || got != m {
					t.Fatalf("%s: Validate(%v) passed but New = %v, %v", pr.name, m, got, err)
				}
				continue
			}
			var re *meld.Error
			if !errors.As(err, &re) {
				t.Fatalf("%s: Validate error %v (%T) is not a *Error", pr.name, err, err)
			}
		}
	})
}

// cnFuzzStarts are melds to add fuzzed cards to, each legal under the
// presets listed by its mask (see cnA, cnB, cnC).
var cnFuzzStarts = []struct {
	policies int
	cards    string
}{
	{cnAll, "7C 7D 7H"},
	{cnAll, "7C 7D 7H 2C"},
	{cnAll, "KC KC KD KD KH KH KS"},         // a clean canasta
	{cnAll, "9C 9D 9H 9S 2C JK JK"},         // a dirty canasta
	{cnA, "KC KC KD KD KH KH KS 3H"},        // locked by a red three
	{cnC, "3C 3S 3C"},                       // black threes
	{cnC, "AC AD 2C 2D JK"},                 // Canasta's most wilds
	{cnA | cnC, "QC QC QD QD QH QH QS QS"},  // a clean canasta of 8
	{cnAll, "10C 10D 10H 10S 10S 2H 2H 2S"}, // 5 naturals 3 wilds
}

// FuzzPolicyAdd: arbitrary bytes read as card values (valid or not) added to
// a legal meld under each preset, one at a time and all at once: Add never
// panics, accepted results Validate and hold exactly the cards laid, and
// rejected Adds return the input.
func FuzzPolicyAdd(f *testing.F) {
	f.Add(uint8(0), []byte{25, 26, 5})             // 7C 7D 2C
	f.Add(uint8(1), []byte{53, 53, 0, 200})        // JK JK, invalid values
	f.Add(uint8(2), []byte{10, 11, 12})            // 3D 3H 3S
	f.Add(uint8(4), []byte{51, 10, 6, 53})         // KH 3D 2D JK
	f.Add(uint8(5), []byte{9, 12, 9, 5})           // 3C 3S 3C 2C
	f.Add(uint8(7), []byte{45, 46, 47, 48, 49, 5}) // QC QD QH QS KC 2C
	f.Add(uint8(8), []byte{})
	f.Add(uint8(3), []byte{255, 54, 1, 2, 3}) // invalid values, AC AD AH
	f.Fuzz(func(t *testing.T, sel uint8, data []byte) {
		start := cnFuzzStarts[int(sel)%len(cnFuzzStarts)]
		cs := make([]card.Card, len(data))
		for i, b := range data {
			cs[i] = card.Card(b)
		}
		for _, pr := range cnPoliciesOf(start.policies) {
			p := pr.p
			m0, err := p.New(cnCards(start.cards)...)
			if err != nil {
				t.Fatalf("%s: start %s: %v", pr.name, start.cards, err)
			}
			// All at once.
			cnFuzzAdd(t, pr, m0, cs)
			// One card at a time.
			m := m0
			for _, c := range cs {
				m = cnFuzzAdd(t, pr, m, []card.Card{c})
			}
		}
	})
}

// cnFuzzAdd adds cs to m under pr, checks the result and returns it (or m
// when Add rejects the cards).
func cnFuzzAdd(t *testing.T, pr cnPreset, m meld.RankMeld, cs []card.Card) meld.RankMeld {
	t.Helper()
	got, err := pr.p.Add(m, cs...)
	if err != nil {
		if got != m {
			t.Fatalf("%s: rejected Add(%v, %v) returned %v", pr.name, m, cs, got)
		}
		var re *meld.Error
		if !errors.As(err, &re) {
			t.Fatalf("%s: Add error %v (%T) is not a *Error", pr.name, err, err)
		}
		return m
	}
	if err := pr.p.Validate(got); err != nil {
		t.Fatalf("%s: Add(%v, %v) = %v fails Validate: %v", pr.name, m, cs, got, err)
	}
	want := m.Multiset()
	if err := want.AddCards(cs); err != nil {
		t.Fatalf("%s: Add accepted %v: %v", pr.name, cs, err)
	}
	if got.Multiset() != want {
		t.Fatalf("%s: Add(%v, %v) holds %v, want %v", pr.name, m, cs, got.Multiset(), want)
	}
	if pr.p.Ratio == meld.MoreNatural && got.Rank() != card.Three && got.Wilds() >= got.Naturals() {
		t.Fatalf("%s: Add(%v, %v) = %v breaks the ratio", pr.name, m, cs, got)
	}
	if m.RedThrees() > 0 && got.Wilds() > 0 {
		t.Fatalf("%s: a wild on the locked canasta %v", pr.name, got)
	}
	return got
}
