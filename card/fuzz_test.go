package card_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// parseSeeds are good and bad single cards for the fuzz corpora.
var parseSeeds = []string{
	"AC", "7H", "10S", "QD", "KS", "JK", "jk", "qd", "TS", "t♠", "Q♦", "7♧", "7♢", "7♡", "7♤",
	"", " 7H", "7H ", "1X", "7", "X", "11H", "0H", "J", "JKX", "10", "♥7", "H", "♥", "7\xff", "7\xe2\x99",
}

func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add(s)
	}
	canon := make(map[string]card.Card)
	for _, c := range card.All() {
		canon[c.String()] = c
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := card.Parse(s)
		if s == "" { // UnmarshalText reads "" as the zero Card, as MarshalText writes it
			return
		}
		// UnmarshalText parses []byte with the same code; it must agree.
		u := card.Card(7)
		uerr := u.UnmarshalText([]byte(s))
		if err != nil {
			if c != 0 || !errors.Is(err, card.ErrSyntax) || !strings.HasPrefix(err.Error(), "card: invalid card notation: "+errs.Quote(s)+": ") {
				t.Fatalf("Parse(%q) = %d, %v: want 0 and an ErrSyntax error naming the input", s, c, err)
			}
			if uerr == nil || uerr.Error() != err.Error() || u != 7 {
				t.Fatalf("Parse(%q) error %v, but UnmarshalText gives %v, %d", s, err, uerr, u)
			}
			return
		}
		if uerr != nil || u != c {
			t.Fatalf("Parse(%q) = %v, but UnmarshalText gives %v, %v", s, c, u, uerr)
		}
		str := c.String()
		if canon[str] != c {
			t.Fatalf("Parse(%q) = %d, whose String() %q is not one of the 53 canonical forms", s, c, str)
		}
		if back, err := card.Parse(str); err != nil || back != c {
			t.Fatalf("Parse(%q) = %v, but Parse(%q) = %v, %v", s, c, str, back, err)
		}
		if utf8Len := len([]rune(s)); utf8Len < 2 || utf8Len > 3 {
			t.Fatalf("Parse(%q) accepted a card of %d runes", s, utf8Len)
		}
	})
}

func FuzzParseCards(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add(s)
	}
	for _, s := range []string{"7H 7D 2C", "AS,KS", " 7H\t, 8d\n", "", ",,", "7H XX", "JK jk Jk", "7H;8D", "10S,10s,ts,T♠"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := card.ParseCards(s)
		if err != nil {
			if cs != nil || !errors.Is(err, card.ErrSyntax) || !strings.Contains(err.Error(), " of the list): ") ||
				strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("ParseCards(%q) = %v, %v: want nil and an ErrSyntax error naming a card of the list", s, cs, err)
			}
			return
		}
		if cs == nil {
			t.Fatalf("ParseCards(%q) = nil, nil; want a non-nil slice", s)
		}
		strs := make([]string, len(cs))
		for i, c := range cs {
			if !c.IsValid() {
				t.Fatalf("ParseCards(%q)[%d] = %d is invalid", s, i, c)
			}
			strs[i] = c.String()
		}
		for _, sep := range []string{" ", ",", ", "} {
			joined := strings.Join(strs, sep)
			back, err := card.ParseCards(joined)
			if err != nil || len(back) != len(cs) {
				t.Fatalf("ParseCards(%q) = %v, but ParseCards(%q) = %v, %v", s, cs, joined, back, err)
			}
			for i := range cs {
				if back[i] != cs[i] {
					t.Fatalf("ParseCards(%q) = %v, but ParseCards(%q) = %v", s, cs, joined, back)
				}
			}
		}
	})
}

func FuzzMultisetUnmarshalText(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add([]byte(s))
	}
	for _, s := range []string{"7H 7D 2C JK", "jk, 7h\t7♥", "", "7H XX", strings.Repeat("AS ", 256), strings.Repeat("JK,", 255)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		m, _ := card.MultisetOf(card.MustParseCards("KS KS 2D")...)
		before := m
		if err := m.UnmarshalText(text); err != nil {
			if m != before {
				t.Fatalf("failed UnmarshalText(%q) changed the multiset to %q", text, m.String())
			}
			if !errors.Is(err, card.ErrSyntax) && !errors.Is(err, card.ErrTooMany) {
				t.Fatalf("UnmarshalText(%q) error %v wraps neither ErrSyntax nor ErrTooMany", text, err)
			}
			return
		}
		out, err := m.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText of %q: %v", text, err)
		}
		if string(out) != m.String() {
			t.Fatalf("MarshalText() = %q, String() = %q", out, m.String())
		}
		var back card.Multiset
		if err := back.UnmarshalText(out); err != nil || back != m {
			t.Fatalf("UnmarshalText(%q) = %q; re-reading %q gives %q, %v", text, m.String(), out, back.String(), err)
		}
		cs, _ := card.ParseCards(string(text))
		if m.Len() != len(cs) {
			t.Fatalf("UnmarshalText(%q) holds %d cards, the list has %d", text, m.Len(), len(cs))
		}
	})
}
