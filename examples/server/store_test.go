package main

import (
	"bytes"
	"encoding/json"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
)

// openTest opens a Server of cfg, closed when the test ends, and serves
// it behind httptest.
func openTest(t *testing.T, cfg Config) (*Server, client) {
	t.Helper()
	srv, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, serveTest(t, srv)
}

// dirNames returns the names of the files in dir, sorted, but the
// journals'.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Name() != journalName && e.Name() != oldJournalName {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestRestart plays a table halfway, stops the server, starts another on
// the same data directory and plays the table on to the end with the
// same tokens. Nothing is lost: the View is the same across the restart,
// and the events and the game record at the end tell the whole game from
// its deal, the actions before the restart those an uninterrupted server
// plays. (The computer players are made again from their seeds: they
// break ties afresh, so the game may go another way after the restart.)
func TestRestart(t *testing.T) {
	req := createRequest{Game: "rummy", Seats: 3, Humans: intp(1), Seed: seedp(41)}
	_, whole := newTestServer(t)
	want, err := whole.playGame(req, 0)
	if err != nil || want.record == nil {
		t.Fatalf("the uninterrupted game: %v", err)
	}

	dir := t.TempDir()
	first, c := openTest(t, Config{Dir: dir})
	p, err := c.playGame(req, 6)
	if err != nil {
		t.Fatal(err)
	}
	path, token := "/tables/"+p.table.ID, p.table.Tokens[0].Token
	before, err := c.expect(http.StatusOK, "GET", path+"/view", token, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// One file, the table's, for its user alone, with no token in it.
	if names := dirNames(t, dir); !slices.Equal(names, []string{p.table.ID + ".json"}) {
		t.Fatalf("the data directory holds %q", names)
	}
	file := filepath.Join(dir, p.table.ID+".json")
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("the table's file has mode %v, not 0600", info.Mode().Perm())
	}
	data, _ := os.ReadFile(file)
	if bytes.Contains(data, []byte(token)) {
		t.Error("the table's file holds its seat's token")
	}
	played := seqOf(tableOf(t, first, p.table.ID))
	first.Close()

	second, c := openTest(t, Config{Dir: dir})
	if second.Len() != 1 {
		t.Fatalf("the new server holds %d tables, not 1", second.Len())
	}
	after, err := c.expect(http.StatusOK, "GET", path+"/view", token, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("the View changed across the restart:\n%s\n%s", before, after)
	}
	if _, err := c.expect(http.StatusForbidden, "GET", path+"/view", strings.Repeat("0", 32), nil, nil); err != nil {
		t.Error(err)
	}
	if err := c.play(&p, 0); err != nil {
		t.Fatal(err)
	}
	if p.record == nil {
		t.Fatal("the game did not end after the restart")
	}
	tb := tableOf(t, second, p.table.ID)
	if p.actions != seqOf(tb) {
		t.Errorf("the events after the restart list %d actions, the table played %d", p.actions, seqOf(tb))
	}
	if r := locked(tb, func(g cardrules.Table) error2 { return error2{nil, replayed(g, p.record)} }); r.err != nil {
		t.Errorf("the record does not replay to the final state (%v):\n%s", r.err, p.record)
	}
	// The record's head (rules, seed) and its actions before the restart.
	head := func(rec []byte) string {
		return strings.Join(strings.SplitAfterN(string(rec), "\n", played+4)[:played+3], "")
	}
	if head(p.record) != head(want.record) {
		t.Errorf("the game's first %d actions across a restart:\n%s\nwithout a restart:\n%s", played, head(p.record), head(want.record))
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{p.table.ID + ".json"}) {
		t.Errorf("after the game the data directory holds %q", names)
	}
}

