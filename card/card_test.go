package card_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
)

// canonical lists the canonical notation of every valid card in numeric
// order: card value i+1 is canonical[i].
var canonical = strings.Fields(`
	AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S
	6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S 10C 10D 10H 10S
	JC JD JH JS QC QD QH QS KC KD KH KS JK`)

// invalidCards are Card values outside 1..53.
var invalidCards = []card.Card{0, 54, 55, 100, 128, 254, 255}

var rankTests = []struct {
	r         card.Rank
	str, name string
	valid     bool
}{
	{card.Ace, "A", "ace", true},
	{card.Two, "2", "two", true},
	{card.Three, "3", "three", true},
	{card.Four, "4", "four", true},
	{card.Five, "5", "five", true},
	{card.Six, "6", "six", true},
	{card.Seven, "7", "seven", true},
	{card.Eight, "8", "eight", true},
	{card.Nine, "9", "nine", true},
	{card.Ten, "10", "ten", true},
	{card.Jack, "J", "jack", true},
	{card.Queen, "Q", "queen", true},
	{card.King, "K", "king", true},
	{0, "?", "invalid rank", false},
	{14, "?", "invalid rank", false},
	{100, "?", "invalid rank", false},
	{255, "?", "invalid rank", false},
}

var suitTests = []struct {
	s                     card.Suit
	str, symbol, name     string
	valid, isRed, isBlack bool
}{
	{card.Clubs, "C", "♣", "clubs", true, false, true},
	{card.Diamonds, "D", "♦", "diamonds", true, true, false},
	{card.Hearts, "H", "♥", "hearts", true, true, false},
	{card.Spades, "S", "♠", "spades", true, false, true},
	{0, "?", "?", "invalid suit", false, false, false},
	{5, "?", "?", "invalid suit", false, false, false},
	{255, "?", "?", "invalid suit", false, false, false},
}

func TestRankConstants(t *testing.T) {
	// The numbering is part of the API.
	got := []card.Rank{card.Ace, card.Two, card.Three, card.Four, card.Five, card.Six,
		card.Seven, card.Eight, card.Nine, card.Ten, card.Jack, card.Queen, card.King}
	for i, r := range got {
		if int(r) != i+1 {
			t.Errorf("rank %d has value %d, want %d", i, r, i+1)
		}
	}
	suits := []card.Suit{card.Clubs, card.Diamonds, card.Hearts, card.Spades}
	for i, s := range suits {
		if int(s) != i+1 {
			t.Errorf("suit %d has value %d, want %d", i, s, i+1)
		}
	}
	if card.Joker != 53 || card.Kinds != 54 {
		t.Errorf("Joker = %d, Kinds = %d; want 53, 54", card.Joker, card.Kinds)
	}
}

func TestRank(t *testing.T) {
	for _, tt := range rankTests {
		if got := tt.r.IsValid(); got != tt.valid {
			t.Errorf("Rank(%d).IsValid() = %v, want %v", tt.r, got, tt.valid)
		}
		if got := tt.r.String(); got != tt.str {
			t.Errorf("Rank(%d).String() = %q, want %q", tt.r, got, tt.str)
		}
		if got := tt.r.Name(); got != tt.name {
			t.Errorf("Rank(%d).Name() = %q, want %q", tt.r, got, tt.name)
		}
	}
}

func TestRankPlural(t *testing.T) {
	want := map[card.Rank]string{
		0: "invalid ranks", card.Ace: "aces", card.Two: "twos", card.Three: "threes",
		card.Four: "fours", card.Five: "fives", card.Six: "sixes", card.Seven: "sevens",
		card.Eight: "eights", card.Nine: "nines", card.Ten: "tens", card.Jack: "jacks",
		card.Queen: "queens", card.King: "kings", 14: "invalid ranks", 255: "invalid ranks",
	}
	for r, w := range want {
		if got := r.Plural(); got != w {
			t.Errorf("Rank(%d).Plural() = %q, want %q", r, got, w)
		}
	}
}

func TestSuit(t *testing.T) {
	for _, tt := range suitTests {
		if got := tt.s.IsValid(); got != tt.valid {
			t.Errorf("Suit(%d).IsValid() = %v, want %v", tt.s, got, tt.valid)
		}
		if got := tt.s.String(); got != tt.str {
			t.Errorf("Suit(%d).String() = %q, want %q", tt.s, got, tt.str)
		}
		if got := tt.s.Symbol(); got != tt.symbol {
			t.Errorf("Suit(%d).Symbol() = %q, want %q", tt.s, got, tt.symbol)
		}
		if got := tt.s.Name(); got != tt.name {
			t.Errorf("Suit(%d).Name() = %q, want %q", tt.s, got, tt.name)
		}
		if got := tt.s.IsRed(); got != tt.isRed {
			t.Errorf("Suit(%d).IsRed() = %v, want %v", tt.s, got, tt.isRed)
		}
		if got := tt.s.IsBlack(); got != tt.isBlack {
			t.Errorf("Suit(%d).IsBlack() = %v, want %v", tt.s, got, tt.isBlack)
		}
	}
}

