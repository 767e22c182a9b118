package deck

import (
	"errors"
	"fmt"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/google/go-cmp/cmp"
)

// oneDeck is a deck in Shoe's documented order, written out by hand so the
// test does not repeat the implementation's loop.
const oneDeck = "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S " +
	"6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S 10C 10D 10H 10S " +
	"JC JD JH JS QC QD QH QS KC KD KH KS"

func TestShoeOrder(t *testing.T) {
	deck0 := card.MustParseCards(oneDeck)
	deck2 := card.MustParseCards(oneDeck + " JK JK")
	tests := []struct {
		decks, jokers int
		want          []card.Card
	}{
		{1, 0, deck0},
		{1, 2, deck2},
		{2, 2, concat(deck2, deck2)},
		{6, 2, concat(deck2, deck2, deck2, deck2, deck2, deck2)},
		{3, 1, concat(card.MustParseCards(oneDeck+" JK"), card.MustParseCards(oneDeck+" JK"), card.MustParseCards(oneDeck+" JK"))},
	}
	for _, tt := range tests {
		got, err := Shoe(tt.decks, tt.jokers)
		if err != nil {
			t.Fatalf("Shoe(%d, %d): %v", tt.decks, tt.jokers, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Shoe(%d, %d) mismatch (-want +got):\n%s", tt.decks, tt.jokers, diff)
		}
	}
}

func TestShoeCounts(t *testing.T) {
	tests := []struct{ decks, jokers, size int }{
		{1, 0, 52}, {1, 2, 54}, {2, 2, 108}, {6, 2, 324}, {4, 4, 224}, {MaxDecks, MaxJokersPerDeck, 2800},
	}
	for _, tt := range tests {
		shoe, err := Shoe(tt.decks, tt.jokers)
		if err != nil {
			t.Fatalf("Shoe(%d, %d): %v", tt.decks, tt.jokers, err)
		}
		if len(shoe) != tt.size {
			t.Errorf("Shoe(%d, %d) has %d cards, want %d", tt.decks, tt.jokers, len(shoe), tt.size)
		}
		var count [card.Kinds]int
		for _, c := range shoe {
			count[c]++
		}
		if count[0] != 0 {
			t.Errorf("Shoe(%d, %d) holds %d invalid cards", tt.decks, tt.jokers, count[0])
		}
		for c := card.Card(1); c < card.Joker; c++ {
			if count[c] != tt.decks {
				t.Errorf("Shoe(%d, %d) holds %d×%v, want %d", tt.decks, tt.jokers, count[c], c, tt.decks)
			}
		}
		if want := tt.decks * tt.jokers; count[card.Joker] != want {
			t.Errorf("Shoe(%d, %d) holds %d jokers, want %d", tt.decks, tt.jokers, count[card.Joker], want)
		}
	}
}

func TestShoeIsFresh(t *testing.T) {
	a, _ := Shoe(1, 0)
	b, _ := Shoe(1, 0)
	a[0] = card.Joker
	if b[0] != card.MustParse("AC") {
		t.Errorf("changing one shoe changed another: b[0] = %v", b[0])
	}
}

func TestShoeErrors(t *testing.T) {
	tests := []struct {
		decks, jokers int
		msg           string
	}{
		{0, 0, "deck: invalid shoe: 0 decks: need at least 1"},
		{-3, 2, "deck: invalid shoe: -3 decks: need at least 1"},
		{51, 2, "deck: invalid shoe: 51 decks: at most 50"},
		{1, -1, "deck: invalid shoe: -1 jokers per deck: must not be negative"},
		{2, 5, "deck: invalid shoe: 5 jokers per deck: at most 4"},
	}
	for _, tt := range tests {
		shoe, err := Shoe(tt.decks, tt.jokers)
		if err == nil {
			t.Errorf("Shoe(%d, %d) = %d cards, want an error", tt.decks, tt.jokers, len(shoe))
			continue
		}
		if shoe != nil {
			t.Errorf("Shoe(%d, %d) returned %d cards with its error", tt.decks, tt.jokers, len(shoe))
		}
		if !errors.Is(err, ErrShoe) {
			t.Errorf("Shoe(%d, %d) error %q does not wrap ErrShoe", tt.decks, tt.jokers, err)
		}
		if err.Error() != tt.msg {
			t.Errorf("Shoe(%d, %d) error = %q, want %q", tt.decks, tt.jokers, err, tt.msg)
		}
		if _, err := Shuffled(tt.decks, tt.jokers, 1); !errors.Is(err, ErrShoe) {
			t.Errorf("Shuffled(%d, %d, 1) error = %v, want one wrapping ErrShoe", tt.decks, tt.jokers, err)
		}
	}
}

func TestShuffledIsShuffleOfShoe(t *testing.T) {
	got, err := Shuffled(6, 2, 77)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Shoe(6, 2)
	Shuffle(want, 77)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Shuffled(6, 2, 77) differs from Shuffle(Shoe(6, 2), 77) (-want +got):\n%s", diff)
	}
	r := NewRNG(77)
	viaRNG, _ := Shoe(6, 2)
	r.Shuffle(viaRNG)
	if diff := cmp.Diff(want, viaRNG); diff != "" {
		t.Errorf("Shuffle(cards, 77) differs from NewRNG(77).Shuffle (-want +got):\n%s", diff)
	}
	unshuffled, _ := Shoe(6, 2)
	if cmp.Equal(unshuffled, got) {
		t.Error("Shuffled(6, 2, 77) returned the shoe in its unshuffled order")
	}
}

func TestShuffleTiny(t *testing.T) {
	Shuffle(nil, 1) // must not panic
	one := []card.Card{card.Joker}
	Shuffle(one, 1)
	if one[0] != card.Joker {
		t.Errorf("shuffling one card gave %v", one[0])
	}
	// Shuffling fewer than two cards draws nothing.
	r := NewRNG(5)
	r.Shuffle(one)
	r.Shuffle(nil)
	if r != NewRNG(5) {
		t.Error("shuffling 0 or 1 cards advanced the generator")
	}
}

// TestShuffleUniform shuffles three cards many times: each of the six orders
// must come up about equally often. Sattolo's variant (j := IntN(i)) would
// give only two of them, and a reduction that favoured small values would
// skew the counts.
func TestShuffleUniform(t *testing.T) {
	const rounds = 60000
	r := NewRNG(2024)
	counts := map[string]int{}
	cards := card.MustParseCards("AS KH JK")
	for range rounds {
		c := append([]card.Card(nil), cards...)
		r.Shuffle(c)
		counts[fmt.Sprint(c)]++
	}
	if len(counts) != 6 {
		t.Fatalf("saw %d orders of three cards, want 6: %v", len(counts), counts)
	}
	for order, n := range counts {
		if n < rounds/6-600 || n > rounds/6+600 { // about 6 standard deviations
			t.Errorf("order %s came up %d times in %d, want about %d", order, n, rounds, rounds/6)
		}
	}
}

func TestShuffleAllocs(t *testing.T) {
	shoe, _ := Shoe(6, 2)
	seed := uint64(0)
	allocs := testing.AllocsPerRun(100, func() {
		seed++
		Shuffle(shoe, seed)
	})
	if allocs != 0 {
		t.Errorf("Shuffle allocates %v times per call, want 0", allocs)
	}
	r := NewRNG(1)
	allocs = testing.AllocsPerRun(100, func() { r.Shuffle(shoe) })
	if allocs != 0 {
		t.Errorf("RNG.Shuffle allocates %v times per call, want 0", allocs)
	}
}

func concat(parts ...[]card.Card) []card.Card {
	var out []card.Card
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
