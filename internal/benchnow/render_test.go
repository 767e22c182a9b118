package main

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The text around the markers is kept byte for byte, and replacing again
// gives the same file.
func TestReplaceBlock(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n"} {
		before := "# Benchmarks" + nl + nl + "## Now" + nl + nl + beginMarker + nl
		after := endMarker + nl + nl + "### Hand and Foot" + nl + "| players |" + nl
		doc := before + "| what | time | allocations |" + nl + "| old | 1 ns | 0 |" + nl + after
		got, err := replaceBlock(doc, "new block")
		if err != nil {
			t.Fatal(err)
		}
		if want := before + "new block\n" + after; got != want {
			t.Errorf("replaceBlock = %q, want %q", got, want)
		}
		again, err := replaceBlock(got, "new block\n")
		if err != nil || again != got {
			t.Errorf("replacing again = %q, %v; want the same file", again, err)
		}
		empty, err := replaceBlock(doc, "")
		if err != nil || empty != before+after {
			t.Errorf("replacing with nothing = %q, %v; want %q", empty, err, before+after)
		}
	}
}

// A file without both markers, each once and as a line of its own, the
// begin marker first, is refused with an error that names the problem.
func TestReplaceBlockErrors(t *testing.T) {
	b, e := beginMarker+"\n", endMarker+"\n"
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"no markers", "# Benchmarks\n| what |\n", "no line \"" + beginMarker},
		{"no end", "x\n" + b + "y\n", "no line \"" + endMarker},
		{"no begin", "x\n" + e, "no line \"" + beginMarker},
		{"reversed", e + "x\n" + b, "comes before"},
		{"two begins", b + b + e, "2 lines"},
		{"two ends", b + e + e, "2 lines"},
		{"inside a line", "see " + beginMarker + " here\n" + e, "no line \"" + beginMarker},
		{"begin ends the file", e + beginMarker, "ends the file"},
		{"empty", "", "no line"},
	} {
		got, err := replaceBlock(tc.doc, "block\n")
		if err == nil {
			t.Errorf("%s: replaceBlock = %q, want an error", tc.name, got)
			continue
		}
		if !errors.Is(err, errMarkers) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want errMarkers and %q", tc.name, err, tc.want)
		}
	}
}

// BENCHMARKS.md has the markers, so the command can run on it.
func TestBenchmarksHasMarkers(t *testing.T) {
	doc := readFile(t, filepath.Join("..", "..", "BENCHMARKS.md"))
	if _, err := replaceBlock(doc, ""); err != nil {
		t.Fatal(err)
	}
}

// wantRows are the rows of the hand-made tables of 2026-11-25, by the
// start of their label: exactly one label of the new table starts with
// each (the counts of actions vary with the run).
var wantRows = map[string][]string{
	"handfoot": {
		"Apply: draw two", "Apply: lay a new meld", "Apply: add to a meld", "Apply: take the pile", "Apply: discard",
		"Legal (every position of a random game, into a reused buffer)", "Legal when the player may ask to go out",
		"a random round (deal to scoring, ", "a random game under rule set B (four rounds, ",
	},
	"canasta": {
		"Apply: draw", "Apply: take the pile", "Apply: lay a new meld", "Apply: add to a meld",
		`Apply: ask / answer "May I go out?"`, "Apply: take back", "Apply: discard", "Apply: next (deal the next round)",
		"Legal (positions of random games, into a reused buffer)", "a random Classic hand (", "a random two-player hand (",
	},
	"rummy": {
		"Apply: draw from the stock / the pile", "Apply: meld", "Apply: lay off", "Apply: discard",
		"Apply: next (deal the next hand)", "Legal", "a random two-player hand (", "a random four-player hand (",
	},
	"doublets": {
		"Apply: turn a card from the stock", "Apply: play the waste's top card / a reserve card",
		"Apply: redeal (turn the waste over)", "Legal", "a random game (", "`Solve`, the exact solver",
	},
}

// tableRows splits a markdown table into its rows' cells, header and rule
// left out.
func tableRows(t *testing.T, table string) [][]string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
	if len(lines) < 2 || lines[0] != "| what | time | allocations |" || lines[1] != "|---|---|---|" {
		t.Fatalf("table without its header: %q", table)
	}
	var rows [][]string
	for _, l := range lines[2:] {
		c := strings.Split(strings.TrimSuffix(strings.TrimPrefix(l, "| "), " |"), " | ")
		if len(c) != 3 {
			t.Fatalf("row %q has %d cells, want 3", l, len(c))
		}
		rows = append(rows, c)
	}
	return rows
}

// timeCell is a time cell: times and units, maybe a rate.
var timeCell = regexp.MustCompile(`^([0-9.,]+ [nµm]?s|[0-9.,]+( [nµm]?s)? / [0-9.,]+ [nµm]?s)( an action)?(: [0-9,]+ [a-z ]+ a second)?$`)

// allocCell is an allocations cell.
var allocCell = regexp.MustCompile(`^(0|[0-9.,]+ \([0-9,]+ B\)|[0-9.]+ an action)( / (0|[0-9.,]+ \([0-9,]+ B\)))*$`)

