package deck

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/bits"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestIntNRange(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 53, 108, math.MaxInt32, math.MaxInt} {
		r := NewRNG(uint64(n))
		seen := map[int]bool{}
		for range 5000 {
			v := r.IntN(n)
			if v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d, out of range", n, v)
			}
			seen[v] = true
		}
		// Small bounds must be covered; large ones must not repeat much.
		if n <= 108 && len(seen) != n {
			t.Errorf("IntN(%d) gave %d distinct values in 5000 draws, want all %d", n, len(seen), n)
		}
		if n >= math.MaxInt32 && len(seen) < 4990 {
			t.Errorf("IntN(%d) gave only %d distinct values in 5000 draws", n, len(seen))
		}
	}
}

func TestIntNNonPositive(t *testing.T) {
	for _, n := range []int{0, -1, -52, math.MinInt} {
		r := NewRNG(3)
		if got := r.IntN(n); got != 0 {
			t.Errorf("IntN(%d) = %d, want 0", n, got)
		}
		if r != NewRNG(3) {
			t.Errorf("IntN(%d) advanced the generator", n)
		}
	}
}

// TestIntNChiSquare checks that 60000 rolls of a die are plausibly fair. The
// seed is fixed, so the test is not flaky; the bound is loose (the 0.1%
// critical value for 5 degrees of freedom is 20.5), but a biased reduction
// such as Uint64()%6 on few bits, or an off-by-one, fails it by far.
func TestIntNChiSquare(t *testing.T) {
	const draws, sides = 60000, 6
	r := NewRNG(42)
	var count [sides]int
	for range draws {
		count[r.IntN(sides)]++
	}
	expected := float64(draws) / sides
	chi2 := 0.0
	for _, c := range count {
		d := float64(c) - expected
		chi2 += d * d / expected
	}
	if chi2 > 20.5 {
		t.Errorf("chi-square of IntN(6) over %d draws = %.1f (counts %v), want <= 20.5", draws, chi2, count)
	}
}

// refUint64 is PCG-DXSM written from the package documentation, on the
// state (hi, lo), independently of math/rand/v2.
func refUint64(hi, lo *uint64) uint64 {
	const mulHi, mulLo = 0x2360ed051fc65da4, 0x4385df649fccf645
	const incHi, incLo = 0x5851f42d4c957f2d, 0x14057b7ef767814f
	h, l := bits.Mul64(*lo, mulLo)
	h += *hi*mulLo + *lo*mulHi
	l, carry := bits.Add64(l, incLo, 0)
	h, _ = bits.Add64(h, incHi, carry)
	*hi, *lo = h, l
	x := h
	x ^= x >> 32
	x *= 0xda942042e4dd58b5
	x ^= x >> 48
	x *= l | 1
	return x
}

// refIntN is Lemire's reduction as documented, in its plainest form: always
// compare with (2^64 - n) mod n.
func refIntN(next func() uint64, n int) int {
	bound := uint64(n)
	thresh := -bound % bound
	for {
		hi, lo := bits.Mul64(next(), bound)
		if lo >= thresh {
			return int(hi)
		}
	}
}

func TestUint64MatchesDocumentedAlgorithm(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		r := NewRNG(seed)
		hi, lo := seed, uint64(0x6361726472756c65)
		for i := range 20 {
			if got, want := r.Uint64(), refUint64(&hi, &lo); got != want {
				t.Fatalf("NewRNG(%d): Uint64 #%d = %#x, documented algorithm gives %#x", seed, i+1, got, want)
			}
		}
	})
}

func TestIntNMatchesDocumentedAlgorithm(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		n := rapid.OneOf(rapid.IntRange(1, 200), rapid.IntRange(1, math.MaxInt)).Draw(t, "n")
		r := NewRNG(seed)
		ref := NewRNG(seed)
		for i := range 20 {
			if got, want := r.IntN(n), refIntN(ref.Uint64, n); got != want {
				t.Fatalf("NewRNG(%d): IntN(%d) #%d = %d, documented algorithm gives %d", seed, n, i+1, got, want)
			}
		}
		if r != ref {
			t.Fatalf("IntN(%d) consumed a different number of values than the documented algorithm", n)
		}
	})
}

func TestRNGCopyForks(t *testing.T) {
	a := NewRNG(9)
	a.Uint64()
	b := a // fork
	for i := range 10 {
		x, y := a.IntN(1000), b.IntN(1000)
		if x != y {
			t.Fatalf("draw %d: original gave %d, copy gave %d", i, x, y)
		}
	}
	if a != b {
		t.Error("two copies that drew the same values compare unequal")
	}
	a.Uint64()
	if a == b {
		t.Error("advancing one copy changed the other")
	}
	if NewRNG(1) == NewRNG(2) {
		t.Error("NewRNG(1) == NewRNG(2)")
	}
}

