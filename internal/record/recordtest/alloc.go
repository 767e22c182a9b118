// Package recordtest measures what a decoder allocates, for the tests of
// the decoders' bounds. It is not public API.
package recordtest

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// Allocated returns the bytes f allocates: the least of two runs, each
// after a collection, so that another test's work counts the least.
func Allocated(f func()) uint64 {
	best := uint64(math.MaxUint64)
	for range 2 {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

// Bound fails t when f, a decoder reading n bytes of input, allocates more
// than k bytes for each byte of input plus c bytes. It logs the bytes
// allocated per byte of input.
func Bound(t testing.TB, what string, n int, k float64, c uint64, f func()) {
	t.Helper()
	got := Allocated(f)
	t.Logf("%s: %d bytes of input, %d allocated, %.2f a byte", what, n, got, float64(got)/float64(max(n, 1)))
	if limit := uint64(k*float64(n)) + c; got > limit {
		t.Errorf("%s: %d bytes of input allocate %d bytes (%.1f a byte), above the bound %.1f × %d + %d = %d",
			what, n, got, float64(got)/float64(max(n, 1)), k, n, c, limit)
	}
}

// Lengthen returns js, a JSON object, with the value of its first member
// named key replaced by an array of value repeated until the array is
// about size bytes long.
func Lengthen(js []byte, key, value string, size int) []byte {
	at := strings.Index(string(js), `"`+key+`":`)
	if at < 0 {
		panic("Lengthen: no key " + key)
	}
	start := at + len(key) + 3
	end := skip(js, start)
	list := make([]byte, 0, size+len(value)+2)
	list = append(list, '[')
	for len(list) < size {
		if len(list) > 1 {
			list = append(list, ',')
		}
		list = append(list, value...)
	}
	list = append(list, ']')
	return slices.Concat(js[:start], list, js[end:])
}

// skip returns the end of the JSON value of js that begins at i.
func skip(js []byte, i int) int {
	depth, str := 0, false
	for ; i < len(js); i++ {
		c := js[i]
		switch {
		case str && c == '\\':
			i++
		case str && c == '"':
			str = false
			if depth == 0 {
				return i + 1
			}
		case str:
		case c == '"':
			str = true
		case depth == 0 && (c == ',' || c == '}' || c == ']'):
			return i
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return i
}

// Limit is a decoder's bound: it allocates at most PerByte bytes for each
// byte of its input, plus Base.
type Limit struct {
	PerByte float64
	Base    uint64
}

// The decoders' bounds, as their docs and BENCHMARKS.md give them.
var (
	JSON   = Limit{PerByte: 8, Base: 1 << 20}  // a State's, a Position's or a View's JSON
	Record = Limit{PerByte: 12, Base: 1 << 20} // a record's text
	Action = Limit{PerByte: 1, Base: 1 << 14}  // an action's text
)

// Case is an input a decoder reads within its Limit.
type Case struct {
	what   string
	data   []byte
	decode func([]byte) error
	limit  Limit
	refuse bool   // whether decode refuses data
	rule   error  // the error decode's wraps, if not nil
	want   string // what the error says
}

// Refuse is the case of data, which decode refuses within l with an error
// that says want, wrapping rule when it is not nil.
func Refuse(what string, data []byte, decode func([]byte) error, l Limit, rule error, want string) Case {
	return Case{what, data, decode, l, true, rule, want}
}

// Read is the case of data, which decode reads within l.
func Read(what string, data []byte, decode func([]byte) error, l Limit) Case {
	return Case{what: what, data: data, decode: decode, limit: l}
}

// Run checks each case: its bound, and its error.
func Run(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		var err error
		Bound(t, c.what, len(c.data), c.limit.PerByte, c.limit.Base, func() { err = c.decode(c.data) })
		checkErr(t, c, err)
	}
}

// checkErr fails t unless err is the error c wants.
func checkErr(t testing.TB, c Case, err error) {
	t.Helper()
	switch {
	case !c.refuse && err != nil:
		t.Errorf("%s: %v, want no error", c.what, err)
	case c.refuse && (err == nil || c.rule != nil && !errors.Is(err, c.rule) || !strings.Contains(fmt.Sprint(err), c.want)):
		t.Errorf("%s: %v, want an error wrapping %v saying %q", c.what, err, c.rule, c.want)
	}
}

// Sizes are the input sizes [RunScaled] builds its cases at: about 2 MB
// under CARDRULES_FULL (see [conform.Full]), and in the quick loop two
// small ones, 256 KB and 384 KB. (A record of 256 KB of draws holds more
// actions than a round of Canasta lasts.)
func Sizes() []int {
	if conform.Full() {
		return []int{2 << 20}
	}
	return []int{256 << 10, 384 << 10}
}

// RunScaled checks the cases build gives at each of [Sizes], as [Run]
// does. Between two sizes it also fails t when what a case allocates grows
// by more than its Limit's PerByte for each byte its input grows: on small
// inputs, where a Limit's Base counts for much, that is what still tells a
// bounded decoder from one that is not. A case whose input does not grow
// with the size, because a cap refuses it only when long, is checked once,
// against its Limit alone.
func RunScaled(t *testing.T, build func(size int) []Case) {
	t.Helper()
	var prev []Case
	var prevGot []uint64
	for _, size := range Sizes() {
		cases := build(size)
		if prev != nil && len(prev) != len(cases) {
			t.Fatalf("%d cases at size %d, %d at the size before", len(cases), size, len(prev))
		}
		got := make([]uint64, len(cases))
		for i, c := range cases {
			n, dn := len(c.data), 0
			if prev != nil {
				if dn = n - len(prev[i].data); dn <= 0 {
					got[i] = prevGot[i]
					continue // an input of one length whatever the size, checked already
				}
			}
			var err error
			got[i] = Allocated(func() { err = c.decode(c.data) })
			t.Logf("%s: %d bytes of input, %d allocated, %.2f a byte", c.what, n, got[i], float64(got[i])/float64(max(n, 1)))
			if limit := uint64(c.limit.PerByte*float64(n)) + c.limit.Base; got[i] > limit {
				t.Errorf("%s: %d bytes of input allocate %d bytes (%.1f a byte), above the bound %.1f × %d + %d = %d",
					c.what, n, got[i], float64(got[i])/float64(max(n, 1)), c.limit.PerByte, n, c.limit.Base, limit)
			}
			checkErr(t, c, err)
			if dn == 0 {
				continue
			}
			if grew := float64(got[i]) - float64(prevGot[i]); grew > c.limit.PerByte*float64(dn) {
				t.Errorf("%s: %d more bytes of input allocate %.0f more bytes (%.1f a byte), above the bound %.1f a byte",
					c.what, dn, grew, grew/float64(dn), c.limit.PerByte)
			}
		}
		prev, prevGot = cases, got
	}
}
