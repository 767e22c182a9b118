package deck

import (
	"fmt"
	"math"
	"testing"
)

// The values in this file are the determinism promise in concrete form. A
// game dealt from a seed today must be dealt the same way by every future
// version of this library, on every platform and every Go release.
//
// THESE VALUES MUST NEVER CHANGE. If a test here fails, the change that
// broke it is wrong: revert it. Do not "update" the expected values.
//
// They were computed once with this implementation and checked against an
// independent reimplementation written from the package documentation.

func TestGoldenShuffled(t *testing.T) {
	golden := []struct {
		seed  uint64
		first string // the top ten cards of Shuffled(2, 2, seed)
	}{
		{1, "[10S 4S 4S QC 8C AH 3H KH AH 5H]"},
		{2, "[2D 8S 10H 6D 5C JK 9D 8H 5D QH]"},
		{3, "[5D 10D 4D 2D 3C 8D 2S 3H 9S QC]"},
	}
	for _, g := range golden {
		shoe, err := Shuffled(2, 2, g.seed)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(shoe[:10]); got != g.first {
			t.Errorf("Shuffled(2, 2, %d)[:10] = %s, want %s (the shuffle for a seed must never change)", g.seed, got, g.first)
		}
	}
}

func TestGoldenUint64(t *testing.T) {
	want := []uint64{0xb23fc1fd55c682f1, 0x45298803578d8e01, 0x4d28af11636bd858, 0xcb73291a8d56906b, 0x655816d8aeb7c880}
	r := NewRNG(1)
	for i, w := range want {
		if got := r.Uint64(); got != w {
			t.Errorf("NewRNG(1): Uint64 #%d = %#x, want %#x", i+1, got, w)
		}
	}
}

func TestGoldenIntN(t *testing.T) {
	// Successive draws from one generator, so each result also pins how many
	// values the earlier draws consumed.
	// IntN(n) is the reduction of uint64(n), the same on every platform; the
	// bounds that do not fit a 32-bit int are checked through the reduction
	// itself, so the whole sequence is pinned everywhere.
	golden := []struct{ n, want uint64 }{
		{1, 0},
		{2, 0},
		{6, 1},
		{52, 41},
		{108, 42},
		{1000000, 559116},
		{1 << 40, 532633228811},
		{1<<63 - 1, 5647532413507422841},
	}
	r := NewRNG(1)
	for _, g := range golden {
		var got uint64
		if g.n <= math.MaxInt32 {
			got = uint64(r.IntN(int(g.n)))
		} else {
			got = r.uint64n(g.n)
		}
		if got != g.want {
			t.Errorf("NewRNG(1): IntN(%d) = %d, want %d", g.n, got, g.want)
		}
	}
}

// TestGoldenIntNRejection pins the rejection step of the reduction: with
// this bound about a third of draws are rejected, and for seed 1 the eight
// results below consume ten Uint64 values.
func TestGoldenIntNRejection(t *testing.T) {
	const n uint64 = 0x5555555555555556 // just above 2^64/3
	want := []uint64{4281399318697967867, 1661221336865779541, 2434203971893762090, 3437960826751030045,
		2978700909513928333, 3765021609004948561, 5615075753158469808, 5356676828319722128}
	r := NewRNG(1)
	for i, w := range want {
		if got := r.uint64n(n); got != w {
			t.Errorf("NewRNG(1): IntN(%#x) #%d = %d, want %d", n, i+1, got, w)
		}
	}
	// The eleventh output of NewRNG(1): exactly ten were consumed.
	if got, want := r.Uint64(), uint64(0xa0f63218ded19a35); got != want {
		t.Errorf("Uint64 after the draws = %#x, want %#x (the rejection step consumed a different number of values)", got, want)
	}
}

// TestGoldenText pins the saved form of an RNG: games saved today must load
// and resume the same stream in every future version.
func TestGoldenText(t *testing.T) {
	r := NewRNG(1)
	got, err := r.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	const want = "7063673a00000000000000016361726472756c65" // "pcg:", hi = 1, lo = "cardrule"
	if string(got) != want {
		t.Errorf("NewRNG(1).MarshalText() = %s, want %s", got, want)
	}
}
