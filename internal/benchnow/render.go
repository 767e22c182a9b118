package main

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var nan = math.NaN()

// The marker lines around the generated block of BENCHMARKS.md.
const (
	beginMarker = "<!-- benchnow: begin -->"
	endMarker   = "<!-- benchnow: end -->"
)

// errMarkers is wrapped by every error about the marker lines.
var errMarkers = errors.New("benchnow: marker lines")

// replaceBlock returns doc with the lines between the begin and end
// marker lines replaced by block. Each marker must be a line of its own,
// once, the begin marker first. Everything else in doc is kept byte for
// byte, the marker lines too.
func replaceBlock(doc, block string) (string, error) {
	begin, err := markerLine(doc, beginMarker)
	if err != nil {
		return "", err
	}
	end, err := markerLine(doc, endMarker)
	if err != nil {
		return "", err
	}
	if end < begin {
		return "", fmt.Errorf("%w: %q comes before %q", errMarkers, endMarker, beginMarker)
	}
	// begin and end are the offsets of the markers; the block starts after
	// the begin marker's line break and ends at the end marker.
	start := begin + len(beginMarker)
	if start < len(doc) && doc[start] == '\r' {
		start++
	}
	start++ // the begin marker's '\n': the end marker follows it
	if block != "" && !strings.HasSuffix(block, "\n") {
		block += "\n"
	}
	return doc[:start] + block + doc[end:], nil
}

// markerLine returns the offset of marker in doc, which must hold it
// exactly once, as a whole line.
func markerLine(doc, marker string) (int, error) {
	at, n := -1, 0
	for off := 0; off < len(doc); {
		nl := strings.IndexByte(doc[off:], '\n')
		line := doc[off:]
		next := len(doc)
		if nl >= 0 {
			line, next = doc[off:off+nl], off+nl+1
		}
		if strings.TrimSuffix(line, "\r") == marker {
			at, n = off, n+1
			if nl < 0 && marker == beginMarker {
				return 0, fmt.Errorf("%w: %q ends the file: the end marker must follow it", errMarkers, marker)
			}
		}
		off = next
	}
	switch n {
	case 0:
		return 0, fmt.Errorf("%w: no line %q in the file: put the two marker lines around the tables to regenerate", errMarkers, marker)
	case 1:
		return at, nil
	}
	return 0, fmt.Errorf("%w: %d lines %q, want one", errMarkers, n, marker)
}

// metricRef is a metric named in a row's label, such as {actions/hand}.
var metricRef = regexp.MustCompile(`\{([^{}]+)\}`)

// cells returns a row's three cells, from the medians of its benchmarks'
// runs in runs (by name). The rate is the first benchmark's first metric
// in units per second, by the units' order, or else one second over its
// time. A benchmark without runs, or without a figure
// the row shows, is an error.
func (r row) cells(runs map[string][]run) ([3]string, error) {
	var out [3]string
	ms := make([]run, len(r.bench))
	for i, name := range r.bench {
		if len(runs[name]) == 0 {
			return out, fmt.Errorf("no result for %s (row %q)", name, r.label)
		}
		ms[i] = medians(runs[name])
	}
	need := func(m run, name, unit string) (float64, error) {
		v, ok := m[unit]
		if !ok {
			return 0, fmt.Errorf("%s reports no %s (row %q)", name, unit, r.label)
		}
		return v, nil
	}
	var err error
	out[0] = metricRef.ReplaceAllStringFunc(r.label, func(ref string) string {
		v, e := need(ms[0], r.bench[0], ref[1:len(ref)-1])
		if e != nil && err == nil {
			err = e
		}
		return thousands(math.Round(v))
	})
	if err != nil {
		return out, err
	}
	timeUnit, allocUnit, per := "ns/op", "allocs/op", ""
	if r.perAction {
		timeUnit, allocUnit, per = "ns/action", "allocs/action", " an action"
	}
	times := make([]float64, len(ms))
	allocs := make([]string, len(ms))
	for i, m := range ms {
		if times[i], err = need(m, r.bench[i], timeUnit); err != nil {
			return out, err
		}
		a, err := need(m, r.bench[i], allocUnit)
		if err != nil {
			return out, err
		}
		if r.perAction {
			allocs[i] = sig3(a) + per
			continue
		}
		b, err := need(m, r.bench[i], "B/op")
		if err != nil {
			return out, err
		}
		allocs[i] = allocText(a, b)
	}
	out[1] = durations(times) + per
	if r.rate != "" {
		rate := 1e9 / times[0]
		units := slices.Sorted(maps.Keys(ms[0]))
		if i := slices.IndexFunc(units, func(u string) bool { return strings.HasSuffix(u, "/s") }); i >= 0 {
			rate = ms[0][units[i]]
		}
		out[1] += ": " + thousands(round3(rate)) + " " + r.rate
	}
	if len(slices.Compact(slices.Clone(allocs))) == 1 {
		out[2] = allocs[0]
	} else {
		out[2] = strings.Join(allocs, " / ")
	}
	return out, nil
}