// From the sample's output, each game's table has a row for every row of
// the hand-made tables, once, each cell well formed, the metrics in the
// labels filled in, and a row for the one benchmark no label names.
func TestTablesFromSample(t *testing.T) {
	res := loadSample(t)
	if len(games) != len(wantRows) {
		t.Fatalf("%d games, want %d", len(games), len(wantRows))
	}
	for _, g := range games {
		table, err := g.table(res.runs[g.dir])
		if err != nil {
			t.Fatalf("%s: %v", g.dir, err)
		}
		rows := tableRows(t, table)
		labels := make([]string, len(rows))
		for i, c := range rows {
			labels[i] = c[0]
			if strings.ContainsAny(c[0], "{}") {
				t.Errorf("%s: a metric left unfilled in %q", g.dir, c[0])
			}
			if !timeCell.MatchString(c[1]) {
				t.Errorf("%s: %q: time cell %q", g.dir, c[0], c[1])
			}
			if !allocCell.MatchString(c[2]) {
				t.Errorf("%s: %q: allocations cell %q", g.dir, c[0], c[2])
			}
		}
		for _, want := range wantRows[g.dir] {
			n := 0
			for _, l := range labels {
				if strings.HasPrefix(l, want) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s: %d rows for %q, want 1 (rows %q)", g.dir, n, want, labels)
			}
		}
		// The sample also holds BenchmarkLegalAfterYes, which no row names.
		hasExtra := slices.Contains(labels, "`BenchmarkLegalAfterYes`")
		if hasExtra != (g.dir == "handfoot") {
			t.Errorf("%s: the row of a benchmark without a label: %v (rows %q)", g.dir, hasExtra, labels)
		}
	}
}

