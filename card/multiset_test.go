package card_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
)

// hand returns the multiset of the cards in notation s; it panics on error so
// that it can build package-level tables.
func hand(s string) card.Multiset {
	m, err := card.MultisetOf(card.MustParseCards(s)...)
	if err != nil {
		panic(err)
	}
	return m
}

// cs is shorthand for card.MustParseCards.
func cs(s string) []card.Card { return card.MustParseCards(s) }

// c is shorthand for card.MustParse.
func c(s string) card.Card { return card.MustParse(s) }

// copies returns a multiset holding n copies of each card of s.
func copies(s string, n int) card.Multiset {
	var m card.Multiset
	for _, x := range cs(s) {
		if err := m.AddN(x, n); err != nil {
			panic(err)
		}
	}
	return m
}

// full returns the multiset holding MaxCount copies of every kind.
func full() card.Multiset {
	var m card.Multiset
	for _, x := range card.All() {
		if err := m.AddN(x, card.MaxCount); err != nil {
			panic(err)
		}
	}
	return m
}

func TestMultisetZero(t *testing.T) {
	var m card.Multiset
	if m.Len() != 0 || !m.IsEmpty() {
		t.Errorf("zero Multiset: Len %d, IsEmpty %v; want 0, true", m.Len(), m.IsEmpty())
	}
	if m != (card.Multiset{}) {
		t.Errorf("zero Multiset != Multiset{}")
	}
	for v := 0; v < 256; v++ {
		if n := m.Count(card.Card(v)); n != 0 {
			t.Errorf("zero Multiset Count(%d) = %d", v, n)
		}
	}
	for r := card.Rank(0); r <= 14; r++ {
		if n := m.CountRank(r); n != 0 {
			t.Errorf("zero Multiset CountRank(%d) = %d", r, n)
		}
	}
	if s := m.String(); s != "" {
		t.Errorf("zero Multiset String() = %q, want \"\"", s)
	}
	if b, err := m.MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("zero Multiset MarshalText() = %q, %v; want \"\", nil", b, err)
	}
	if got := m.Cards(); len(got) != 0 {
		t.Errorf("zero Multiset Cards() = %v", got)
	}
	for x := range m.All() {
		t.Errorf("zero Multiset All() yielded %v", x)
	}
	for x, n := range m.Kinds() {
		t.Errorf("zero Multiset Kinds() yielded %v, %d", x, n)
	}
	if !m.Contains(card.Multiset{}) || !m.ContainsCards(nil) {
		t.Errorf("zero Multiset does not contain the empty multiset")
	}
	if m.Contains(hand("7H")) || m.ContainsCards(cs("7H")) {
		t.Errorf("zero Multiset contains 7H")
	}
}

func TestMultisetSize(t *testing.T) {
	// Documented: a comparable value of 56 bytes.
	if got := unsafe.Sizeof(card.Multiset{}); got != 56 {
		t.Errorf("Sizeof(Multiset) = %d, want 56", got)
	}
}

func TestMultisetOf(t *testing.T) {
	tests := []struct {
		in      []card.Card
		want    string
		wantLen int
		wantErr error
	}{
		{nil, "", 0, nil},
		{cs("7H"), "7H", 1, nil},
		{cs("JK 7H AC 7H KS 2D"), "AC 2D 7H 7H KS JK", 6, nil},
		{cs("JK JK JK"), "JK JK JK", 3, nil},
		{[]card.Card{c("7H"), 0}, "", 0, card.ErrInvalid},
		{[]card.Card{54}, "", 0, card.ErrInvalid},
		{slices.Repeat(cs("AS"), 256), "", 0, card.ErrTooMany},
	}
	for _, tt := range tests {
		m, err := card.MultisetOf(tt.in...)
		if !errors.Is(err, tt.wantErr) || (err != nil) != (tt.wantErr != nil) {
			t.Errorf("MultisetOf(%v) error = %v, want %v", tt.in, err, tt.wantErr)
		}
		if m.String() != tt.want || m.Len() != tt.wantLen {
			t.Errorf("MultisetOf(%v) = %q (Len %d), want %q (Len %d)", tt.in, m.String(), m.Len(), tt.want, tt.wantLen)
		}
	}
}