func TestRNGBinaryRoundTrip(t *testing.T) {
	r := NewRNG(123)
	r.IntN(52)
	data, err := r.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != 20 || string(data[:4]) != "pcg:" {
		t.Errorf("MarshalBinary = %x, want \"pcg:\" and 16 bytes", data)
	}
	var back RNG
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if back != r {
		t.Fatal("binary round trip changed the state")
	}
	for i := range 10 {
		if x, y := r.Uint64(), back.Uint64(); x != y {
			t.Fatalf("after a binary round trip, draw %d: %#x != %#x", i, x, y)
		}
	}
}

func TestRNGJSONRoundTrip(t *testing.T) {
	type saved struct {
		Turn int
		RNG  RNG
	}
	r := NewRNG(55)
	r.IntN(100)
	data, err := json.Marshal(saved{Turn: 4, RNG: r})
	if err != nil {
		t.Fatal(err)
	}
	var back saved
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", data, err)
	}
	if back.Turn != 4 || back.RNG != r {
		t.Fatalf("JSON round trip of %s changed the value", data)
	}
	for i := range 10 {
		if x, y := r.IntN(52), back.RNG.IntN(52); x != y {
			t.Fatalf("after a JSON round trip, draw %d: %d != %d", i, x, y)
		}
	}
}

func TestRNGUnmarshalJunk(t *testing.T) {
	good, _ := NewRNG(1).MarshalText()
	junk := []string{
		"",
		"zz",
		"not hex at all",
		string(good[:len(good)-1]), // odd length
		string(good[:len(good)-2]), // a byte short
		string(good) + "00",        // a byte long
		hex.EncodeToString([]byte("pcx:0123456789abcdef")), // wrong prefix
		string(good) + string(good),                        // two states
	}
	for _, j := range junk {
		r := NewRNG(7)
		r.Uint64()
		before := r
		err := r.UnmarshalText([]byte(j))
		if err == nil {
			t.Errorf("UnmarshalText(%q) succeeded", j)
		}
		if r != before {
			t.Errorf("UnmarshalText(%q) changed the RNG on error", j)
		}
		if err := r.UnmarshalBinary([]byte(j)); err == nil {
			t.Errorf("UnmarshalBinary(%q) succeeded", j)
		}
		if r != before {
			t.Errorf("UnmarshalBinary(%q) changed the RNG on error", j)
		}
	}
	// The error names the input, cut short when long.
	var r RNG
	err := r.UnmarshalText([]byte("zz"))
	if want := `deck: invalid RNG state: "zz": encoding/hex: invalid byte: U+007A 'z'`; err == nil || err.Error() != want {
		t.Errorf("UnmarshalText(zz) error = %v, want %s", err, want)
	}
	var bad hex.InvalidByteError
	if !errors.As(err, &bad) {
		t.Errorf("UnmarshalText(zz) error %v does not wrap the hex error", err)
	}
	if !errors.Is(err, ErrRNG) {
		t.Errorf("UnmarshalText(zz) error %v does not wrap ErrRNG", err)
	}
	// A huge or multi-line input is echoed quoted and capped.
	huge := strings.Repeat("x", 12<<20)
	for _, in := range []string{huge, "ab\ncd", strings.Repeat("00", 20) + "\n", huge + "\n"} {
		for name, f := range map[string]func([]byte) error{"UnmarshalText": r.UnmarshalText, "UnmarshalBinary": r.UnmarshalBinary} {
			err := f([]byte(in))
			if !errors.Is(err, ErrRNG) || len(err.Error()) > 200 || strings.ContainsAny(err.Error(), "\r\n") {
				t.Errorf("%s(%.20q): error %q, want a short one-line ErrRNG error", name, in, err)
			}
		}
	}
}

// RandomSeed draws from the system's secure source: two seeds are equal
// with probability 2^-64, and 64 of them cover both halves of the range.
func TestRandomSeed(t *testing.T) {
	seen := map[uint64]bool{}
	high := false
	for range 64 {
		s := RandomSeed()
		if seen[s] {
			t.Fatalf("RandomSeed repeated %#x", s)
		}
		seen[s] = true
		high = high || s >= 1<<63
	}
	if !high {
		t.Error("64 seeds below 2^63: the high bit is never set")
	}
}