// table returns g's table in markdown. Benchmarks of runs that no row
// shows get a row of their own, named by the benchmark, after the
// others: nothing measured is left out.
func (g game) table(runs map[string][]run) (string, error) {
	var b strings.Builder
	b.WriteString("| what | time | allocations |\n|---|---|---|\n")
	shown := map[string]bool{}
	rows := slices.Clone(g.rows)
	for _, r := range g.rows {
		for _, name := range r.bench {
			shown[name] = true
		}
	}
	var extra []string
	for name := range runs {
		if !shown[name] {
			extra = append(extra, name)
		}
	}
	slices.Sort(extra)
	for _, name := range extra {
		rows = append(rows, row{label: "`" + name + "`", bench: []string{name}})
	}
	for _, r := range rows {
		c, err := r.cells(runs)
		if err != nil {
			return "", fmt.Errorf("%s: %w", g.dir, err)
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", c[0], c[1], c[2])
	}
	return b.String(), nil
}

// durations writes nanosecond times as a / b, with one unit when they
// share it: "169 / 150 ns".
func durations(ns []float64) string {
	parts := make([]string, len(ns))
	units := make([]string, len(ns))
	for i, v := range ns {
		parts[i], units[i] = duration(v)
	}
	if len(slices.Compact(slices.Clone(units))) == 1 {
		return strings.Join(parts, " / ") + " " + units[0]
	}
	for i := range parts {
		parts[i] += " " + units[i]
	}
	return strings.Join(parts, " / ")
}

// duration writes a time in nanoseconds with three significant digits
// and its unit: 52.3 ns, 1.36 µs, 768 µs, 1.24 ms, 2.05 s.
func duration(ns float64) (string, string) {
	switch ns = round3(ns); {
	case ns < 1e3:
		return sig3(ns), "ns"
	case ns < 1e6:
		return sig3(ns / 1e3), "µs"
	case ns < 1e9:
		return sig3(ns / 1e6), "ms"
	}
	return sig3(ns / 1e9), "s"
}

// sig3 writes x with three significant digits, and with no decimals from
// 100 on.
func sig3(x float64) string {
	if x == 0 {
		return "0"
	}
	x = round3(x)
	switch a := math.Abs(x); {
	case a >= 100:
		return thousands(x)
	case a >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case a >= 1:
		return strconv.FormatFloat(x, 'f', 2, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// round3 rounds x to three significant digits.
func round3(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	p := math.Pow(10, math.Floor(math.Log10(math.Abs(x)))-2)
	return math.Round(x/p) * p
}

// thousands writes x rounded to a whole number, its thousands set apart
// by commas: 12,345.
func thousands(x float64) string {
	if math.IsNaN(x) {
		return "?"
	}
	s := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// allocText writes the allocations of one op and their bytes: "0", or
// "1 (16 B)". A median of an even number of runs may end in .5.
func allocText(allocs, bytes float64) string {
	if allocs == 0 && bytes == 0 {
		return "0"
	}
	a := thousands(allocs)
	if allocs != math.Round(allocs) {
		a = strconv.FormatFloat(allocs, 'f', 1, 64)
	}
	return a + " (" + thousands(bytes) + " B)"
}
