package meld_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// rummyRunGen draws a valid run, built from its cards in a random order.
var rummyRunGen = rapid.Custom(func(t *rapid.T) meld.Combination {
	s := card.Suit(rapid.IntRange(1, 4).Draw(t, "suit"))
	low := rapid.IntRange(1, 11).Draw(t, "low")
	high := rapid.IntRange(low+2, 13).Draw(t, "high")
	var cs []card.Card
	for r := low; r <= high; r++ {
		cs = append(cs, card.New(card.Rank(r), s))
	}
	cs = rapid.Permutation(cs).Draw(t, "order")
	m, err := meld.NewRun(cs)
	if err != nil {
		t.Fatalf("NewRun(%v): %v", cs, err)
	}
	return m
})

// rummyGroupGen draws a valid group of three or four, built from its cards
// in a random order.
var rummyGroupGen = rapid.Custom(func(t *rapid.T) meld.Combination {
	r := card.Rank(rapid.IntRange(1, 13).Draw(t, "rank"))
	suits := rapid.SliceOfNDistinct(rapid.IntRange(1, 4), 3, 4, rapid.ID[int]).Draw(t, "suits")
	var cs []card.Card
	for _, s := range suits {
		cs = append(cs, card.New(r, card.Suit(s)))
	}
	m, err := meld.NewGroup(cs)
	if err != nil {
		t.Fatalf("NewGroup(%v): %v", cs, err)
	}
	return m
})

var rummyCombinationGen = rapid.OneOf(rummyRunGen, rummyGroupGen)

// rummyAnyCardGen draws any byte-sized card value, mostly suited cards but
// also the joker and values that are not cards.
var rummyAnyCardGen = rapid.OneOf(
	rapid.Map(rapid.IntRange(1, 52), func(i int) card.Card { return card.Card(i) }),
	rapid.Map(rapid.IntRange(1, 52), func(i int) card.Card { return card.Card(i) }),
	rapid.Map(rapid.IntRange(1, 52), func(i int) card.Card { return card.Card(i) }),
	rapid.SampledFrom([]card.Card{0, card.Joker, 54, 255}),
)

// rummyNearCardsGen draws small card lists from a window of ranks (which may
// wrap past the king to the ace) and two suits, with an occasional joker or
// invalid value, so that runs, groups, near misses and wraps all come up.
var rummyNearCardsGen = rapid.Custom(func(t *rapid.T) []card.Card {
	r0 := rapid.IntRange(1, 13).Draw(t, "r0")
	suits := []card.Suit{
		card.Suit(rapid.IntRange(1, 4).Draw(t, "suit1")),
		card.Suit(rapid.IntRange(1, 4).Draw(t, "suit2")),
	}
	n := rapid.IntRange(0, 6).Draw(t, "n")
	cs := make([]card.Card, 0, n)
	for range n {
		if rapid.IntRange(0, 19).Draw(t, "special") == 0 {
			cs = append(cs, rapid.SampledFrom([]card.Card{0, card.Joker, 54}).Draw(t, "odd"))
			continue
		}
		r := (r0-1+rapid.IntRange(0, 3).Draw(t, "dr"))%13 + 1
		s := suits[rapid.IntRange(0, 1).Draw(t, "s")]
		if rapid.IntRange(0, 3).Draw(t, "anysuit") == 0 {
			s = card.Suit(rapid.IntRange(1, 4).Draw(t, "suit"))
		}
		cs = append(cs, card.New(card.Rank(r), s))
	}
	return cs
})

// rummyOracleRun is a plain statement of the rule: three or more cards of one
// suit in consecutive order, ace low, no wrapping, no jokers, no repeats.
func rummyOracleRun(cs []card.Card) bool {
	if len(cs) < 3 {
		return false
	}
	sorted := slices.Clone(cs)
	slices.SortFunc(sorted, func(a, b card.Card) int { return int(a.Rank()) - int(b.Rank()) })
	for i, c := range sorted {
		if c < 1 || c > 52 || c.Suit() != sorted[0].Suit() {
			return false
		}
		if i > 0 && c.Rank() != sorted[i-1].Rank()+1 {
			return false
		}
	}
	return true
}

// rummyOracleGroup: three or four cards of one rank, each suit at most once.
func rummyOracleGroup(cs []card.Card) bool {
	if len(cs) < 3 || len(cs) > 4 {
		return false
	}
	seen := map[card.Suit]bool{}
	for _, c := range cs {
		if c < 1 || c > 52 || c.Rank() != cs[0].Rank() || seen[c.Suit()] {
			return false
		}
		seen[c.Suit()] = true
	}
	return true
}

