package card_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"pgregory.net/rapid"
)

var allCards = card.All()

// genCard draws one of the 53 valid cards.
var genCard = rapid.SampledFrom(allCards[:])

// genAnyCard draws a valid card most of the time and sometimes an invalid one.
var genAnyCard = rapid.OneOf(genCard, genCard, genCard, genCard, genCard, genCard,
	rapid.SampledFrom([]card.Card{0, 54, 100, 255}))

// randomCase upper- or lower-cases each ASCII letter of s at random.
func randomCase(t *rapid.T, s, label string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && rapid.Bool().Draw(t, label) {
			b.WriteString(strings.ToLower(string(r)))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// genSpelling draws c and one of the spellings Parse accepts for it.
func genSpelling(t *rapid.T) (card.Card, string) {
	c := genCard.Draw(t, "card")
	if c == card.Joker {
		return c, randomCase(t, "JK", "joker")
	}
	rank := c.Rank().String()
	if c.Rank() == card.Ten && rapid.Bool().Draw(t, "T for ten") {
		rank = "T"
	}
	suits := map[card.Suit][]string{
		card.Clubs:    {"C", "♣", "♧"},
		card.Diamonds: {"D", "♦", "♢"},
		card.Hearts:   {"H", "♥", "♡"},
		card.Spades:   {"S", "♠", "♤"},
	}
	suit := rapid.SampledFrom(suits[c.Suit()]).Draw(t, "suit form")
	return c, randomCase(t, rank+suit, "spelling")
}

func TestPropParseString(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCard.Draw(t, "card")
		s := c.String()
		if got, err := card.Parse(s); err != nil || got != c {
			t.Fatalf("Parse(%q) = %v, %v; want %v", s, got, err, c)
		}
		if got, err := card.Parse(strings.ToLower(s)); err != nil || got != c {
			t.Fatalf("Parse(%q) = %v, %v; want %v", strings.ToLower(s), got, err, c)
		}
		var u card.Card
		if err := u.UnmarshalText([]byte(strings.ToLower(s))); err != nil || u != c {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", strings.ToLower(s), u, err, c)
		}
	})
}

func TestPropParseSpellings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c, s := genSpelling(t)
		got, err := card.Parse(s)
		if err != nil || got != c {
			t.Fatalf("Parse(%q) = %v, %v; want %v", s, got, err, c)
		}
		if got.String() != c.String() {
			t.Fatalf("Parse(%q).String() = %q, want %q", s, got.String(), c.String())
		}
	})
}

// notationRunes are the runes card notation is made of, plus a few that are
// close to it, so that random strings often parse.
var notationRunes = []rune("AaTtJjQqKk0123456789CcDdHhSs♣♦♥♠♧♢♡♤XxZ ,\t-")

func TestPropParseAccepted(t *testing.T) {
	canon := make(map[string]card.Card)
	for _, c := range allCards {
		canon[c.String()] = c
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(
			rapid.StringOfN(rapid.RuneFrom(notationRunes), 0, 4, -1),
			rapid.StringN(0, 4, -1),
			rapid.Custom(func(t *rapid.T) string { _, s := genSpelling(t); return s }),
		).Draw(t, "s")
		c, err := card.Parse(s)
		if err != nil {
			if c != 0 || !errors.Is(err, card.ErrSyntax) || !strings.HasPrefix(err.Error(), "card: invalid card notation: "+errs.Quote(s)+": ") {
				t.Fatalf("Parse(%q) = %d, %v: want 0 and an ErrSyntax error naming the input", s, c, err)
			}
			return
		}
		if !c.IsValid() {
			t.Fatalf("Parse(%q) accepted invalid card %d", s, c)
		}
		if canon[c.String()] != c {
			t.Fatalf("Parse(%q).String() = %q is not the canonical form of %d", s, c.String(), c)
		}
		if back, err := card.Parse(c.String()); err != nil || back != c {
			t.Fatalf("Parse(%q) = %v, but Parse(%q) = %v, %v", s, c, c.String(), back, err)
		}
	})
}

// model is the reference a Multiset is checked against.
type model [card.Kinds]int

func (md *model) len() int {
	n := 0
	for _, k := range md {
		n += k
	}
	return n
}

// check asserts that m holds exactly what md says.
func (md *model) check(t *rapid.T, m card.Multiset) {
	if m.Len() != md.len() || m.IsEmpty() != (md.len() == 0) {
		t.Fatalf("Len() = %d, IsEmpty() = %v; model holds %d", m.Len(), m.IsEmpty(), md.len())
	}
	for v := 0; v < 256; v++ {
		want := 0
		if v >= 1 && v < card.Kinds {
			want = md[v]
		}
		if got := m.Count(card.Card(v)); got != want {
			t.Fatalf("Count(%d) = %d, model %d", v, got, want)
		}
	}
	for r := card.Ace; r <= card.King; r++ {
		want := 0
		for s := card.Clubs; s <= card.Spades; s++ {
			want += md[card.New(r, s)]
		}
		if got := m.CountRank(r); got != want {
			t.Fatalf("CountRank(%v) = %d, model %d", r, got, want)
		}
	}
	cards := m.Cards()
	if len(cards) != m.Len() || !slices.IsSorted(cards) {
		t.Fatalf("Cards() has %d cards (sorted: %v), Len() is %d", len(cards), slices.IsSorted(cards), m.Len())
	}
}

func TestPropMultisetModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var m card.Multiset
		var md model
		genN := rapid.IntRange(-2, 300)
		genList := rapid.SliceOfN(genAnyCard, 0, 6)

		// addN and removeN apply a change to the model, or report that the
		// multiset must refuse it (and then the model is left as it was).
		addN := func(md *model, c card.Card, n int) bool {
			if !c.IsValid() || n < 0 || md[c]+n > card.MaxCount {
				return false
			}
			md[c] += n
			return true
		}
		removeN := func(md *model, c card.Card, n int) bool {
			if !c.IsValid() || n < 0 || md[c] < n {
				return false
			}
			md[c] -= n
			return true
		}
		// expect checks one mutation's result against the model.
		expect := func(name string, before card.Multiset, ok bool, next model, err error) {
			if ok != (err == nil) {
				t.Fatalf("%s: error %v, model says ok = %v", name, err, ok)
			}
			if !ok {
				if m != before {
					t.Fatalf("%s failed (%v) but changed %q to %q", name, err, before.String(), m.String())
				}
				return
			}
			md = next
		}
		toMultiset := func(list []card.Card) (card.Multiset, bool) {
			var o card.Multiset
			for _, c := range list {
				if !c.IsValid() {
					return o, false
				}
				_ = o.Add(c)
			}
			return o, true
		}

		t.Repeat(map[string]func(*rapid.T){
			"Add": func(t *rapid.T) {
				c := genAnyCard.Draw(t, "c")
				before, next := m, md
				ok := addN(&next, c, 1)
				expect("Add", before, ok, next, m.Add(c))
			},
			"AddN": func(t *rapid.T) {
				c, n := genAnyCard.Draw(t, "c"), genN.Draw(t, "n")
				before, next := m, md
				ok := addN(&next, c, n)
				expect("AddN", before, ok, next, m.AddN(c, n))
			},
			"Remove": func(t *rapid.T) {
				c := genAnyCard.Draw(t, "c")
				before, next := m, md
				ok := removeN(&next, c, 1)
				err := m.Remove(c)
				if c.IsValid() && !ok && !errors.Is(err, card.ErrMissing) {
					t.Fatalf("Remove(%v) = %v, want ErrMissing", c, err)
				}
				expect("Remove", before, ok, next, err)
			},
			"RemoveN": func(t *rapid.T) {
				c, n := genAnyCard.Draw(t, "c"), genN.Draw(t, "n")
				before, next := m, md
				ok := removeN(&next, c, n)
				expect("RemoveN", before, ok, next, m.RemoveN(c, n))
			},
			"RemoveHeld": func(t *rapid.T) {
				// Remove cards that are held, so that removes often succeed.
				held := m.Cards()
				if len(held) == 0 {
					t.Skip("empty")
				}
				list := rapid.SliceOfN(rapid.SampledFrom(held), 1, 4).Draw(t, "list")
				before, next := m, md
				ok := true
				for _, c := range list {
					ok = ok && removeN(&next, c, 1)
				}
				expect("RemoveCards(held)", before, ok, next, m.RemoveCards(list))
			},
			"AddCards": func(t *rapid.T) {
				list := genList.Draw(t, "list")
				before, next := m, md
				ok := true
				for _, c := range list {
					ok = ok && addN(&next, c, 1)
				}
				expect("AddCards", before, ok, next, m.AddCards(list))
			},
			"RemoveCards": func(t *rapid.T) {
				list := genList.Draw(t, "list")
				before, next := m, md
				ok := true
				for _, c := range list {
					ok = ok && removeN(&next, c, 1)
				}
				expect("RemoveCards", before, ok, next, m.RemoveCards(list))
			},
			"AddAll": func(t *rapid.T) {
				o, valid := toMultiset(genList.Draw(t, "list"))
				if !valid {
					t.Skip("invalid card")
				}
				// Doubling makes big counts, to reach MaxCount.
				for range rapid.IntRange(0, 7).Draw(t, "doublings") {
					_ = o.AddAll(o)
				}
				before, next := m, md
				ok := true
				for c, n := range o.Kinds() {
					ok = ok && addN(&next, c, n)
				}
				expect("AddAll", before, ok, next, m.AddAll(o))
			},
			"RemoveAll": func(t *rapid.T) {
				o, valid := toMultiset(genList.Draw(t, "list"))
				if !valid {
					t.Skip("invalid card")
				}
				before, next := m, md
				ok := true
				for c, n := range o.Kinds() {
					ok = ok && removeN(&next, c, n)
				}
				if m.Contains(o) != ok {
					t.Fatalf("Contains(%q) = %v, model says %v", o.String(), m.Contains(o), ok)
				}
				expect("RemoveAll", before, ok, next, m.RemoveAll(o))
			},
			"": func(t *rapid.T) {
				md.check(t, m)
			},
		})
	})
}

