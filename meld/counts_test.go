package meld_test

// NewCounts and AddCounts are New and Add of cards given by their counts:
// scenarios from exact melds, and a property test against New and Add of
// the same cards listed.

import (
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"pgregory.net/rapid"
)

// countsOf returns the counts of cs, naturals of rank by suit, twos by
// suit and jokers, the arguments of NewCounts and AddCounts.
func countsOf(t testing.TB, rank card.Rank, cs []card.Card) (nat, twos [4]uint8, jokers uint8) {
	t.Helper()
	for _, c := range cs {
		switch {
		case c == card.Joker:
			jokers++
		case c.Rank() == card.Two:
			twos[c.Suit()-1]++
		case c.Rank() == rank:
			nat[c.Suit()-1]++
		default:
			t.Fatalf("%v is no card of a meld of %v", c, rank)
		}
	}
	return nat, twos, jokers
}

// sameResult fails the test unless the two results are one: the same
// meld, and no error or errors of the same text.
func sameResult(t interface {
	Helper()
	Fatalf(string, ...any)
}, what string, got meld.RankMeld, gotErr error, want meld.RankMeld, wantErr error) {
	t.Helper()
	if got != want || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("%s = %v, %v; want %v, %v", what, got, gotErr, want, wantErr)
	}
}

func TestCanastaNewCounts(t *testing.T) {
	tests := []struct {
		name  string
		p     meld.RankPolicy
		rank  card.Rank
		cards string // listed as NewCounts lists them: naturals, twos, jokers
		err   string // "" for a meld
	}{
		{"clean", canastaPolicy(), card.Seven, "7C 7D 7S", ""},
		{"dirty", canastaPolicy(), card.King, "KH KH 2C 2S JK", ""},
		{"too many wilds", canastaPolicy(), card.Nine, "9C 9D 2C 2D 2H 2S", "4 wild cards, at most 3"},
		{"one natural", canastaPolicy(), card.Nine, "9C 2D JK", "1 natural card, at least 2 needed"},
		{"too small", handFootA(), card.Queen, "QC QD", "2 cards, at least 3 needed"},
		{"ratio", handFootA(), card.Queen, "QC QD 2C 2D", "more natural than wild required"},
		{"closed", handFootB(), card.Eight, "8C 8C 8D 8D 8H 8H 8S 8S", "a clean canasta holds at most 7 cards"},
		{"black threes", canastaPolicy(), card.Three, "3C 3S 3S", ""},
		{"threes with a wild", canastaPolicy(), card.Three, "3C 3S 3S 2C", "a meld of black threes takes no wild card"},
		{"threes not melded", handFootA(), card.Three, "3C 3S 3S", "threes cannot be melded"},
		{"red threes", canastaPolicy(), card.Three, "3C 3D 3S", "red threes are never melded"},
		{"only wilds", canastaPolicy(), card.Five, "2C 2D JK", "not only wild cards"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := cnCards(tt.cards)
			nat, twos, jokers := countsOf(t, tt.rank, cs)
			got, err := tt.p.NewCounts(tt.rank, nat, twos, jokers)
			want, wantErr := tt.p.New(cs...)
			sameResult(t, "NewCounts("+tt.cards+")", got, err, want, wantErr)
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("NewCounts(%s): %v", tt.cards, err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("NewCounts(%s) = %v, %v; want an error saying %q", tt.cards, got, err, tt.err)
			case err == nil && got.String() != tt.cards:
				t.Fatalf("NewCounts(%s) = %v", tt.cards, got)
			}
		})
	}
}

