package card_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want card.Card
	}{
		// Canonical forms.
		{"AC", card.New(card.Ace, card.Clubs)},
		{"2D", card.New(card.Two, card.Diamonds)},
		{"7H", card.New(card.Seven, card.Hearts)},
		{"9S", card.New(card.Nine, card.Spades)},
		{"10S", card.New(card.Ten, card.Spades)},
		{"JC", card.New(card.Jack, card.Clubs)},
		{"QD", card.New(card.Queen, card.Diamonds)},
		{"KH", card.New(card.King, card.Hearts)},
		{"AS", card.New(card.Ace, card.Spades)},
		{"JK", card.Joker},
		// Lower and mixed case.
		{"ac", card.New(card.Ace, card.Clubs)},
		{"qd", card.New(card.Queen, card.Diamonds)},
		{"Qd", card.New(card.Queen, card.Diamonds)},
		{"qD", card.New(card.Queen, card.Diamonds)},
		{"10h", card.New(card.Ten, card.Hearts)},
		{"js", card.New(card.Jack, card.Spades)},
		{"kc", card.New(card.King, card.Clubs)},
		{"jk", card.Joker},
		{"Jk", card.Joker},
		{"jK", card.Joker},
		// T for ten.
		{"TS", card.New(card.Ten, card.Spades)},
		{"ts", card.New(card.Ten, card.Spades)},
		{"tH", card.New(card.Ten, card.Hearts)},
		{"Tc", card.New(card.Ten, card.Clubs)},
		// Suit symbols.
		{"7♣", card.New(card.Seven, card.Clubs)},
		{"7♦", card.New(card.Seven, card.Diamonds)},
		{"7♥", card.New(card.Seven, card.Hearts)},
		{"7♠", card.New(card.Seven, card.Spades)},
		{"Q♦", card.New(card.Queen, card.Diamonds)},
		{"q♦", card.New(card.Queen, card.Diamonds)},
		{"10♥", card.New(card.Ten, card.Hearts)},
		{"T♠", card.New(card.Ten, card.Spades)},
		{"A♣", card.New(card.Ace, card.Clubs)},
		// Outline suit symbols.
		{"7♧", card.New(card.Seven, card.Clubs)},
		{"7♢", card.New(card.Seven, card.Diamonds)},
		{"7♡", card.New(card.Seven, card.Hearts)},
		{"7♤", card.New(card.Seven, card.Spades)},
		{"k♤", card.New(card.King, card.Spades)},
	}
	for _, tt := range tests {
		got, err := card.Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, nil", tt.in, got, err, tt.want)
		}
	}
}

func TestParseCanonical(t *testing.T) {
	for i, s := range canonical {
		got, err := card.Parse(s)
		if want := card.Card(i + 1); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d, nil", s, got, err, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantErr string // exact message; "" checks only the structure
	}{
		{"", `card: invalid card notation: "": empty card`},
		{"1X", `card: invalid card notation: "1X": unknown suit "X"`},
		{"X", `card: invalid card notation: "X": unknown suit "X"`},
		{"7", `card: invalid card notation: "7": missing suit`},
		{"J", `card: invalid card notation: "J": missing suit`},
		{"10", `card: invalid card notation: "10": missing suit`},
		{"1H", `card: invalid card notation: "1H": unknown rank "1"`},
		{"11H", `card: invalid card notation: "11H": unknown rank "11"`},
		{"0H", `card: invalid card notation: "0H": unknown rank "0"`},
		{"H", `card: invalid card notation: "H": missing rank`},
		{"♥", `card: invalid card notation: "♥": missing rank`},
		{"JKX", `card: invalid card notation: "JKX": unknown suit "X"`},
		{"♥7", `card: invalid card notation: "♥7": unknown suit "7"`},
		{"7HH", `card: invalid card notation: "7HH": unknown rank "7H"`},
		{" 7H", ""},
		{"7H ", ""},
		{"\t7H", ""},
		{"7H\n", ""},
		{"1", ""},
		{"AX", ""},
		{"ZZ", ""},
		{"JOKER", ""},
		{"joker", ""},
		{"K", ""},
		{"7 H", ""},
		{"7,H", ""},
		{"7H,8D", ""},
		{"7H 8D", ""},
		{"100H", ""},
		{"010H", ""},
		{"1OH", ""}, // letter O, not zero
		{"T0H", ""},
		{"A♥♥", ""},
		{"♥♥", ""},
		{"7\xff", ""},
		{"7\xe2\x99", ""}, // ♥ cut short
		{"\xe2\x99\xa57", ""},
		{"７H", ""}, // fullwidth digit
		{"7Ｈ", ""}, // fullwidth letter
		{"7\x00", ""},
	}
	for _, tt := range tests {
		got, err := card.Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %v, nil; want an error", tt.in, got)
			continue
		}
		if got != 0 {
			t.Errorf("Parse(%q) failed but returned card %d, want 0", tt.in, got)
		}
		if tt.wantErr != "" && err.Error() != tt.wantErr {
			t.Errorf("Parse(%q) error = %q, want %q", tt.in, err, tt.wantErr)
		}
		if !errors.Is(err, card.ErrSyntax) {
			t.Errorf("Parse(%q) error %v does not wrap ErrSyntax", tt.in, err)
		}
		prefix := "card: invalid card notation: " + strconv.Quote(tt.in) + ": "
		if msg := err.Error(); !strings.HasPrefix(msg, prefix) || len(msg) == len(prefix) {
			t.Errorf("Parse(%q) error = %q, want %q and a reason", tt.in, msg, prefix)
		}
		if errors.Is(err, card.ErrMissing) || errors.Is(err, card.ErrInvalid) {
			t.Errorf("Parse(%q) error %v matches a multiset sentinel", tt.in, err)
		}
	}
}

