package errs

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

var (
	errRule  = errors.New("a rule")
	errInner = errors.New("an inner rule")
)

func TestMessageShape(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{New("card", errRule, "detail"), "card: a rule: detail"},
		{New("card", errRule, ""), "card: a rule"},
		{New("card", nil, "only detail"), "card: only detail"},
		{New("card", errRule, "two\nlines\r\nhere\r"), "card: a rule: two lines here "},
		{Wrap("deck", errRule, "packet 1", errors.New("plain cause")), "deck: a rule: packet 1: plain cause"},
		{Wrap("deck", errRule, "", errors.New("plain\ncause")), "deck: a rule: plain cause"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if got := tt.err.Message(); got != strings.TrimPrefix(tt.want, tt.err.Pkg()+": ") {
			t.Errorf("Message() = %q, want %q without its prefix", got, tt.want)
		}
	}
}

// A cause from the library follows without its own prefix: the package
// prefix appears once, however deep the nesting.
func TestPrefixOnceThroughNestedCause(t *testing.T) {
	inner := New("card", errInner, `"1X": unknown suit "X"`)
	mid := Wrap("meld", errRule, "", inner)
	outer := Wrap("handfoot", errors.New("that play is not allowed"), "seat 2", mid)
	want := `handfoot: that play is not allowed: seat 2: a rule: an inner rule: "1X": unknown suit "X"`
	if got := outer.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	for _, p := range []string{"card: ", "meld: "} {
		if strings.Contains(outer.Error(), p) {
			t.Errorf("%q appears in %q", p, outer.Error())
		}
	}
	if !errors.Is(outer, errInner) || !errors.Is(outer, errRule) {
		t.Error("errors.Is does not see the rules of the causes")
	}
	var got *Error
	if !errors.As(outer, &got) || got != outer {
		t.Error("errors.As does not find the outer error first")
	}
	if outer.Cause() != mid || outer.Rule().Error() != "that play is not allowed" || outer.Detail() != "seat 2" || outer.Pkg() != "handfoot" {
		t.Errorf("accessors: Cause %v, Rule %v, Detail %q, Pkg %q", outer.Cause(), outer.Rule(), outer.Detail(), outer.Pkg())
	}
	if u := New("x", errRule, "").Unwrap(); len(u) != 1 || u[0] != errRule {
		t.Errorf("Unwrap without a cause = %v", u)
	}
}

func TestQuote(t *testing.T) {
	short := "7\nH"
	if got, want := Quote(short), `"7\nH"`; got != want {
		t.Errorf("Quote(%q) = %s, want %s", short, got, want)
	}
	exact := strings.Repeat("a", MaxQuoted)
	if got := Quote(exact); got != `"`+exact+`"` {
		t.Errorf("Quote of %d bytes = %s, want it whole", MaxQuoted, got)
	}
	long := strings.Repeat("a", 12<<20)
	if got, want := Quote(long), `"`+exact+`"...`; got != want {
		t.Errorf("Quote of 12 MB = %.80s..., want %s", got, want)
	}
	// A three-byte rune straddling byte 64 is left out whole.
	straddle := strings.Repeat("a", MaxQuoted-1) + "♥♥"
	got := Quote(straddle)
	if want := `"` + strings.Repeat("a", MaxQuoted-1) + `"...`; got != want {
		t.Errorf("Quote(rune at the cut) = %s, want %s", got, want)
	}
	if !utf8.ValidString(got) {
		t.Errorf("Quote cut inside a rune: %q", got)
	}
	if got, want := QuoteBytes([]byte(long)), Quote(long); got != want {
		t.Errorf("QuoteBytes = %s, want %s", got, want)
	}
	if got, want := QuoteBytes([]byte("ab\r\n")), `"ab\r\n"`; got != want {
		t.Errorf("QuoteBytes = %s, want %s", got, want)
	}
}

func TestFirst(t *testing.T) {
	tests := []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a (and 1 more problem)"},
		{[]string{"a", "b", "c"}, "a (and 2 more problems)"},
	}
	for _, tt := range tests {
		if got := First(tt.in); got != tt.want {
			t.Errorf("First(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
