// Package npy writes and reads NumPy's .npy files, format version 1.0, of
// the few dtypes the export of learning data needs: float32, bool, int32
// and uint64, little-endian, in C (row-major) order. It is part of the
// export example, not of the library: copy it with the command.
//
// A .npy file is a magic string, a version, a header and the data. The
// header is a Python dict literal: the dtype ('descr'), the order
// ('fortran_order') and the shape. Its length makes the data start at a
// multiple of 64 bytes.
//
// A [Writer] appends rows of a fixed shape without knowing how many will
// come. Its header leaves room for any row count, of up to 19 digits. Close writes
// the count there: NumPy reads the spaces before the header's newline as
// padding. [Read] reads a file whole; [ReadHeader] reads the header alone,
// so that a program can copy the data in chunks. A reader never trusts
// the header: a hostile file is an error wrapping [ErrFormat], and the
// data allocated is never more than the file holds.
package npy

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// Dtype is the type of an array's values.
type Dtype uint8

// The dtypes this package writes and reads.
const (
	Float32 Dtype = iota + 1 // '<f4': a little-endian IEEE 754 float32
	Bool                     // '|b1': a byte, 0 or 1
	Int32                    // '<i4': a little-endian int32
	Uint64                   // '<u8': a little-endian uint64
)

// descrs are the NumPy descr strings of the dtypes, by Dtype.
var descrs = [...]string{Float32: "<f4", Bool: "|b1", Int32: "<i4", Uint64: "<u8"}

// sizes are the bytes of a value of each dtype.
var sizes = [...]int{Float32: 4, Bool: 1, Int32: 4, Uint64: 8}

// String is the dtype's NumPy descr, as '<f4'.
func (d Dtype) String() string {
	if !d.valid() {
		return "Dtype(" + strconv.Itoa(int(d)) + ")"
	}
	return descrs[d]
}

// Size is the number of bytes of one value.
func (d Dtype) Size() int {
	if !d.valid() {
		return 0
	}
	return sizes[d]
}

func (d Dtype) valid() bool { return d >= Float32 && d <= Uint64 }

// The errors of the package.
var (
	// ErrFormat: a file that is not a .npy file this package reads.
	ErrFormat = errors.New("not a .npy file of a known layout")
	// ErrRow: a row of another dtype or length than the Writer's, or a
	// Writer used after Close.
	ErrRow = errors.New("wrong row")
)

// magic starts every .npy file: the magic string and version 1.0.
const magic = "\x93NUMPY\x01\x00"

// maxHeader is the longest header version 1.0 allows: its length is a
// uint16.
const maxHeader = math.MaxUint16

// header is the header text of an array of dtype d and shape (rows,
// row...), padded with spaces before its newline so that the magic, the
// length and the header take pad bytes (0: the next multiple of 64).
func header(d Dtype, rows int64, row []int, pad int) string {
	var b strings.Builder
	b.WriteString("{'descr': '")
	b.WriteString(d.String())
	b.WriteString("', 'fortran_order': False, 'shape': (")
	b.WriteString(strconv.FormatInt(rows, 10))
	for _, n := range row {
		b.WriteString(", ")
		b.WriteString(strconv.Itoa(n))
	}
	if len(row) == 0 {
		b.WriteString(",")
	}
	b.WriteString("), }")
	n := len(magic) + 2 + b.Len() + 1
	if pad == 0 {
		pad = (n + 63) / 64 * 64
	}
	b.WriteString(strings.Repeat(" ", max(pad-n, 0)))
	b.WriteString("\n")
	return b.String()
}

// Writer appends rows of a fixed shape to a .npy file. Make one with
// [Create]; Close writes the row count into the header.
type Writer struct {
	f     *os.File
	w     *bufio.Writer
	dtype Dtype
	row   []int // the shape of a row
	width int   // the values of a row
	rows  int
	size  int // the header's length, magic included
	err   error
	buf   []byte
}

