package score_test

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

func TestNewTable(t *testing.T) {
	var calls []card.Card
	tab := score.NewTable(func(c card.Card) int {
		calls = append(calls, c)
		return int(c) * 3
	})
	all := card.All()
	if !slices.Equal(calls, all[:]) {
		t.Fatalf("NewTable called f with %v, want the 53 cards in order", calls)
	}
	for _, c := range all {
		if got := tab.Points(c); got != int(c)*3 {
			t.Errorf("Points(%v) = %d, want %d", c, got, int(c)*3)
		}
	}
	for _, c := range []card.Card{0, 54, 200, 255} {
		if got := tab.Points(c); got != 0 {
			t.Errorf("Points(invalid %d) = %d, want 0", c, got)
		}
	}
}

func TestNewTableClamps(t *testing.T) {
	tab := score.NewTable(func(c card.Card) int {
		switch c {
		case card.Joker:
			return math.MaxInt
		case 1:
			return math.MinInt
		}
		return -32768
	})
	if got := tab.Points(card.Joker); got != 32767 {
		t.Errorf("huge value: Points = %d, want 32767", got)
	}
	if got := tab.Points(1); got != -32768 {
		t.Errorf("huge negative value: Points = %d, want -32768", got)
	}
	if got := tab.Points(2); got != -32768 {
		t.Errorf("MinPoints: Points = %d, want -32768", got)
	}
}

func TestZeroTable(t *testing.T) {
	var tab score.Table
	for _, c := range card.All() {
		if got := tab.Points(c); got != 0 {
			t.Errorf("zero Table: Points(%v) = %d, want 0", c, got)
		}
	}
	if tab != score.NewTable(func(card.Card) int { return 0 }) {
		t.Error("zero Table != NewTable(0)")
	}
}

func TestWith(t *testing.T) {
	base := handFootA().Melded
	ah := card.MustParse("AH")
	got := base.With(ah, 7)
	if p := got.Points(ah); p != 7 {
		t.Errorf("With(AH, 7).Points(AH) = %d, want 7", p)
	}
	for _, c := range card.All() {
		if c != ah && got.Points(c) != base.Points(c) {
			t.Errorf("With(AH, 7) changed %v: %d, want %d", c, got.Points(c), base.Points(c))
		}
	}
	if base.Points(ah) != 20 {
		t.Errorf("With changed its receiver: AH = %d, want 20", base.Points(ah))
	}
	if jk := base.With(card.Joker, -3).Points(card.Joker); jk != -3 {
		t.Errorf("With(JK, -3).Points(JK) = %d, want -3", jk)
	}
	if c := base.With(card.Joker, 99999).Points(card.Joker); c != 32767 {
		t.Errorf("With(JK, 99999) = %d, want clamped 32767", c)
	}
	for _, bad := range []card.Card{0, 54, 255} {
		if got := base.With(bad, 5); got != base {
			t.Errorf("With(invalid %d, 5) changed the table", bad)
		}
		if p := base.With(bad, 5).Points(bad); p != 0 {
			t.Errorf("With(invalid %d, 5).Points = %d, want 0", bad, p)
		}
	}
}

func TestWithRank(t *testing.T) {
	base := rummyScheme().Melded
	got := base.WithRank(card.Seven, 15)
	for s := card.Clubs; s <= card.Spades; s++ {
		if p := got.Points(card.New(card.Seven, s)); p != 15 {
			t.Errorf("WithRank(7, 15): 7%v = %d, want 15", s, p)
		}
	}
	for _, c := range card.All() {
		if c.Rank() != card.Seven && got.Points(c) != base.Points(c) {
			t.Errorf("WithRank(7, 15) changed %v", c)
		}
	}
	if base.Points(card.MustParse("7H")) != 5 {
		t.Error("WithRank changed its receiver")
	}
	for _, bad := range []card.Rank{0, 14, 255} {
		if base.WithRank(bad, 1) != base {
			t.Errorf("WithRank(invalid %d) changed the table", bad)
		}
	}
	// Equal to four With calls.
	four := base
	for s := card.Clubs; s <= card.Spades; s++ {
		four = four.With(card.New(card.Seven, s), 15)
	}
	if four != got {
		t.Error("WithRank differs from With on each suit")
	}
}

