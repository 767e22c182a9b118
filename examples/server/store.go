package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cardrules/cardrules"
)

// storeVersion is the version of a table's file; a file of another
// version is skipped.
const storeVersion = 1

// tableFile is what the server keeps of a table on disk, in the file
// <id>.json of its data directory: enough to rebuild it the same after a
// restart. The table is dealt again from its game, preset, seats and seed
// and its actions are played again, so that it keeps its whole history
// (every event a seat asks for, and the game record at the end); its
// State is kept too, to check that the replay reaches it, and to load the
// table from if it does not (its history before then is lost: logged).
// The computer players are made again from their strength and the seed:
// a player that remembers (as a searching player may) starts afresh.
//
// The State holds every hidden card, so a leaked data directory tells
// every table's cards. It holds no token, only each token's SHA-256, so
// whoever reads it cannot play a seat (a token is 128 random bits: its
// hash cannot be reversed or guessed). The directory is made 0700 and each
// file 0600, for the server's user alone.
type tableFile struct {
	Version  int             `json:"version"`
	Game     string          `json:"game"`
	Rules    string          `json:"rules"`    // the preset the table was opened with, "" for the default
	Seats    int             `json:"seats"`    // the seats it was opened for, 0 for the preset's own
	Seed     uint64          `json:"seed"`     // the deal's, from which each computer player's seed is made
	Strength string          `json:"strength"` // the computer players'
	Client   string          `json:"client"`   // the address that created it, for the per-client limit
	Tokens   []string        `json:"tokens"`   // each seat's token's SHA-256 in hexadecimal, "" at a computer player's seat
	Actions  []string        `json:"actions"`  // the texts of the game's actions, every seat's, in order
	State    json.RawMessage `json:"state"`    // the Table's MarshalJSON after them
}

// errStore is the rule of a table the server could not write to its data
// directory: the request changed nothing.
var errStore = errors.New("the table could not be saved")

// store keeps tables in a data directory, one file each, or nowhere when
// its dir is "". It commits the writes of concurrent requests together:
// see commit.
type store struct {
	dir     string
	mu      sync.Mutex // guards pending and busy
	pending []*write   // the writes waiting for the next commit
	busy    bool       // a request is committing
	rounds  int        // the rounds committed, guarded by mu
}

// write is a table's file to write, and where to say it is on disk.
type write struct {
	name string
	data []byte
	done chan error
}

// tempPrefix starts the name of a file being written: a file left so by
// a crash is removed when the server starts.
const tempPrefix = ".tmp-"

// path is the file of the table id.
func (st *store) path(id string) string { return filepath.Join(st.dir, id+".json") }

// save writes the table tb, whose Table is t after the actions played,
// to its file atomically: a temporary file in the same directory, synced,
// then renamed over the old one, so a crash leaves the old file or the
// new one, never half of one. It does nothing without a directory.
func (st *store) save(tb *table, t cardrules.Table, played []string) error {
	if st.dir == "" {
		return nil
	}
	state, err := json.Marshal(t.State()) // the State alone: the file names its game
	if err != nil {
		return fail(errStore, err.Error())
	}
	f := tableFile{Version: storeVersion, Game: t.Game(), Rules: tb.rules, Seats: tb.seats, Seed: tb.seed, Strength: tb.strength,
		Client: tb.client, Actions: played, State: state}
	for _, h := range tb.tokens {
		f.Tokens = append(f.Tokens, hex.EncodeToString(h))
	}
	data, err := json.Marshal(f)
	if err != nil {
		return fail(errStore, err.Error())
	}
	if err := st.commit(st.path(tb.id), data); err != nil {
		return fail(errStore, err.Error())
	}
	return nil
}

// commit writes data to the file name atomically, and returns once it is
// on disk. Writes of concurrent requests are committed together: the
// first request to find no commit under way commits, in rounds, every
// write waiting, its own first, while the others wait for their round's
// end. A round writes each file through a temporary file, syncs them all,
// renames each over its table's file, then syncs the directory once: a
// crash leaves the old file or the new one, never half of one, and a
// request is answered only after its file is on disk.
func (st *store) commit(name string, data []byte) error {
	w := &write{name: name, data: data, done: make(chan error, 1)}
	st.mu.Lock()
	st.pending = append(st.pending, w)
	if st.busy {
		st.mu.Unlock()
		return <-w.done
	}
	st.busy = true
	for len(st.pending) > 0 {
		round := st.pending
		st.pending = nil
		st.rounds++
		st.mu.Unlock()
		writeRound(st.dir, round)
		st.mu.Lock()
	}
	st.busy = false
	st.mu.Unlock()
	return <-w.done
}

