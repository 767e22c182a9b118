package deck

import "testing"

func BenchmarkShuffle6Decks(b *testing.B) {
	shoe, _ := Shoe(6, 2)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		Shuffle(shoe, seed)
	}
}

func BenchmarkIntN(b *testing.B) {
	r := NewRNG(1)
	b.ReportAllocs()
	sum := 0
	for b.Loop() {
		sum += r.IntN(324)
	}
	_ = sum
}

func BenchmarkShoe(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Shoe(6, 2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDealHands(b *testing.B) {
	stock, _ := Shuffled(6, 2, 1)
	b.ReportAllocs()
	for b.Loop() {
		// Hand and Foot, four players: a hand and a foot of 11 each.
		if _, _, err := DealHands(stock, 8, 11); err != nil {
			b.Fatal(err)
		}
	}
}
