// Command benchnow measures the games' timing benchmarks and writes the
// timing tables of BENCHMARKS.md's "Now" section.
//
// Run it from anywhere in the module:
//
//	go run ./internal/benchnow -count 3 -benchtime 0.5s -pin
//
// It builds the test binary of handfoot, canasta, rummy and doublets
// first, so that compiling is no part of the measure. Then it runs each
// binary in its package's directory, one package after the other, with
// GOMAXPROCS 1. The benchmarks run are those of each package's
// bench_test.go files and those the tables show.
//
// Each figure is the median of the -count runs. A paragraph made from
// the run heads the tables. It gives the date, the commit, the Go
// version, the cpu, the load average at the start and at the end, and
// the command.
//
// The tables replace the lines between the two marker lines
// "<!-- benchnow: begin -->" and "<!-- benchnow: end -->" of
// BENCHMARKS.md at the module's root. The rest of the file is kept as it
// is. A file without the two markers is an error, checked before any
// benchmark runs (but with -print, which writes no file).
//
// The flags are:
//
//	-count N      runs of each benchmark (3)
//	-benchtime T  the time of each run, as go test reads it (0.5s)
//	-pin          run each test binary under taskset -c 1, where taskset exists
//	-o FILE       write the updated BENCHMARKS.md to FILE, leaving it as it is
//	-print        write the generated block to standard output, and no file
//	-raw FILE     also write the benchmarks' raw output to FILE, for benchstat
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// config is what the flags set.
type config struct {
	count     int
	benchtime string
	pin       bool
	out       string
	print     bool
	raw       string
}

func main() {
	var c config
	flag.IntVar(&c.count, "count", 3, "runs of each benchmark")
	flag.StringVar(&c.benchtime, "benchtime", "0.5s", "the time of each run (go test's -benchtime)")
	flag.BoolVar(&c.pin, "pin", false, "run each test binary under taskset -c 1")
	flag.StringVar(&c.out, "o", "", "write the updated BENCHMARKS.md to `file` instead")
	flag.BoolVar(&c.print, "print", false, "write the generated block to standard output, and no file")
	flag.StringVar(&c.raw, "raw", "", "also write the raw benchmark output to `file`")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "benchnow: unexpected arguments %q\n", flag.Args())
		flag.Usage()
		os.Exit(2)
	}
	if err := benchnow(c); err != nil {
		fmt.Fprintln(os.Stderr, "benchnow:", err)
		os.Exit(1)
	}
}

// benchnow runs the benchmarks as c says and writes the tables.
func benchnow(c config) error {
	if c.count < 1 {
		return errors.New("-count must be at least 1")
	}
	if _, err := time.ParseDuration(c.benchtime); err != nil && !strings.HasSuffix(c.benchtime, "x") {
		return fmt.Errorf("-benchtime %q is neither a duration nor a count such as 100x", c.benchtime)
	}
	gomod, err := output(".", "go", "env", "GOMOD")
	if err != nil {
		return err
	}
	if gomod == "" || gomod == os.DevNull {
		return errors.New("not inside a module: run from the cardrules module")
	}
	root := filepath.Dir(gomod)
	docPath := filepath.Join(root, "BENCHMARKS.md")
	doc, err := os.ReadFile(docPath)
	if err != nil {
		return err
	}
	if _, err := replaceBlock(string(doc), ""); err != nil && !c.print {
		return fmt.Errorf("%s: %w", docPath, err)
	}
	m := meta{
		start:     time.Now().UTC(),
		loadStart: loadavg(),
		count:     c.count,
		benchtime: c.benchtime,
		cpus:      runtime.NumCPU(),
		command:   command(c),
	}
	if m.commit, err = output(root, "git", "rev-parse", "--short", "HEAD"); err != nil {
		return err
	}
	status, err := output(root, "git", "status", "--porcelain", "--", ".", ":(exclude)BENCHMARKS.md")
	if err != nil {
		return err
	}
	m.dirty = status != ""
	if m.goVersion, err = output(root, "go", "env", "GOVERSION"); err != nil {
		return err
	}
	if goos, err := output(root, "go", "env", "GOOS"); err == nil {
		m.goVersion += " " + goos
	}
	if goarch, err := output(root, "go", "env", "GOARCH"); err == nil {
		m.goVersion += "/" + goarch
	}
	var pin []string
	if c.pin {
		cpu := "1"
		if m.cpus < 2 {
			cpu = "0"
		}
		if _, err := exec.LookPath("taskset"); err != nil {
			fmt.Fprintln(os.Stderr, "benchnow: no taskset: the benchmarks run unpinned")
		} else {
			pin = []string{"taskset", "-c", cpu}
		}
	}
	m.pin = strings.Join(pin, " ")

	tmp, err := os.MkdirTemp("", "benchnow")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bins, err := build(root, tmp, games)
	if err != nil {
		return err
	}
	res := &results{runs: map[string]map[string][]run{}}
	var raw bytes.Buffer
	for _, g := range games {
		sel, err := g.selection(root)
		if err != nil {
			return err
		}
		m.patterns = append(m.patterns, sel...)
		args := benchArgs(benchRegexp(sel), c.count, c.benchtime)
		fmt.Fprintf(os.Stderr, "benchnow: %s: %d benchmarks, %d runs of %s each\n", g.dir, len(sel), c.count, c.benchtime)
		r, err := runBench(filepath.Join(root, g.dir), bins[g.dir], pin, args, io.MultiWriter(&raw, os.Stderr))
		if err != nil {
			return err
		}
		res.merge(r)
	}
	m.loadEnd = loadavg()
	m.wall = time.Since(m.start)
	m.cpu = res.cpu

	block, err := render(m, res)
	if err != nil {
		return err
	}
	if c.raw != "" {
		if err := os.WriteFile(c.raw, raw.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if c.print {
		_, err := io.WriteString(os.Stdout, block)
		return err
	}
	// Read the file again: it may have been edited during the run.
	if doc, err = os.ReadFile(docPath); err != nil {
		return err
	}
	updated, err := replaceBlock(string(doc), block)
	if err != nil {
		return fmt.Errorf("%s: %w", docPath, err)
	}
	dest := docPath
	if c.out != "" {
		dest = c.out
	}
	if err := writeFile(dest, []byte(updated)); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "benchnow: wrote %s in %s\n", dest, m.wall.Round(time.Second))
	return nil
}

// command returns the command line that reruns the measure as c does.
func command(c config) string {
	s := fmt.Sprintf("go run ./internal/benchnow -count %d -benchtime %s", c.count, c.benchtime)
	if c.pin {
		s += " -pin"
	}
	return s
}

// writeFile replaces the file at path with data through a temporary file
// in the same directory, keeping the file's mode where it exists.
func writeFile(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".benchnow-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