// writeRound writes the files of a round of writes in dir, as commit
// says, and tells each write its error.
func writeRound(dir string, round []*write) {
	tmps := make([]*os.File, len(round))
	errs := make([]error, len(round))
	var wg sync.WaitGroup
	for i, w := range round {
		tmp, err := os.CreateTemp(dir, tempPrefix+"*") // mode 0600
		if err != nil {
			errs[i] = err
			continue
		}
		tmps[i] = tmp
		if _, err := tmp.Write(w.data); err != nil {
			errs[i] = err
			continue
		}
		wg.Go(func() { errs[i] = tmp.Sync() }) // the system joins syncs under way into one
	}
	wg.Wait()
	for i, w := range round {
		tmp := tmps[i]
		if tmp == nil {
			continue
		}
		if err := tmp.Close(); errs[i] == nil {
			errs[i] = err
		}
		if errs[i] == nil {
			errs[i] = os.Rename(tmp.Name(), w.name)
		}
		if errs[i] != nil {
			os.Remove(tmp.Name())
		}
	}
	if d, err := os.Open(dir); err == nil { // the renames themselves, on disk
		d.Sync() // not every system syncs a directory: best effort
		d.Close()
	}
	for i, w := range round {
		w.done <- errs[i]
	}
}

// remove removes the file of the table id.
func (st *store) remove(id string) error {
	if st.dir == "" {
		return nil
	}
	if err := os.Remove(st.path(id)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// load makes the data directory if need be and reads back every table
// in it, last touched when its file was last written. A file that is not
// a table of this server's (corrupted, of another version, of a game or a
// strength the program does not know, foreign) is logged with logf and
// skipped, never removed; a temporary file left by a crash is removed.
func (st *store) load(logf func(format string, args ...any)) ([]*table, error) {
	if st.dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(st.dir, 0o700); err != nil {
		return nil, err
	}
	// A directory made before, or by someone else, is made the server's
	// user's alone: its listing names the tables.
	if err := os.Chmod(st.dir, 0o700); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(st.dir)
	if err != nil {
		return nil, err
	}
	var tables []*table
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(st.dir, name)
		switch {
		case strings.HasPrefix(name, tempPrefix):
			if err := os.Remove(path); err != nil {
				logf("data directory: %s: %v", name, err)
			}
			continue
		case e.IsDir() || !strings.HasSuffix(name, ".json"):
			logf("data directory: skipping %s: not a table's file", name)
			continue
		}
		tb, err := st.read(path, strings.TrimSuffix(name, ".json"), logf)
		if err != nil {
			logf("data directory: skipping %s: %v", name, err)
			continue
		}
		tables = append(tables, tb)
	}
	return tables, nil
}

// read reads the table id back from its file at path.
func (st *store) read(path, id string, logf func(format string, args ...any)) (*table, error) {
	if !isID(id) {
		return nil, errors.New("the name is no table's id")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var f tableFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	if f.Version != storeVersion {
		return nil, fmt.Errorf("version %d, not %d", f.Version, storeVersion)
	}
	t, played, err := f.table()
	if err != nil {
		// The State alone, without the history before it.
		if t, err = cardrules.Load(f.Game, f.State); err != nil {
			return nil, err
		}
		logf("data directory: %s.json: its actions do not replay to its state (%v): loaded from its state, without the events before it", id, err)
		played = nil
	}
	if len(f.Tokens) != t.Seats() {
		return nil, fmt.Errorf("%d tokens for %d seats", len(f.Tokens), t.Seats())
	}
	tb := &table{id: id, rules: f.Rules, seats: f.Seats, seed: f.Seed, strength: f.Strength, client: f.Client, touched: info.ModTime()}
	if tb.computers, err = computers(t, f.Strength, f.Seed, func(seat int) bool { return f.Tokens[seat] == "" }); err != nil {
		return nil, err
	}
	for seat, h := range f.Tokens {
		b, err := hex.DecodeString(h)
		if err != nil || h != "" && len(b) != sha256.Size {
			return nil, fmt.Errorf("seat %d's token is no SHA-256", seat)
		}
		tb.tokens = append(tb.tokens, b)
	}
	// A computer player to act plays on, in the thinkers, once the
	// server is open.
	tb.set(t, played)
	return tb, nil
}

// table deals f's table again and plays its actions, and returns it
// with the actions, or an error if it does not reach f's State.
func (f tableFile) table() (cardrules.Table, []string, error) {
	t, err := cardrules.Open(f.Game, f.Rules, f.Seats, f.Seed)
	if err != nil {
		return cardrules.Table{}, nil, err
	}
	for i, a := range f.Actions {
		if t, err = t.Apply(a); err != nil {
			return cardrules.Table{}, nil, fmt.Errorf("action %d (%s): %w", i+1, quote(a), err)
		}
	}
	state, err := json.Marshal(t.State())
	if err != nil {
		return cardrules.Table{}, nil, err
	}
	if !bytes.Equal(state, f.State) {
		return cardrules.Table{}, nil, errors.New("another state")
	}
	return t, f.Actions, nil
}

// isID reports whether s is a table id: 128 bits in lowercase
// hexadecimal.
func isID(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// hashToken is the SHA-256 of a token, as the server keeps it.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// DefaultDataDir is the data directory the server keeps its tables in
// when -data is not given: $XDG_STATE_HOME/cardrules-server, or
// ~/.local/state/cardrules-server when XDG_STATE_HOME is not set, or
// ./cardrules-data when there is no home directory either.
func DefaultDataDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "cardrules-server")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "state", "cardrules-server")
	}
	return "cardrules-data"
}