func TestMultisetMutators(t *testing.T) {
	type op = func(m *card.Multiset) error
	tests := []struct {
		name    string
		start   card.Multiset
		op      op
		want    card.Multiset // when the op succeeds
		wantErr error         // nil or a sentinel
		errHas  string        // text the error must contain
	}{
		// Add.
		{"Add to empty", hand(""), func(m *card.Multiset) error { return m.Add(c("7H")) }, hand("7H"), nil, ""},
		{"Add second copy", hand("7H"), func(m *card.Multiset) error { return m.Add(c("7H")) }, hand("7H 7H"), nil, ""},
		{"Add joker", hand("7H"), func(m *card.Multiset) error { return m.Add(card.Joker) }, hand("7H JK"), nil, ""},
		{"Add zero card", hand("7H"), func(m *card.Multiset) error { return m.Add(0) }, card.Multiset{}, card.ErrInvalid, ""},
		{"Add 54", hand("7H"), func(m *card.Multiset) error { return m.Add(54) }, card.Multiset{}, card.ErrInvalid, ""},
		{"Add 255", hand(""), func(m *card.Multiset) error { return m.Add(255) }, card.Multiset{}, card.ErrInvalid, ""},
		{"Add past MaxCount", copies("JK", 255), func(m *card.Multiset) error { return m.Add(card.Joker) }, card.Multiset{}, card.ErrTooMany, "JK"},

		// AddN.
		{"AddN 3", hand("7H"), func(m *card.Multiset) error { return m.AddN(c("7H"), 3) }, copies("7H", 4), nil, ""},
		{"AddN 0", hand("7H"), func(m *card.Multiset) error { return m.AddN(c("8D"), 0) }, hand("7H"), nil, ""},
		{"AddN MaxCount", hand(""), func(m *card.Multiset) error { return m.AddN(card.Joker, 255) }, copies("JK", 255), nil, ""},
		{"AddN to MaxCount", copies("JK", 100), func(m *card.Multiset) error { return m.AddN(card.Joker, 155) }, copies("JK", 255), nil, ""},
		{"AddN 256", hand(""), func(m *card.Multiset) error { return m.AddN(card.Joker, 256) }, card.Multiset{}, card.ErrTooMany, "JK"},
		{"AddN past MaxCount", copies("JK", 100), func(m *card.Multiset) error { return m.AddN(card.Joker, 156) }, card.Multiset{}, card.ErrTooMany, "JK"},
		{"AddN negative", hand("7H 7H"), func(m *card.Multiset) error { return m.AddN(c("7H"), -1) }, card.Multiset{}, card.ErrInvalid, "7H"},
		{"AddN invalid", hand("7H"), func(m *card.Multiset) error { return m.AddN(0, 1) }, card.Multiset{}, card.ErrInvalid, ""},
		{"AddN invalid zero copies", hand("7H"), func(m *card.Multiset) error { return m.AddN(54, 0) }, card.Multiset{}, card.ErrInvalid, ""},

		// AddCards.
		{"AddCards", hand("AC"), func(m *card.Multiset) error { return m.AddCards(cs("7H 8D 7H")) }, hand("AC 7H 7H 8D"), nil, ""},
		{"AddCards nil", hand("AC"), func(m *card.Multiset) error { return m.AddCards(nil) }, hand("AC"), nil, ""},
		{"AddCards invalid in the middle", hand("AC"), func(m *card.Multiset) error {
			return m.AddCards([]card.Card{c("7H"), 0, c("8D")})
		}, card.Multiset{}, card.ErrInvalid, ""},
		{"AddCards too many after a good add", copies("JK", 254), func(m *card.Multiset) error {
			return m.AddCards(cs("AC JK JK"))
		}, card.Multiset{}, card.ErrTooMany, "JK"},

		// AddAll.
		{"AddAll", hand("7H 8D"), func(m *card.Multiset) error { return m.AddAll(hand("7H JK")) }, hand("7H 7H 8D JK"), nil, ""},
		{"AddAll to the most copies", copies("KS", 200), func(m *card.Multiset) error { return m.AddAll(copies("KS", 55)) }, copies("KS", 255), nil, ""},
		{"AddAll across the kinds", hand("AC 7H KS"), func(m *card.Multiset) error { return m.AddAll(hand("AC 2D 9S KD KS JK")) }, hand("AC AC 2D 7H 9S KD KS KS JK"), nil, ""},
		{"AddAll empty", hand("7H 8D"), func(m *card.Multiset) error { return m.AddAll(card.Multiset{}) }, hand("7H 8D"), nil, ""},
		{"AddAll to empty", hand(""), func(m *card.Multiset) error { return m.AddAll(hand("KS KS")) }, hand("KS KS"), nil, ""},
		{"AddAll too many", copies("JK", 255), func(m *card.Multiset) error { return m.AddAll(hand("AC JK")) }, card.Multiset{}, card.ErrTooMany, "JK"},
		{"AddAll sum too many", copies("5C", 200), func(m *card.Multiset) error { return m.AddAll(copies("2D 5C", 56)) }, card.Multiset{}, card.ErrTooMany, "5C"},

		// Remove.
		{"Remove one of two", hand("7H 7H"), func(m *card.Multiset) error { return m.Remove(c("7H")) }, hand("7H"), nil, ""},
		{"Remove last", hand("7H"), func(m *card.Multiset) error { return m.Remove(c("7H")) }, hand(""), nil, ""},
		{"Remove missing", hand("7H"), func(m *card.Multiset) error { return m.Remove(c("8D")) }, card.Multiset{}, card.ErrMissing, "8D"},
		{"Remove from empty", hand(""), func(m *card.Multiset) error { return m.Remove(card.Joker) }, card.Multiset{}, card.ErrMissing, "JK"},
		{"Remove zero card", hand("7H"), func(m *card.Multiset) error { return m.Remove(0) }, card.Multiset{}, card.ErrInvalid, ""},
		{"Remove 54", hand("7H"), func(m *card.Multiset) error { return m.Remove(54) }, card.Multiset{}, card.ErrInvalid, ""},

		// RemoveN.
		{"RemoveN 2 of 3", copies("7H", 3), func(m *card.Multiset) error { return m.RemoveN(c("7H"), 2) }, hand("7H"), nil, ""},
		{"RemoveN all", copies("7H", 3), func(m *card.Multiset) error { return m.RemoveN(c("7H"), 3) }, hand(""), nil, ""},
		{"RemoveN 0 of none", hand(""), func(m *card.Multiset) error { return m.RemoveN(c("7H"), 0) }, hand(""), nil, ""},
		{"RemoveN too many", hand("7H 7H"), func(m *card.Multiset) error { return m.RemoveN(c("7H"), 3) }, card.Multiset{}, card.ErrMissing, "7H"},
		{"RemoveN negative", hand("7H"), func(m *card.Multiset) error { return m.RemoveN(c("7H"), -1) }, card.Multiset{}, card.ErrInvalid, "7H"},
		{"RemoveN invalid", hand("7H"), func(m *card.Multiset) error { return m.RemoveN(0, 1) }, card.Multiset{}, card.ErrInvalid, ""},

		// RemoveCards.
		{"RemoveCards", hand("7H 8D 9C"), func(m *card.Multiset) error { return m.RemoveCards(cs("9C 7H")) }, hand("8D"), nil, ""},
		{"RemoveCards repeats", hand("7H 7H 7H"), func(m *card.Multiset) error { return m.RemoveCards(cs("7H 7H")) }, hand("7H"), nil, ""},
		{"RemoveCards nil", hand("7H"), func(m *card.Multiset) error { return m.RemoveCards(nil) }, hand("7H"), nil, ""},
		{"RemoveCards one missing", hand("7H"), func(m *card.Multiset) error { return m.RemoveCards(cs("7H 8D")) }, card.Multiset{}, card.ErrMissing, "8D"},
		{"RemoveCards not enough copies", hand("7H"), func(m *card.Multiset) error { return m.RemoveCards(cs("7H 7H")) }, card.Multiset{}, card.ErrMissing, "7H"},
		{"RemoveCards invalid", hand("7H 8D"), func(m *card.Multiset) error {
			return m.RemoveCards([]card.Card{c("7H"), 0})
		}, card.Multiset{}, card.ErrInvalid, ""},
		{"RemoveCards names first missing", hand("7H"), func(m *card.Multiset) error { return m.RemoveCards(cs("7H QS KS")) }, card.Multiset{}, card.ErrMissing, "QS"},

		// RemoveAll.
		{"RemoveAll", hand("7H 7H 8D JK"), func(m *card.Multiset) error { return m.RemoveAll(hand("7H JK")) }, hand("7H 8D"), nil, ""},
		{"RemoveAll self", hand("7H 7H 8D JK"), func(m *card.Multiset) error { return m.RemoveAll(hand("7H 7H 8D JK")) }, hand(""), nil, ""},
		{"RemoveAll empty", hand("7H"), func(m *card.Multiset) error { return m.RemoveAll(card.Multiset{}) }, hand("7H"), nil, ""},
		{"RemoveAll not enough copies", hand("7H 8D"), func(m *card.Multiset) error { return m.RemoveAll(hand("7H 7H")) }, card.Multiset{}, card.ErrMissing, "7H"},
		{"RemoveAll after a good removal", hand("AC 7H"), func(m *card.Multiset) error { return m.RemoveAll(hand("AC 8D")) }, card.Multiset{}, card.ErrMissing, "8D"},
		{"RemoveAll from empty", hand(""), func(m *card.Multiset) error { return m.RemoveAll(hand("KS")) }, card.Multiset{}, card.ErrMissing, "KS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.start
			err := tt.op(&m)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("error: %v", err)
				}
				if m != tt.want {
					t.Errorf("got %q (Len %d), want %q (Len %d)", m.String(), m.Len(), tt.want.String(), tt.want.Len())
				}
				return
			}
			if err == nil {
				t.Fatalf("got %q, nil; want an error", m.String())
			}
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("error %v does not wrap %v", err, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.errHas) {
				t.Errorf("error %q does not name %q", err, tt.errHas)
			}
			if m != tt.start {
				t.Errorf("failed op changed the multiset: %q (Len %d), was %q (Len %d)", m.String(), m.Len(), tt.start.String(), tt.start.Len())
			}
		})
	}
}

