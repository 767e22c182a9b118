package meld_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// rummyCards parses a card list for a test; it fails the test on bad notation.
func rummyCards(t testing.TB, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseCards(s)
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", s, err)
	}
	return cs
}

// rummyMust builds a combination from a card list or fails the test.
func rummyMust(t testing.TB, s string) meld.Combination {
	t.Helper()
	m, err := meld.NewCombination(rummyCards(t, s))
	if err != nil {
		t.Fatalf("NewCombination(%s): %v", s, err)
	}
	return m
}

// rummyCheckRule fails the test unless err is a *meld.Error whose Rule
// is want.
func rummyCheckRule(t *testing.T, err, want error) {
	t.Helper()
	if err == nil {
		t.Fatalf("err = nil, want an error wrapping %q", want)
	}
	if !errors.Is(err, want) {
		t.Fatalf("err = %v, want it to wrap %q", err, want)
	}
	var re *meld.Error
	if !errors.As(err, &re) {
		t.Fatalf("err = %#v, want a *meld.Error", err)
	}
	if re.Rule() != want {
		t.Fatalf("Rule = %v, want %v", re.Rule(), want)
	}
	if re.Detail() == "" {
		t.Fatalf("err %v has no detail", err)
	}
}

func TestNewRunAccepts(t *testing.T) {
	tests := []struct {
		in        string
		suit      card.Suit
		low, high card.Rank
		str       string
	}{
		{"4C 5C 6C", card.Clubs, card.Four, card.Six, "4C 5C 6C"},
		{"6C 4C 5C", card.Clubs, card.Four, card.Six, "4C 5C 6C"},
		{"8H 9H 10H JH", card.Hearts, card.Eight, card.Jack, "8H 9H 10H JH"}, // the text's example
		{"AC 2C 3C", card.Clubs, card.Ace, card.Three, "AC 2C 3C"},           // ace low
		{"3D AD 2D", card.Diamonds, card.Ace, card.Three, "AD 2D 3D"},
		{"JS QS KS", card.Spades, card.Jack, card.King, "JS QS KS"},
		{"KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH", card.Hearts, card.Ace, card.King,
			"AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := meld.NewRun(rummyCards(t, tt.in))
			if err != nil {
				t.Fatalf("NewRun(%s): %v", tt.in, err)
			}
			if !m.IsValid() || !m.IsRun() || m.IsGroup() {
				t.Errorf("IsValid, IsRun, IsGroup = %v, %v, %v; want true, true, false", m.IsValid(), m.IsRun(), m.IsGroup())
			}
			if m.Suit() != tt.suit || m.Low() != tt.low || m.High() != tt.high {
				t.Errorf("Suit, Low, High = %v, %v, %v; want %v, %v, %v", m.Suit(), m.Low(), m.High(), tt.suit, tt.low, tt.high)
			}
			if m.Rank() != 0 {
				t.Errorf("Rank() = %v on a run, want the zero Rank", m.Rank())
			}
			if got, want := m.Len(), int(tt.high-tt.low)+1; got != want {
				t.Errorf("Len() = %d, want %d", got, want)
			}
			if got := m.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
		})
	}
}

