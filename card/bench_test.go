package card_test

import (
	"testing"

	"github.com/cardrules/cardrules/card"
)

var benchInputs = []string{"7H", "10S", "qd", "T♠", "JK", "AC", "K♥", "2c"}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := card.Parse(benchInputs[i%len(benchInputs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkParseCards(b *testing.B) {
	const hand = "7H 7D 2C, JK 10S QD KS AS 9C 9D 4H"
	b.ReportAllocs()
	for b.Loop() {
		if _, err := card.ParseCards(hand); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMultisetAddRemove(b *testing.B) {
	m, _ := card.MultisetOf(card.MustParseCards("7H 7D 2C JK 10S")...)
	all := card.All()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := all[i%len(all)]
		if err := m.Add(c); err != nil {
			b.Fatal(err)
		}
		if err := m.Remove(c); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkMultisetCount(b *testing.B) {
	m, _ := card.MultisetOf(card.MustParseCards("7H 7D 2C JK 10S 7H QD KS")...)
	all := card.All()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, c := range all {
			n += m.Count(c)
		}
		n += m.CountRank(card.Seven)
	}
	if n == 0 {
		b.Fatal("counted nothing")
	}
}

func BenchmarkMultisetContains(b *testing.B) {
	m, _ := card.MultisetOf(card.MustParseCards("7H 7D 2C JK 10S 7H QD KS AS 9C 9D 4H")...)
	meld, _ := card.MultisetOf(card.MustParseCards("7H 7D JK")...)
	b.ReportAllocs()
	for b.Loop() {
		if !m.Contains(meld) {
			b.Fatal("Contains = false")
		}
	}
}

func BenchmarkMultisetAppendCards(b *testing.B) {
	m, _ := card.MultisetOf(card.MustParseCards("7H 7D 2C JK 10S 7H QD KS AS 9C 9D 4H")...)
	buf := make([]card.Card, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = m.AppendCards(buf[:0])
	}
	if len(buf) != 12 {
		b.Fatalf("AppendCards gave %d cards, want 12", len(buf))
	}
}

func TestMultisetAllocs(t *testing.T) {
	m, _ := card.MultisetOf(card.MustParseCards("7H 7D 2C JK 10S 7H QD KS")...)
	meld, _ := card.MultisetOf(card.MustParseCards("7H 7D JK")...)
	c := card.MustParse("9C")
	buf := make([]card.Card, 0, 64)
	list := card.MustParseCards("7H JK")
	inputs := []string{"7H", "10S", "q♦", "jk"}
	var err error
	var n int
	var ok bool
	var got card.Card

	tests := []struct {
		name string
		f    func()
	}{
		{"Add", func() { err = m.Add(c) }},
		{"Remove", func() { err = m.Remove(c) }},
		{"Count", func() { n = m.Count(c) }},
		{"CountRank", func() { n = m.CountRank(card.Seven) }},
		{"Contains", func() { ok = m.Contains(meld) }},
		{"ContainsCards", func() { ok = m.ContainsCards(list) }},
		{"AppendCards", func() { buf = m.AppendCards(buf[:0]) }},
		{"AddAll", func() { err = m.AddAll(meld) }},
		{"RemoveAll", func() { err = m.RemoveAll(meld) }},
		{"Parse", func() {
			for _, s := range inputs {
				got, err = card.Parse(s)
			}
		}},
		{"UnmarshalText", func() { err = got.UnmarshalText([]byte("10S")) }},
	}
	// Add and Remove run the same number of times, as do AddAll and
	// RemoveAll, so the multiset ends as it began.
	before := m
	for _, tt := range tests {
		allocs := testing.AllocsPerRun(100, tt.f)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if allocs != 0 {
			t.Errorf("%s allocates %v times per call, want 0", tt.name, allocs)
		}
	}
	if m != before {
		t.Errorf("multiset changed: %q, want %q", m.String(), before.String())
	}
	_, _ = n, ok
}
