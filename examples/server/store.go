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
	"time"

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

	// Used by the request committing alone:
	checkpointing bool            // a checkpoint is under way, guarded by mu
	removed       map[string]bool // the tables removed while it is, guarded by mu
	stuck         bool            // a checkpoint failed: the old journal stays, and no other starts; guarded by mu

	journal *os.File          // the journal, open to append; nil until the first round
	size    int64             // its size
	dirty   map[string][]byte // the last file of each table written since the last checkpoint, by id
	known   map[string]bool   // the tables whose file is in the directory, by id
}

// write is a table's file to write (or to remove, when data is nil),
// and where to say it is on disk: done, or then, called in a goroutine
// of its own.
type write struct {
	id   string
	name string
	data []byte
	done chan error
	then func(error)
}

// tempPrefix starts the name of a file being written: a file left so by
// a crash is removed when the server starts.
const tempPrefix = ".tmp-"

// path is the file of the table id.
func (st *store) path(id string) string { return filepath.Join(st.dir, id+".json") }

// save writes the table tb, whose Table is t after the actions played,
// to its file, through the journal (see commit), and returns once it is
// on disk. It does nothing without a directory.
func (st *store) save(tb *table, t cardrules.Table, played []string) error {
	if st.dir == "" {
		return nil
	}
	data, err := st.encode(tb, t, played)
	if err != nil {
		return err
	}
	if err := st.commit(tb.id, data); err != nil {
		return fail(errStore, err.Error())
	}
	return nil
}

// saveThen is save that returns at once, and calls then, in a goroutine
// of its own, once the file is on disk, or with the error. The store
// must have a directory.
func (st *store) saveThen(tb *table, t cardrules.Table, played []string, then func(error)) {
	data, err := st.encode(tb, t, played)
	if err != nil {
		go then(err)
		return
	}
	st.enqueue(&write{id: tb.id, name: st.path(tb.id), data: data, then: func(err error) {
		if err != nil {
			err = fail(errStore, err.Error())
		}
		then(err)
	}})
}

// encode returns the JSON of the file of the table tb, whose Table is t
// after the actions played.
func (st *store) encode(tb *table, t cardrules.Table, played []string) ([]byte, error) {
	state, err := json.Marshal(t.State()) // the State alone: the file names its game
	if err != nil {
		return nil, fail(errStore, err.Error())
	}
	f := tableFile{Version: storeVersion, Game: t.Game(), Rules: tb.rules, Seats: tb.seats, Seed: tb.seed, Strength: tb.strength,
		Client: tb.client, Actions: played, State: state}
	for _, h := range tb.tokens {
		f.Tokens = append(f.Tokens, hex.EncodeToString(h))
	}
	data, err := json.Marshal(f)
	if err != nil {
		return nil, fail(errStore, err.Error())
	}
	return data, nil
}

// commit writes data to the file of the table id (or removes the file,
// when data is nil), and returns once it is on disk. Writes of concurrent
// requests are committed together: the first request to find no commit
// under way commits every write waiting, its own among them, in one
// round, while the others wait for the round's end; the writes that came
// meanwhile are committed in the next round, by a goroutine. A round
// syncs the journal once for all its writes (see writeRound): a request
// is answered only after its file is on disk, and a crash leaves the old
// file or the new one, never half of one.
func (st *store) commit(id string, data []byte) error {
	w := &write{id: id, name: st.path(id), data: data, done: make(chan error, 1)}
	st.mu.Lock()
	st.pending = append(st.pending, w)
	if st.busy {
		st.mu.Unlock()
		return <-w.done
	}
	st.busy = true
	st.mu.Unlock()
	st.lead(true)
	return <-w.done
}

// enqueue adds w to the next round, and starts a goroutine to commit it
// if no commit is under way.
func (st *store) enqueue(w *write) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.pending = append(st.pending, w)
	if !st.busy {
		st.busy = true
		go st.lead(false)
	}
}