func TestNewRunRejects(t *testing.T) {
	tests := []struct {
		name string
		in   []card.Card
		rule error
		msg  string // the whole message, or "" to check the rule only
	}{
		{"gap", card.MustParseCards("4C 5C 7C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 4C 5C 7C: 6C is missing"},
		{"two gaps", card.MustParseCards("2C 4C 6C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 2C 4C 6C: 3C and 5C are missing"},
		{"long gap", card.MustParseCards("2D 3D 7D"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 2D 3D 7D: 4D, 5D and 6D are missing"},
		{"Q-K-A", card.MustParseCards("QC KC AC"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: QC KC AC: the ace is low only, so AC does not follow KC (no wrapping)"},
		{"K-A-2", card.MustParseCards("KS AS 2S"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: KS AS 2S: the ace is low only, so AS does not follow KS (no wrapping)"},
		{"J-Q-K-A-2-3", card.MustParseCards("JH QH KH AH 2H 3H"), meld.ErrNotRun, ""},
		{"two cards", card.MustParseCards("4C 5C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 4C 5C: only 2 cards; a run needs at least three"},
		{"one card", card.MustParseCards("4C"), meld.ErrNotRun, ""},
		{"no cards", nil, meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: no cards; a run needs at least three"},
		{"mixed suits", card.MustParseCards("4C 5D 6C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 4C 5D 6C: 5D is not a club"},
		{"duplicate", card.MustParseCards("4C 5C 5C 6C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 4C 5C 5C 6C: 5C appears twice (there is one deck)"},
		{"same card three times", card.MustParseCards("5C 5C 5C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 5C 5C 5C: 5C appears 3 times (there is one deck)"},
		{"joker", card.MustParseCards("4C JK 6C"), meld.ErrNotRun,
			"meld: a run is three or more cards in sequence in one suit: 4C JK 6C: rummy has no jokers"},
		{"joker only fills a gap", card.MustParseCards("4C 5C JK"), meld.ErrNotRun, ""},
		{"a group", card.MustParseCards("7D 7H 7S"), meld.ErrNotRun, ""},
		{"invalid card 0", []card.Card{card.MustParse("4C"), 0, card.MustParse("6C")}, meld.ErrInvalidCard,
			"meld: not a valid card: 4C ?? 6C: card 2 has value 0, which is not a card"},
		{"invalid card 54", []card.Card{54, card.MustParse("5C"), card.MustParse("6C")}, meld.ErrInvalidCard, ""},
		{"invalid card 255", []card.Card{card.MustParse("4C"), card.MustParse("5C"), 255}, meld.ErrInvalidCard, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := meld.NewRun(tt.in)
			rummyCheckRule(t, err, tt.rule)
			if m != (meld.Combination{}) {
				t.Errorf("NewRun returned %v with its error, want the zero Combination", m)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("err = %q\nwant  %q", err, tt.msg)
			}
		})
	}
}

func TestNewGroupAccepts(t *testing.T) {
	tests := []struct {
		in   string
		rank card.Rank
		str  string
	}{
		{"7D 7H 7S", card.Seven, "7D 7H 7S"}, // the text's example
		{"2C 2H 2D 2S", card.Two, "2C 2D 2H 2S"},
		{"AS AC AH", card.Ace, "AC AH AS"},
		{"KD KC KS KH", card.King, "KC KD KH KS"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := meld.NewGroup(rummyCards(t, tt.in))
			if err != nil {
				t.Fatalf("NewGroup(%s): %v", tt.in, err)
			}
			if !m.IsValid() || m.IsRun() || !m.IsGroup() {
				t.Errorf("IsValid, IsRun, IsGroup = %v, %v, %v; want true, false, true", m.IsValid(), m.IsRun(), m.IsGroup())
			}
			if m.Rank() != tt.rank {
				t.Errorf("Rank() = %v, want %v", m.Rank(), tt.rank)
			}
			if m.Suit() != 0 || m.Low() != 0 || m.High() != 0 {
				t.Errorf("Suit, Low, High = %v, %v, %v on a group; want zero values", m.Suit(), m.Low(), m.High())
			}
			if got, want := m.Len(), len(strings.Fields(tt.in)); got != want {
				t.Errorf("Len() = %d, want %d", got, want)
			}
			if got := m.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
		})
	}
}

func TestNewGroupRejects(t *testing.T) {
	tests := []struct {
		name string
		in   []card.Card
		rule error
		msg  string
	}{
		{"five cards", card.MustParseCards("7C 7D 7H 7S 7C"), meld.ErrNotGroup,
			"meld: a group is three or four cards of one rank: 7C 7D 7H 7S 7C: 5 cards; a group has at most four, one of each suit"},
		{"two cards", card.MustParseCards("7C 7D"), meld.ErrNotGroup,
			"meld: a group is three or four cards of one rank: 7C 7D: only 2 cards; a group needs three or four"},
		{"mixed ranks", card.MustParseCards("7D 7H 8S"), meld.ErrNotGroup,
			"meld: a group is three or four cards of one rank: 7D 7H 8S: 8S is not a seven"},
		{"mixed ranks, ace", card.MustParseCards("AD AH 8S"), meld.ErrNotGroup,
			"meld: a group is three or four cards of one rank: AD AH 8S: 8S is not an ace"},
		{"duplicate", card.MustParseCards("7D 7D 7H"), meld.ErrNotGroup,
			"meld: a group is three or four cards of one rank: 7D 7D 7H: 7D appears twice (there is one deck)"},
		{"duplicate of four", card.MustParseCards("7D 7H 7S 7H"), meld.ErrNotGroup, ""},
		{"joker", card.MustParseCards("7D 7H JK"), meld.ErrNotGroup,
			"meld: a group is three or four cards of one rank: 7D 7H JK: rummy has no jokers"},
		{"a run", card.MustParseCards("4C 5C 6C"), meld.ErrNotGroup, ""},
		{"invalid card", []card.Card{card.MustParse("7D"), card.MustParse("7H"), 0}, meld.ErrInvalidCard, ""},
		{"no cards", []card.Card{}, meld.ErrNotGroup, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := meld.NewGroup(tt.in)
			rummyCheckRule(t, err, tt.rule)
			if m.IsValid() {
				t.Errorf("NewGroup returned %v with its error, want the zero Combination", m)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("err = %q\nwant  %q", err, tt.msg)
			}
		})
	}
}

func TestNewCombination(t *testing.T) {
	tests := []struct {
		in    string
		run   bool
		group bool
		rule  error // nil when accepted
		not   error // a sentinel the error must not wrap
		msg   string
	}{
		{in: "4C 5C 6C", run: true},
		{in: "AC 2C 3C", run: true},
		{in: "7D 7H 7S", group: true},
		{in: "2C 2H 2D 2S", group: true},
		{in: "4C 5C 7C", rule: meld.ErrNotRun, not: meld.ErrNotGroup,
			msg: "meld: a run is three or more cards in sequence in one suit: 4C 5C 7C: 6C is missing"},
		{in: "QC KC AC", rule: meld.ErrNotRun, not: meld.ErrNotGroup},
		{in: "7D 7H 8S", rule: meld.ErrNotGroup, not: meld.ErrNotRun,
			msg: "meld: a group is three or four cards of one rank: 7D 7H 8S: neither a run (mixed suits) nor a group (mixed ranks)"},
		{in: "7D 7H 7D", rule: meld.ErrNotGroup, not: meld.ErrNotRun,
			msg: "meld: a group is three or four cards of one rank: 7D 7H 7D: 7D appears twice (there is one deck)"},
		{in: "7D 7D 7D", rule: meld.ErrNotRun, not: meld.ErrNotGroup,
			msg: "meld: a run is three or more cards in sequence in one suit: 7D 7D 7D: 7D appears 3 times (there is one deck)"},
		{in: "7C 7D 7H 7S 7C", rule: meld.ErrNotGroup, not: meld.ErrNotRun},
		{in: "7C 7D", rule: meld.ErrNotGroup, not: meld.ErrNotRun},
		{in: "7C 8C", rule: meld.ErrNotRun, not: meld.ErrNotGroup},
		{in: "7C", rule: meld.ErrNotRun, not: meld.ErrNotGroup},
		{in: "", rule: meld.ErrNotRun, not: meld.ErrNotGroup},
		{in: "7C 7D JK", rule: meld.ErrNotGroup, not: meld.ErrNotRun,
			msg: "meld: a group is three or four cards of one rank: 7C 7D JK: rummy has no jokers"},
		{in: "4S JK 6S", rule: meld.ErrNotRun, not: meld.ErrNotGroup},
		{in: "4C 5D 9H", rule: meld.ErrNotRun, not: meld.ErrNotGroup,
			msg: "meld: a run is three or more cards in sequence in one suit: 4C 5D 9H: neither a run (mixed suits) nor a group (mixed ranks)"},
		{in: "7C 7D 8H", rule: meld.ErrNotGroup, not: meld.ErrNotRun,
			msg: "meld: a group is three or four cards of one rank: 7C 7D 8H: neither a run (mixed suits) nor a group (mixed ranks)"},
		{in: "4C 5C 6D", rule: meld.ErrNotRun, not: meld.ErrNotGroup},
		{in: "4C 5D JK", rule: meld.ErrNotRun, not: meld.ErrNotGroup,
			msg: "meld: a run is three or more cards in sequence in one suit: 4C 5D JK: neither a run (mixed suits) nor a group (mixed ranks), and rummy has no jokers"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := meld.NewCombination(rummyCards(t, tt.in))
			if tt.rule == nil {
				if err != nil {
					t.Fatalf("NewCombination(%s): %v", tt.in, err)
				}
				if m.IsRun() != tt.run || m.IsGroup() != tt.group {
					t.Errorf("IsRun, IsGroup = %v, %v; want %v, %v", m.IsRun(), m.IsGroup(), tt.run, tt.group)
				}
				return
			}
			rummyCheckRule(t, err, tt.rule)
			if errors.Is(err, tt.not) {
				t.Errorf("err = %v wraps %q too", err, tt.not)
			}
			if m.IsValid() {
				t.Errorf("NewCombination returned %v with its error", m)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("err = %q\nwant  %q", err, tt.msg)
			}
		})
	}

	t.Run("invalid card", func(t *testing.T) {
		_, err := meld.NewCombination([]card.Card{card.MustParse("7C"), card.MustParse("7D"), 0})
		rummyCheckRule(t, err, meld.ErrInvalidCard)
	})
}

// The same cards give the same value whichever constructor fits.
func TestCombinationConstructorsAgree(t *testing.T) {
	run, err := meld.NewRun(card.MustParseCards("9D 10D JD"))
	if err != nil {
		t.Fatal(err)
	}
	if c := rummyMust(t, "JD 9D 10D"); c != run {
		t.Errorf("NewCombination = %v, NewRun = %v", c, run)
	}
	group, err := meld.NewGroup(card.MustParseCards("QS QD QH"))
	if err != nil {
		t.Fatal(err)
	}
	if c := rummyMust(t, "QH QS QD"); c != group {
		t.Errorf("NewCombination = %v, NewGroup = %v", c, group)
	}
	if run == group {
		t.Error("a run == a group")
	}
}

func TestCombinationZero(t *testing.T) {
	var m meld.Combination
	if m.IsValid() || m.IsRun() || m.IsGroup() {
		t.Error("the zero Combination is valid, a run or a group")
	}
	if m.Len() != 0 || m.String() != "" || len(m.Cards()) != 0 || m.LayOffs() != nil {
		t.Errorf("zero: Len %d, String %q, Cards %v, LayOffs %v; want 0, \"\", [], nil", m.Len(), m.String(), m.Cards(), m.LayOffs())
	}
	if m.Suit() != 0 || m.Low() != 0 || m.High() != 0 || m.Rank() != 0 {
		t.Error("the zero Combination has a suit or a rank")
	}
	for c := range m.All() {
		t.Errorf("All() yields %v on the zero Combination", c)
	}
	for _, c := range card.All() {
		if m.Contains(c) || m.CanLayOff(c) {
			t.Errorf("the zero Combination contains or takes %v", c)
		}
	}
	got, err := m.LayOff(card.MustParse("9C"))
	rummyCheckRule(t, err, meld.ErrLayOff)
	if got.IsValid() {
		t.Errorf("LayOff on the zero Combination gave %v", got)
	}
	if want := "meld: that card does not fit the meld: 9C: there is no meld to lay it off on (the zero Combination)"; err.Error() != want {
		t.Errorf("err = %q\nwant  %q", err, want)
	}
	text, err := m.MarshalText()
	if err != nil || len(text) != 0 {
		t.Errorf("MarshalText() = %q, %v; want \"\", nil", text, err)
	}
}

func TestCombinationContainsAndAll(t *testing.T) {
	run := rummyMust(t, "6H 4H 5H 7H")
	group := rummyMust(t, "9S 9C 9H")
	tests := []struct {
		m    meld.Combination
		in   string
		out  string
		cars string // All() in order
	}{
		{run, "4H 5H 6H 7H", "3H 8H 4C 5D 6S JK", "4H 5H 6H 7H"},
		{group, "9C 9H 9S", "9D 8C 10S JK", "9C 9H 9S"},
	}
	for _, tt := range tests {
		for _, c := range card.MustParseCards(tt.in) {
			if !tt.m.Contains(c) {
				t.Errorf("%v.Contains(%v) = false", tt.m, c)
			}
		}
		for _, c := range card.MustParseCards(tt.out) {
			if tt.m.Contains(c) {
				t.Errorf("%v.Contains(%v) = true", tt.m, c)
			}
		}
		for _, c := range []card.Card{0, 54, 255} {
			if tt.m.Contains(c) {
				t.Errorf("%v.Contains(%d) = true", tt.m, c)
			}
		}
		want := card.MustParseCards(tt.cars)
		if got := slices.Collect(tt.m.All()); !slices.Equal(got, want) {
			t.Errorf("All() = %v, want %v", got, want)
		}
		if got := tt.m.Cards(); !slices.Equal(got, want) {
			t.Errorf("Cards() = %v, want %v", got, want)
		}
		prefix := card.MustParseCards("2D")
		if got := tt.m.AppendCards(prefix); !slices.Equal(got, append(card.MustParseCards("2D"), want...)) {
			t.Errorf("AppendCards([2D]) = %v", got)
		}
		// All stops when the caller breaks.
		n := 0
		for range tt.m.All() {
			n++
			break
		}
		if n != 1 {
			t.Errorf("All() yielded %d cards before the break, want 1", n)
		}
	}
}

func TestCombinationCardsIsACopy(t *testing.T) {
	m := rummyMust(t, "4C 5C 6C")
	before := m
	cs := m.Cards()
	cs[0] = card.MustParse("KS")
	cs[1] = 0
	if m != before || m.String() != "4C 5C 6C" {
		t.Errorf("changing Cards() changed the combination to %v", m)
	}
	if got := m.Cards(); !slices.Equal(got, card.MustParseCards("4C 5C 6C")) {
		t.Errorf("Cards() = %v after changing an earlier result", got)
	}

	// Nor does NewRun keep the slice it is given.
	in := card.MustParseCards("7D 8D 9D")
	r, err := meld.NewRun(in)
	if err != nil {
		t.Fatal(err)
	}
	in[0] = card.MustParse("2S")
	if r.String() != "7D 8D 9D" {
		t.Errorf("changing NewRun's input changed the run to %v", r)
	}
}

func TestCombinationLayOff(t *testing.T) {
	tests := []struct {
		meld string
		card string
		want string // the new combination, or "" for a rejection
		rule error
		msg  string
	}{
		// The text's example: "to the club4, club5, club6 you could add the club3 or the club7".
		{meld: "4C 5C 6C", card: "3C", want: "3C 4C 5C 6C"},
		{meld: "4C 5C 6C", card: "7C", want: "4C 5C 6C 7C"},
		{meld: "4C 5C 6C", card: "9C", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 9C on 4C 5C 6C: only 3C or 7C fit"},
		{meld: "4C 5C 6C", card: "7D", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 7D on 4C 5C 6C: only 3C or 7C fit"},
		{meld: "4C 5C 6C", card: "5C", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 5C on 4C 5C 6C: 5C is already in the run (there is one deck); only 3C or 7C fit"},
		{meld: "4C 5C 6C", card: "JK", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: JK on 4C 5C 6C: rummy has no jokers"},
		// Ace and king limits.
		{meld: "2H 3H 4H", card: "AH", want: "AH 2H 3H 4H"},
		{meld: "AH 2H 3H", card: "4H", want: "AH 2H 3H 4H"},
		{meld: "AH 2H 3H", card: "KH", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: KH on AH 2H 3H: only 4H fits; the king does not go below the ace (no wrapping)"},
		{meld: "JS QS KS", card: "10S", want: "10S JS QS KS"},
		{meld: "QS JS 10S", card: "KS", want: "10S JS QS KS"},
		{meld: "JS QS KS", card: "AS", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: AS on JS QS KS: only 10S fits; the ace is low only and does not follow the king"},
		{meld: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD", card: "KD", want: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"},
		{meld: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", card: "KC", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: KC on AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD: nothing fits: the run holds the whole suit, ace to king"},
		// Groups.
		{meld: "7D 7H 7S", card: "7C", want: "7C 7D 7H 7S"},
		{meld: "7C 7D 7S", card: "7H", want: "7C 7D 7H 7S"},
		{meld: "7D 7H 7S", card: "8C", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 8C on 7D 7H 7S: only 7C fits"},
		{meld: "7D 7H 7S", card: "7D", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 7D on 7D 7H 7S: 7D is already in the group (there is one deck); only 7C fits"},
		{meld: "7C 7D 7H 7S", card: "7S", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 7S on 7C 7D 7H 7S: 7S is already in the group (there is one deck); nothing fits: the group holds all four sevens"},
		{meld: "6C 6D 6H 6S", card: "5C", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: 5C on 6C 6D 6H 6S: nothing fits: the group holds all four sixes"},
		{meld: "7D 7H 7S", card: "JK", rule: meld.ErrLayOff},
		// The text's example of rearranging: with 2C 2H 2D 2S and 3S 4S 5S
		// on the table the spade ace fits neither meld.
		{meld: "3S 4S 5S", card: "AS", rule: meld.ErrLayOff,
			msg: "meld: that card does not fit the meld: AS on 3S 4S 5S: only 2S or 6S fit"},
		{meld: "2C 2H 2D 2S", card: "AS", rule: meld.ErrLayOff},
		// Had the spade two been laid off on the run, the ace would fit.
		{meld: "2S 3S 4S 5S", card: "AS", want: "AS 2S 3S 4S 5S"},
	}
	for _, tt := range tests {
		t.Run(tt.card+" on "+tt.meld, func(t *testing.T) {
			m := rummyMust(t, tt.meld)
			before := m
			c := card.MustParse(tt.card)
			got, err := m.LayOff(c)
			if m != before {
				t.Fatalf("LayOff changed its receiver from %v to %v", before, m)
			}
			if tt.rule == nil {
				if err != nil {
					t.Fatalf("LayOff(%v): %v", c, err)
				}
				if got.String() != tt.want {
					t.Errorf("LayOff(%v) = %v, want %v", c, got, tt.want)
				}
				if got != rummyMust(t, tt.want) {
					t.Errorf("LayOff(%v) = %#v, not == NewCombination(%s)", c, got, tt.want)
				}
				if !m.CanLayOff(c) || !slices.Contains(m.LayOffs(), c) {
					t.Errorf("LayOff accepts %v but CanLayOff or LayOffs (%v) does not", c, m.LayOffs())
				}
				return
			}
			rummyCheckRule(t, err, tt.rule)
			if got != m {
				t.Errorf("LayOff(%v) returned %v with its error, want m (%v) unchanged", c, got, m)
			}
			if m.CanLayOff(c) || slices.Contains(m.LayOffs(), c) {
				t.Errorf("LayOff rejects %v but CanLayOff or LayOffs (%v) accepts it", c, m.LayOffs())
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("err = %q\nwant  %q", err, tt.msg)
			}
		})
	}
}

func TestCombinationLayOffInvalidCard(t *testing.T) {
	m := rummyMust(t, "4C 5C 6C")
	for _, c := range []card.Card{0, 54, 255} {
		got, err := m.LayOff(c)
		rummyCheckRule(t, err, meld.ErrInvalidCard)
		if got != m {
			t.Errorf("LayOff(%d) returned %v", c, got)
		}
	}
	_, err := m.LayOff(0)
	if want := "meld: not a valid card: card value 0 is not a card (laid off on 4C 5C 6C)"; err.Error() != want {
		t.Errorf("err = %q\nwant  %q", err, want)
	}
}

// Laying off several cards one at a time, at both ends, grows a run to the
// whole suit and then stops.
func TestCombinationLayOffToWholeSuit(t *testing.T) {
	m := rummyMust(t, "6D 7D 8D")
	for _, s := range []string{"9D", "5D", "4D", "10D", "JD", "3D", "2D", "AD", "QD", "KD"} {
		var err error
		if m, err = m.LayOff(card.MustParse(s)); err != nil {
			t.Fatalf("LayOff(%s): %v", s, err)
		}
	}
	if m.Len() != 13 || m.Low() != card.Ace || m.High() != card.King {
		t.Errorf("after laying off to A..K: %v (Len %d)", m, m.Len())
	}
	if m.LayOffs() != nil {
		t.Errorf("LayOffs() = %v on the whole suit, want nil", m.LayOffs())
	}
}

func TestCombinationLayOffs(t *testing.T) {
	tests := []struct {
		meld string
		want string
	}{
		{"4C 5C 6C", "3C 7C"},
		{"AC 2C 3C", "4C"},
		{"JH QH KH", "10H"},
		{"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS"},
		{"7D 7H 7S", "7C"},
		{"AC AD AS", "AH"},
		{"KC KD KH KS", ""},
	}
	for _, tt := range tests {
		m := rummyMust(t, tt.meld)
		got := m.LayOffs()
		if want := card.MustParseCards(tt.want); !slices.Equal(got, want) {
			t.Errorf("%v.LayOffs() = %v, want %v", m, got, want)
		}
		n := 0
		for _, c := range card.All() {
			if m.CanLayOff(c) {
				n++
				if !slices.Contains(got, c) {
					t.Errorf("%v.CanLayOff(%v) but LayOffs() = %v", m, c, got)
				}
			}
		}
		if n != len(got) {
			t.Errorf("%v: CanLayOff accepts %d cards, LayOffs lists %d", m, n, len(got))
		}
	}
}

func TestCombinationText(t *testing.T) {
	tests := []struct{ in, out string }{
		{"4C 5C 6C", "4C 5C 6C"},
		{"6c,4c,5c", "4C 5C 6C"},
		{"T♥ J♥ Q♥ K♥", "10H JH QH KH"},
		{"7S 7D 7H", "7D 7H 7S"},
		{"AC 2C 3C", "AC 2C 3C"},
	}
	for _, tt := range tests {
		var m meld.Combination
		if err := m.UnmarshalText([]byte(tt.in)); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", tt.in, err)
		}
		text, err := m.MarshalText()
		if err != nil || string(text) != tt.out {
			t.Errorf("MarshalText() = %q, %v; want %q", text, err, tt.out)
		}
		if m.String() != tt.out {
			t.Errorf("String() = %q, want %q", m.String(), tt.out)
		}
		var back meld.Combination
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Errorf("round trip of %q: %v, %v", text, back, err)
		}
		b, err := m.AppendText([]byte("x: "))
		if err != nil || string(b) != "x: "+tt.out {
			t.Errorf("AppendText = %q, %v", b, err)
		}
	}
}

func TestCombinationUnmarshalTextErrors(t *testing.T) {
	tests := []struct {
		in   string
		rule error // nil for a syntax error
	}{
		{"4C 5C 7C", meld.ErrNotRun},
		{"QC KC AC", meld.ErrNotRun},
		{"7D 7H 8S", meld.ErrNotGroup},
		{"4C 5C JK", meld.ErrNotRun},
		{"4C 5C", meld.ErrNotRun},
		{" ", meld.ErrNotRun},
		{"4C 5C 6X", nil},
		{"4C, ,5C 6", nil},
	}
	for _, tt := range tests {
		m := rummyMust(t, "9H 9D 9S")
		before := m
		err := m.UnmarshalText([]byte(tt.in))
		if m != before {
			t.Errorf("UnmarshalText(%q) changed the value to %v", tt.in, m)
		}
		if tt.rule == nil {
			if !errors.Is(err, card.ErrSyntax) {
				t.Errorf("UnmarshalText(%q) = %v, want a card.ErrSyntax error", tt.in, err)
			}
			continue
		}
		rummyCheckRule(t, err, tt.rule)
	}

	// Empty text is the zero Combination.
	m := rummyMust(t, "9H 9D 9S")
	if err := m.UnmarshalText(nil); err != nil || m.IsValid() {
		t.Errorf("UnmarshalText(\"\") = %v, %v; want the zero Combination", m, err)
	}
}

func TestCombinationJSON(t *testing.T) {
	type table struct {
		Melds []meld.Combination
		Empty meld.Combination
	}
	in := table{Melds: []meld.Combination{rummyMust(t, "4C 5C 6C"), rummyMust(t, "7D 7H 7S")}}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"Melds":[["4C","5C","6C"],["7D","7H","7S"]],"Empty":[]}`; string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
	var out table
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.Melds, in.Melds) || out.Empty != in.Empty {
		t.Errorf("json round trip: %+v, want %+v", out, in)
	}
	if err := json.Unmarshal([]byte(`{"Melds":[["4C","5C","7C"]]}`), &out); !errors.Is(err, meld.ErrNotRun) {
		t.Errorf("json.Unmarshal of a bad run: %v, want ErrNotRun", err)
	}
	// The one string of earlier versions still loads.
	out = table{}
	if err := json.Unmarshal([]byte(`{"Melds":["4C 5C 6C","7D 7H 7S"],"Empty":""}`), &out); err != nil || !slices.Equal(out.Melds, in.Melds) || out.Empty != in.Empty {
		t.Errorf("the old JSON read as %+v, %v", out, err)
	}
}