// TestParseErrorHugeOrMultiLine checks that bad input is echoed quoted and
// cut to errs.MaxQuoted bytes: a huge token makes a short message, and a
// newline never reaches the message raw.
func TestParseErrorHugeOrMultiLine(t *testing.T) {
	huge := strings.Repeat("Z", 12<<20)
	for _, in := range []string{huge, "7\nH", "7H\n", "X\r\nY", huge + "\n" + huge} {
		check := func(what string, err error) {
			t.Helper()
			if !errors.Is(err, card.ErrSyntax) {
				t.Fatalf("%s(%.20q) = %v, want an error wrapping ErrSyntax", what, in, err)
			}
			msg := err.Error()
			if len(msg) > 300 || strings.ContainsAny(msg, "\r\n") {
				t.Errorf("%s(%.20q) error is %d bytes or has a line break: %.300q", what, in, len(msg), msg)
			}
			if !strings.Contains(msg, errs.Quote(in)) {
				t.Errorf("%s(%.20q) error %q does not quote the input as errs.Quote does", what, in, msg)
			}
		}
		_, err := card.Parse(in)
		check("Parse", err)
		var c card.Card
		check("UnmarshalText", c.UnmarshalText([]byte(in)))
	}
	// Lists split at line breaks; a huge card is still capped.
	var m card.Multiset
	err := m.UnmarshalText([]byte("7H," + huge))
	if !errors.Is(err, card.ErrSyntax) || len(err.Error()) > 300 || !strings.Contains(err.Error(), errs.Quote(huge)+" (card 2 of the list)") {
		t.Errorf("Multiset.UnmarshalText of a huge card = %.300q", err)
	}
	_, err = card.ParseCards("7H " + huge)
	if !errors.Is(err, card.ErrSyntax) || len(err.Error()) > 300 || !strings.Contains(err.Error(), "(card 2 of the list)") {
		t.Errorf("ParseCards of a huge card = %.300q", err)
	}
}

