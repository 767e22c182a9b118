package score_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// values lists what a preset gives each rank (threes split by colour) and the
// joker, on the table and in hand.
type values struct {
	ranks  [card.King + 1]int // index by rank; index 3 unused
	black3 int
	red3   int
	joker  int
}

func checkTable(t *testing.T, name string, tab score.Table, v values) {
	t.Helper()
	for r := card.Ace; r <= card.King; r++ {
		for s := card.Clubs; s <= card.Spades; s++ {
			c := card.New(r, s)
			want := v.ranks[r]
			if r == card.Three {
				want = v.black3
				if s.IsRed() {
					want = v.red3
				}
			}
			if got := tab.Points(c); got != want {
				t.Errorf("%s: Points(%v) = %d, want %d", name, c, got, want)
			}
		}
	}
	if got := tab.Points(card.Joker); got != v.joker {
		t.Errorf("%s: Points(JK) = %d, want %d", name, got, v.joker)
	}
}

func TestPresets(t *testing.T) {
	//                         A    2   3   4  5  6  7  8   9   10  J   Q   K
	hfMelded := [14]int{0, 20, 20, 0, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10}
	hfHeld := [14]int{0, -20, -20, 0, -5, -5, -5, -5, -10, -10, -10, -10, -10, -10}
	rummy := [14]int{0, 20, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10}
	neg := func(a [14]int) [14]int {
		for i := range a {
			a[i] = -a[i]
		}
		return a
	}
	tests := []struct {
		name         string
		scheme       score.Scheme
		melded, held values
	}{
		{"HandFootA", handFootA(),
			values{ranks: hfMelded, black3: 0, red3: 0, joker: 50},
			values{ranks: hfHeld, black3: -5, red3: -100, joker: -50}},
		{"HandFootB", handFootB(),
			values{ranks: hfMelded, black3: 0, red3: 0, joker: 50},
			values{ranks: hfHeld, black3: -5, red3: -500, joker: -50}},
		{"Canasta", canastaScheme(),
			values{ranks: hfMelded, black3: 5, red3: 0, joker: 50},
			values{ranks: hfHeld, black3: -5, red3: 0, joker: -50}},
		{"Rummy", rummyScheme(),
			values{ranks: rummy, black3: 5, red3: 5, joker: 0},
			values{ranks: neg(rummy), black3: -5, red3: -5, joker: 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkTable(t, tt.name+".Melded", tt.scheme.Melded, tt.melded)
			checkTable(t, tt.name+".Held", tt.scheme.Held, tt.held)
		})
	}
}

func TestPresetsSpotChecks(t *testing.T) {
	// A few values straight from the rule texts, written as cards.
	tests := []struct {
		scheme       score.Scheme
		name         string
		c            string
		melded, held int
	}{
		{handFootA(), "A", "JK", 50, -50},
		{handFootA(), "A", "3H", 0, -100},
		{handFootA(), "A", "3D", 0, -100},
		{handFootA(), "A", "3C", 0, -5},
		{handFootA(), "A", "3S", 0, -5},
		{handFootA(), "A", "10D", 10, -10},
		{handFootB(), "B", "3H", 0, -500},
		{handFootB(), "B", "3D", 0, -500},
		{handFootB(), "B", "3S", 0, -5},
		{canastaScheme(), "Canasta", "3C", 5, -5},
		{canastaScheme(), "Canasta", "3H", 0, 0},
		{canastaScheme(), "Canasta", "2S", 20, -20},
		{rummyScheme(), "Rummy", "AS", 20, -20},
		{rummyScheme(), "Rummy", "9H", 5, -5},
		{rummyScheme(), "Rummy", "10H", 10, -10},
		{rummyScheme(), "Rummy", "JK", 0, 0},
	}
	for _, tt := range tests {
		c := card.MustParse(tt.c)
		if got := tt.scheme.Melded.Points(c); got != tt.melded {
			t.Errorf("%s Melded %s = %d, want %d", tt.name, tt.c, got, tt.melded)
		}
		if got := tt.scheme.Held.Points(c); got != tt.held {
			t.Errorf("%s Held %s = %d, want %d", tt.name, tt.c, got, tt.held)
		}
	}
}