func TestMultisetErrorMessages(t *testing.T) {
	// apply runs f on a copy of m.
	apply := func(m card.Multiset, f func(*card.Multiset) error) error { return f(&m) }
	tests := []struct {
		err  error
		want string
	}{
		{apply(hand("7H"), func(m *card.Multiset) error { return m.Remove(c("8D")) }), "card: card not held: cannot remove 8D"},
		{apply(hand("7H"), func(m *card.Multiset) error { return m.RemoveN(c("7H"), 2) }), "card: card not held: cannot remove 2×7H: holds 1"},
		{apply(hand("7H"), func(m *card.Multiset) error { return m.Add(0) }), "card: invalid card: cannot add card value 0"},
		{apply(copies("JK", 255), func(m *card.Multiset) error { return m.Add(card.Joker) }), "card: too many copies of one card: cannot add JK: a multiset holds at most 255"},
	}
	for _, tt := range tests {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("error = %v, want %q", tt.err, tt.want)
		}
	}
}

func TestMultisetMaxCount(t *testing.T) {
	m := full()
	if m.Len() != 53*card.MaxCount {
		t.Errorf("full Len() = %d, want %d", m.Len(), 53*card.MaxCount)
	}
	for _, x := range card.All() {
		if m.Count(x) != card.MaxCount {
			t.Errorf("full Count(%v) = %d, want %d", x, m.Count(x), card.MaxCount)
		}
		before := m
		if err := m.Add(x); !errors.Is(err, card.ErrTooMany) || m != before {
			t.Errorf("full Add(%v) = %v (changed: %v), want ErrTooMany and no change", x, err, m != before)
		}
	}
	if got := m.CountRank(card.Seven); got != 4*card.MaxCount {
		t.Errorf("full CountRank(Seven) = %d, want %d", got, 4*card.MaxCount)
	}
	if !m.Contains(m) {
		t.Errorf("full multiset does not contain itself")
	}
	if n := len(m.Cards()); n != 53*card.MaxCount {
		t.Errorf("len(full Cards()) = %d", n)
	}
	if err := m.RemoveAll(full()); err != nil || !m.IsEmpty() || m != (card.Multiset{}) {
		t.Errorf("full RemoveAll(full) = %v, left %d cards", err, m.Len())
	}
}

