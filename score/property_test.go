package score_test

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
	"pgregory.net/rapid"
)

var presets = []struct {
	name   string
	scheme score.Scheme
}{
	{"HandFootA", handFootA()},
	{"HandFootB", handFootB()},
	{"Canasta", canastaScheme()},
	{"Rummy", rummyScheme()},
}

// multisetGen draws a multiset with 0 to max copies of each card kind.
func multisetGen(max int) *rapid.Generator[card.Multiset] {
	return rapid.Custom(func(t *rapid.T) card.Multiset {
		counts := rapid.SliceOfN(rapid.IntRange(0, max), int(card.Joker), int(card.Joker)).Draw(t, "counts")
		var m card.Multiset
		for i, n := range counts {
			if err := m.AddN(card.Card(i+1), n); err != nil {
				t.Fatal(err)
			}
		}
		return m
	})
}

func TestPropertyTallyAndSplit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := rapid.SampledFrom(presets).Draw(t, "preset")
		s := p.scheme
		m := multisetGen(6).Draw(t, "m")

		if got, want := s.Tally(m, card.Multiset{}).Melded, s.Melded.Sum(m); got != want {
			t.Fatalf("%s: Tally(m, empty).Melded = %d, want Melded.Sum(m) = %d", p.name, got, want)
		}
		if got := s.Tally(m, card.Multiset{}).Held; got != 0 {
			t.Fatalf("%s: Tally(m, empty).Held = %d, want 0", p.name, got)
		}
		if got, want := s.Tally(card.Multiset{}, m).Held, s.Held.Sum(m); got != want {
			t.Fatalf("%s: Tally(empty, m).Held = %d, want %d", p.name, got, want)
		}

		// Split m into a and b = m - a.
		var a card.Multiset
		for c, n := range m.Kinds() {
			k := rapid.IntRange(0, n).Draw(t, "split "+c.String())
			if err := a.AddN(c, k); err != nil {
				t.Fatal(err)
			}
		}
		b := m
		if err := b.RemoveAll(a); err != nil {
			t.Fatal(err)
		}
		for _, tab := range []score.Table{s.Melded, s.Held} {
			if got, want := tab.Sum(a)+tab.Sum(b), tab.Sum(m); got != want {
				t.Fatalf("%s: Sum(a)+Sum(b) = %d, want Sum(m) = %d (a=%v b=%v)", p.name, got, want, a, b)
			}
		}
		tally := s.Tally(a, b)
		if tally.Total() != s.Melded.Sum(a)+s.Held.Sum(b) {
			t.Fatalf("%s: Tally(a, b).Total() = %d", p.name, tally.Total())
		}

		// The three ways of summing agree, and Negated negates sums.
		cs := m.Cards()
		for _, tab := range []score.Table{s.Melded, s.Held} {
			sum := tab.Sum(m)
			if got := tab.SumCards(cs); got != sum {
				t.Fatalf("%s: SumCards = %d, Sum = %d", p.name, got, sum)
			}
			if got := tab.SumSeq(slices.Values(cs)); got != sum {
				t.Fatalf("%s: SumSeq = %d, Sum = %d", p.name, got, sum)
			}
			if got := tab.Negated().Sum(m); got != -sum {
				t.Fatalf("%s: Negated().Sum = %d, want %d", p.name, got, -sum)
			}
		}

		// Held never adds points in the presets, Melded never takes them away.
		if s.Melded.Sum(m) < 0 || s.Held.Sum(m) > 0 {
			t.Fatalf("%s: Melded.Sum %d, Held.Sum %d: wrong signs", p.name, s.Melded.Sum(m), s.Held.Sum(m))
		}
	})
}

func TestPropertyBandsMinimum(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, score.MaxBands).Draw(t, "n")
		froms := rapid.SliceOfNDistinct(rapid.IntRange(-100000, 100000), n, n, rapid.ID[int]).Draw(t, "froms")
		slices.Sort(froms)
		bs := make([]score.Band, n)
		for i := range bs {
			bs[i] = score.Band{From: froms[i], Minimum: rapid.IntRange(0, 500).Draw(t, "minimum")}
		}
		b, err := score.NewBands(bs...)
		if err != nil {
			t.Fatal(err)
		}
		x := rapid.IntRange(-200000, 200000).Draw(t, "score")
		// Reference: the last band whose From <= x, the first band for anything lower.
		want := bs[0].Minimum
		for _, band := range bs[1:] {
			if band.From <= x {
				want = band.Minimum
			}
		}
		if got := b.Minimum(x); got != want {
			t.Fatalf("Minimum(%d) = %d, want %d for %v", x, got, want, bs)
		}
	})
}
