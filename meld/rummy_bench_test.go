package meld_test

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

var (
	rummyBenchRun   = card.MustParseCards("9H 6H 8H 5H 7H")
	rummyBenchGroup = card.MustParseCards("QS QD QH")
	rummyBenchSink  meld.Combination
	rummyBenchErr   error
)

func BenchmarkNewRun(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		rummyBenchSink, rummyBenchErr = meld.NewRun(rummyBenchRun)
	}
}

func BenchmarkNewCombinationGroup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		rummyBenchSink, rummyBenchErr = meld.NewCombination(rummyBenchGroup)
	}
}

func BenchmarkCombinationLayOff(b *testing.B) {
	m, err := meld.NewRun(rummyBenchRun)
	if err != nil {
		b.Fatal(err)
	}
	low, high := card.MustParse("4H"), card.MustParse("10H")
	b.ReportAllocs()
	for b.Loop() {
		rummyBenchSink, rummyBenchErr = m.LayOff(low)
		rummyBenchSink, rummyBenchErr = rummyBenchSink.LayOff(high)
	}
}

// The success paths allocate nothing: a combination is a plain value.
func TestCombinationAllocs(t *testing.T) {
	run, err := meld.NewRun(rummyBenchRun)
	if err != nil {
		t.Fatal(err)
	}
	group, err := meld.NewGroup(rummyBenchGroup)
	if err != nil {
		t.Fatal(err)
	}
	low, fourth := card.MustParse("4H"), card.MustParse("QC")
	buf := make([]card.Card, 0, 16)
	text := make([]byte, 0, 64)
	tests := []struct {
		name string
		f    func()
	}{
		{"NewRun", func() { rummyBenchSink, rummyBenchErr = meld.NewRun(rummyBenchRun) }},
		{"NewGroup", func() { rummyBenchSink, rummyBenchErr = meld.NewGroup(rummyBenchGroup) }},
		{"NewCombination run", func() { rummyBenchSink, rummyBenchErr = meld.NewCombination(rummyBenchRun) }},
		{"NewCombination group", func() { rummyBenchSink, rummyBenchErr = meld.NewCombination(rummyBenchGroup) }},
		{"LayOff run", func() { rummyBenchSink, rummyBenchErr = run.LayOff(low) }},
		{"LayOff group", func() { rummyBenchSink, rummyBenchErr = group.LayOff(fourth) }},
		{"CanLayOff", func() { _ = run.CanLayOff(fourth) }},
		{"Contains", func() { _ = group.Contains(fourth) }},
		{"AppendCards", func() { buf = run.AppendCards(buf[:0]) }},
		{"AppendText", func() { text, _ = run.AppendText(text[:0]) }},
		{"All", func() {
			for c := range run.All() {
				buf = append(buf[:0], c)
			}
		}},
	}
	for _, tt := range tests {
		tt.f()
		if rummyBenchErr != nil {
			t.Fatalf("%s: %v", tt.name, rummyBenchErr)
		}
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s allocates %v times per call, want 0", tt.name, n)
		}
	}
}