func TestMultisetCount(t *testing.T) {
	m := hand("7H 7H 7D 7C JK JK AS 10S 10S")
	counts := []struct {
		c    card.Card
		want int
	}{
		{c("7H"), 2},
		{c("7D"), 1},
		{c("7C"), 1},
		{c("7S"), 0},
		{card.Joker, 2},
		{c("AS"), 1},
		{c("AC"), 0},
		{c("10S"), 2},
		{c("KS"), 0},
		{0, 0},
		{54, 0},
		{255, 0},
	}
	all := m.Counts()
	for _, tt := range counts {
		if got := m.Count(tt.c); got != tt.want {
			t.Errorf("Count(%d %v) = %d, want %d", tt.c, tt.c, got, tt.want)
		}
		if int(tt.c) < len(all) && int(all[tt.c]) != tt.want {
			t.Errorf("Counts()[%d %v] = %d, want %d", tt.c, tt.c, all[tt.c], tt.want)
		}
	}
	sum := 0
	for _, n := range all {
		sum += int(n)
	}
	if sum != m.Len() || all[0] != 0 {
		t.Errorf("Counts() = %v: adds up to %d, want %d, and index 0 is %d", all, sum, m.Len(), all[0])
	}
	ranks := []struct {
		r    card.Rank
		want int
	}{
		{card.Seven, 4},
		{card.Ace, 1},
		{card.Ten, 2},
		{card.King, 0},
		{card.Jack, 0}, // jokers have no rank
		{0, 0},
		{14, 0},
		{255, 0},
	}
	for _, tt := range ranks {
		if got := m.CountRank(tt.r); got != tt.want {
			t.Errorf("CountRank(%d) = %d, want %d", tt.r, got, tt.want)
		}
	}
	if m.Len() != 9 || m.IsEmpty() {
		t.Errorf("Len() = %d, IsEmpty() = %v; want 9, false", m.Len(), m.IsEmpty())
	}
	// CountRank covers every suit and stays within its rank.
	for _, r := range []card.Rank{card.Ace, card.Two, card.Queen, card.King} {
		m := hand("AC 2D QH KS")
		m2 := m
		_ = m2.AddN(card.New(r, card.Spades), 3)
		if got := m2.CountRank(r); got != 4 {
			t.Errorf("CountRank(%v) of %q = %d, want 4", r, m2.String(), got)
		}
	}
}