func TestParseCards(t *testing.T) {
	c7H := card.New(card.Seven, card.Hearts)
	c7D := card.New(card.Seven, card.Diamonds)
	c2C := card.New(card.Two, card.Clubs)
	cAS := card.New(card.Ace, card.Spades)
	cKS := card.New(card.King, card.Spades)
	c10S := card.New(card.Ten, card.Spades)
	tests := []struct {
		in   string
		want []card.Card
	}{
		{"7H 7D 2C", []card.Card{c7H, c7D, c2C}},
		{"AS,KS", []card.Card{cAS, cKS}},
		{"AS, KS", []card.Card{cAS, cKS}},
		{"AS ,KS", []card.Card{cAS, cKS}},
		{"7H\t7D", []card.Card{c7H, c7D}},
		{"7H\n7D\r\n2C", []card.Card{c7H, c7D, c2C}},
		{"  7H  ,, 7D\t,\t2C ,", []card.Card{c7H, c7D, c2C}},
		{"7H 7H 7H", []card.Card{c7H, c7H, c7H}},
		{"jk, t♠ 7♡", []card.Card{card.Joker, c10S, c7H}},
		{"KS", []card.Card{cKS}},
		{"2C 7H", []card.Card{c2C, c7H}}, // order is kept, not sorted
		{"7H 2C", []card.Card{c7H, c2C}},
		// An empty or blank list gives an empty, non-nil slice.
		{"", []card.Card{}},
		{" ", []card.Card{}},
		{",,,", []card.Card{}},
		{" \t\r\n, ", []card.Card{}},
	}
	for _, tt := range tests {
		got, err := card.ParseCards(tt.in)
		if err != nil {
			t.Errorf("ParseCards(%q) error: %v", tt.in, err)
			continue
		}
		// cmp.Diff tells a nil slice from an empty one.
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseCards(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
	all := strings.Join(canonical, " ")
	got, err := card.ParseCards(all)
	if err != nil || len(got) != 53 {
		t.Fatalf("ParseCards(all 53) = %d cards, %v", len(got), err)
	}
	for i, c := range got {
		if c != card.Card(i+1) {
			t.Errorf("ParseCards(all 53)[%d] = %d, want %d", i, c, i+1)
		}
	}
}

func TestParseCardsErrors(t *testing.T) {
	tests := []struct {
		in        string
		wantInput string
		wantErr   string
	}{
		{"1X", "1X", `card: invalid card notation: "1X" (card 1 of the list): unknown suit "X"`},
		{"7H XX", "XX", `card: invalid card notation: "XX" (card 2 of the list): unknown suit "X"`},
		{"7H,8D,,1H", "1H", `card: invalid card notation: "1H" (card 3 of the list): unknown rank "1"`},
		{"XX YY", "XX", `card: invalid card notation: "XX" (card 1 of the list): unknown suit "X"`},
		{"AS;KS", "AS;KS", `card: invalid card notation: "AS;KS" (card 1 of the list): unknown rank "AS;K"`},
		{"7H 8D 9C 10S J", "J", `card: invalid card notation: "J" (card 5 of the list): missing suit`},
		{"7H\u00a08D", "7H\u00a08D", ""}, // no-break space is not a separator
	}
	for _, tt := range tests {
		got, err := card.ParseCards(tt.in)
		if err == nil {
			t.Errorf("ParseCards(%q) = %v, nil; want an error", tt.in, got)
			continue
		}
		if got != nil {
			t.Errorf("ParseCards(%q) failed but returned %v, want nil", tt.in, got)
		}
		if tt.wantErr != "" && err.Error() != tt.wantErr {
			t.Errorf("ParseCards(%q) error = %q, want %q", tt.in, err, tt.wantErr)
		}
		if !errors.Is(err, card.ErrSyntax) {
			t.Errorf("ParseCards(%q) error %v does not wrap ErrSyntax", tt.in, err)
		}
		if !strings.Contains(err.Error(), ": "+strconv.Quote(tt.wantInput)+" (card ") {
			t.Errorf("ParseCards(%q) error %v: want it to name the card %q", tt.in, err, tt.wantInput)
		}
	}
}

func TestParseCardsErrorDoesNotLeak(t *testing.T) {
	// Annotating a list error must not change what Parse reports later.
	if _, err := card.ParseCards("7H 1X"); err == nil {
		t.Fatal("ParseCards(\"7H 1X\") succeeded")
	}
	_, err := card.Parse("1X")
	if got, want := err.Error(), `card: invalid card notation: "1X": unknown suit "X"`; got != want {
		t.Errorf("Parse(\"1X\") after ParseCards error = %q, want %q", got, want)
	}
}

// recoverErr calls f and returns the value it panicked with, or nil.
func recoverErr(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func TestMustParse(t *testing.T) {
	if got, want := card.MustParse("QD"), card.New(card.Queen, card.Diamonds); got != want {
		t.Errorf("MustParse(\"QD\") = %v, want %v", got, want)
	}
	if got := card.MustParse("jk"); got != card.Joker {
		t.Errorf("MustParse(\"jk\") = %v, want JK", got)
	}
	for _, in := range []string{"1X", "", "7H "} {
		var got card.Card
		v := recoverErr(func() { got = card.MustParse(in) })
		err, ok := v.(error)
		if !ok {
			t.Errorf("MustParse(%q) = %v, panicked with %v (%T); want a panic with an error", in, got, v, v)
			continue
		}
		if !errors.Is(err, card.ErrSyntax) {
			t.Errorf("MustParse(%q) panicked with %v, want an error wrapping ErrSyntax", in, err)
		}
		if _, want := card.Parse(in); err.Error() != want.Error() {
			t.Errorf("MustParse(%q) panicked with %q, want Parse's error %q", in, err, want)
		}
	}
}

func TestMustParseCards(t *testing.T) {
	got := card.MustParseCards("7H, jk")
	if diff := cmp.Diff([]card.Card{card.New(card.Seven, card.Hearts), card.Joker}, got); diff != "" {
		t.Errorf("MustParseCards mismatch (-want +got):\n%s", diff)
	}
	v := recoverErr(func() { card.MustParseCards("7H 1X") })
	err, ok := v.(error)
	if !ok {
		t.Fatalf("MustParseCards(\"7H 1X\") panicked with %v (%T), want an error", v, v)
	}
	if want := `card: invalid card notation: "1X" (card 2 of the list): unknown suit "X"`; err.Error() != want {
		t.Errorf("MustParseCards panic = %q, want %q", err, want)
	}
}