func TestNegated(t *testing.T) {
	a := handFootA()
	n := a.Melded.Negated()
	for _, c := range card.All() {
		if n.Points(c) != -a.Melded.Points(c) {
			t.Errorf("Negated: %v = %d, want %d", c, n.Points(c), -a.Melded.Points(c))
		}
	}
	if n.Points(card.Joker) != -50 || n.Points(card.MustParse("4D")) != -5 {
		t.Errorf("Negated: JK %d 4D %d, want -50 -5", n.Points(card.Joker), n.Points(card.MustParse("4D")))
	}
	if n.Negated() != a.Melded {
		t.Error("Negated twice != original")
	}
	if got := (score.Table{}).With(card.Joker, score.MinPoints).Negated().Points(card.Joker); got != 32767 {
		t.Errorf("Negated MinPoints = %d, want 32767", got)
	}
	if n.Points(0) != 0 {
		t.Errorf("Negated invalid card = %d, want 0", n.Points(0))
	}
}

func TestSums(t *testing.T) {
	tab := handFootA().Held
	cs := card.MustParseCards("JK JK 3H 3S 2C AD KH 10S 9C 8D 7H 4S 4S 4S")
	// -50-50-100-5-20-20-10-10-10-10-5-5-5-5 = -305
	const want = -305
	m, err := card.MultisetOf(cs...)
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Sum(m); got != want {
		t.Errorf("Sum = %d, want %d", got, want)
	}
	if got := tab.SumCards(cs); got != want {
		t.Errorf("SumCards = %d, want %d", got, want)
	}
	if got := tab.SumSeq(slices.Values(cs)); got != want {
		t.Errorf("SumSeq = %d, want %d", got, want)
	}
	if got := tab.SumCards(append(cs, 0, 99)); got != want {
		t.Errorf("SumCards with invalid cards = %d, want %d", got, want)
	}
	if got := tab.Sum(card.Multiset{}); got != 0 {
		t.Errorf("Sum(empty) = %d, want 0", got)
	}
	if got := tab.SumCards(nil); got != 0 {
		t.Errorf("SumCards(nil) = %d, want 0", got)
	}
	if got := tab.SumSeq(slices.Values([]card.Card{})); got != 0 {
		t.Errorf("SumSeq(empty) = %d, want 0", got)
	}
	// Many copies: 255 jokers in a multiset.
	var big card.Multiset
	if err := big.AddN(card.Joker, 255); err != nil {
		t.Fatal(err)
	}
	if got := handFootA().Melded.Sum(big); got != 255*50 {
		t.Errorf("Sum(255 jokers) = %d, want %d", got, 255*50)
	}
}

func TestSumSeqReadsAll(t *testing.T) {
	// SumSeq reads the whole sequence.
	n := 0
	seq := func(yield func(card.Card) bool) {
		for range 3 {
			n++
			if !yield(card.Joker) {
				return
			}
		}
	}
	if got := canastaScheme().Melded.SumSeq(seq); got != 150 || n != 3 {
		t.Errorf("SumSeq = %d after %d cards, want 150 after 3", got, n)
	}
}

func TestTableJSONRoundTrip(t *testing.T) {
	for name, tab := range map[string]score.Table{
		"HandFootA.Melded": handFootA().Melded,
		"HandFootB.Held":   handFootB().Held,
		"Canasta.Held":     canastaScheme().Held,
		"Rummy.Melded":     rummyScheme().Melded,
		"zero":             {},
		"extremes":         score.Table{}.With(1, score.MinPoints).With(card.Joker, score.MaxPoints),
	} {
		b, err := json.Marshal(tab)
		if err != nil {
			t.Fatalf("%s: Marshal: %v", name, err)
		}
		var back score.Table
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: Unmarshal(%s): %v", name, b, err)
		}
		if back != tab {
			t.Errorf("%s: round trip changed the table: %s", name, b)
		}
	}
}