func TestMultisetLen(t *testing.T) {
	tests := []struct {
		m    card.Multiset
		want int
	}{
		{hand(""), 0},
		{hand("JK"), 1},
		{hand("7H 7H"), 2},
		{copies("AC 2C", 100), 200},
	}
	for _, tt := range tests {
		if tt.m.Len() != tt.want || tt.m.IsEmpty() != (tt.want == 0) {
			t.Errorf("%q: Len %d, IsEmpty %v; want %d", tt.m.String(), tt.m.Len(), tt.m.IsEmpty(), tt.want)
		}
	}
}

func TestMultisetContains(t *testing.T) {
	tests := []struct {
		m, o card.Multiset
		want bool
	}{
		{hand(""), hand(""), true},
		{hand("7H"), hand(""), true},
		{hand(""), hand("7H"), false},
		{hand("7H 8D"), hand("7H"), true},
		{hand("7H 8D"), hand("7H 8D"), true},
		{hand("7H 8D"), hand("7H 7H"), false},
		{hand("7H 7H 8D"), hand("7H 7H"), true},
		{hand("7H 8D"), hand("7H 8D 9C"), false},
		{hand("JK"), hand("JK JK"), false},
		{hand("AC KS JK"), hand("KS JK"), true},
		{hand("AC KS"), hand("AC JK"), false},
	}
	for _, tt := range tests {
		if got := tt.m.Contains(tt.o); got != tt.want {
			t.Errorf("%q.Contains(%q) = %v, want %v", tt.m.String(), tt.o.String(), got, tt.want)
		}
		if got := tt.m.ContainsCards(tt.o.Cards()); got != tt.want {
			t.Errorf("%q.ContainsCards(%v) = %v, want %v", tt.m.String(), tt.o.Cards(), got, tt.want)
		}
	}
}

