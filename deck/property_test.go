package deck

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
	"pgregory.net/rapid"
)

// drawShoe draws a shoe of random size and an arbitrary order.
func drawShoe(t *rapid.T) []card.Card {
	decks := rapid.IntRange(1, 8).Draw(t, "decks")
	jokers := rapid.IntRange(0, MaxJokersPerDeck).Draw(t, "jokers")
	shoe, err := Shoe(decks, jokers)
	if err != nil {
		t.Fatal(err)
	}
	Shuffle(shoe, rapid.Uint64().Draw(t, "preshuffle"))
	return shoe
}

// drawCards draws an arbitrary list of valid cards.
func drawCards(t *rapid.T) []card.Card {
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) card.Card {
		return card.Card(rapid.IntRange(1, int(card.Joker)).Draw(t, "card"))
	}), 0, 200).Draw(t, "cards")
}

func sorted(cs []card.Card) []card.Card {
	out := slices.Clone(cs)
	slices.Sort(out)
	return out
}

func TestPropShuffleIsPermutation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cards := rapid.OneOf(rapid.Custom(drawShoe), rapid.Custom(drawCards)).Draw(t, "stock")
		before := slices.Clone(cards)
		Shuffle(cards, rapid.Uint64().Draw(t, "seed"))
		if !slices.Equal(sorted(before), sorted(cards)) {
			t.Fatalf("Shuffle changed the cards:\nbefore %v\nafter  %v", before, cards)
		}
	})
}

func TestPropSameSeedSameOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		decks := rapid.IntRange(1, 8).Draw(t, "decks")
		jokers := rapid.IntRange(0, MaxJokersPerDeck).Draw(t, "jokers")
		seed := rapid.Uint64().Draw(t, "seed")
		a, err := Shuffled(decks, jokers, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Shuffled(decks, jokers, seed)
		if !slices.Equal(a, b) {
			t.Fatalf("Shuffled(%d, %d, %d) gave two orders", decks, jokers, seed)
		}
		// A forked RNG shuffles the same way as the original.
		r := NewRNG(seed)
		fork := r
		c, d := slices.Clone(a), slices.Clone(a)
		r.Shuffle(c)
		fork.Shuffle(d)
		if !slices.Equal(c, d) || r != fork {
			t.Fatal("a copy of an RNG shuffled differently from the original")
		}
	})
}

func TestPropDealConservesCards(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		stock := rapid.OneOf(rapid.Custom(drawShoe), rapid.Custom(drawCards)).Draw(t, "stock")
		packets := rapid.IntRange(1, 12).Draw(t, "packets")
		size := rapid.IntRange(0, len(stock)/packets).Draw(t, "size")
		orig := slices.Clone(stock)

		dealt, rest, err := Deal(stock, packets, size)
		if err != nil {
			t.Fatalf("Deal(%d cards, %d, %d): %v", len(stock), packets, size, err)
		}
		var all []card.Card
		for k, p := range dealt {
			if len(p) != size {
				t.Fatalf("packet %d has %d cards, want %d", k, len(p), size)
			}
			for i, c := range p {
				if c != stock[k+i*packets] {
					t.Fatalf("packet %d card %d = %v, want stock[%d] = %v", k, i, c, k+i*packets, stock[k+i*packets])
				}
			}
			all = append(all, p...)
		}
		all = append(all, rest...)
		if !slices.Equal(sorted(all), sorted(orig)) {
			t.Fatalf("dealt packets and rest are not a permutation of the stock")
		}
		if !slices.Equal(stock, orig) {
			t.Fatal("Deal changed the stock")
		}

		hands, handsRest, err := DealHands(stock, packets, size)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range dealt {
			want, _ := card.MultisetOf(p...)
			if hands[k] != want {
				t.Fatalf("DealHands packet %d = %v, Deal gave %v", k, hands[k], p)
			}
		}
		if !slices.Equal(handsRest, rest) {
			t.Fatal("DealHands and Deal leave different rests")
		}

		// One card too many is short.
		if _, _, err := Deal(stock, packets, len(stock)/packets+1); err == nil {
			t.Fatal("dealing more cards than the stock holds succeeded")
		}
	})
}
