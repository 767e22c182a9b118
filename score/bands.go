package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardrules/cardrules/internal/errs"
)

// MaxBands is the most bands a [Bands] schedule holds.
const MaxBands = 8

// ErrBands is wrapped by the errors of [NewBands] and [Bands.UnmarshalJSON]
// for a schedule that cannot be used.
var ErrBands = errors.New("invalid meld-minimum schedule")

// Band is one step of a meld-minimum schedule: from score From upwards (up to
// the next band's From), a team's first meld must be worth at least Minimum
// points.
type Band struct {
	From    int `json:"from"`    // lowest score of the band; math.MinInt for the first band of a Bands
	Minimum int `json:"minimum"` // points the initial meld needs, 0 or more
}

// Bands is a schedule of initial-meld minimums by score band: the minimum a
// team's (or partnership's) first meld of a hand must reach, chosen by its
// total score before the hand, as in Hand and Foot rule set A and in
// Canasta. Each game builds the schedules of its rule sets with [NewBands],
// and so does a table with house rules.
//
// A Bands holds 1 to [MaxBands] bands with strictly ascending From. The first
// band has From math.MinInt: it covers every score below the second band's
// From, negative scores included. Bands is a comparable value with no
// pointers. The zero Bands holds no band and gives a minimum of 0 for every
// score (no minimum); [NewBands] never returns it without an error.
type Bands struct {
	n     uint8
	bands [MaxBands]Band
}

// NewBands returns the schedule of the given bands, in order. It needs 1 to
// [MaxBands] bands, each From strictly above the one before and each Minimum
// 0 or more; otherwise it returns the zero Bands and an error wrapping
// [ErrBands] that says what to change.
//
// The first band covers every score below the second band's From, however
// low, so NewBands stores math.MinInt as its From. The From given for it only
// has to be below the second band's (any value, 0 or math.MinInt, will do):
//
//	NewBands(Band{0, 50}, Band{2501, 90}) // below 2501 -> 50, 2501 and up -> 90
func NewBands(bs ...Band) (Bands, error) {
	switch {
	case len(bs) == 0:
		return Bands{}, errs.New("score", ErrBands, "no bands: a schedule needs at least one band")
	case len(bs) > MaxBands:
		return Bands{}, errs.New("score", ErrBands, fmt.Sprintf("%d bands: a schedule holds at most %d; merge some bands", len(bs), MaxBands))
	}
	var b Bands
	for i, band := range bs {
		if band.Minimum < 0 {
			return Bands{}, errs.New("score", ErrBands, fmt.Sprintf("band %d (from %s) has minimum %d: make it 0 or more", i+1, fromText(i, band.From), band.Minimum))
		}
		if i > 0 && band.From <= bs[i-1].From {
			return Bands{}, errs.New("score", ErrBands, fmt.Sprintf("band %d starts at %d, not above band %d's %s: make each band's From larger than the one before", i+1, band.From, i, fromText(i-1, bs[i-1].From)))
		}
		b.bands[i] = band
	}
	b.bands[0].From = math.MinInt
	b.n = uint8(len(bs))
	return b, nil
}

// fromText writes the From of band i for an error message.
func fromText(i, from int) string {
	if i == 0 && from == math.MinInt {
		return "any score"
	}
	return strconv.Itoa(from)
}

// Minimum returns the initial-meld minimum for a team whose score is score:
// the Minimum of the last band whose From is at or below score. The zero
// Bands gives 0. Minimum allocates nothing.
func (b Bands) Minimum(score int) int {
	for i := min(int(b.n), MaxBands) - 1; i >= 0; i-- {
		if b.bands[i].From <= score {
			return b.bands[i].Minimum
		}
	}
	return 0
}

// Len returns the number of bands, 0 for the zero Bands.
func (b Bands) Len() int { return int(b.n) }

// All returns the bands in ascending order of From. The first band's From is
// math.MinInt.
func (b Bands) All() iter.Seq[Band] {
	return func(yield func(Band) bool) {
		for i := 0; i < int(b.n) && i < MaxBands; i++ {
			if !yield(b.bands[i]) {
				return
			}
		}
	}
}

// MarshalJSON implements [json.Marshaler]. A schedule is written as an array
// of its bands in order, the first band without "from" because it has no
// lower end (its From, math.MinInt, is no number JSON readers keep
// exactly), as the library leaves out a value that does not apply:
//
//	[{"minimum":50},{"from":2501,"minimum":90},{"from":5001,"minimum":120},{"from":7501,"minimum":150}]
//
// The zero Bands is written as null.
func (b Bands) MarshalJSON() ([]byte, error) {
	if b.n == 0 {
		return []byte("null"), nil
	}
	out := make([]byte, 0, 32*int(b.n))
	out = append(out, '[')
	for i := range int(b.n) {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '{')
		if i > 0 {
			out = append(out, `"from":`...)
			out = strconv.AppendInt(out, int64(b.bands[i].From), 10)
			out = append(out, ',')
		}
		out = append(out, `"minimum":`...)
		out = strconv.AppendInt(out, int64(b.bands[i].Minimum), 10)
		out = append(out, '}')
	}
	return append(out, ']'), nil
}

// UnmarshalJSON implements [json.Unmarshaler]. It reads an array of objects
// with the keys "from" and "minimum", both whole numbers, and validates the
// bands with [NewBands]. The first band's "from" may be left out (as
// MarshalJSON writes it), null (as it wrote it before), or any number below
// the second band's; every other band needs both keys.
// Other keys are errors. On error b is unchanged, and the error wraps
// [ErrBands]. The JSON literal null leaves b unchanged, as is usual for
// encoding/json.
func (b *Bands) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw []map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		if _, ok := err.(*json.UnmarshalTypeError); ok {
			return errs.New("score", ErrBands, bandsShape)
		}
		return errs.Wrap("score", ErrBands, bandsShape, err)
	}
	if dec.More() {
		return errs.New("score", ErrBands, "unexpected data after the array")
	}
	bs := make([]Band, len(raw))
	for i, obj := range raw {
		var from, minimum *int
		for _, key := range slices.Sorted(maps.Keys(obj)) {
			var dst **int
			switch { // encoding/json matches keys without regard to case
			case strings.EqualFold(key, "from"):
				dst = &from
			case strings.EqualFold(key, "minimum"):
				dst = &minimum
			default:
				return errs.New("score", ErrBands, "band "+strconv.Itoa(i+1)+" has the unknown key "+errs.Quote(key)+": the keys are \"from\" and \"minimum\"")
			}
			if err := json.Unmarshal(obj[key], dst); err != nil {
				return errs.New("score", ErrBands, "band "+strconv.Itoa(i+1)+": "+strconv.Quote(key)+" must be a whole number")
			}
		}
		switch {
		case from == nil && i == 0:
			bs[i].From = math.MinInt
		case from == nil:
			return errs.New("score", ErrBands, "band "+strconv.Itoa(i+1)+" has no \"from\": only the first band may leave it out")
		default:
			bs[i].From = *from
		}
		if minimum == nil {
			return errs.New("score", ErrBands, "band "+strconv.Itoa(i+1)+" has no \"minimum\"")
		}
		bs[i].Minimum = *minimum
	}
	next, err := NewBands(bs...)
	if err != nil {
		return err
	}
	*b = next
	return nil
}

// bandsShape says what JSON a schedule must be.
const bandsShape = `bands must be a JSON array such as [{"minimum":50},{"from":2501,"minimum":90}]`