// TestDataDirBadFiles starts a server on a data directory holding, beside
// a table, files that are no table of its: each is logged and skipped,
// none removed but a temporary file a crash left; the table is served.
func TestDataDirBadFiles(t *testing.T) {
	dir := t.TempDir()
	first, c := openTest(t, Config{Dir: dir})
	var good createResponse
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "canasta", Seed: seedp(42)}, &good); err != nil {
		t.Fatal(err)
	}
	first.Close()
	data, err := os.ReadFile(filepath.Join(dir, good.ID+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var f tableFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	edit := func(change func(f *tableFile)) string {
		g := f
		g.Tokens = slices.Clone(f.Tokens)
		change(&g)
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	id := func(n int) string { return strings.Repeat("0123456789abcdef"[n:n+1], 32) + ".json" }
	bad := map[string]string{
		"notes.txt":      "hello",
		"no-id.json":     string(data),
		id(0):            string(data[:len(data)/2]),
		id(1):            `[1, 2, 3]`,
		id(2):            edit(func(f *tableFile) { f.Version = 9 }),
		id(3):            edit(func(f *tableFile) { f.Game = "bridge" }),
		id(4):            edit(func(f *tableFile) { f.Strength = "genius" }),
		id(5):            edit(func(f *tableFile) { f.State = json.RawMessage(`{"rules": 7}`) }),
		id(6):            edit(func(f *tableFile) { f.Tokens = f.Tokens[:2] }),
		id(7):            edit(func(f *tableFile) { f.Tokens[0] = "xyz" }),
		id(8):            edit(func(f *tableFile) { f.State = json.RawMessage(`null`) }),
		tempPrefix + "1": string(data),
	}
	for name, text := range bad {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	srv, c := openTest(t, Config{Dir: dir, Log: log.New(&logged, "", 0)})
	if srv.Len() != 1 {
		t.Errorf("%d tables loaded, not 1", srv.Len())
	}
	if _, err := c.expect(http.StatusOK, "GET", "/tables/"+good.ID+"/view", good.Tokens[0].Token, nil, nil); err != nil {
		t.Error(err)
	}
	for name := range bad {
		_, err := os.Stat(filepath.Join(dir, name))
		switch {
		case strings.HasPrefix(name, tempPrefix):
			if err == nil {
				t.Errorf("the temporary file %s was left", name)
			}
		case err != nil:
			t.Errorf("%s was removed: %v", name, err)
		case !strings.Contains(logged.String(), "skipping "+name+": "):
			t.Errorf("%s was not logged as skipped:\n%s", name, logged.String())
		}
	}
	t.Logf("logged:\n%s", logged.String())
}

// TestMemoryOnly checks that a server without a data directory writes
// nothing, and that one whose directory cannot be made is an error, not a
// crash.
func TestMemoryOnly(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	_, c := newTestServer(t)
	if _, err := c.playGame(createRequest{Game: "doublets", Seed: seedp(43)}, 3); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("a server in memory wrote %q", names)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Config{Dir: filepath.Join(file, "data")}); err == nil {
		t.Error("a data directory under a file opened")
	}
}

// TestSaveFails checks that an action the server cannot write to its
// data directory is refused with 500 and changes nothing, and that the
// table plays on once the directory is back.
func TestSaveFails(t *testing.T) {
	dir := t.TempDir()
	srv, c := openTest(t, Config{Dir: dir})
	tbl := create(t, c, createRequest{Game: "rummy", Seed: seedp(44)})
	tb := tableOf(t, srv, tbl.ID)
	token := tbl.Tokens[0].Token
	before := viewOf(t, tb, 0)
	legal := legalOf(t, before)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	status, body, err := c.call("POST", "/tables/"+tbl.ID+"/actions", token, map[string]string{"text": legal[0]})
	var e errorBody
	if err != nil || json.Unmarshal(body, &e) != nil || status != http.StatusInternalServerError || e.Rule != "Storage" {
		t.Errorf("an action that cannot be saved: %d %s %v, want 500 Storage", status, body, err)
	}
	if after := viewOf(t, tb, 0); !bytes.Equal(before, after) {
		t.Errorf("the table changed:\n%s\n%s", before, after)
	}
	if _, err := c.expect(http.StatusInternalServerError, "POST", "/tables", "", createRequest{Game: "rummy"}, nil); err != nil || srv.Len() != 1 {
		t.Errorf("a table that cannot be saved: %v; %d tables", err, srv.Len())
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := c.expect(http.StatusOK, "POST", "/tables/"+tbl.ID+"/actions", token, map[string]string{"text": legal[0]}, nil); err != nil {
		t.Error(err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{tbl.ID + ".json"}) {
		t.Errorf("the data directory holds %q", names)
	}
}
