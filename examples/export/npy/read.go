package npy

import (
	"encoding/binary"
	"io"
	"math"
	"strconv"
	"strings"
)

// Header is what a .npy file's header says of its array.
type Header struct {
	Dtype Dtype
	// Shape is the array's dimensions, the rows first.
	Shape []int
}

// Len is the number of values of the array: the product of its shape.
func (h Header) Len() int {
	n := 1
	for _, d := range h.Shape {
		n *= d
	}
	return n
}

// maxHeader2 is the longest header this package reads in a file of
// version 2.0 or 3.0, whose header length is a uint32.
const maxHeader2 = 1 << 20

// formatError is the error of a malformed file.
func formatError(detail string) error { return fail(ErrFormat, detail) }

// ReadHeader reads the header of a .npy file from r, which it leaves at
// the first byte of the data. It reads versions 1.0, 2.0 and 3.0, the
// dtypes of [Dtype] and C order. A header of another kind is an error
// wrapping [ErrFormat].
func ReadHeader(r io.Reader) (Header, error) {
	var pre [10]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil {
		return Header{}, formatError("no magic string: " + err.Error())
	}
	if string(pre[:6]) != magic[:6] {
		return Header{}, formatError("no magic string: the file does not start with \\x93NUMPY")
	}
	var n int
	switch pre[6] {
	case 1:
		if _, err := io.ReadFull(r, pre[8:10]); err != nil {
			return Header{}, formatError("no header length: " + err.Error())
		}
		n = int(binary.LittleEndian.Uint16(pre[8:10]))
	case 2, 3:
		var l [4]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return Header{}, formatError("no header length: " + err.Error())
		}
		if u := binary.LittleEndian.Uint32(l[:]); u <= maxHeader2 {
			n = int(u)
		} else {
			return Header{}, formatError("a header of " + strconv.FormatUint(uint64(u), 10) + " bytes")
		}
	default:
		return Header{}, formatError("version " + strconv.Itoa(int(pre[6])) + "." + strconv.Itoa(int(pre[7])) + ", not 1.0, 2.0 or 3.0")
	}
	text := make([]byte, n)
	if _, err := io.ReadFull(r, text); err != nil {
		return Header{}, formatError("the header ends early: " + err.Error())
	}
	return parseHeader(string(text))
}

// parseHeader reads the header's dict literal.
func parseHeader(text string) (Header, error) {
	if !strings.HasSuffix(text, "\n") {
		return Header{}, formatError("the header does not end with a newline")
	}
	p := &parser{s: text}
	var h Header
	seen := map[string]bool{}
	p.space()
	if !p.eat('{') {
		return h, p.fail("a '{'")
	}
	for {
		p.space()
		if p.eat('}') {
			break
		}
		key, ok := p.str()
		if !ok {
			return h, p.fail("a key in quotes")
		}
		if seen[key] {
			return h, formatError("the header gives " + strconv.Quote(key) + " twice")
		}
		seen[key] = true
		p.space()
		if !p.eat(':') {
			return h, p.fail("a ':'")
		}
		p.space()
		switch key {
		case "descr":
			descr, ok := p.str()
			if !ok {
				return h, p.fail("the descr in quotes")
			}
			for d := Float32; d <= Uint64; d++ {
				if descr == d.String() {
					h.Dtype = d
				}
			}
			if h.Dtype == 0 {
				return h, formatError("the dtype " + strconv.Quote(descr) + " is none of '<f4', '|b1', '<i4' and '<u8'")
			}
		case "fortran_order":
			switch {
			case p.word("False"):
			case p.word("True"):
				return h, formatError("the array is in Fortran order, not C order")
			default:
				return h, p.fail("False or True")
			}
		case "shape":
			shape, err := p.tuple()
			if err != nil {
				return h, err
			}
			h.Shape = shape
		default:
			return h, formatError("the header has the unknown key " + strconv.Quote(key))
		}
		p.space()
		if !p.eat(',') {
			p.space()
			if !p.eat('}') {
				return h, p.fail("a ',' or a '}'")
			}
			break
		}
	}
	p.space()
	if p.i != len(p.s) {
		return h, p.fail("the end of the header")
	}
	if !seen["descr"] || !seen["fortran_order"] || !seen["shape"] {
		return h, formatError("the header lacks one of 'descr', 'fortran_order' and 'shape'")
	}
	return h, nil
}