// flush waits until the writes waiting and under way are on disk, and
// the checkpoint under way is done.
func (st *store) flush() {
	for {
		st.mu.Lock()
		busy := st.busy || st.checkpointing
		st.mu.Unlock()
		if !busy {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// lead commits rounds of the writes waiting until there is none; a
// request commits one round only, its own, and leaves the next to a
// goroutine. The store must be busy, and not locked.
func (st *store) lead(request bool) {
	st.mu.Lock()
	for len(st.pending) > 0 {
		round := st.pending
		st.pending = nil
		st.rounds++
		st.mu.Unlock()
		st.writeRound(round)
		st.mu.Lock()
		if request && len(st.pending) > 0 {
			go st.lead(false)
			st.mu.Unlock()
			return
		}
	}
	st.busy = false
	st.mu.Unlock()
}

// journalName is the file of the store's journal, in its directory, and
// oldJournalName the journal a checkpoint under way writes out.
const (
	journalName    = "journal"
	oldJournalName = "journal.old"
)

// checkpointSize is the size of the journal beyond which a round
// starts a checkpoint (see rotate): the files written since the last
// checkpoint are written, synced, and the journal removed. It bounds the
// files kept in memory till then.
const checkpointSize = 32 << 20

// journalRecord is a line of the journal: a table's file, or its
// removal.
type journalRecord struct {
	ID      string          `json:"id"`
	File    json.RawMessage `json:"file,omitempty"`
	Removed bool            `json:"removed,omitempty"`
}

// writeRound writes a round of writes, as commit says, and tells each
// write its error. It appends the round's files to the journal and syncs
// it, once for them all: the round is on disk. A table's file is written
// then only if it is not in the directory yet (a temporary file renamed,
// unsynced); the others are written at the next checkpoint, from the last
// file of each kept in memory till then, and are put right by the
// journal after a crash (see replay). A removal removes the file at
// once.
func (st *store) writeRound(round []*write) {
	var journal []byte
	for _, w := range round {
		journal = appendRecord(journal, w.id, w.data)
	}
	err := st.append(journal)
	errs := make([]error, len(round))
	for i, w := range round {
		switch {
		case err != nil:
			errs[i] = err
		case w.data == nil:
			delete(st.dirty, w.id)
			delete(st.known, w.id)
			st.mu.Lock()
			if st.checkpointing {
				st.removed[w.id] = true // for the checkpoint, which may write it
			}
			st.mu.Unlock()
			if err := os.Remove(w.name); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs[i] = err
			}
		default:
			st.dirty[w.id] = w.data
			if !st.known[w.id] {
				// On disk in the journal: a failed write is put right by
				// the replay, or by the checkpoint.
				if writeFile(st.dir, w.name, w.data, false) == nil {
					st.known[w.id] = true
				}
			}
		}
	}
	if err == nil && st.size > checkpointSize {
		st.rotate()
	}
	for i, w := range round {
		if w.then != nil {
			go w.then(errs[i])
		} else if w.done != nil {
			w.done <- errs[i]
		}
	}
}

// appendRecord appends the journal's line of the file data of the table
// id (its removal, when data is nil) to journal.
func appendRecord(journal []byte, id string, data []byte) []byte {
	line, _ := json.Marshal(journalRecord{ID: id, File: data, Removed: data == nil})
	return append(append(journal, line...), '\n')
}

// writeFile writes data to the file name in dir through a temporary
// file renamed over it, synced first if sync.
func writeFile(dir, name string, data []byte, sync bool) error {
	tmp, err := os.CreateTemp(dir, tempPrefix+"*") // mode 0600
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil && sync {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// append appends the lines to the journal and syncs it. It opens the
// journal again if its file is not the one in the directory (the
// directory was removed), writing there first the files not yet
// checkpointed. The store must be busy.
func (st *store) append(lines []byte) error {
	path := filepath.Join(st.dir, journalName)
	if st.journal != nil {
		a, err1 := st.journal.Stat()
		b, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(a, b) {
			st.journal.Close()
			st.journal = nil
		}
	}
	if st.dirty == nil {
		st.dirty, st.known = map[string][]byte{}, map[string]bool{}
	}
	if st.journal == nil {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		info, err := f.Stat()
		if err != nil {
			f.Close()
			return err
		}
		st.journal, st.size, st.known = f, info.Size(), map[string]bool{}
		syncDir(st.dir) // the journal itself
		var old []byte
		for id, data := range st.dirty {
			old = appendRecord(old, id, data)
		}
		lines = append(old, lines...)
	}
	_, err := st.journal.Write(lines)
	if err == nil {
		err = st.journal.Sync()
	}
	if err != nil {
		st.journal.Truncate(st.size) // no torn line for the next round to follow
		return err
	}
	st.size += int64(len(lines))
	return nil
}

// checkpoint writes the table files not yet written, each synced, syncs
// the directory, then empties the journal. The store must be busy.
func (st *store) checkpoint() {
	for id, data := range st.dirty {
		if err := writeFile(st.dir, st.path(id), data, true); err != nil {
			return // the journal keeps them
		}
		st.known[id] = true
	}
	syncDir(st.dir)
	if err := st.journal.Truncate(0); err == nil && st.journal.Sync() == nil {
		st.size, st.dirty = 0, map[string][]byte{}
	}
}

// rotate starts a checkpoint in a goroutine of its own, unless one is
// under way: the journal becomes the old journal, which the checkpoint
// removes once it has written and synced the files it holds, and the
// next rounds go to a new journal. The store must be busy.
func (st *store) rotate() {
	st.mu.Lock()
	running := st.checkpointing || st.stuck
	st.mu.Unlock()
	if running {
		return
	}
	path, old := filepath.Join(st.dir, journalName), filepath.Join(st.dir, oldJournalName)
	if err := os.Rename(path, old); err != nil {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		os.Rename(old, path)
		return
	}
	syncDir(st.dir)
	st.journal.Close()
	files := st.dirty
	st.journal, st.size, st.dirty = f, 0, map[string][]byte{}
	st.mu.Lock()
	st.checkpointing, st.removed = true, map[string]bool{}
	st.mu.Unlock()
	go func() {
		done := true
		for id, data := range files {
			st.mu.Lock()
			gone := st.removed[id]
			st.mu.Unlock()
			if gone {
				continue
			}
			if err := writeFile(st.dir, st.path(id), data, true); err != nil {
				done = false // the old journal is kept, for the replay
				break
			}
		}
		syncDir(st.dir)
		if done && os.Remove(old) == nil {
			syncDir(st.dir)
		}
		st.mu.Lock()
		defer st.mu.Unlock()
		for id := range st.removed {
			os.Remove(st.path(id)) // written again while removed
		}
		st.removed = nil
		st.checkpointing, st.stuck = false, !done // a checkpoint that failed stops the next
	}()
}

// close waits for the writes under way, checkpoints and closes the
// journal. A store closed opens it again for its next write.
func (st *store) close() {
	st.flush()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.busy || st.journal == nil {
		return
	}
	st.checkpoint()
	st.journal.Close()
	st.journal = nil
}

// syncDir syncs the directory: its names, on disk. Not every system
// syncs a directory: best effort.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// replay writes back the files of the journals left by a server that
// stopped (the old one, if a checkpoint was under way, then the other),
// each table's last, synced, then empties them. A torn
// last line, of a round cut by a crash and never acknowledged, is
// skipped.
func (st *store) replay(logf func(format string, args ...any)) error {
	path, old := filepath.Join(st.dir, journalName), filepath.Join(st.dir, oldJournalName)
	var data []byte
	for _, name := range []string{old, path} { // the old journal first
		b, err := os.ReadFile(name)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		data = append(data, b...)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			data = append(data, '\n') // a torn line ends there
		}
	}
	if len(data) == 0 {
		return nil
	}
	last := map[string]journalRecord{}
	for line := range bytes.Lines(data) {
		var r journalRecord
		if err := json.Unmarshal(line, &r); err != nil || !isID(r.ID) {
			logf("data directory: journal: skipping a line: %v", err)
			continue
		}
		last[r.ID] = r
	}
	for id, r := range last {
		name := st.path(id)
		if r.Removed {
			if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
			continue
		}
		if err := writeFile(st.dir, name, r.File, true); err != nil {
			return err
		}
	}
	syncDir(st.dir)
	if err := os.Remove(old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return os.Truncate(path, 0)
}

// remove removes the file of the table id, through the journal.
func (st *store) remove(id string) error {
	if st.dir == "" {
		return nil
	}
	return st.commit(id, nil)
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
	if err := st.replay(logf); err != nil {
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
		case name == journalName || name == oldJournalName:
			continue
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
