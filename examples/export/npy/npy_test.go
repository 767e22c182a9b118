package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// writeFile writes rows rows of dtype and row shape with fill, and
// returns the file's bytes.
func writeFile(t *testing.T, dtype Dtype, row []int, rows int, fill func(w *Writer, i int) error) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.npy")
	w, err := Create(path, dtype, row...)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := fill(w, i); err != nil {
			t.Fatal(err)
		}
	}
	if w.Rows() != rows {
		t.Fatalf("Rows() = %d, want %d", w.Rows(), rows)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The header is NumPy's: the magic, version 1.0, the dict and the data at
// a multiple of 64 bytes, with the final row count.
func TestHeader(t *testing.T) {
	data := writeFile(t, Float32, []int{2, 3}, 2, func(w *Writer, i int) error {
		return w.Float32([]float32{1, 2, 3, 4, 5, float32(i)})
	})
	n := int(binary.LittleEndian.Uint16(data[8:10]))
	if string(data[:8]) != "\x93NUMPY\x01\x00" || (10+n)%64 != 0 {
		t.Fatalf("magic %q, header length %d", data[:8], n)
	}
	text := string(data[10 : 10+n])
	if want := "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2, 3), }"; strings.TrimRight(text, " \n") != want || !strings.HasSuffix(text, " \n") {
		t.Errorf("header %q, want %q padded with spaces and a newline", text, want)
	}
	if got := len(data) - 10 - n; got != 2*6*4 {
		t.Errorf("%d bytes of data, want 48", got)
	}
	if got := math.Float32frombits(binary.LittleEndian.Uint32(data[len(data)-4:])); got != 1 {
		t.Errorf("last value %v, want 1", got)
	}
	one := writeFile(t, Int32, nil, 1, func(w *Writer, i int) error { return w.Int32(7) })
	if !strings.Contains(string(one), "'shape': (1,), }") {
		t.Errorf("a column's header is %q, want the shape (1,)", one[10:])
	}
}

// Every dtype reads back exactly, whatever the row shape and count.
func TestRoundTrip(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		row := rapid.SliceOfN(rapid.IntRange(0, 4), 0, 3).Draw(rt, "row")
		rows := rapid.IntRange(0, 6).Draw(rt, "rows")
		width := 1
		for _, d := range row {
			width *= d
		}
		dtype := Dtype(rapid.IntRange(int(Float32), int(Uint64)).Draw(rt, "dtype"))
		n := rows * width
		fs := rapid.SliceOfN(rapid.Float32(), n, n).Draw(rt, "floats")
		bs := rapid.SliceOfN(rapid.Bool(), n, n).Draw(rt, "bools")
		is := rapid.SliceOfN(rapid.Int32(), n, n).Draw(rt, "ints")
		us := rapid.SliceOfN(rapid.Uint64(), n, n).Draw(rt, "uints")
		data := writeFile(t, dtype, row, rows, func(w *Writer, i int) error {
			lo, hi := i*width, (i+1)*width
			switch dtype {
			case Float32:
				return w.Float32(fs[lo:hi])
			case Bool:
				return w.Bool(bs[lo:hi])
			case Int32:
				return w.Int32(is[lo:hi]...)
			}
			return w.Uint64(us[lo:hi]...)
		})
		a, err := Read(bytes.NewReader(data))
		if err != nil {
			rt.Fatal(err)
		}
		if want := append([]int{rows}, row...); a.Dtype != dtype || !slices.Equal(a.Shape, want) {
			rt.Fatalf("read %v %v, want %v %v", a.Dtype, a.Shape, dtype, want)
		}
		var same bool
		switch dtype {
		case Float32:
			got, err := a.Float32()
			same = err == nil && slices.EqualFunc(got, fs, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
		case Bool:
			got, err := a.Bool()
			same = err == nil && slices.Equal(got, bs)
		case Int32:
			got, err := a.Int32()
			same = err == nil && slices.Equal(got, is)
		case Uint64:
			got, err := a.Uint64()
			same = err == nil && slices.Equal(got, us)
		}
		if !same {
			rt.Fatalf("the %v values do not read back", dtype)
		}
	})
}

