package main

import (
	"bufio"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// loadSample parses testdata/sample.txt, the output of
//
//	go test -run '^$' -bench '^(BenchmarkApply.*|BenchmarkLegal.*|BenchmarkRandom.*|BenchmarkSolve|BenchmarkStateCopy)$' \
//	  -benchmem -cpu 1 -count 2 -benchtime 0.05s ./handfoot ./canasta ./rummy ./doublets
//
// at fdabfc7.
func loadSample(t *testing.T) *results {
	t.Helper()
	f, err := os.Open("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Every result line of the sample is read, into its package and name,
// with every pair of a value and its unit, custom metrics included.
func TestParseSample(t *testing.T) {
	res := loadSample(t)
	if res.cpu != "AMD EPYC" {
		t.Errorf("cpu = %q, want the sample's AMD EPYC", res.cpu)
	}
	// Count the result lines and their pairs independently of parse.
	b, err := os.ReadFile("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines, pairs := 0, 0
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); strings.Contains(sc.Text(), " ns/op") {
			lines++
			pairs += (len(f) - 2) / 2
		}
	}
	gotLines, gotPairs := 0, 0
	for pkg, byName := range res.runs {
		for name, runs := range byName {
			if len(runs) != 2 {
				t.Errorf("%s %s: %d runs, want the sample's -count 2", pkg, name, len(runs))
			}
			for _, r := range runs {
				gotLines++
				gotPairs += len(r)
			}
		}
	}
	if gotLines != lines || gotPairs != pairs {
		t.Errorf("parsed %d lines with %d values; the sample has %d with %d", gotLines, gotPairs, lines, pairs)
	}
	for _, tc := range []struct {
		pkg, name, unit string
		want            float64
	}{
		{"canasta", "BenchmarkRandomHand/classic", "hands/s", 3511},
		{"canasta", "BenchmarkRandomHand/classic", "actions/hand", 148.0},
		{"canasta", "BenchmarkRandomHand/classic", "ns/op", 284795},
		{"canasta", "BenchmarkApplyStraight", "allocs/action", 0.3179},
		{"handfoot", "BenchmarkRandomRound4", "actions/op", 363.9},
		{"handfoot", "BenchmarkApplyDraw", "ns/op", 525.3},
		{"rummy", "BenchmarkApply/draw_stock", "B/op", 0},
		{"rummy", "BenchmarkApply/meld", "B/op", 14},
		{"doublets", "BenchmarkApply/play-waste", "ns/op", 178.6},
		{"doublets", "BenchmarkSolve", "positions/deal", 2464},
	} {
		runs := res.runs[tc.pkg][tc.name]
		if len(runs) == 0 {
			t.Errorf("%s %s: no runs", tc.pkg, tc.name)
			continue
		}
		if got, ok := runs[0][tc.unit]; !ok || got != tc.want {
			t.Errorf("%s %s: the first run's %s = %v (%v), want %v", tc.pkg, tc.name, tc.unit, got, ok, tc.want)
		}
	}
}

// A result line that does not parse, or a failed benchmark, is an error
// naming the line; a name's -N suffix is dropped and log lines are
// skipped.
func TestParseLines(t *testing.T) {
	const head = "pkg: github.com/cardrules/cardrules/rummy\ncpu: Some CPU @ 2.50GHz\n"
	for _, tc := range []struct {
		name, in, wantErr string
	}{
		{"odd fields", head + "BenchmarkLegal 100 28.1 ns/op 0\n", "line 3"},
		{"bad value", head + "BenchmarkLegal 100 2x8 ns/op\n", "line 3"},
		{"no value", head + "BenchmarkLegal 100\n", "line 3"},
		{"failed", head + "--- FAIL: BenchmarkLegal\n", "failed"},
		{"FAIL line", head + "FAIL\tgithub.com/cardrules/cardrules/rummy\t1.2s\n", "failed"},
		{"panic", head + "panic: boom\n", "failed"},
		{"no pkg", "BenchmarkLegal 100 28.1 ns/op\n", "pkg"},
	} {
		if _, err := parse(strings.NewReader(tc.in)); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: err = %v, want one naming %q", tc.name, err, tc.wantErr)
		}
	}
	res, err := parse(strings.NewReader(head +
		"BenchmarkApply/draw_stock-2 \t 1000 \t 62.5 ns/op \t 0 B/op \t 0 allocs/op\n" +
		"BenchmarkLegal\n" +
		"    bench_test.go:12: Benchmark setup took 3 s\n" +
		"Benchmarks are fun\n" +
		"BenchmarkLegal \t 2000 \t 28.25 ns/op\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res.cpu != "Some CPU @ 2.50GHz" {
		t.Errorf("cpu = %q", res.cpu)
	}
	got := res.runs["rummy"]
	if len(got) != 2 || got["BenchmarkApply/draw_stock"][0]["ns/op"] != 62.5 || got["BenchmarkLegal"][0]["ns/op"] != 28.25 {
		t.Errorf("runs = %v, want draw_stock at 62.5 ns and Legal at 28.25 ns", got)
	}
}

// merge keeps the runs of both, in order, and the first cpu line.
func TestMerge(t *testing.T) {
	a, _ := parse(strings.NewReader("pkg: x/rummy\ncpu: A\nBenchmarkLegal 1 10 ns/op\n"))
	b, _ := parse(strings.NewReader("pkg: x/rummy\ncpu: B\nBenchmarkLegal 1 20 ns/op\npkg: x/doublets\nBenchmarkSolve 1 30 ns/op\n"))
	a.merge(b)
	if a.cpu != "A" {
		t.Errorf("cpu = %q, want the first, A", a.cpu)
	}
	legal := a.runs["rummy"]["BenchmarkLegal"]
	if len(legal) != 2 || legal[0]["ns/op"] != 10 || legal[1]["ns/op"] != 20 || len(a.runs["doublets"]["BenchmarkSolve"]) != 1 {
		t.Errorf("merged runs = %v", a.runs)
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{7}, 7},
		{[]float64{3, 1, 2}, 2},
		{[]float64{5, 1, 100}, 5},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{10, 10, 1, 1000, 11}, 10},
	} {
		in := slices.Clone(tc.in)
		if got := median(in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		if !slices.Equal(in, tc.in) {
			t.Errorf("median changed its argument: %v, was %v", in, tc.in)
		}
	}
	if got := median(nil); !math.IsNaN(got) {
		t.Errorf("median(nil) = %v, want NaN", got)
	}
}

// The median splits the values in halves, whatever their order.
func TestMedianProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(-1e6, 1e6), 1, 20).Draw(t, "xs")
		m := median(xs)
		below, above := 0, 0
		for _, x := range xs {
			if x <= m {
				below++
			}
			if x >= m {
				above++
			}
		}
		if 2*below < len(xs) || 2*above < len(xs) {
			t.Fatalf("median(%v) = %v: %d at or below, %d at or above", xs, m, below, above)
		}
		perm := rapid.Permutation(xs).Draw(t, "perm")
		if got := median(perm); got != m {
			t.Fatalf("median of a permutation %v = %v, want %v", perm, got, m)
		}
	})
}

// medians takes each unit's median over the runs, and leaves out a unit
// some run lacks.
func TestMedians(t *testing.T) {
	got := medians([]run{
		{"ns/op": 30, "B/op": 16, "hands/s": 100},
		{"ns/op": 10, "B/op": 16},
		{"ns/op": 20, "B/op": 16, "hands/s": 300},
	})
	want := run{"ns/op": 20, "B/op": 16}
	if len(got) != len(want) || got["ns/op"] != 20 || got["B/op"] != 16 {
		t.Errorf("medians = %v, want %v", got, want)
	}
}