func TestPropMultisetOfSorted(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		list := rapid.SliceOfN(genCard, 0, 60).Draw(t, "cards")
		m, err := card.MultisetOf(list...)
		if err != nil {
			t.Fatalf("MultisetOf(%v): %v", list, err)
		}
		want := slices.Sorted(slices.Values(list))
		got := m.Cards()
		if !slices.Equal(got, want) {
			t.Fatalf("MultisetOf(%v).Cards() = %v, want %v", list, got, want)
		}
		if m.Len() != len(list) {
			t.Fatalf("Len() = %d, want %d", m.Len(), len(list))
		}
		if got := slices.Collect(m.All()); !slices.Equal(got, want) {
			t.Fatalf("All() = %v, want %v", got, want)
		}
		strs := make([]string, len(want))
		for i, c := range want {
			strs[i] = c.String()
		}
		if got := m.String(); got != strings.Join(strs, " ") {
			t.Fatalf("String() = %q, want %q", got, strings.Join(strs, " "))
		}
		// Order of the input does not matter.
		shuffled := rapid.Permutation(list).Draw(t, "shuffled")
		if m2, _ := card.MultisetOf(shuffled...); m2 != m {
			t.Fatalf("MultisetOf(%v) != MultisetOf(%v)", shuffled, list)
		}
		if !m.ContainsCards(list) || !m.ContainsCards(shuffled) {
			t.Fatalf("%q does not contain its own cards", m.String())
		}
	})
}

func TestPropMultisetText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var m card.Multiset
		for _, c := range rapid.SliceOfN(genCard, 0, 20).Draw(t, "kinds") {
			_ = m.AddN(c, rapid.IntRange(0, 3).Draw(t, "n"))
		}
		b, err := m.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText: %v", err)
		}
		var back card.Multiset
		if err := back.UnmarshalText(b); err != nil || back != m {
			t.Fatalf("UnmarshalText(%q) = %q, %v", b, back.String(), err)
		}
		// Any order, spelling and separators read back the same.
		cards := rapid.Permutation(m.Cards()).Draw(t, "order")
		var sb strings.Builder
		for i, c := range cards {
			if i > 0 {
				sb.WriteString(rapid.SampledFrom([]string{" ", ",", ", ", "\t", "\n", " ,, "}).Draw(t, "sep"))
			}
			sb.WriteString(strings.ToLower(c.String()))
		}
		var lenient card.Multiset
		if err := lenient.UnmarshalText([]byte(sb.String())); err != nil || lenient != m {
			t.Fatalf("UnmarshalText(%q) = %q, %v; want %q", sb.String(), lenient.String(), err, m.String())
		}
	})
}

// Next finds, from every card on, the first card the multiset holds, as a
// card-by-card scan does, and Held marks the cards it holds; CountRank
// adds a rank's four suits, and CountSuits gives them one by one.
func TestPropMultisetNextCountRank(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var m card.Multiset
		for _, c := range rapid.SliceOfN(genCard, 0, 30).Draw(t, "cards") {
			_ = m.AddN(c, rapid.IntRange(1, 3).Draw(t, "copies"))
		}
		for from := card.Card(0); from <= card.Kinds+1; from++ {
			want := card.Card(0)
			for c := max(from, 1); c <= card.Joker; c++ {
				if m.Count(c) > 0 {
					want = c
					break
				}
			}
			if got := m.Next(from); got != want {
				t.Fatalf("Next(%d) of [%v] = %d, want %d", from, m, got, want)
			}
		}
		var held uint64
		for c := card.Card(0); c < card.Kinds; c++ {
			if m.Count(c) > 0 {
				held |= 1 << c
			}
		}
		if got := m.Held(); got != held {
			t.Fatalf("Held() of [%v] = %#x, want %#x", m, got, held)
		}
		for r := card.Rank(0); r <= card.King+1; r++ {
			want := 0
			for _, c := range allCards {
				if c.Rank() == r && r.IsValid() {
					want += m.Count(c)
				}
			}
			if got := m.CountRank(r); got != want {
				t.Fatalf("CountRank(%d) of [%v] = %d, want %d", r, m, got, want)
			}
			var suits [4]uint8
			for s := card.Clubs; s <= card.Spades && r.IsValid(); s++ {
				suits[s-1] = uint8(m.Count(card.New(r, s)))
			}
			if got := m.CountSuits(r); got != suits {
				t.Fatalf("CountSuits(%d) of [%v] = %v, want %v", r, m, got, suits)
			}
		}
	})
}

// Held marks a card held in any number of copies, whichever bits of its
// count are set, and no other card.
func TestHeldEveryCount(t *testing.T) {
	for c := card.Card(1); c < card.Kinds; c++ {
		for _, n := range []int{1, 2, 3, 4, 8, 16, 32, 64, 128, 255} {
			var m card.Multiset
			if err := m.AddN(c, n); err != nil {
				t.Fatal(err)
			}
			if got := m.Held(); got != 1<<c {
				t.Fatalf("%d copies of %v: Held = %#x, want %#x", n, c, got, uint64(1)<<c)
			}
		}
	}
}