func TestTableJSONFormat(t *testing.T) {
	b, err := json.Marshal(handFootA().Melded)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"AC":20,"AD":20,"AH":20,"AS":20,"2C":20,"2D":20,"2H":20,"2S":20,` +
		`"3C":0,"3D":0,"3H":0,"3S":0,"4C":5,"4D":5,"4H":5,"4S":5,"5C":5,"5D":5,"5H":5,"5S":5,` +
		`"6C":5,"6D":5,"6H":5,"6S":5,"7C":5,"7D":5,"7H":5,"7S":5,"8C":10,"8D":10,"8H":10,"8S":10,` +
		`"9C":10,"9D":10,"9H":10,"9S":10,"10C":10,"10D":10,"10H":10,"10S":10,"JC":10,"JD":10,"JH":10,"JS":10,` +
		`"QC":10,"QD":10,"QH":10,"QS":10,"KC":10,"KD":10,"KH":10,"KS":10,"JK":50}`
	if string(b) != want {
		t.Errorf("Marshal =\n%s\nwant\n%s", b, want)
	}
	// Keys in any order and with spaces are read.
	var m map[string]int
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	shuffled, _ := json.MarshalIndent(m, "", "  ") // sorted keys, a different order
	var back score.Table
	if err := json.Unmarshal(shuffled, &back); err != nil {
		t.Fatal(err)
	}
	if back != handFootA().Melded {
		t.Error("reordered JSON read back a different table")
	}
}

// tableJSON returns the JSON of HandFootA().Held with edit applied to it.
func tableJSON(t *testing.T, edit func(string) string) string {
	t.Helper()
	b, err := json.Marshal(handFootA().Held)
	if err != nil {
		t.Fatal(err)
	}
	return edit(string(b))
}

func TestTableJSONRejects(t *testing.T) {
	tests := []struct {
		name, in, wantErr string
	}{
		{"unknown key", tableJSON(t, func(s string) string { return strings.Replace(s, `"JK":-50`, `"JK":-50,"XX":3`, 1) }), `"XX"`},
		{"lenient notation", tableJSON(t, func(s string) string { return strings.Replace(s, `"10S"`, `"TS"`, 1) }), `"TS"`},
		{"missing joker", tableJSON(t, func(s string) string { return strings.Replace(s, `,"JK":-50`, ``, 1) }), `"JK" is missing`},
		{"missing several", tableJSON(t, func(s string) string { return strings.Replace(s, `"AC":-20,"AD":-20,`, ``, 1) }), `"AC" and 1 more are missing`},
		{"duplicate", tableJSON(t, func(s string) string { return strings.Replace(s, `"JK":-50`, `"JK":-50,"AC":1`, 1) }), `"AC" appears twice`},
		{"fraction", tableJSON(t, func(s string) string { return strings.Replace(s, `"KD":-10`, `"KD":-10.5`, 1) }), `"KD"`},
		{"too big", tableJSON(t, func(s string) string { return strings.Replace(s, `"KD":-10`, `"KD":40000`, 1) }), `"KD"`},
		{"string value", tableJSON(t, func(s string) string { return strings.Replace(s, `"KD":-10`, `"KD":"10"`, 1) }), `"KD"`},
		{"null value", tableJSON(t, func(s string) string { return strings.Replace(s, `"KD":-10`, `"KD":null`, 1) }), `"KD"`},
		{"array", `[1,2,3]`, "object"},
		{"number", `5`, "object"},
		{"empty object", `{}`, `"AC" and 52 more are missing`},
	}
	for _, tt := range tests {
		orig := rummyScheme().Melded
		tab := orig
		err := json.Unmarshal([]byte(tt.in), &tab)
		if err == nil {
			t.Errorf("%s: Unmarshal succeeded, want an error", tt.name)
			continue
		}
		if !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %q does not mention %s", tt.name, err, tt.wantErr)
		}
		if tab != orig {
			t.Errorf("%s: table changed on error", tt.name)
		}
		// Direct calls behave the same.
		tab2 := orig
		if err := tab2.UnmarshalJSON([]byte(tt.in)); !errors.Is(err, score.ErrTable) || tab2 != orig {
			t.Errorf("%s: direct UnmarshalJSON: err %v, changed %v", tt.name, err, tab2 != orig)
		}
	}
	// Trailing data on a direct call.
	tab := rummyScheme().Melded
	good := tableJSON(t, func(s string) string { return s })
	if err := tab.UnmarshalJSON([]byte(good + " {}")); err == nil || tab != rummyScheme().Melded {
		t.Errorf("trailing data: err %v", err)
	}
	// null leaves the table as it was.
	if err := json.Unmarshal([]byte(`null`), &tab); err != nil || tab != rummyScheme().Melded {
		t.Errorf("null: err %v, changed %v", err, tab != rummyScheme().Melded)
	}
}

func TestSchemeJSON(t *testing.T) {
	s := handFootB()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), `{"melded":{"AC":20,`) || !strings.Contains(string(b), `"held":{"AC":-20,`) || !strings.Contains(string(b), `"3H":-500`) {
		t.Errorf("Scheme JSON = %s", b)
	}
	var back score.Scheme
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back != s {
		t.Error("Scheme JSON round trip changed it")
	}
	// The keys of earlier versions ("Melded", "Held") still load.
	old := strings.NewReplacer(`"melded"`, `"Melded"`, `"held"`, `"Held"`).Replace(string(b))
	back = score.Scheme{}
	if err := json.Unmarshal([]byte(old), &back); err != nil || back != s {
		t.Errorf("Scheme read from %.40s...: %v, changed %v", old, err, back != s)
	}
}

// Scores are lowerCamel JSON, and an empty Breakdown is [], not null.
func TestScoreJSON(t *testing.T) {
	b, err := json.Marshal([]any{score.PlayerScore{Seat: 1, Points: -5, Total: 7}, score.TeamScore{Team: 1, Breakdown: score.Breakdown{{Item: "a", Points: 2}}, Points: 2}})
	if err != nil {
		t.Fatal(err)
	}
	const want = `[{"seat":1,"points":-5,"breakdown":[],"total":7},{"team":1,"breakdown":[{"item":"a","points":2}],"points":2,"total":0}]`
	if string(b) != want {
		t.Errorf("scores JSON = %s, want %s", b, want)
	}
}

func TestTableAllocs(t *testing.T) {
	tab := handFootA().Held
	m, err := card.MultisetOf(card.MustParseCards("JK 2C AS KD 7H 3H 3S 10C 10C")...)
	if err != nil {
		t.Fatal(err)
	}
	cs := m.Cards()
	sink := 0
	if a := testing.AllocsPerRun(100, func() { sink += tab.Sum(m) }); a != 0 {
		t.Errorf("Table.Sum allocates %v times, want 0", a)
	}
	if a := testing.AllocsPerRun(100, func() { sink += tab.SumCards(cs) }); a != 0 {
		t.Errorf("Table.SumCards allocates %v times, want 0", a)
	}
	s := handFootA()
	if a := testing.AllocsPerRun(100, func() { sink += s.Tally(m, m).Total() }); a != 0 {
		t.Errorf("Scheme.Tally allocates %v times, want 0", a)
	}
	if sink == 0 {
		t.Error("sums were 0")
	}
}

func BenchmarkTableSum(b *testing.B) {
	tab := handFootA().Held
	m, err := card.MultisetOf(card.MustParseCards("JK 2C AS KD 7H 3H 3S 10C 10C 4D 5D 6D QS")...)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	sink := 0
	for b.Loop() {
		sink += tab.Sum(m)
	}
	if sink == 0 {
		b.Fatal("sum was 0")
	}
}