func TestNewAllPairs(t *testing.T) {
	seen := make(map[card.Card]bool)
	for _, rt := range rankTests[:13] {
		for _, st := range suitTests[:4] {
			c := card.New(rt.r, st.s)
			// The numbering is documented: 1 + 4*(rank-1) + (suit-1).
			if want := card.Card(1 + 4*(int(rt.r)-1) + int(st.s) - 1); c != want {
				t.Errorf("New(%v, %v) = %d, want %d", rt.r, st.s, c, want)
			}
			if seen[c] {
				t.Errorf("New(%v, %v) = %d, already returned for another pair", rt.r, st.s, c)
			}
			seen[c] = true
			if !c.IsValid() || c.IsJoker() {
				t.Errorf("New(%v, %v) = %d: IsValid %v, IsJoker %v", rt.r, st.s, c, c.IsValid(), c.IsJoker())
			}
			if c.Rank() != rt.r || c.Suit() != st.s {
				t.Errorf("New(%v, %v): Rank, Suit = %v, %v", rt.r, st.s, c.Rank(), c.Suit())
			}
			if want := rt.str + st.str; c.String() != want {
				t.Errorf("New(%v, %v).String() = %q, want %q", rt.r, st.s, c.String(), want)
			}
		}
	}
	if len(seen) != 52 {
		t.Errorf("New gave %d distinct cards, want 52", len(seen))
	}
}

func TestNewFixedValues(t *testing.T) {
	tests := []struct {
		r    card.Rank
		s    card.Suit
		want card.Card
	}{
		{card.Ace, card.Clubs, 1},
		{card.Ace, card.Spades, 4},
		{card.Two, card.Clubs, 5},
		{card.Seven, card.Hearts, 27},
		{card.Ten, card.Diamonds, 38},
		{card.King, card.Spades, 52},
	}
	for _, tt := range tests {
		if got := card.New(tt.r, tt.s); got != tt.want {
			t.Errorf("New(%v, %v) = %d, want %d", tt.r, tt.s, got, tt.want)
		}
	}
}

func TestNewInvalid(t *testing.T) {
	tests := []struct {
		r card.Rank
		s card.Suit
	}{
		{0, card.Clubs},
		{14, card.Clubs},
		{255, card.Hearts},
		{card.Ace, 0},
		{card.King, 5},
		{card.Seven, 255},
		{0, 0},
		{14, 5},
		{255, 255},
	}
	for _, tt := range tests {
		if got := card.New(tt.r, tt.s); got != 0 {
			t.Errorf("New(%d, %d) = %d, want 0", tt.r, tt.s, got)
		}
	}
}

func TestCardIsValid(t *testing.T) {
	tests := []struct {
		c    card.Card
		want bool
	}{
		{0, false},
		{54, false},
		{255, false},
	}
	for v := 1; v <= 53; v++ {
		tests = append(tests, struct {
			c    card.Card
			want bool
		}{card.Card(v), true})
	}
	for _, tt := range tests {
		if got := tt.c.IsValid(); got != tt.want {
			t.Errorf("Card(%d).IsValid() = %v, want %v", tt.c, got, tt.want)
		}
	}
	// Every other byte value too.
	for v := 0; v < 256; v++ {
		if got, want := card.Card(v).IsValid(), v >= 1 && v <= 53; got != want {
			t.Errorf("Card(%d).IsValid() = %v, want %v", v, got, want)
		}
	}
}

func TestCardEveryValid(t *testing.T) {
	for i, want := range canonical {
		c := card.Card(i + 1)
		if got := c.String(); got != want {
			t.Errorf("Card(%d).String() = %q, want %q", c, got, want)
		}
		if c == card.Joker {
			if !c.IsJoker() || c.Rank() != 0 || c.Suit() != 0 || c.IsRed() || c.IsBlack() {
				t.Errorf("joker: IsJoker %v, Rank %d, Suit %d, IsRed %v, IsBlack %v; want true, 0, 0, false, false",
					c.IsJoker(), c.Rank(), c.Suit(), c.IsRed(), c.IsBlack())
			}
			continue
		}
		if c.IsJoker() {
			t.Errorf("Card(%d) %v: IsJoker() = true", c, c)
		}
		// The canonical text is rank notation then suit letter.
		rankText, suitText := want[:len(want)-1], want[len(want)-1:]
		if got := c.Rank().String(); got != rankText {
			t.Errorf("%v.Rank() = %q, want %q", c, got, rankText)
		}
		if got := c.Suit().String(); got != suitText {
			t.Errorf("%v.Suit() = %q, want %q", c, got, suitText)
		}
		red := suitText == "D" || suitText == "H"
		if c.IsRed() != red || c.IsBlack() == red {
			t.Errorf("%v: IsRed %v, IsBlack %v; want %v, %v", c, c.IsRed(), c.IsBlack(), red, !red)
		}
	}
}