func TestMultisetContainsCards(t *testing.T) {
	m := hand("7H 7H 8D JK")
	tests := []struct {
		cs   []card.Card
		want bool
	}{
		{nil, true},
		{[]card.Card{}, true},
		{cs("7H"), true},
		{cs("7H 7H"), true},
		{cs("7H 7H 7H"), false},
		{cs("JK 8D 7H"), true},
		{cs("JK JK"), false},
		{cs("9C"), false},
		{[]card.Card{0}, false},
		{[]card.Card{c("7H"), 54}, false},
		{slices.Repeat(cs("7H"), 300), false},
	}
	for _, tt := range tests {
		if got := m.ContainsCards(tt.cs); got != tt.want {
			t.Errorf("ContainsCards(%v) = %v, want %v", tt.cs, got, tt.want)
		}
	}
	if !full().ContainsCards(slices.Repeat(cs("7H"), 255)) {
		t.Errorf("full multiset does not contain 255 copies of 7H")
	}
}

func TestMultisetAll(t *testing.T) {
	m := hand("JK 7H 2C 7H KS")
	want := cs("2C 7H 7H KS JK")
	if diff := cmp.Diff(want, slices.Collect(m.All())); diff != "" {
		t.Errorf("All() mismatch (-want +got):\n%s", diff)
	}
	// Early break.
	var got []card.Card
	for x := range m.All() {
		got = append(got, x)
		if len(got) == 3 {
			break
		}
	}
	if diff := cmp.Diff(want[:3], got); diff != "" {
		t.Errorf("All() with break mismatch (-want +got):\n%s", diff)
	}
	// Break inside a run of copies.
	got = got[:0]
	for x := range copies("QD", 10).All() {
		got = append(got, x)
		if len(got) == 2 {
			break
		}
	}
	if diff := cmp.Diff(cs("QD QD"), got); diff != "" {
		t.Errorf("All() break in copies mismatch (-want +got):\n%s", diff)
	}
	// The iterator reads the multiset as it was when All was called.
	seq := m.All()
	_ = m.Add(c("AC"))
	_ = m.Remove(card.Joker)
	if diff := cmp.Diff(want, slices.Collect(seq)); diff != "" {
		t.Errorf("All() after change mismatch (-want +got):\n%s", diff)
	}
}

type kind struct {
	C card.Card
	N int
}

func TestMultisetKinds(t *testing.T) {
	m := hand("JK 7H 2C 7H KS JK JK")
	want := []kind{{c("2C"), 1}, {c("7H"), 2}, {c("KS"), 1}, {card.Joker, 3}}
	var got []kind
	for x, n := range m.Kinds() {
		got = append(got, kind{x, n})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Kinds() mismatch (-want +got):\n%s", diff)
	}
	got = nil
	for x, n := range m.Kinds() {
		got = append(got, kind{x, n})
		if len(got) == 2 {
			break
		}
	}
	if diff := cmp.Diff(want[:2], got); diff != "" {
		t.Errorf("Kinds() with break mismatch (-want +got):\n%s", diff)
	}
	got = nil
	for x, n := range copies("AC", 255).Kinds() {
		got = append(got, kind{x, n})
	}
	if diff := cmp.Diff([]kind{{c("AC"), 255}}, got); diff != "" {
		t.Errorf("Kinds() of 255 copies mismatch (-want +got):\n%s", diff)
	}
}