func TestCanastaNewCountsOddRanks(t *testing.T) {
	p := canastaPolicy()
	for _, rank := range []card.Rank{0, card.Two, card.King + 1} {
		m, err := p.NewCounts(rank, [4]uint8{2, 1}, [4]uint8{}, 0)
		if err == nil {
			t.Fatalf("NewCounts(rank %d) = %v, want an error", rank, m)
		}
	}
	// A policy melding twos as a rank (not one Check accepts) still finds
	// twos wild, as New does.
	p.Ranks = p.Ranks.With(card.Two)
	m, err := p.NewCounts(card.Two, [4]uint8{1, 1, 1}, [4]uint8{}, 0)
	want, wantErr := p.New(cnCards("2C 2D 2H")...)
	sameResult(t, "NewCounts(2C 2D 2H)", m, err, want, wantErr)
	if err == nil {
		t.Fatalf("NewCounts of twos alone = %v", m)
	}
}

func TestCanastaAddCounts(t *testing.T) {
	tests := []struct {
		name      string
		p         meld.RankPolicy
		meld, add string
		want      string // the meld after, "" for an error
	}{
		{"natural", canastaPolicy(), "7C 7D 7S", "7H 7H", "7C 7D 7H 7H 7S"},
		{"wilds", canastaPolicy(), "7C 7D 7S", "2C JK", "7C 7D 7S 2C JK"},
		{"too many wilds", canastaPolicy(), "7C 7D 7S 2C", "2D 2H JK", ""},
		{"ratio", handFootA(), "QC QD QS", "2C 2D JK", ""},
		{"closed", handFootB(), "8C 8C 8D 8D 8H 8S 8S", "8H", ""},
		{"dirty after", handFootB(), "8C 8C 8D 8D 8H 8S", "8H 2C", "8C 8C 8D 8D 8H 8H 8S 2C"},
		{"locked by a red three", handFootA(), "8C 8C 8D 8D 8H 8S 8S 3H", "2C", ""},
		{"natural on a locked canasta", handFootA(), "8C 8C 8D 8D 8H 8S 8S 3H", "8H", "8C 8C 8D 8D 8H 8H 8S 8S 3H"},
		{"black threes", canastaPolicy(), "3C 3S 3S", "3C", "3C 3C 3S 3S"},
		{"five black threes", canastaPolicy(), "3C 3S 3S 3S", "3C", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := meld.Collect(cnCards(tt.meld))
			if err != nil {
				t.Fatal(err)
			}
			cs := cnCards(tt.add)
			nat, twos, jokers := countsOf(t, m.Rank(), cs)
			got, err := tt.p.AddCounts(m, nat, twos, jokers)
			want, wantErr := tt.p.Add(m, cs...)
			sameResult(t, "AddCounts("+tt.meld+", "+tt.add+")", got, err, want, wantErr)
			switch {
			case tt.want == "" && (err == nil || got != m):
				t.Fatalf("AddCounts(%s, %s) = %v, %v; want an error and the meld unchanged", tt.meld, tt.add, got, err)
			case tt.want != "" && (err != nil || got.String() != tt.want):
				t.Fatalf("AddCounts(%s, %s) = %v, %v; want %s", tt.meld, tt.add, got, err, tt.want)
			}
		})
	}
}

// TestCanastaAddCountsFull adds to counts near 255, where Add refuses the
// 256th copy of a card.
func TestCanastaAddCountsFull(t *testing.T) {
	p := canastaPolicy()
	p.CanastaSize, p.MaxWilds = 1000, 0
	cs := cnCards("2C")
	for range 254 {
		cs = append(cs, card.MustParse("9D"))
	}
	m, err := p.New(cs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		nat, twos [4]uint8
		jokers    uint8
		ok        bool
	}{
		{nat: [4]uint8{0, 1}, ok: true},
		{nat: [4]uint8{0, 2}},
		{nat: [4]uint8{255}, ok: true},
		{nat: [4]uint8{1, 2}},
		{twos: [4]uint8{255}},
		{twos: [4]uint8{254}, ok: true},
	} {
		got, err := p.AddCounts(m, tt.nat, tt.twos, tt.jokers)
		var add []card.Card
		for s := card.Clubs; s <= card.Spades; s++ {
			for range tt.nat[s-1] {
				add = append(add, card.New(card.Nine, s))
			}
			for range tt.twos[s-1] {
				add = append(add, card.New(card.Two, s))
			}
		}
		want, wantErr := p.Add(m, add...)
		sameResult(t, "AddCounts", got, err, want, wantErr)
		if (err == nil) != tt.ok {
			t.Fatalf("AddCounts(%v, %v) error %v, want ok %v", tt.nat, tt.twos, err, tt.ok)
		}
	}
}