func TestCardColor(t *testing.T) {
	tests := []struct {
		c          card.Card
		red, black bool
	}{
		{card.New(card.Seven, card.Hearts), true, false},
		{card.New(card.Queen, card.Diamonds), true, false},
		{card.New(card.Ace, card.Clubs), false, true},
		{card.New(card.Ten, card.Spades), false, true},
		{card.Joker, false, false},
		{0, false, false},
		{54, false, false},
		{255, false, false},
	}
	for _, tt := range tests {
		if got := tt.c.IsRed(); got != tt.red {
			t.Errorf("Card(%d).IsRed() = %v, want %v", tt.c, got, tt.red)
		}
		if got := tt.c.IsBlack(); got != tt.black {
			t.Errorf("Card(%d).IsBlack() = %v, want %v", tt.c, got, tt.black)
		}
	}
}

func TestCardString(t *testing.T) {
	tests := []struct {
		c    card.Card
		want string
	}{
		{card.New(card.Ace, card.Clubs), "AC"},
		{card.New(card.Ten, card.Spades), "10S"},
		{card.New(card.Queen, card.Diamonds), "QD"},
		{card.New(card.Seven, card.Hearts), "7H"},
		{card.New(card.King, card.Spades), "KS"},
		{card.Joker, "JK"},
		{0, "??"},
		{54, "??"},
		{255, "??"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("Card(%d).String() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

func TestCardInvalid(t *testing.T) {
	for _, c := range invalidCards {
		if c.IsValid() || c.IsJoker() || c.IsRed() || c.IsBlack() || c.Rank() != 0 || c.Suit() != 0 || c.String() != "??" {
			t.Errorf("Card(%d): IsValid %v, IsJoker %v, IsRed %v, IsBlack %v, Rank %d, Suit %d, String %q",
				c, c.IsValid(), c.IsJoker(), c.IsRed(), c.IsBlack(), c.Rank(), c.Suit(), c.String())
		}
	}
}

func TestAll(t *testing.T) {
	all := card.All()
	if len(all) != 53 {
		t.Fatalf("len(All()) = %d, want 53", len(all))
	}
	seen := make(map[card.Card]bool)
	for i, c := range all {
		if !c.IsValid() {
			t.Errorf("All()[%d] = %d is invalid", i, c)
		}
		if seen[c] {
			t.Errorf("All()[%d] = %v repeats", i, c)
		}
		seen[c] = true
		if i > 0 && c <= all[i-1] {
			t.Errorf("All()[%d] = %d not above All()[%d] = %d", i, c, i-1, all[i-1])
		}
		if c != card.Card(i+1) {
			t.Errorf("All()[%d] = %d, want %d", i, c, i+1)
		}
	}
	var got []string
	for _, c := range all {
		got = append(got, c.String())
	}
	if diff := cmp.Diff(canonical, got); diff != "" {
		t.Errorf("All() notation mismatch (-want +got):\n%s", diff)
	}
	if all[52] != card.Joker {
		t.Errorf("All()[52] = %v, want the joker", all[52])
	}
}

func TestCardMarshalText(t *testing.T) {
	for i, want := range canonical {
		c := card.Card(i + 1)
		b, err := c.MarshalText()
		if err != nil || string(b) != want {
			t.Errorf("Card(%d).MarshalText() = %q, %v; want %q, nil", c, b, err, want)
		}
		b, err = c.AppendText([]byte("x:"))
		if err != nil || string(b) != "x:"+want {
			t.Errorf("Card(%d).AppendText(\"x:\") = %q, %v; want %q, nil", c, b, err, "x:"+want)
		}
		var back card.Card
		if err := back.UnmarshalText([]byte(want)); err != nil || back != c {
			t.Errorf("UnmarshalText(%q) = %v, card %d; want nil, card %d", want, err, back, c)
		}
	}
}

func TestCardMarshalTextInvalid(t *testing.T) {
	// The zero Card marshals as "" (like the zero netip.Addr) and reads back.
	if b, err := card.Card(0).MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("Card(0).MarshalText() = %q, %v; want \"\", nil", b, err)
	}
	z := card.Joker
	if err := z.UnmarshalText(nil); err != nil || z != 0 {
		t.Errorf("UnmarshalText(\"\") = %v, card %v; want nil, the zero Card", err, z)
	}
	for _, c := range invalidCards {
		if c == 0 {
			continue
		}
		b, err := c.MarshalText()
		if !errors.Is(err, card.ErrInvalid) {
			t.Errorf("Card(%d).MarshalText() = %q, %v; want an error wrapping ErrInvalid", c, b, err)
		}
		b, err = c.AppendText([]byte("keep"))
		if err == nil || string(b) != "keep" {
			t.Errorf("Card(%d).AppendText(\"keep\") = %q, %v; want \"keep\" and an error", c, b, err)
		}
	}
}

func TestCardUnmarshalTextError(t *testing.T) {
	tests := []string{"1X", "7", "7H ", "jkx", "♥7"}
	for _, in := range tests {
		c := card.New(card.Five, card.Clubs)
		err := c.UnmarshalText([]byte(in))
		if !errors.Is(err, card.ErrSyntax) {
			t.Errorf("UnmarshalText(%q) = %v, want an error wrapping ErrSyntax", in, err)
		}
		if _, want := card.Parse(in); err == nil || err.Error() != want.Error() {
			t.Errorf("UnmarshalText(%q) error %v: want Parse's error %v", in, err, want)
		}
		if c != card.New(card.Five, card.Clubs) {
			t.Errorf("UnmarshalText(%q) failed but changed the card to %v", in, c)
		}
	}
}

type jsonHolder struct {
	Card card.Card   `json:"card"`
	Hand []card.Card `json:"hand"`
}

func TestCardJSON(t *testing.T) {
	in := jsonHolder{
		Card: card.New(card.Ten, card.Spades),
		Hand: []card.Card{card.New(card.Ace, card.Clubs), card.New(card.Queen, card.Diamonds), card.Joker},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	const want = `{"card":"10S","hand":["AC","QD","JK"]}`
	if string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	var out jsonHolder
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", b, err)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("JSON round trip mismatch (-want +got):\n%s", diff)
	}

	// Decoding is as lenient as Parse.
	var lenient jsonHolder
	if err := json.Unmarshal([]byte(`{"card":"t♠","hand":["ac","Q♦","jk"]}`), &lenient); err != nil {
		t.Fatalf("json.Unmarshal lenient: %v", err)
	}
	if diff := cmp.Diff(in, lenient); diff != "" {
		t.Errorf("lenient JSON mismatch (-want +got):\n%s", diff)
	}
}

func TestCardJSONErrors(t *testing.T) {
	var h jsonHolder
	err := json.Unmarshal([]byte(`{"card":"1X"}`), &h)
	if !errors.Is(err, card.ErrSyntax) {
		t.Errorf("json.Unmarshal of a bad card = %v, want an error wrapping ErrSyntax", err)
	}
	// The zero Card marshals as "" and round-trips; other invalid values fail.
	if b, err := json.Marshal(jsonHolder{}); err != nil || string(b) != `{"card":"","hand":null}` {
		t.Errorf("json.Marshal of a zero Card = %s, %v", b, err)
	}
	if b, err := json.Marshal(jsonHolder{Card: 99}); !errors.Is(err, card.ErrInvalid) {
		t.Errorf("json.Marshal of Card(99) = %s, %v; want an error wrapping ErrInvalid", b, err)
	}
}

// A rank's JSON is its notation, "" for none; the numbers of earlier
// versions still load.
func TestRankJSON(t *testing.T) {
	b, err := json.Marshal([]card.Rank{card.Ace, card.Ten, card.Jack, 0})
	if want := `["A","10","J",""]`; err != nil || string(b) != want {
		t.Errorf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	for in, want := range map[string]card.Rank{`"A"`: card.Ace, `"t"`: card.Ten, `"10"`: card.Ten, `"K"`: card.King, `""`: 0, `11`: card.Jack, `0`: 0} {
		r := card.Queen
		if err := json.Unmarshal([]byte(in), &r); err != nil || r != want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, r, err, want)
		}
	}
	for _, in := range []string{`14`, `-1`, `"JK"`, `"7H"`, `"1"`, `true`, `"X"`} {
		r := card.Queen
		if err := json.Unmarshal([]byte(in), &r); !errors.Is(err, card.ErrSyntax) || r != card.Queen {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want ErrSyntax and no change", in, r, err)
		}
	}
	if _, err := json.Marshal(card.Rank(14)); err == nil {
		t.Error("json.Marshal of rank 14 succeeded")
	}
}
