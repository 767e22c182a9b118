package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// sourceBenchmarks returns the names of the benchmark functions in dir's
// test files, sorted, and those of its bench_test.go files among them.
func sourceBenchmarks(dir string) (all, bench []string, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, nil, err
	}
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Benchmark") {
				continue
			}
			all = append(all, fn.Name.Name)
			if filepath.Base(file) == "bench_test.go" {
				bench = append(bench, fn.Name.Name)
			}
		}
	}
	slices.Sort(all)
	slices.Sort(bench)
	return all, bench, nil
}

// selection returns the benchmark functions to run for g, sorted: those
// of its bench_test.go files and those its rows show. A row's function
// missing from the package's test files is an error.
func (g game) selection(root string) ([]string, error) {
	all, bench, err := sourceBenchmarks(filepath.Join(root, g.dir))
	if err != nil {
		return nil, err
	}
	if len(bench) == 0 {
		return nil, fmt.Errorf("%s: no benchmark in bench_test.go", g.dir)
	}
	sel := slices.Clone(bench)
	for _, r := range g.rows {
		for _, name := range r.bench {
			top, _, _ := strings.Cut(name, "/")
			if !slices.Contains(all, top) {
				return nil, fmt.Errorf("%s: the row %q shows %s, which no test file of the package defines: update internal/benchnow's rows", g.dir, r.label, top)
			}
			sel = append(sel, top)
		}
	}
	slices.Sort(sel)
	return slices.Compact(sel), nil
}

// benchRegexp returns the -bench pattern that selects exactly names.
func benchRegexp(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = regexp.QuoteMeta(n)
	}
	return "^(" + strings.Join(q, "|") + ")$"
}

// benchArgs returns the test binary's flags for the run.
func benchArgs(pattern string, count int, benchtime string) []string {
	return []string{"-test.run", "^$", "-test.bench", pattern, "-test.benchmem",
		"-test.cpu", "1", "-test.count", fmt.Sprint(count), "-test.benchtime", benchtime}
}

// build compiles the test binary of each game's package into tmp, before
// any is run, so that compiling is no part of the measure.
func build(root, tmp string, gs []game) (map[string]string, error) {
	bins := map[string]string{}
	for _, g := range gs {
		bin := filepath.Join(tmp, g.dir+".test")
		cmd := exec.Command("go", "test", "-c", "-o", bin, "./"+g.dir)
		cmd.Dir = root
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("go test -c ./%s: %v", g.dir, err)
		}
		bins[g.dir] = bin
	}
	return bins, nil
}

// runBench runs a test binary in its package's directory, under pin
// (such as taskset -c 1) when pin is not empty, echoes its output to
// echo as it comes, and parses it.
func runBench(dir, bin string, pin, args []string, echo io.Writer) (*results, error) {
	argv := append(slices.Clone(pin), bin)
	argv = append(argv, args...)
	var out bytes.Buffer
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdout = io.MultiWriter(&out, echo)
	cmd.Stderr = io.MultiWriter(&out, echo)
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v", strings.Join(argv, " "), err)
	}
	return parse(&out)
}

// output runs a command in dir and returns its output, trimmed.
func output(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(b)), nil
}

// loadavg returns the load averages of the last 1, 5 and 15 minutes, or
// "unknown" where /proc/loadavg cannot be read.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
