package deck

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"math/rand/v2"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// seedStream is the second PCG seed word: the ASCII bytes of "cardrule".
// Fixing it means one uint64 seed names a game, and it is part of the
// determinism promise: it never changes.
const seedStream = 0x63617264_72756c65

// RNG is the library's random number generator: a PCG-DXSM generator from
// math/rand/v2 with the library's own reduction to a range ([RNG.IntN]) and
// shuffle ([RNG.Shuffle]), so its outputs for a seed never change with a Go
// release. The package documentation gives the exact algorithm.
//
// RNG is a small comparable value holding no pointers. Copying it forks the
// stream: the copy and the original then produce the same values
// independently. A game state can therefore hold an RNG for reshuffles
// during play and stay an immutable value: copy the RNG out, draw from the
// copy, and store the copy in the next state. Methods that draw take a
// pointer receiver because they advance the state. An RNG is not safe for
// concurrent use; copies are independent.
//
// Use [NewRNG]. The zero RNG works, but it is the PCG state (0, 0), which no
// seed given to NewRNG produces.
//
// RNG implements encoding.BinaryMarshaler and encoding.TextMarshaler (the
// text form is the binary form in hex), so a saved game state that holds an
// RNG resumes the same stream.
type RNG struct {
	pcg rand.PCG
}

// RandomSeed returns a seed no one can guess, read from the operating
// system's secure random source. A seed is the whole secret of a deal:
// anyone who knows it knows every card of every hand, so a game people play
// is dealt from RandomSeed and its seed is shown, for a replay, only once the
// game is over. (A seed taken from the clock can be found from one hand.)
func RandomSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // crypto/rand.Read never fails
	return binary.LittleEndian.Uint64(b[:])
}

// NewRNG returns a generator seeded with seed: PCG state hi = seed,
// lo = 0x6361726472756c65 ("cardrule").
func NewRNG(seed uint64) RNG {
	var r RNG
	r.pcg.Seed(seed, seedStream)
	return r
}

// Uint64 advances the generator and returns a uniformly distributed 64-bit
// value: the output of math/rand/v2's PCG, fixed by the PCG-DXSM definition.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniformly distributed int in [0, n) using Lemire's
// multiply-shift reduction with rejection (see the package documentation).
// The library does its own reduction, rather than calling rand.Rand.IntN,
// because the standard library's reduction may change between releases.
//
// For n <= 0 IntN returns 0 and does not advance the generator; it never
// panics, so a caller's empty range cannot crash a game server.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	return int(r.uint64n(uint64(n)))
}

// uint64n is IntN's reduction, in 64-bit arithmetic on every platform: a
// value in [0, bound) for bound > 0.
func (r *RNG) uint64n(bound uint64) uint64 {
	hi, lo := bits.Mul64(r.pcg.Uint64(), bound)
	if lo < bound {
		// (2^64 - bound) mod bound: the number of low products that would
		// make some results more likely than others.
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), bound)
		}
	}
	return hi
}

// Shuffle permutes cards in place, uniformly, by Fisher-Yates from the end:
// for i from len(cards)-1 down to 1, swap cards[i] with cards[IntN(i+1)].
// It draws len(cards)-1 IntN values and allocates nothing.
func (r *RNG) Shuffle(cards []card.Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// AppendBinary implements [encoding.BinaryAppender] with the PCG's binary
// form: "pcg:" then the state's high and low words, big-endian (20 bytes).
func (r RNG) AppendBinary(b []byte) ([]byte, error) { return r.pcg.AppendBinary(b) }

// MarshalBinary implements [encoding.BinaryMarshaler]; see [RNG.AppendBinary].
func (r RNG) MarshalBinary() ([]byte, error) { return r.pcg.MarshalBinary() }

// UnmarshalBinary implements [encoding.BinaryUnmarshaler], reading the form
// MarshalBinary writes. On error r is unchanged.
func (r *RNG) UnmarshalBinary(data []byte) error {
	var next rand.PCG
	if err := next.UnmarshalBinary(data); err != nil {
		return errs.Wrap("deck", ErrRNG, errs.QuoteBytes(data), err)
	}
	r.pcg = next
	return nil
}

// AppendText implements [encoding.TextAppender]: the binary form in lower
// case hex (40 characters), so JSON carries an RNG as a string.
func (r RNG) AppendText(b []byte) ([]byte, error) {
	var raw [20]byte
	bin, err := r.pcg.AppendBinary(raw[:0])
	if err != nil {
		return b, err
	}
	return hex.AppendEncode(b, bin), nil
}

// MarshalText implements [encoding.TextMarshaler]; see [RNG.AppendText].
func (r RNG) MarshalText() ([]byte, error) { return r.AppendText(make([]byte, 0, 40)) }

// UnmarshalText implements [encoding.TextUnmarshaler], reading the form
// MarshalText writes. Junk is an error naming the input, and r is unchanged.
func (r *RNG) UnmarshalText(text []byte) error {
	bin, err := hex.DecodeString(string(text))
	if err != nil {
		return errs.Wrap("deck", ErrRNG, errs.QuoteBytes(text), err)
	}
	var next rand.PCG
	if err := next.UnmarshalBinary(bin); err != nil {
		return errs.Wrap("deck", ErrRNG, errs.QuoteBytes(text), err)
	}
	r.pcg = next
	return nil
}
