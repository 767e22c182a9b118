package main

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A run is one line of benchmark output: each unit's value, such as
// "ns/op" or "hands/s".
type run map[string]float64

// results holds parsed benchmark output.
type results struct {
	cpu  string                      // the first "cpu:" line's text, "" when none
	runs map[string]map[string][]run // package (the last element of its path), name, runs in order
}

// procsSuffix is the -N that go test appends to a name when GOMAXPROCS
// is not 1.
var procsSuffix = regexp.MustCompile(`-[0-9]+$`)

// parse reads go test's benchmark output: the "pkg:" and "cpu:" header
// lines and the lines of results, a name, the iterations and then pairs
// of a value and its unit. Other lines are skipped. A failed benchmark or
// a result line that does not parse is an error.
func parse(r io.Reader) (*results, error) {
	res := &results{runs: map[string]map[string][]run{}}
	pkg := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "pkg: "):
			pkg = path.Base(strings.TrimSpace(strings.TrimPrefix(line, "pkg: ")))
		case strings.HasPrefix(line, "cpu: "):
			if res.cpu == "" {
				res.cpu = strings.TrimSpace(strings.TrimPrefix(line, "cpu: "))
			}
		case strings.HasPrefix(line, "--- FAIL"), strings.HasPrefix(line, "FAIL"), strings.HasPrefix(line, "panic:"):
			return nil, fmt.Errorf("line %d: a benchmark failed: %s", n, line)
		case strings.HasPrefix(line, "Benchmark"):
			f := strings.Fields(line)
			if len(f) < 2 {
				continue // a benchmark's name alone: its output follows
			}
			if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
				continue // a log line that starts with the word Benchmark
			}
			if len(f) < 4 || len(f)%2 != 0 {
				return nil, fmt.Errorf("line %d: want a name, the iterations and pairs of a value and a unit: %q", n, line)
			}
			if pkg == "" {
				return nil, fmt.Errorf("line %d: a result before any pkg: line", n)
			}
			rn := run{}
			for i := 2; i < len(f); i += 2 {
				v, err := strconv.ParseFloat(f[i], 64)
				if err != nil {
					return nil, fmt.Errorf("line %d: the value of %s: %v", n, f[i+1], err)
				}
				rn[f[i+1]] = v
			}
			name := procsSuffix.ReplaceAllString(f[0], "")
			if res.runs[pkg] == nil {
				res.runs[pkg] = map[string][]run{}
			}
			res.runs[pkg][name] = append(res.runs[pkg][name], rn)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// merge adds other's runs and, if res has none, its cpu line.
func (res *results) merge(other *results) {
	if res.cpu == "" {
		res.cpu = other.cpu
	}
	for pkg, byName := range other.runs {
		if res.runs[pkg] == nil {
			res.runs[pkg] = map[string][]run{}
		}
		for name, runs := range byName {
			res.runs[pkg][name] = append(res.runs[pkg][name], runs...)
		}
	}
}

// median returns the median of xs: the middle value, or the mean of the
// two middle values when there is an even number of them. It is NaN for
// no values.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return nan
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// medians returns, for each unit that every run reports, the median of
// its values over the runs.
func medians(runs []run) run {
	out := run{}
	if len(runs) == 0 {
		return out
	}
	for unit := range runs[0] {
		xs := make([]float64, 0, len(runs))
		for _, r := range runs {
			if v, ok := r[unit]; ok {
				xs = append(xs, v)
			}
		}
		if len(xs) == len(runs) {
			out[unit] = median(xs)
		}
	}
	return out
}