func TestPresetsAreFresh(t *testing.T) {
	// Presets are values: two calls give equal schemes, and the schemes differ
	// from each other where the texts differ.
	first, second := handFootA(), handFootA()
	if first != second {
		t.Error("HandFootA() != HandFootA()")
	}
	if handFootA() == handFootB() {
		t.Error("HandFootA() == HandFootB(), want the red three held values to differ")
	}
	if handFootA().Melded != handFootB().Melded {
		t.Error("HandFootA and B Melded tables differ, want equal")
	}
	if canastaScheme().Held != canastaScheme().Melded.Negated() {
		t.Error("Canasta Held is not Melded negated")
	}
	if rummyScheme().Held != rummyScheme().Melded.Negated() {
		t.Error("Rummy Held is not Melded negated")
	}
}

func mustSet(t *testing.T, s string) card.Multiset {
	t.Helper()
	m, err := card.MultisetOf(card.MustParseCards(s)...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestTally(t *testing.T) {
	tests := []struct {
		name         string
		scheme       score.Scheme
		melded, held string
		wantM, wantH int
	}{
		// Melded: 3 kings 30 + 2 jokers 100 + 2C 20 + 3 sevens 15 = 165.
		// Held: 3H -100, 3S -5, AD -20, 4C -5, JK -50 = -180.
		{"HandFootA", handFootA(), "KC KD KS JK JK 2C 7H 7H 7S", "3H 3S AD 4C JK", 165, -180},
		{"HandFootB", handFootB(), "KC KD KS JK JK 2C 7H 7H 7S", "3H 3S AD 4C JK", 165, -580},
		// Canasta: melded 3C 3S 3S 15 + AH AH AS 60 = 75; held 8D -10, 2H -20 = -30.
		{"Canasta", canastaScheme(), "3C 3S 3S AH AH AS", "8D 2H", 75, -30},
		// Rummy: run 9H 10H JH QH = 5+10+10+10 = 35; held AS 3D KC = -20-5-10 = -35.
		{"Rummy", rummyScheme(), "9H 10H JH QH", "AS 3D KC", 35, -35},
		{"empty", handFootA(), "", "", 0, 0},
	}
	for _, tt := range tests {
		got := tt.scheme.Tally(mustSet(t, tt.melded), mustSet(t, tt.held))
		want := score.Tally{Melded: tt.wantM, Held: tt.wantH}
		if got != want {
			t.Errorf("%s: Tally = %+v, want %+v", tt.name, got, want)
		}
		if got.Total() != tt.wantM+tt.wantH {
			t.Errorf("%s: Total = %d, want %d", tt.name, got.Total(), tt.wantM+tt.wantH)
		}
	}
	if got := (score.Tally{Melded: 300, Held: -45}).Total(); got != 255 {
		t.Errorf("Tally{300, -45}.Total() = %d, want 255", got)
	}
	if got := (score.Scheme{}).Tally(mustSet(t, "JK AS"), mustSet(t, "KD")); got != (score.Tally{}) {
		t.Errorf("zero Scheme Tally = %+v, want zero", got)
	}
}

// A Scheme reads back its own JSON, and one Table's JSON (how Canasta's and
// Rummy's Rules wrote their values before they were a Scheme) as Uniform
// of the table.
func TestSchemeJSONReadsATable(t *testing.T) {
	table := score.NewTable(func(c card.Card) int { return int(c.Rank()) })
	old, err := json.Marshal(table)
	if err != nil {
		t.Fatal(err)
	}
	var s score.Scheme
	if err := json.Unmarshal(old, &s); err != nil || s != score.Uniform(table) || s.Held.Points(card.MustParse("KS")) != -13 {
		t.Fatalf("a table's JSON read as %+v, %v; want score.Uniform(table)", s, err)
	}
	mixed := score.Scheme{Melded: table, Held: table.Negated().With(card.Joker, -500)}
	j, _ := json.Marshal(mixed)
	var back score.Scheme
	if err := json.Unmarshal(j, &back); err != nil || back != mixed {
		t.Fatalf("a score.Scheme's JSON read back as %+v, %v", back, err)
	}
	for _, bad := range []string{`[1]`, `{"XX":1}`, `"AC"`} {
		keep := back
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, score.ErrTable) || back != keep {
			t.Errorf("%s: %v, and the score.Scheme became %+v", bad, err, back)
		}
	}
}
