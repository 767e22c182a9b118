package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// TestFlagsServeWithoutTerminal: without -addr and without a terminal on
// standard input (go run ./examples/server < /dev/null, a service, a
// container) the server serves on the default address; only -selftest
// runs the self-test.
func TestFlagsServeWithoutTerminal(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	stdin := os.Stdin
	os.Stdin = null
	defer func() { os.Stdin = stdin }()

	for _, tc := range []struct {
		args     []string
		selftest bool
		addr     string
	}{
		{nil, false, "localhost:8080"},
		{[]string{"-data", ""}, false, "localhost:8080"},
		{[]string{"-addr", ":9090"}, false, ":9090"},
		{[]string{"-selftest"}, true, "localhost:8080"},
	} {
		c, err := parseFlags(tc.args, io.Discard)
		if err != nil {
			t.Fatalf("%q: %v", tc.args, err)
		}
		if c.selftest != tc.selftest || c.addr != tc.addr {
			t.Errorf("%q with no terminal: selftest %v on %q, want selftest %v on %q", tc.args, c.selftest, c.addr, tc.selftest, tc.addr)
		}
	}
}

// TestFlagsRefused: an unknown flag or a stray argument is an error, with
// the usage.
func TestFlagsRefused(t *testing.T) {
	for _, args := range [][]string{{"-port", "80"}, {"serve"}} {
		var stderr strings.Builder
		if _, err := parseFlags(args, &stderr); err == nil || !strings.Contains(stderr.String(), "-addr") {
			t.Errorf("%q: %v, usage %q", args, err, stderr.String())
		}
	}
}