// rummyCheckInvariants checks, through the public API, that m is a run of
// three or more consecutive cards of one suit between Ace and King, or a
// group of three or four cards of one rank in distinct suits, and that its
// views agree.
func rummyCheckInvariants(t *rapid.T, m meld.Combination) {
	cs := m.Cards()
	if !m.IsValid() || m.IsRun() == m.IsGroup() {
		t.Fatalf("%v: IsValid %v, IsRun %v, IsGroup %v", m, m.IsValid(), m.IsRun(), m.IsGroup())
	}
	if len(cs) != m.Len() {
		t.Fatalf("%v: %d cards, Len() = %d", m, len(cs), m.Len())
	}
	for _, c := range cs {
		if c < 1 || c > 52 {
			t.Fatalf("%v holds %d, not a suited card", m, c)
		}
		if !m.Contains(c) {
			t.Fatalf("%v does not contain its own card %v", m, c)
		}
	}
	if m.IsRun() {
		if len(cs) < 3 || len(cs) > 13 {
			t.Fatalf("run %v has %d cards", m, len(cs))
		}
		for i, c := range cs {
			if c.Suit() != m.Suit() || !m.Suit().IsValid() {
				t.Fatalf("run %v: %v is not of suit %v", m, c, m.Suit())
			}
			if c.Rank() != cs[0].Rank()+card.Rank(i) {
				t.Fatalf("run %v is not consecutive ascending at %v", m, c)
			}
		}
		if m.Low() != cs[0].Rank() || m.High() != cs[len(cs)-1].Rank() || m.Low() < card.Ace || m.High() > card.King {
			t.Fatalf("run %v: Low %v, High %v", m, m.Low(), m.High())
		}
		if m.Rank() != 0 {
			t.Fatalf("run %v has Rank %v", m, m.Rank())
		}
	} else {
		if len(cs) < 3 || len(cs) > 4 {
			t.Fatalf("group %v has %d cards", m, len(cs))
		}
		for i, c := range cs {
			if c.Rank() != m.Rank() || !m.Rank().IsValid() {
				t.Fatalf("group %v: %v is not of rank %v", m, c, m.Rank())
			}
			if i > 0 && c.Suit() <= cs[i-1].Suit() {
				t.Fatalf("group %v: suits not distinct and in order", m)
			}
		}
		if m.Suit() != 0 || m.Low() != 0 || m.High() != 0 {
			t.Fatalf("group %v has a suit or run ranks", m)
		}
	}
	if got := slices.Collect(m.All()); !slices.Equal(got, cs) {
		t.Fatalf("%v: All() = %v, Cards() = %v", m, got, cs)
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	if want := strings.Join(names, " "); m.String() != want {
		t.Fatalf("String() = %q, want %q", m.String(), want)
	}
}

// Every accepted combination is rebuilt, equal, from its cards in any order,
// and survives a text round trip.
func TestCombinationPropertyRebuild(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rummyCombinationGen.Draw(t, "m")
		rummyCheckInvariants(t, m)
		again, err := meld.NewCombination(m.Cards())
		if err != nil || again != m {
			t.Fatalf("NewCombination(%v) = %v, %v; want %v", m.Cards(), again, err, m)
		}
		shuffled := rapid.Permutation(m.Cards()).Draw(t, "shuffled")
		if again, err := meld.NewCombination(shuffled); err != nil || again != m {
			t.Fatalf("NewCombination(%v) = %v, %v; want %v", shuffled, again, err, m)
		}
		text, err := m.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back meld.Combination
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, m)
		}
	})
}