// TestCanastaPropertyCounts checks NewCounts and AddCounts against New and
// Add of the same cards, listed naturals by suit, twos by suit, jokers.
func TestCanastaPropertyCounts(t *testing.T) {
	for _, pr := range cnPresets() {
		t.Run(pr.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				p := pr.p
				draw := func(label string) (card.Rank, [4]uint8, [4]uint8, uint8, []card.Card) {
					rank := card.Rank(rapid.IntRange(0, 14).Draw(t, label+" rank"))
					var nat, twos [4]uint8
					for i := range 4 {
						nat[i] = uint8(rapid.IntRange(0, 3).Draw(t, label+" naturals"))
						twos[i] = uint8(rapid.IntRange(0, 1).Draw(t, label+" twos"))
					}
					jokers := uint8(rapid.IntRange(0, 2).Draw(t, label+" jokers"))
					var cs []card.Card
					for s := card.Clubs; s <= card.Spades; s++ {
						for range nat[s-1] {
							cs = append(cs, card.New(rank, s))
						}
					}
					for s := card.Clubs; s <= card.Spades; s++ {
						for range twos[s-1] {
							cs = append(cs, card.New(card.Two, s))
						}
					}
					for range jokers {
						cs = append(cs, card.Joker)
					}
					return rank, nat, twos, jokers, cs
				}
				rank, nat, twos, jokers, cs := draw("new")
				got, err := p.NewCounts(rank, nat, twos, jokers)
				want, wantErr := p.New(cs...)
				sameResult(t, "NewCounts", got, err, want, wantErr)

				start := cnGenStart(t, p)
				m, err := p.New(start...)
				if err != nil {
					t.Fatalf("New(%v) = %v", start, err)
				}
				_, nat, twos, jokers, _ = draw("add")
				var add []card.Card
				for s := card.Clubs; s <= card.Spades; s++ {
					for range nat[s-1] {
						add = append(add, card.New(m.Rank(), s))
					}
				}
				for s := card.Clubs; s <= card.Spades; s++ {
					for range twos[s-1] {
						add = append(add, card.New(card.Two, s))
					}
				}
				for range jokers {
					add = append(add, card.Joker)
				}
				got, err = p.AddCounts(m, nat, twos, jokers)
				want, wantErr = p.Add(m, add...)
				sameResult(t, "AddCounts", got, err, want, wantErr)
			})
		})
	}
}

// TestCanastaShape checks Shape against Rank, Naturals and Wilds, on an
// exact meld and on any collection of one rank's cards, wild cards and red
// threes.
func TestCanastaShape(t *testing.T) {
	m, err := meld.Collect(card.MustParseCards("7C 7H 7H 2S JK 3D"))
	if err != nil {
		t.Fatal(err)
	}
	if r, n, w := m.Shape(); r != card.Seven || n != 3 || w != 2 {
		t.Errorf("Shape of %v = %v, %d, %d, want 7, 3, 2", m, r, n, w)
	}
	rapid.Check(t, func(t *rapid.T) {
		m, ok := cnGenCollected(t)
		if !ok {
			return
		}
		if r, n, w := m.Shape(); r != m.Rank() || n != m.Naturals() || w != m.Wilds() {
			t.Fatalf("Shape of %v = %v, %d, %d, want %v, %d, %d", m, r, n, w, m.Rank(), m.Naturals(), m.Wilds())
		}
	})
}