// parser reads a Python dict literal of the kind NumPy writes.
type parser struct {
	s string
	i int
}

// fail is the error of a header without what was expected at its place.
func (p *parser) fail(expected string) error {
	return formatError("the header has no " + expected + " at byte " + strconv.Itoa(p.i))
}

func (p *parser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *parser) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

// str reads a string in single or double quotes, without escapes.
func (p *parser) str() (string, bool) {
	if p.i >= len(p.s) || p.s[p.i] != '\'' && p.s[p.i] != '"' {
		return "", false
	}
	q := p.s[p.i]
	end := strings.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", false
	}
	s := p.s[p.i+1 : p.i+1+end]
	if strings.ContainsRune(s, '\\') {
		return "", false
	}
	p.i += end + 2
	return s, true
}

// maxDims is the most dimensions an array may have, as in NumPy.
const maxDims = 64

// tuple reads a shape: a tuple of non-negative integers whose product
// fits an int.
func (p *parser) tuple() ([]int, error) {
	if !p.eat('(') {
		return nil, p.fail("a shape in parentheses")
	}
	shape := []int{}
	total := 1
	for {
		p.space()
		if p.eat(')') {
			return shape, nil
		}
		start := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		d, err := strconv.Atoi(p.s[start:p.i])
		if err != nil || d > math.MaxInt32 {
			p.i = start
			return nil, p.fail("a dimension under 2^31")
		}
		if len(shape) == maxDims {
			return nil, formatError("a shape of more than " + strconv.Itoa(maxDims) + " dimensions")
		}
		if d > 0 && total > math.MaxInt/8/d {
			return nil, formatError("a shape of more values than memory holds")
		}
		total *= d
		shape = append(shape, d)
		p.space()
		if !p.eat(',') {
			p.space()
			if !p.eat(')') {
				return nil, p.fail("a ',' or a ')' in the shape")
			}
			return shape, nil
		}
	}
}

// Array is an array read from a .npy file.
type Array struct {
	Header
	data []byte // little-endian values
}

// Read reads a whole .npy file from r. A file whose data is shorter or
// longer than its header says is an error wrapping [ErrFormat]. It
// allocates no more than the data r holds, whatever the header says.
func Read(r io.Reader) (*Array, error) {
	h, err := ReadHeader(r)
	if err != nil {
		return nil, err
	}
	n := int64(h.Len()) * int64(h.Dtype.Size())
	data, err := io.ReadAll(io.LimitReader(r, n+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) != n {
		return nil, formatError("the header says " + strconv.FormatInt(n, 10) + " bytes of data, the file has " + sizeOf(len(data), n))
	}
	return &Array{Header: h, data: data}, nil
}

// sizeOf says how many bytes of data a file has: got, or more than want.
func sizeOf(got int, want int64) string {
	if int64(got) > want {
		return "more"
	}
	return strconv.Itoa(got)
}

// dtype checks that the array is of dtype d.
func (a *Array) dtype(d Dtype) error {
	if a.Dtype != d {
		return fail(ErrFormat, "an array of "+a.Dtype.String()+", not "+d.String())
	}
	return nil
}

// Float32 is the values of an array of float32.
func (a *Array) Float32() ([]float32, error) {
	if err := a.dtype(Float32); err != nil {
		return nil, err
	}
	out := make([]float32, a.Len())
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(a.data[4*i:]))
	}
	return out, nil
}

// Bool is the values of an array of bool. A byte other than 0 or 1 is an
// error wrapping [ErrFormat].
func (a *Array) Bool() ([]bool, error) {
	if err := a.dtype(Bool); err != nil {
		return nil, err
	}
	out := make([]bool, a.Len())
	for i, b := range a.data {
		if b > 1 {
			return nil, formatError("a bool of value " + strconv.Itoa(int(b)) + " at index " + strconv.Itoa(i))
		}
		out[i] = b == 1
	}
	return out, nil
}

// Int32 is the values of an array of int32.
func (a *Array) Int32() ([]int32, error) {
	if err := a.dtype(Int32); err != nil {
		return nil, err
	}
	out := make([]int32, a.Len())
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(a.data[4*i:]))
	}
	return out, nil
}

// Uint64 is the values of an array of uint64.
func (a *Array) Uint64() ([]uint64, error) {
	if err := a.dtype(Uint64); err != nil {
		return nil, err
	}
	out := make([]uint64, a.Len())
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(a.data[8*i:])
	}
	return out, nil
}