// Create creates the file at path (truncating it) for rows of dtype and
// of shape row (none: a row is one value). The file holds an array of
// shape (rows, row...).
func Create(path string, dtype Dtype, row ...int) (*Writer, error) {
	if !dtype.valid() {
		return nil, fail(ErrRow, "no such dtype "+dtype.String())
	}
	width := 1
	for _, n := range row {
		if n < 0 || n > math.MaxInt32 {
			return nil, fail(ErrRow, "a row dimension of "+strconv.Itoa(n))
		}
		width *= n
		if width > math.MaxInt32 {
			return nil, fail(ErrRow, "a row of more than 2^31 values")
		}
	}
	h := header(dtype, math.MaxInt64, row, 0) // room for any row count
	if len(h) > maxHeader {
		return nil, fail(ErrRow, "a row of "+strconv.Itoa(len(row))+" dimensions has too long a header")
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f, w: bufio.NewWriterSize(f, 1<<16), dtype: dtype, row: append([]int(nil), row...), width: width}
	w.size = len(magic) + 2 + len(h)
	if err := w.writeHeader(); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// writeHeader writes the header with the current row count at the
// writer's position.
func (w *Writer) writeHeader() error {
	h := header(w.dtype, int64(w.rows), w.row, w.size)
	w.w.WriteString(magic)
	w.w.Write(binary.LittleEndian.AppendUint16(nil, uint16(len(h))))
	_, err := w.w.WriteString(h)
	return err
}

// Rows is the number of rows appended so far.
func (w *Writer) Rows() int { return w.rows }

// check returns the error of a row of dtype d and n values.
func (w *Writer) check(d Dtype, n int) error {
	switch {
	case w.err != nil:
		return w.err
	case w.f == nil:
		return fail(ErrRow, "the writer is closed")
	case d != w.dtype:
		return fail(ErrRow, "a row of "+d.String()+" for a file of "+w.dtype.String())
	case n != w.width:
		return fail(ErrRow, "a row of "+strconv.Itoa(n)+" values for rows of "+strconv.Itoa(w.width))
	}
	return nil
}

// write writes the bytes of a row, remembering the first error.
func (w *Writer) write(b []byte) error {
	if _, err := w.w.Write(b); err != nil {
		w.err = err
		return err
	}
	w.rows++
	return nil
}

// Float32 appends a row of float32 values.
func (w *Writer) Float32(row []float32) error {
	if err := w.check(Float32, len(row)); err != nil {
		return err
	}
	w.buf = w.buf[:0]
	for _, v := range row {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, math.Float32bits(v))
	}
	return w.write(w.buf)
}

// Bool appends a row of bool values.
func (w *Writer) Bool(row []bool) error {
	if err := w.check(Bool, len(row)); err != nil {
		return err
	}
	w.buf = w.buf[:0]
	for _, v := range row {
		b := byte(0)
		if v {
			b = 1
		}
		w.buf = append(w.buf, b)
	}
	return w.write(w.buf)
}

// Int32 appends a row of int32 values.
func (w *Writer) Int32(row ...int32) error {
	if err := w.check(Int32, len(row)); err != nil {
		return err
	}
	w.buf = w.buf[:0]
	for _, v := range row {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(v))
	}
	return w.write(w.buf)
}

// Uint64 appends a row of uint64 values.
func (w *Writer) Uint64(row ...uint64) error {
	if err := w.check(Uint64, len(row)); err != nil {
		return err
	}
	w.buf = w.buf[:0]
	for _, v := range row {
		w.buf = binary.LittleEndian.AppendUint64(w.buf, v)
	}
	return w.write(w.buf)
}

// Copy appends rows rows from r, the data of an array of the Writer's
// dtype and row shape (as [ReadHeader] leaves a file): merging files. A
// short r is an error wrapping [ErrFormat].
func (w *Writer) Copy(r io.Reader, rows int) error {
	if err := w.check(w.dtype, w.width); err != nil {
		return err
	}
	n := int64(rows) * int64(w.width) * int64(w.dtype.Size())
	got, err := io.CopyN(w.w, r, n)
	if got != n && (err == nil || err == io.EOF) {
		err = fail(ErrFormat, "the data ends after "+strconv.FormatInt(got, 10)+" of "+strconv.FormatInt(n, 10)+" bytes")
	}
	if err != nil {
		w.err = err
		return err
	}
	w.rows += rows
	return nil
}

// Close writes the row count into the header and closes the file. The
// first error of the Writer's life is Close's.
func (w *Writer) Close() error {
	if w.f == nil {
		return fail(ErrRow, "the writer is closed")
	}
	f := w.f
	w.f = nil
	err := w.err
	if err == nil {
		err = w.w.Flush()
	}
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err == nil {
		w.w.Reset(f)
		err = w.writeHeader()
	}
	if err == nil {
		err = w.w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// fail returns the error "npy: rule: detail", which wraps rule.
func fail(rule error, detail string) error { return fmt.Errorf("npy: %w: %s", rule, detail) }
