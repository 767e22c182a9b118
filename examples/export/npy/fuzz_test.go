package npy

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzRead reads hostile files: an error wrapping ErrFormat, or an array
// whose values are as many as its shape says. Never a panic.
func FuzzRead(f *testing.F) {
	f.Add(file("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 1), }", make([]byte, 8)))
	f.Add(file("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", []byte{0, 1, 0}))
	f.Add(file("{'descr': '<i4', 'fortran_order': False, 'shape': (), }", make([]byte, 4)))
	f.Add(file("{'descr': '<u8', 'fortran_order': False, 'shape': (1, 0, 7), }", nil))
	f.Add(file("{'descr': '<u8', 'fortran_order': False, 'shape': (1000000000, 1000000000), }", nil))
	f.Add([]byte("\x93NUMPY\x02\x00\x10\x00\x00\x00{'descr': '<i4',\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Read(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("%v: not ErrFormat", err)
			}
			return
		}
		var n int
		switch a.Dtype {
		case Float32:
			v, _ := a.Float32()
			n = len(v)
		case Bool:
			v, err := a.Bool()
			if err != nil {
				return
			}
			n = len(v)
		case Int32:
			v, _ := a.Int32()
			n = len(v)
		case Uint64:
			v, _ := a.Uint64()
			n = len(v)
		}
		if n != a.Len() {
			t.Fatalf("%d values for the shape %v", n, a.Shape)
		}
	})
}
