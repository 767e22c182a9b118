package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/cardrules/cardrules/examples/export/npy"
)

// numpyPython returns a Python that imports numpy: python3 on the PATH,
// or else Debian's /usr/bin/python3 (which python3-numpy serves), or ""
// when neither has numpy.
func numpyPython() string {
	for _, python := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(python, "-c", "import numpy").Run() == nil {
			return python
		}
	}
	return ""
}

// NumPy reads the files export writes: every file's dtype, shape and
// values are what the Go reader reads. Without numpy the test is
// skipped, unless CARDRULES_NUMPY is set (as CI sets it, having
// installed python3-numpy): it then fails.
func TestNumPyReads(t *testing.T) {
	python := numpyPython()
	if python == "" {
		if os.Getenv("CARDRULES_NUMPY") != "" {
			t.Fatal("CARDRULES_NUMPY is set, but no python3 imports numpy")
		}
		t.Skip("no python3 imports numpy (Debian: apt-get install python3-numpy)")
	}
	game := encoded(t)[0]
	dir := exportTo(t, options{Game: game, Strengths: []string{"heuristic"}, First: 3, Games: 1})
	type column struct {
		Dtype  string `json:"dtype"`
		Shape  []int  `json:"shape"`
		Values any    `json:"values"`
	}
	expected := map[string]column{}
	for _, c := range columns {
		a := readArray(t, dir, c.name)
		var values any
		var err error
		switch a.Dtype {
		case npy.Float32:
			values, err = a.Float32()
		case npy.Bool:
			values, err = a.Bool()
		case npy.Int32:
			values, err = a.Int32()
		case npy.Uint64:
			values, err = a.Uint64()
		}
		if err != nil {
			t.Fatal(err)
		}
		expected[c.name] = column{Dtype: a.Dtype.String(), Shape: a.Shape, Values: values}
	}
	text, err := json.Marshal(expected)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "expected.json")
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, filepath.Join("testdata", "check.py"), dir, path).CombinedOutput()
	if err != nil {
		t.Fatalf("%s testdata/check.py: %v\n%s", python, err, out)
	}
	t.Logf("%s", out)
}