func TestMultisetCards(t *testing.T) {
	tests := []struct {
		m    card.Multiset
		want []card.Card
	}{
		{hand("JK 7H 2C 7H KS"), cs("2C 7H 7H KS JK")},
		{hand("AS AH AD AC"), cs("AC AD AH AS")},
		{hand("10S 9S JS"), cs("9S 10S JS")},
		{copies("JK", 3), cs("JK JK JK")},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.m.Cards()); diff != "" {
			t.Errorf("%q.Cards() mismatch (-want +got):\n%s", tt.m.String(), diff)
		}
	}
	if got := hand("").Cards(); len(got) != 0 {
		t.Errorf("empty Cards() = %v", got)
	}
	// The slice is the caller's.
	m := hand("7H 8D")
	before := m
	got := m.Cards()
	got[0] = card.Joker
	_ = append(got[:1], c("AC"))
	if m != before || m.String() != "7H 8D" {
		t.Errorf("changing Cards() changed the multiset to %q", m.String())
	}
	if diff := cmp.Diff(cs("7H 8D"), m.Cards()); diff != "" {
		t.Errorf("Cards() after change mismatch (-want +got):\n%s", diff)
	}
}

func TestMultisetAppendCards(t *testing.T) {
	m := hand("KS 7H 7H")
	prefix := cs("AC JK")
	got := m.AppendCards(slices.Clip(prefix))
	if diff := cmp.Diff(cs("AC JK 7H 7H KS"), got); diff != "" {
		t.Errorf("AppendCards mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(cs("AC JK"), prefix); diff != "" {
		t.Errorf("AppendCards changed its argument (-want +got):\n%s", diff)
	}
	// Into a big enough buffer, in place.
	buf := make([]card.Card, 1, 10)
	buf[0] = card.Joker
	got = m.AppendCards(buf)
	if &got[0] != &buf[0] {
		t.Errorf("AppendCards reallocated a buffer with room")
	}
	if diff := cmp.Diff(cs("JK 7H 7H KS"), got); diff != "" {
		t.Errorf("AppendCards into buffer mismatch (-want +got):\n%s", diff)
	}
	if got := hand("").AppendCards(nil); got != nil {
		t.Errorf("empty AppendCards(nil) = %v, want nil", got)
	}
}

func TestMultisetString(t *testing.T) {
	tests := []struct {
		m    card.Multiset
		want string
	}{
		{hand(""), ""},
		{hand("7H"), "7H"},
		{hand("JK 7H 7C 7H"), "7C 7H 7H JK"},
		{hand("t♠ q♦ a♣"), "AC 10S QD"},
		{hand("JK JK"), "JK JK"},
		{copies("2C", 3), "2C 2C 2C"},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		b, err := tt.m.MarshalText()
		if err != nil || string(b) != tt.want {
			t.Errorf("MarshalText() = %q, %v; want %q, nil", b, err, tt.want)
		}
		b, err = tt.m.AppendText([]byte("hand: "))
		if err != nil || string(b) != "hand: "+tt.want {
			t.Errorf("AppendText(\"hand: \") = %q, %v; want %q, nil", b, err, "hand: "+tt.want)
		}
	}
}

func TestMultisetUnmarshalText(t *testing.T) {
	tests := []struct {
		in   string
		want card.Multiset
	}{
		{"", hand("")},
		{"   ", hand("")},
		{"7H", hand("7H")},
		{"JK 7H 7C 7H", hand("7C 7H 7H JK")},
		{"jk, 7h\t7♥,,", hand("7H 7H JK")},
		{strings.Repeat("AS ", 255), copies("AS", 255)},
	}
	for _, tt := range tests {
		// Unmarshaling replaces what the multiset held.
		m := hand("KS KS 2D")
		if err := m.UnmarshalText([]byte(tt.in)); err != nil {
			t.Errorf("UnmarshalText(%q): %v", tt.in, err)
			continue
		}
		if m != tt.want {
			t.Errorf("UnmarshalText(%q) = %q, want %q", tt.in, m.String(), tt.want.String())
		}
	}
}

func TestMultisetUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantErr error
	}{
		{"7H XX", card.ErrSyntax},
		{"1X", card.ErrSyntax},
		{"7H;8D", card.ErrSyntax},
		{strings.Repeat("AS ", 256), card.ErrTooMany},
	}
	for _, tt := range tests {
		m := hand("KS KS 2D")
		before := m
		err := m.UnmarshalText([]byte(tt.in))
		if !errors.Is(err, tt.wantErr) {
			t.Errorf("UnmarshalText(%.20q) = %v, want an error wrapping %v", tt.in, err, tt.wantErr)
		}
		if m != before {
			t.Errorf("failed UnmarshalText(%.20q) changed the multiset to %q", tt.in, m.String())
		}
	}
}