// A row's figures are the medians of its runs, formatted.
func TestRowCells(t *testing.T) {
	runs := map[string][]run{
		"BenchmarkRandomHand/classic": {
			{"ns/op": 127e3, "hands/s": 7874, "actions/hand": 148.6, "B/op": 15239, "allocs/op": 50},
			{"ns/op": 130e3, "hands/s": 7692, "actions/hand": 149.0, "B/op": 15173, "allocs/op": 50},
			{"ns/op": 125e3, "hands/s": 8000, "actions/hand": 149.4, "B/op": 15300, "allocs/op": 51},
		},
		"BenchmarkApply/ask":     {{"ns/op": 169.4, "B/op": 0, "allocs/op": 0}},
		"BenchmarkApply/answer":  {{"ns/op": 1500, "B/op": 0, "allocs/op": 0}},
		"BenchmarkApply/next":    {{"ns/op": 1362, "B/op": 1280, "allocs/op": 1}, {"ns/op": 1370, "B/op": 1280, "allocs/op": 1}},
		"BenchmarkApplyStraight": {{"ns/op": 80e3, "ns/action": 577.4, "allocs/action": 0.3179, "B/op": 51632, "allocs/op": 219}},
	}
	for _, tc := range []struct {
		r    row
		want [3]string
	}{
		{row{label: "a random Classic hand ({actions/hand} actions)", bench: []string{"BenchmarkRandomHand/classic"}, rate: "hands a second"},
			[3]string{"a random Classic hand (149 actions)", "127 µs: 7,870 hands a second", "50 (15,239 B)"}},
		{row{label: "ask / answer", bench: []string{"BenchmarkApply/ask", "BenchmarkApply/answer"}},
			[3]string{"ask / answer", "169 ns / 1.50 µs", "0"}},
		{row{label: "next", bench: []string{"BenchmarkApply/next"}, rate: "rounds a second"},
			[3]string{"next", "1.37 µs: 732,000 rounds a second", "1 (1,280 B)"}},
		{row{label: "straight", bench: []string{"BenchmarkApplyStraight"}, perAction: true},
			[3]string{"straight", "577 ns an action", "0.318 an action"}},
	} {
		got, err := tc.r.cells(runs)
		if err != nil || got != tc.want {
			t.Errorf("%q: cells = %q, %v; want %q", tc.r.label, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		r    row
		want string
	}{
		{row{label: "x", bench: []string{"BenchmarkApply/missing"}}, "no result for BenchmarkApply/missing"},
		{row{label: "x ({moves/game})", bench: []string{"BenchmarkApply/ask"}}, "BenchmarkApply/ask reports no moves/game"},
		{row{label: "x", bench: []string{"BenchmarkApply/ask"}, perAction: true}, "reports no ns/action"},
	} {
		if _, err := tc.r.cells(runs); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q %v: err = %v, want %q", tc.r.label, tc.r.bench, err, tc.want)
		}
	}
	g := game{dir: "canasta", rows: []row{{label: "gone", bench: []string{"BenchmarkApply/gone"}}}}
	if _, err := g.table(runs); err == nil || !strings.Contains(err.Error(), "canasta: no result for BenchmarkApply/gone") {
		t.Errorf("a table with a row whose benchmark did not run: err = %v", err)
	}
}

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		ns   float64
		want string
	}{
		{42.63, "42.6 ns"}, {5.04, "5.04 ns"}, {525.3, "525 ns"}, {999.6, "1.00 µs"},
		{1362, "1.36 µs"}, {91901, "91.9 µs"}, {767900, "768 µs"}, {1244986, "1.24 ms"}, {2.05e9, "2.05 s"},
	} {
		v, u := duration(tc.ns)
		if got := v + " " + u; got != tc.want {
			t.Errorf("duration(%v) = %q, want %q", tc.ns, got, tc.want)
		}
	}
	for _, tc := range []struct {
		x    float64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {1234567, "1,234,567"}, {-1234, "-1,234"}} {
		if got := thousands(tc.x); got != tc.want {
			t.Errorf("thousands(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
	for _, tc := range []struct {
		a, b float64
		want string
	}{{0, 0, "0"}, {0, 14, "0 (14 B)"}, {1, 1280, "1 (1,280 B)"}, {177.5, 53145, "177.5 (53,145 B)"}} {
		if got := allocText(tc.a, tc.b); got != tc.want {
			t.Errorf("allocText(%v, %v) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}

// The -bench pattern selects the names given and no name that merely
// starts with one of them.
func TestBenchRegexp(t *testing.T) {
	re := regexp.MustCompile(benchRegexp([]string{"BenchmarkLegal", "BenchmarkApply"}))
	for name, want := range map[string]bool{
		"BenchmarkLegal": true, "BenchmarkApply": true, "BenchmarkLegalMayAsk": false,
		"BenchmarkApplyStraight": false, "XBenchmarkLegal": false,
	} {
		if re.MatchString(name) != want {
			t.Errorf("%s matched: %v, want %v", name, !want, want)
		}
	}
}

// Each package's selection holds every benchmark of its bench_test.go
// and every benchmark a row shows, and each is defined in the package.
func TestSelection(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, g := range games {
		sel, err := g.selection(root)
		if err != nil {
			t.Fatal(err)
		}
		_, bench, err := sourceBenchmarks(filepath.Join(root, g.dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range bench {
			if !slices.Contains(sel, name) {
				t.Errorf("%s: %s of bench_test.go is not run", g.dir, name)
			}
		}
		for _, r := range g.rows {
			for _, name := range r.bench {
				top, _, _ := strings.Cut(name, "/")
				if !slices.Contains(sel, top) {
					t.Errorf("%s: the row %q's %s is not run", g.dir, r.label, top)
				}
			}
		}
	}
	g := game{dir: "doublets", rows: []row{{label: "gone", bench: []string{"BenchmarkGone/x"}}}}
	if _, err := g.selection(root); err == nil || !strings.Contains(err.Error(), "BenchmarkGone") {
		t.Errorf("a row naming a benchmark no file defines: err = %v", err)
	}
}

// The paragraph tells the run's facts, wrapped, with no code span broken.
func TestParagraph(t *testing.T) {
	m := meta{
		start: time.Date(2026, 11, 29, 5, 0, 0, 0, time.UTC), wall: 134 * time.Second,
		commit: "abc1234", goVersion: "go1.26.8 linux/amd64", cpu: "AMD EPYC", cpus: 2,
		pin: "taskset -c 1", loadStart: "4.18 2.51 2.33", loadEnd: "3.90 3.10 2.60",
		count: 3, benchtime: "0.5s", command: "go run ./internal/benchnow -count 3 -benchtime 0.5s -pin",
	}
	for _, dirty := range []bool{false, true} {
		m.dirty = dirty
		p := m.paragraph()
		one := strings.Join(strings.Fields(p), " ")
		for _, want := range []string{"2026-11-29", "`abc1234`", "`go1.26.8 linux/amd64`", "`cpu: AMD EPYC`",
			"`taskset -c 1`", "`-cpu 1`", "4.18 2.51 2.33 at the start", "3.90 3.10 2.60 at the end",
			"median of 3 runs of 0.5s", "2 min 14 s", "same on every machine"} {
			if !strings.Contains(one, want) {
				t.Errorf("the paragraph lacks %q:\n%s", want, p)
			}
		}
		if strings.Contains(one, "+ changes") != dirty {
			t.Errorf("dirty %v, paragraph:\n%s", dirty, p)
		}
		for _, l := range strings.Split(strings.TrimSuffix(p, "\n"), "\n") {
			if len([]rune(l)) > 72 || strings.Count(l, "`")%2 != 0 {
				t.Errorf("line %q: longer than 72 or a broken code span", l)
			}
		}
	}
	m.patterns = []string{"BenchmarkLegal", "BenchmarkApply", "BenchmarkLegal"}
	want := "go test -run '^$' -bench '^(BenchmarkApply|BenchmarkLegal)$' -benchmem -cpu 1 -count 3 -benchtime 0.5s ./handfoot ./canasta ./rummy ./doublets"
	if got := m.goTest(); got != want {
		t.Errorf("goTest = %q, want %q", got, want)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
