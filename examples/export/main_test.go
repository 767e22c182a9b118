package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/examples/export/npy"
)

// encoded returns the registered games that have encodings.
func encoded(t *testing.T) []string {
	t.Helper()
	var games []string
	for _, name := range cardrules.Games() {
		if g, _ := cardrules.Lookup(name); g.Shape != nil {
			games = append(games, name)
		}
	}
	if len(games) == 0 {
		t.Skip("no game has encodings")
	}
	return games
}

// set is a set's files as read back.
type set struct {
	meta   meta
	obs    []float32
	mask   []bool
	action []int32
	seat   []int32
	step   []int32
	seed   []uint64
	points []float32
	won    []int32
}

// readArray reads the column name of the set in dir.
func readArray(t *testing.T, dir, name string) *npy.Array {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name+".npy"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := npy.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return a
}

// readSet reads the set in dir, checking each file's shape against its
// meta.json.
func readSet(t *testing.T, dir string) set {
	t.Helper()
	m, err := readMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	s := set{meta: m}
	for _, c := range columns {
		a := readArray(t, dir, c.name)
		if want := append([]int{m.Rows}, c.row(m.Shape)...); a.Dtype != c.dtype || !slices.Equal(a.Shape, want) {
			t.Fatalf("%s: %v %v, want %v %v", c.name, a.Dtype, a.Shape, c.dtype, want)
		}
		switch c.name {
		case "observation":
			s.obs, err = a.Float32()
		case "mask":
			s.mask, err = a.Bool()
		case "action":
			s.action, err = a.Int32()
		case "seat":
			s.seat, err = a.Int32()
		case "step":
			s.step, err = a.Int32()
		case "seed":
			s.seed, err = a.Uint64()
		case "points":
			s.points, err = a.Float32()
		case "won":
			s.won, err = a.Int32()
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
	return s
}

// exportTo runs an export of o into a new directory and returns the
// set's directory.
func exportTo(t *testing.T, o options) string {
	t.Helper()
	if o.Dir == "" {
		o.Dir = t.TempDir()
	}
	o.Limit, o.Workers = max(o.Limit, defaultLimit), max(o.Workers, 2)
	m, _, err := export(o)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(o.Dir, m.name())
}

// The files read back exactly what encoding the same seeded games
// gives, played anew by cardrules.RunTable: every decision's
// observation, mask, action id, seat and step, and every game's seed and
// outcome. Every game with encodings.
func TestExportReadsBack(t *testing.T) {
	for _, game := range encoded(t) {
		t.Run(game, func(t *testing.T) {
			o := options{Game: game, Strengths: []string{"random"}, First: 7, Games: 2}
			if game == "rummy" || game == "doublets" {
				o.Strengths = []string{"heuristic"}
			}
			s := readSet(t, exportTo(t, o))
			if s.meta.Games != 2 || s.meta.First != 7 || s.meta.Last != 8 || s.meta.Rows == 0 {
				t.Fatalf("meta %+v", s.meta)
			}
			size, actions := s.meta.Shape.Size(), s.meta.Shape.Actions
			obs, mask := make([]float32, size), make([]bool, actions)
			row := 0
			for seed := o.First; seed <= s.meta.Last; seed++ {
				tb, err := o.open(seed)
				if err != nil {
					t.Fatal(err)
				}
				players, err := o.players(tb.Seats(), seed)
				if err != nil {
					t.Fatal(err)
				}
				var failed error
				check := func(seat int, text string, before cardrules.Table) {
					if failed != nil {
						return
					}
					id, err := before.ActionID(text)
					if err == nil {
						err = before.Encode(seat, obs, mask)
					}
					switch {
					case err != nil:
						failed = err
					case row >= s.meta.Rows:
						failed = errors.New("more decisions than rows")
					case !slices.Equal(obs, s.obs[row*size:(row+1)*size]):
						failed = errors.New("observation differs")
					case !slices.Equal(mask, s.mask[row*actions:(row+1)*actions]):
						failed = errors.New("mask differs")
					case s.action[row] != int32(id) || s.seat[row] != int32(seat) || s.step[row] != int32(before.Seq()) || s.seed[row] != seed:
						failed = errors.New("action, seat, step or seed differs")
					}
					if failed != nil {
						failed = fmt.Errorf("row %d, %q: %w", row, text, failed)
					}
					row++
				}
				before := tb
				end, err := cardrules.RunTable(tb, players, cardrules.Options[cardrules.Table, string]{Observe: func(seat int, text string, next cardrules.Table) {
					check(seat, text, before)
					before = next
				}})
				if err != nil || failed != nil {
					t.Fatalf("seed %d: %v %v", seed, err, failed)
				}
				for r := row - 1; r >= 0 && s.seed[r] == seed; r-- {
					o := end.Outcomes()[s.seat[r]]
					if s.points[r] != float32(o.Points) || (s.won[r] == 1) != o.Won || s.won[r] > 1 {
						t.Fatalf("row %d: points %v won %d, want %+v", r, s.points[r], s.won[r], o)
					}
				}
			}
			if row != s.meta.Rows {
				t.Fatalf("%d rows, %d decisions", s.meta.Rows, row)
			}
		})
	}
}

// Sets of seed ranges merged, given in any order, are byte for byte the
// set of one run over the whole range.
func TestMergeEqualsOneRun(t *testing.T) {
	game := encoded(t)[0]
	if slices.Contains(encoded(t), "rummy") {
		game = "rummy"
	}
	o := options{Game: game, Strengths: []string{"heuristic"}, Dir: t.TempDir()}
	shard := func(first uint64, games int) string {
		o.First, o.Games = first, games
		return exportTo(t, o)
	}
	a, b, c := shard(3, 2), shard(5, 1), shard(6, 2)
	whole := exportTo(t, options{Game: game, Strengths: []string{"heuristic"}, First: 3, Games: 5})
	dir := t.TempDir()
	var out bytes.Buffer
	if err := command([]string{"-merge", "-dir", dir, c, a, b}, &out, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	merged := filepath.Join(dir, filepath.Base(whole))
	if !strings.Contains(out.String(), "wrote "+merged) {
		t.Errorf("the merge says %q, not that it wrote %s", out.String(), merged)
	}
	for _, name := range []string{"meta.json", "observation.npy", "mask.npy", "action.npy", "seat.npy", "step.npy", "seed.npy", "points.npy", "won.npy"} {
		got, err := os.ReadFile(filepath.Join(merged, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(whole, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the merged file (%d bytes) is not the whole run's (%d bytes)", name, len(got), len(want))
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the merge left %d entries in its directory, want the set alone", len(entries))
	}

	// Sets that do not tile a range, or of other players, do not merge,
	// and leave nothing behind.
	other := exportTo(t, options{Game: game, Strengths: []string{"random"}, First: 8, Games: 1})
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "meta.json"), []byte(`{"game": "rummy", "games": 0}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sets []string
		want string
	}{
		{[]string{a, c}, "seeds 5 to 5 are missing"},
		{[]string{a, whole}, "overlap"},
		{[]string{c, other}, "other games or players"},
		{[]string{a, t.TempDir()}, "is no set"},
		{[]string{broken}, "0 games"},
		{[]string{merged}, "exists"},
	} {
		dir := filepath.Dir(merged)
		if err := command(append([]string{"-merge", "-dir", dir}, c.sets...), &out, &out); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("merging %v: %v, want an error saying %q", c.sets, err, c.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("merging %v left %d entries, want the merged set alone", c.sets, len(entries))
		}
	}
}

// A command line export does not understand is an error saying why.
func TestCommandLine(t *testing.T) {
	game := encoded(t)[0]
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-seeds", "5"}, "not first:end"},
		{[]string{"-seeds", "5:5"}, "must be after"},
		{[]string{"-seeds", "x:9"}, "not first:end"},
		{[]string{"-seeds", "1:3", "-games", "2"}, "not both"},
		{[]string{"-rules", `"basic"`, "-preset", "basic"}, "not both"},
		{[]string{"-games", "0"}, "at least one"},
		{[]string{"-limit", "0"}, "1 or more"},
		{[]string{"-merge", "-game", "rummy", "x"}, "-merge takes"},
		{[]string{"-merge"}, "names no set"},
		{[]string{"stray"}, "unexpected arguments"},
		{[]string{"-nosuchflag"}, "not defined"},
		{[]string{"-game", "chess"}, "no game has this name"},
		{[]string{"-game", game, "-strengths", "heuristic,random,random,random,random,random,random,random,random"}, "9 strengths"},
		{[]string{"-game", "canasta", "-strengths", "heuristic,random,random"}, "3 strengths for a table of 4 seats"},
		{[]string{"-seeds", "0:99999999999"}, "at most 2^31-1 games"},
		{[]string{"-game", game, "-strengths", "grandmaster"}, "grandmaster"},
		{[]string{"-game", game, "-preset", "nosuchpreset"}, "nosuchpreset"},
	} {
		var out bytes.Buffer
		err := command(append([]string{"-dir", dir}, c.args...), &out, &out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error saying %q", c.args, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused command lines left %d entries", len(entries))
	}
	// A game without encodings is ErrEncoding's error, before any game.
	for _, name := range cardrules.Games() {
		if g, _ := cardrules.Lookup(name); g.Shape == nil {
			err := command([]string{"-dir", dir, "-game", name, "-games", "1"}, &bytes.Buffer{}, &bytes.Buffer{})
			if !errors.Is(err, cardrules.ErrEncoding) || !strings.Contains(err.Error(), name) {
				t.Errorf("%s, which has no encodings: %v", name, err)
			}
		}
	}
	// A good command line says what it wrote, and refuses to write it
	// again.
	var out bytes.Buffer
	args := []string{"-dir", dir, "-game", game, "-seeds", "10:12", "-workers", "1"}
	if err := command(args, &out, &out); err != nil {
		t.Fatal(err)
	}
	if want := "2 games, seeds 10 to 11\n"; !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "wrote "+filepath.Join(dir, game+"-seeds-10-11")) {
		t.Errorf("the export says %q", out.String())
	}
	if err := command(args, &out, &out); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("an export over a set: %v", err)
	}
	// House rules, here a preset named as JSON, are kept in meta.json.
	out.Reset()
	if err := command([]string{"-dir", dir, "-game", "rummy", "-rules", `"basic-3"`, "-seeds", "1:2", "-strengths", "random"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	m, err := readMeta(filepath.Join(dir, "rummy-seeds-1-1"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Seats != 3 || string(m.Rules) != `"basic-3"` || m.Preset != "" || !slices.Equal(m.Strengths, []string{"random", "random", "random"}) {
		t.Errorf("the meta of house rules: %+v", m)
	}
	if err := command([]string{"-dir", dir, "-game", "rummy", "-rules", `{"players": 2`}, &out, &out); err == nil {
		t.Error("malformed house rules: no error")
	}
}