func TestMultisetTextRoundTrip(t *testing.T) {
	for _, m := range []card.Multiset{hand(""), hand("JK"), hand("7H 7H 10S QD"), copies("AC 10D JK", 7), full()} {
		b, err := m.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText: %v", err)
		}
		var back card.Multiset
		if err := back.UnmarshalText(b); err != nil || back != m {
			t.Errorf("UnmarshalText(MarshalText(%.30q)) = %.30q, %v", m.String(), back.String(), err)
		}
	}
}

func TestMultisetJSON(t *testing.T) {
	type state struct {
		Hand card.Multiset `json:"hand"`
		Foot card.Multiset `json:"foot"`
	}
	in := state{Hand: hand("JK 7H 7H 2C"), Foot: hand("")}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	// Cards are an array of card strings, and no cards are [].
	const want = `{"hand":["2C","7H","7H","JK"],"foot":[]}`
	if string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	var out state
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", b, err)
	}
	if out != in {
		t.Errorf("JSON round trip = %+v, want %+v", out, in)
	}
	// The one string of earlier versions still loads, and null is nothing.
	out = state{}
	if err := json.Unmarshal([]byte(`{"hand":"JK 7H 2C 7H","foot":null}`), &out); err != nil || out != in {
		t.Errorf("json.Unmarshal of the old string form = %+v, %v; want %+v", out, err, in)
	}
	for _, bad := range []string{`{"hand":"7H 1X"}`, `{"hand":["7H","1X"]}`, `{"hand":["7H 8H"]}`} {
		before := out
		if err := json.Unmarshal([]byte(bad), &out); !errors.Is(err, card.ErrSyntax) {
			t.Errorf("json.Unmarshal(%s) = %v, want an error wrapping ErrSyntax", bad, err)
		}
		if out != before {
			t.Errorf("json.Unmarshal(%s) changed the Multiset to %+v", bad, out)
		}
	}
	if err := json.Unmarshal([]byte(`{"hand":[7]}`), &out); err == nil {
		t.Errorf("json.Unmarshal of a number card = nil, want an error")
	}
}

func TestMultisetEqual(t *testing.T) {
	a := hand("7H 8D 7H JK")
	b := hand("JK 7H 7H 8D")
	if a != b {
		t.Errorf("%q != %q built in another order", a.String(), b.String())
	}
	if a == hand("7H 8D JK") || a == hand("7H 8D 7H JK JK") || a == hand("7H 8C 7H JK") {
		t.Errorf("multisets with different contents compare equal")
	}
	// Adding then removing gets back an equal value.
	c2 := a
	_ = c2.Add(c("QS"))
	if c2 == a {
		t.Errorf("adding a card did not change the value")
	}
	_ = c2.Remove(c("QS"))
	if c2 != a {
		t.Errorf("add then remove: %q != %q", c2.String(), a.String())
	}
	// Assignment copies.
	d := a
	_ = d.RemoveAll(d)
	if a.String() != "7H 7H 8D JK" || !d.IsEmpty() {
		t.Errorf("changing a copy changed the original: %q", a.String())
	}
	// Usable as a map key.
	seen := map[card.Multiset]int{a: 1}
	if seen[b] != 1 {
		t.Errorf("equal multiset is a different map key")
	}
}