// Copy appends the data of another file, as merging does.
func TestCopy(t *testing.T) {
	src := writeFile(t, Int32, []int{2}, 3, func(w *Writer, i int) error { return w.Int32(int32(i), -int32(i)) })
	path := filepath.Join(t.TempDir(), "m.npy")
	w, err := Create(path, Int32, 2)
	if err != nil {
		t.Fatal(err)
	}
	r := bytes.NewReader(src)
	h, err := ReadHeader(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Int32(9, 9); err != nil {
		t.Fatal(err)
	}
	if err := w.Copy(r, h.Shape[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := a.Int32()
	if want := []int32{9, 9, 0, 0, 1, -1, 2, -2}; !slices.Equal(got, want) || a.Shape[0] != 4 {
		t.Errorf("merged %v of shape %v, want %v", got, a.Shape, want)
	}
	// A short source is the Writer's error, and then Close's.
	w, err = Create(filepath.Join(t.TempDir(), "s.npy"), Int32, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Copy(bytes.NewReader(make([]byte, 12)), 2); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "12 of 16") {
		t.Errorf("a Copy past the data: %v, want ErrFormat", err)
	}
	if err := w.Close(); !errors.Is(err, ErrFormat) {
		t.Errorf("Close after a short Copy: %v", err)
	}
}

// Rows of another dtype or width, and a closed Writer, are errors.
func TestWriterErrors(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "e.npy"), Float32, 3)
	if err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"short":  w.Float32([]float32{1, 2}),
		"long":   w.Float32([]float32{1, 2, 3, 4}),
		"dtype":  w.Int32(1, 2, 3),
		"bool":   w.Bool([]bool{true, false, true}),
		"uint64": w.Uint64(1, 2, 3),
	} {
		if !errors.Is(err, ErrRow) {
			t.Errorf("%s: %v, want ErrRow", name, err)
		}
	}
	if w.Rows() != 0 {
		t.Errorf("%d rows after refused rows", w.Rows())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Float32([]float32{1, 2, 3}); !errors.Is(err, ErrRow) {
		t.Errorf("a row after Close: %v", err)
	}
	if err := w.Close(); !errors.Is(err, ErrRow) {
		t.Errorf("Close twice: %v", err)
	}
	if _, err := Create(filepath.Join(t.TempDir(), "x.npy"), Dtype(9)); !errors.Is(err, ErrRow) {
		t.Errorf("a dtype of 9: %v", err)
	}
	if _, err := Create(filepath.Join(t.TempDir(), "x.npy"), Bool, -1); !errors.Is(err, ErrRow) {
		t.Errorf("a row of -1: %v", err)
	}
}

// file returns a version 1.0 file of the header text (padded with a
// newline) and data.
func file(header string, data []byte) []byte {
	h := header + "\n"
	b := []byte(magic)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	return append(append(b, h...), data...)
}

// Hostile files are errors naming the problem, and a header that claims
// more data than the file holds allocates nothing for it.
func TestReadErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "no magic string"},
		{"magic", []byte("\x93NUMPZ\x01\x00\x00\x00"), "no magic string"},
		{"version", []byte("\x93NUMPY\x04\x00\x00\x00"), "version 4.0"},
		{"no newline", []byte(magic + "\x02\x00{}"), "newline"},
		{"fortran", file("{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", make([]byte, 4)), "Fortran"},
		{"descr", file("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", make([]byte, 8)), `"<f8"`},
		{"twice", file("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", nil), "twice"},
		{"unknown key", file("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", nil), `"x"`},
		{"lacking", file("{'descr': '<f4', 'shape': (1,), }", nil), "lacks"},
		{"negative", file("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", nil), "dimension"},
		{"huge dim", file("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999,), }", nil), "dimension"},
		{"huge", file("{'descr': '<u8', 'fortran_order': False, 'shape': (2000000000, 2000000000, 2000000000), }", nil), "memory"},
		{"short", file("{'descr': '<f4', 'fortran_order': False, 'shape': (100000000,), }", make([]byte, 12)), "the file has 12"},
		{"long", file("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", make([]byte, 3)), "the file has more"},
		{"header early", []byte(magic + "\xff\x00{'descr'"), "ends early"},
		{"trailing", file("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } x", make([]byte, 4)), "end of the header"},
		{"quote", file("{'descr: '<f4'}", nil), "':'"},
	} {
		a, err := Read(bytes.NewReader(c.file))
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) || a != nil {
			t.Errorf("%s: %v, want an ErrFormat naming %s", c.name, err, c.want)
		}
	}
	a, err := Read(bytes.NewReader(file("{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }", []byte{1, 2})))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Bool(); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "value 2") {
		t.Errorf("a bool of 2: %v", err)
	}
	if _, err := a.Float32(); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "not <f4") {
		t.Errorf("the floats of a bool array: %v", err)
	}
	if allocs := testing.AllocsPerRun(5, func() {
		Read(bytes.NewReader(file("{'descr': '<u8', 'fortran_order': False, 'shape': (100000000, 100), }", nil)))
	}); allocs > 20 {
		t.Errorf("%v allocations for a file claiming 80 GB", allocs)
	}
}

// NumPy's own header (with its growth padding, double quotes or none)
// reads too.
func TestReadNumPyHeaders(t *testing.T) {
	for _, h := range []string{
		"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }" + strings.Repeat(" ", 60),
		`{"descr": "<i4", "fortran_order": False, "shape": (2,)}`,
		"{'shape': (2,), 'fortran_order': False, 'descr': '<i4'}",
		"{'descr': '<i4', 'fortran_order': False, 'shape': (2, ), }",
	} {
		a, err := Read(bytes.NewReader(file(h, []byte{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff})))
		if err != nil {
			t.Errorf("%q: %v", h, err)
			continue
		}
		if got, _ := a.Int32(); !slices.Equal(got, []int32{1, -1}) {
			t.Errorf("%q: %v", h, got)
		}
	}
}
