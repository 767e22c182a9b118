package meld_test

// Benchmarks of the canasta-family melds, and a test that the hot paths
// allocate nothing when they succeed.

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

var (
	cnSinkMeld meld.RankMeld
	cnSinkErr  error
)

func BenchmarkPolicyAdd(b *testing.B) {
	for _, pr := range cnPresets() {
		b.Run(pr.name, func(b *testing.B) {
			p := pr.p
			m := cnNew(b, p, "7C 7D 7H 2C")
			c := card.MustParse("7S")
			b.ReportAllocs()
			for b.Loop() {
				cnSinkMeld, cnSinkErr = p.Add(m, c)
			}
			if cnSinkErr != nil {
				b.Fatal(cnSinkErr)
			}
		})
	}
	b.Run("rejected", func(b *testing.B) {
		p := handFootA()
		m := cnNew(b, p, "7C 7D 2C")
		c := card.Joker
		b.ReportAllocs()
		for b.Loop() {
			cnSinkMeld, cnSinkErr = p.Add(m, c)
		}
		if cnSinkErr == nil {
			b.Fatal("Add(7C 7D 2C, JK) accepted")
		}
	})
}

func BenchmarkPolicyNew(b *testing.B) {
	for _, pr := range cnPresets() {
		b.Run(pr.name, func(b *testing.B) {
			p := pr.p
			cs := cnCards("7C 7D 7H 7S 7S 2C JK")
			b.ReportAllocs()
			for b.Loop() {
				cnSinkMeld, cnSinkErr = p.New(cs...)
			}
			if cnSinkErr != nil {
				b.Fatal(cnSinkErr)
			}
		})
	}
}

func BenchmarkValidate(b *testing.B) {
	for _, pr := range cnPresets() {
		b.Run(pr.name, func(b *testing.B) {
			p := pr.p
			m := cnNew(b, p, "7C 7D 7H 7S 7S 2C JK")
			b.ReportAllocs()
			for b.Loop() {
				cnSinkErr = p.Validate(m)
			}
			if cnSinkErr != nil {
				b.Fatal(cnSinkErr)
			}
		})
	}
}

func BenchmarkMeldAppendCards(b *testing.B) {
	m := cnNew(b, handFootA(), "KC KC KD KD KH KH KS KS 3H")
	buf := make([]card.Card, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = m.AppendCards(buf[:0])
	}
	if len(buf) != 9 {
		b.Fatalf("AppendCards gave %d cards", len(buf))
	}
}

// RankPolicy.Add of a card, RankPolicy.Validate and RankMeld.AppendCards into a buffer
// with room allocate nothing when they succeed: a game can test many moves.
func TestCanastaAllocs(t *testing.T) {
	for _, pr := range cnPresets() {
		p := pr.p
		m := cnNew(t, p, "7C 7D 7H 7S 2C")
		c := card.MustParse("7S")
		var err error
		if n := testing.AllocsPerRun(100, func() { cnSinkMeld, err = p.Add(m, c) }); n != 0 {
			t.Errorf("%s: Add of a card allocates %v times", pr.name, n)
		}
		if err != nil {
			t.Fatalf("%s: Add: %v", pr.name, err)
		}
		if n := testing.AllocsPerRun(100, func() { err = p.Validate(m) }); n != 0 {
			t.Errorf("%s: Validate allocates %v times", pr.name, n)
		}
		if err != nil {
			t.Fatalf("%s: Validate: %v", pr.name, err)
		}
	}
	big := cnNew(t, handFootA(), "KC KC KD KD KH KH KS KS KC KD KH KS KS 3H 3D")
	buf := make([]card.Card, 0, 1024)
	if n := testing.AllocsPerRun(100, func() { buf = big.AppendCards(buf[:0]) }); n != 0 {
		t.Errorf("AppendCards into a big buffer allocates %v times", n)
	}
	if len(buf) != 15 {
		t.Errorf("AppendCards gave %d cards, want 15", len(buf))
	}
}