// Any sequence of lay-offs keeps a run a run and a group a group; an accepted
// card is exactly one that CanLayOff and LayOffs name, and a rejected one
// leaves the combination as it was.
func TestCombinationPropertyLayOff(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rummyCombinationGen.Draw(t, "m")
		wasRun := m.IsRun()
		steps := rapid.IntRange(0, 15).Draw(t, "steps")
		for range steps {
			var c card.Card
			if fits := m.LayOffs(); len(fits) > 0 && rapid.Bool().Draw(t, "fit") {
				c = rapid.SampledFrom(fits).Draw(t, "c")
			} else {
				c = rummyAnyCardGen.Draw(t, "c")
			}
			fits := m.LayOffs()
			wantFits := 0
			if m.IsRun() {
				if m.Low() > card.Ace {
					wantFits++
				}
				if m.High() < card.King {
					wantFits++
				}
			} else if m.Len() == 3 {
				wantFits = 1
			}
			if len(fits) != wantFits || !slices.IsSorted(fits) {
				t.Fatalf("%v.LayOffs() = %v, want %d cards in order", m, fits, wantFits)
			}
			next, err := m.LayOff(c)
			if (err == nil) != m.CanLayOff(c) || (err == nil) != slices.Contains(fits, c) {
				t.Fatalf("%v: LayOff(%v) err %v, CanLayOff %v, LayOffs %v", m, c, err, m.CanLayOff(c), fits)
			}
			if err != nil {
				if next != m {
					t.Fatalf("LayOff(%v) returned %v with its error, want %v", c, next, m)
				}
				want := meld.ErrLayOff
				if !c.IsValid() {
					want = meld.ErrInvalidCard
				}
				var re *meld.Error
				if !errors.As(err, &re) || re.Rule() != want {
					t.Fatalf("LayOff(%v) on %v: err %v, want rule %v", c, m, err, want)
				}
				continue
			}
			if next.Len() != m.Len()+1 || !next.Contains(c) || m.Contains(c) || next.IsRun() != wasRun {
				t.Fatalf("%v.LayOff(%v) = %v", m, c, next)
			}
			for old := range m.All() {
				if !next.Contains(old) {
					t.Fatalf("%v.LayOff(%v) = %v lost %v", m, c, next, old)
				}
			}
			rummyCheckInvariants(t, next)
			if again, err := meld.NewCombination(next.Cards()); err != nil || again != next {
				t.Fatalf("NewCombination(%v) = %v, %v; want %v", next.Cards(), again, err, next)
			}
			m = next
		}
	})
}

// The constructors accept exactly what the rule says, and reject with the
// error the documentation promises.
func TestCombinationPropertyConstructors(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cs := rummyNearCardsGen.Draw(t, "cs")
		in := slices.Clone(cs)
		isRun, isGroup := rummyOracleRun(cs), rummyOracleGroup(cs)
		hasInvalid := slices.ContainsFunc(cs, func(c card.Card) bool { return !c.IsValid() })

		check := func(name string, m meld.Combination, err error, want bool, rule error) {
			if !slices.Equal(cs, in) {
				t.Fatalf("%s changed its input from %v to %v", name, in, cs)
			}
			if want {
				if err != nil {
					t.Fatalf("%s(%v): %v", name, cs, err)
				}
				rummyCheckInvariants(t, m)
				sorted := slices.Clone(cs)
				slices.Sort(sorted)
				if !slices.Equal(m.Cards(), sorted) {
					t.Fatalf("%s(%v).Cards() = %v", name, cs, m.Cards())
				}
				return
			}
			if err == nil || m.IsValid() {
				t.Fatalf("%s(%v) = %v, %v; want an error", name, cs, m, err)
			}
			var re *meld.Error
			if !errors.As(err, &re) {
				t.Fatalf("%s(%v): %v is not a *Error", name, cs, err)
			}
			if hasInvalid {
				rule = meld.ErrInvalidCard
			}
			if rule != nil && re.Rule() != rule {
				t.Fatalf("%s(%v): rule %v, want %v", name, cs, re.Rule(), rule)
			}
			if re.Rule() != meld.ErrNotRun && re.Rule() != meld.ErrNotGroup && re.Rule() != meld.ErrInvalidCard {
				t.Fatalf("%s(%v): rule %v", name, cs, re.Rule())
			}
		}

		m, err := meld.NewRun(cs)
		check("NewRun", m, err, isRun, meld.ErrNotRun)
		m, err = meld.NewGroup(cs)
		check("NewGroup", m, err, isGroup, meld.ErrNotGroup)

		// NewCombination blames the run rule when the cards (jokers aside)
		// share a suit, else the group rule when they share a rank.
		var rule error
		var suits, ranks []card.Card
		for _, c := range cs {
			if c.IsValid() && !c.IsJoker() {
				suits = append(suits, card.Card(c.Suit()))
				ranks = append(ranks, card.Card(c.Rank()))
			}
		}
		switch {
		case rummyAllSame(suits):
			rule = meld.ErrNotRun
		case rummyAllSame(ranks):
			rule = meld.ErrNotGroup
		}
		m, err = meld.NewCombination(cs)
		check("NewCombination", m, err, isRun || isGroup, rule)
		if err == nil && m.IsRun() != isRun {
			t.Fatalf("NewCombination(%v) = %v: IsRun %v, want %v", cs, m, m.IsRun(), isRun)
		}
	})
}

// rummyAllSame reports whether every element of xs is the same (true for
// none or one).
func rummyAllSame(xs []card.Card) bool {
	for _, x := range xs {
		if x != xs[0] {
			return false
		}
	}
	return true
}
