package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
)

// The reproducers of issue 37: what a client could do to the server's
// other clients.

// createFrom creates a table of req as the client of the address addr
// ("192.0.2.7:1234") and returns the status and the answer.
func createFrom(t *testing.T, srv *Server, addr string, req createRequest) (int, createResponse) {
	t.Helper()
	body, _ := json.Marshal(req)
	r := httptest.NewRequest("POST", "/tables", bytes.NewReader(body))
	r.RemoteAddr = addr
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	var resp createResponse
	if w.Code == http.StatusCreated {
		if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil {
			t.Fatal(err)
		}
	}
	return w.Code, resp
}

// TestSlowReaderHoldsNoLock has a seat pipeline many requests for the
// whole history and never read the answers, and checks that the table's
// other requests are answered meanwhile: an answer is written once the
// table's lock is released.
func TestSlowReaderHoldsNoLock(t *testing.T) {
	srv := NewServer()
	t.Cleanup(srv.Close)
	c := serveTest(t, srv)
	c.http.Timeout = 10 * time.Second
	p, err := c.playGame(createRequest{Game: "rummy", Humans: intp(2), Seed: seedp(71)}, 40)
	if err != nil {
		t.Fatal(err)
	}
	path := "/tables/" + p.table.ID
	token := p.table.Tokens[0].Token
	_, events, err := c.call("GET", path+"/happened?since=0", token, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Enough answers to fill the connection's buffers many times.
	n := min(20_000, 64<<20/len(events))
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	request := "GET " + path + "/happened?since=0 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token + "\r\n\r\n"
	go conn.Write([]byte(strings.Repeat(request, n))) // never read
	for i := range 50 {
		if _, err := c.expect(http.StatusOK, "GET", path+"/view", p.table.Tokens[1].Token, nil, nil); err != nil {
			t.Fatalf("view %d, while a seat reads nothing of %d answers of %d bytes: %v", i, n, len(events), err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// blocking is a computer player that, at each decision, says it thinks
// and waits to be let go.
type blocking struct {
	cardrules.Computer
	thinking, release chan struct{}
}

func (b blocking) Play(t cardrules.Table) (cardrules.Table, string, error) {
	b.thinking <- struct{}{}
	<-b.release
	return b.Computer.Play(t)
}

// TestThinkingHoldsNoLock checks that the table's lock is free while its
// computer player thinks: the person's action is answered at once, and
// the person's views while the computer player thinks; the computer
// player's action comes after.
func TestThinkingHoldsNoLock(t *testing.T) {
	srv, c := newTestServer(t)
	c.http.Timeout = 10 * time.Second
	tbl := create(t, c, createRequest{Game: "rummy", Seed: seedp(72)})
	settle(t, srv, tbl.ID)
	tb := tableOf(t, srv, tbl.ID)
	b := blocking{thinking: make(chan struct{}), release: make(chan struct{})}
	tb.mu.Lock()
	b.Computer = tb.computers[1]
	tb.computers[1] = b
	tb.mu.Unlock()
	path, token := "/tables/"+tbl.ID, tbl.Tokens[0].Token
	chooser, err := cardrules.NewComputer("rummy", "heuristic", 1)
	if err != nil {
		t.Fatal(err)
	}
	// Seat 0 plays until the computer player is to act.
	for toActOf(tb) == 0 {
		view := viewOf(t, tb, 0)
		text, err := chooser.Choose(view)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.expect(http.StatusOK, "POST", path+"/actions", token, map[string]string{"text": text}, nil); err != nil {
			t.Fatalf("an action while the computer player is to act: %v", err)
		}
	}
	<-b.thinking
	seq := seqOf(tb)
	for _, p := range []string{"/view", "/happened?since=0", "/view?wait=0"} {
		body, err := c.expect(http.StatusOK, "GET", path+p, token, nil, nil)
		if err != nil {
			t.Fatalf("GET %s while the computer player thinks: %v", p, err)
		}
		if p == "/view" {
			if seat, err := toAct(body); err != nil || seat != 1 {
				t.Errorf("the view says seat %d is to act (%v), not the computer player", seat, err)
			}
		}
	}
	// The computer player acts once let go (the game may end then).
	go func() {
		for {
			select {
			case b.release <- struct{}{}:
			case <-b.thinking:
			case <-time.After(30 * time.Second):
				return
			}
		}
	}()
	view, err := c.expect(http.StatusOK, "GET", path+"/view?wait=1", token, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if seat, err := toAct(view); err != nil || seat == 1 || seqOf(tb) <= seq {
		t.Errorf("after the wait, seat %d is to act (%v), %d actions from %d", seat, err, seqOf(tb), seq)
	}
}

// TestThinkBudget checks that a client's computer players think only
// while its budget lasts, whatever the number of its tables: tables of
// computer players alone, created at once (the create returns before
// their game is played), pause when it is spent, and play on once it is
// refilled; another client's table plays meanwhile.
func TestThinkBudget(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	srv, err := Open(Config{ThinkPerMinute: time.Millisecond, Thinkers: 2, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	var ids []string
	for range 3 {
		status, tbl := createFrom(t, srv, "192.0.2.1:1000", createRequest{Game: "handfoot", Humans: intp(0), Seed: seedp(73)})
		if status != http.StatusCreated {
			t.Fatalf("create: %d", status)
		}
		ids = append(ids, tbl.ID)
	}
	// paused waits until the n tables of ids are paused.
	paused := func(n int) {
		t.Helper()
		for wait := time.Now(); ; time.Sleep(5 * time.Millisecond) {
			got := 0
			var tbs []*table
			for _, id := range ids {
				tbs = append(tbs, tableOf(t, srv, id))
			}
			srv.qmu.Lock()
			for _, tb := range tbs {
				if _, ok := srv.paused[tb]; ok {
					got++
				}
			}
			srv.qmu.Unlock()
			if got == n {
				return
			}
			if time.Since(wait) > 20*time.Second {
				for _, id := range ids {
					tb := tableOf(t, srv, id)
					t.Logf("table %s: %d actions, over %v", id, seqOf(tb), overOf(tb))
				}
				t.Fatalf("%d tables paused, not %d", got, n)
			}
		}
	}
	paused(3)
	seqs := func() (sum int) {
		for _, id := range ids {
			tb := tableOf(t, srv, id)
			if overOf(tb) {
				t.Fatalf("table %s is over on a budget of 1 ms", id)
			}
			sum += seqOf(tb)
		}
		return sum
	}
	before := seqs()
	srv.mu.Lock()
	spent, left := srv.clients["192.0.2.1"].spent, srv.clients["192.0.2.1"].think
	srv.mu.Unlock()
	t.Logf("%d actions in %v of thinking, %.3f s left", before, spent, left)
	if left > 0 {
		t.Errorf("the tables paused with %.3f s of the budget left", left)
	}
	if srv.wake() != 0 {
		t.Error("tables woken before the budget is refilled")
	}
	// Another client's table plays meanwhile: its budget is its own.
	status, other := createFrom(t, srv, "192.0.2.2:1000", createRequest{Game: "doublets", Humans: intp(0), Seed: seedp(74)})
	if status != http.StatusCreated {
		t.Fatalf("create: %d", status)
	}
	// It plays until its game ends or its own budget is spent (under the
	// race detector a game of Doublets can take more than 1 ms).
	otb := tableOf(t, srv, other.ID)
	isPaused := func(tb *table) bool {
		srv.qmu.Lock()
		defer srv.qmu.Unlock()
		_, ok := srv.paused[tb]
		return ok
	}
	for deadline := time.Now().Add(time.Minute); seqOf(otb) == 0 || !overOf(otb) && !isPaused(otb); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("another client's table does not play: %d actions", seqOf(otb))
		}
	}
	// The other table, if paused, is woken too once its own budget is
	// refilled, which its last decision may have overdrawn further.
	most := 3
	if isPaused(otb) {
		most++
	}
	// A decision under way when the budget ran out overdraws it: the
	// refill makes up for that first.
	clk.add(time.Duration(1-left/0.001) * time.Minute)
	if n := srv.wake(); n < 3 || n > most {
		t.Errorf("%d tables woken once the budget is refilled, not 3 to %d", n, most)
	}
	paused(3)
	if after := seqs(); after <= before {
		t.Errorf("%d actions after the budget is refilled, %d before", after, before)
	}
}

// TestCrowdedServer checks that no number of clients keeps a new person
// out: a server full of the tables of many clients frees one of the
// client holding the most, and a server full of tables of one client
// each frees the one idle for CrowdedIdle; a table with a request within
// CrowdedIdle, whose client holds no more than the others, is kept.
func TestCrowdedServer(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	srv, err := Open(Config{MaxTables: 40, CrowdedIdle: 10 * time.Minute, CreatesPerMinute: 60, TablesPerClient: 500, AbandonedIdle: 24 * time.Hour, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	req := createRequest{Game: "doublets", Seed: seedp(75)}
	var first string
	for a := range 8 {
		for range 5 {
			status, tbl := createFrom(t, srv, fmt.Sprintf("198.51.100.%d:1000", a), req)
			if status != http.StatusCreated {
				t.Fatalf("create %d: %d", a, status)
			}
			if first == "" {
				first = tbl.ID
			}
			clk.add(time.Second)
		}
	}
	if status, _ := createFrom(t, srv, "203.0.113.1:1000", req); status != http.StatusCreated {
		t.Fatalf("a new person on a server full of eight clients' tables: %d", status)
	}
	srv.mu.Lock()
	_, kept := srv.tables[first]
	n := len(srv.tables)
	srv.mu.Unlock()
	if kept || n != 40 {
		t.Errorf("the oldest table of the client holding the most is kept (%v); %d tables", kept, n)
	}

	// One table a client: a new person waits until one has been idle
	// for CrowdedIdle; the table requested meanwhile is kept.
	srv2, err := Open(Config{MaxTables: 10, CrowdedIdle: 10 * time.Minute, AbandonedIdle: 24 * time.Hour, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv2.Close)
	var tables []createResponse
	for a := range 10 {
		status, tbl := createFrom(t, srv2, fmt.Sprintf("198.51.100.%d:1000", a), req)
		if status != http.StatusCreated {
			t.Fatalf("create %d: %d", a, status)
		}
		tables = append(tables, tbl)
	}
	if status, _ := createFrom(t, srv2, "203.0.113.1:1000", req); status != http.StatusServiceUnavailable {
		t.Errorf("a create on a server full of one table a client, all in use: %d, not 503", status)
	}
	clk.add(10*time.Minute - time.Second)
	r := httptest.NewRequest("GET", "/tables/"+tables[0].ID+"/view", nil)
	r.Header.Set("Authorization", "Bearer "+tables[0].Tokens[0].Token)
	srv2.ServeHTTP(httptest.NewRecorder(), r)
	clk.add(time.Second)
	if status, _ := createFrom(t, srv2, "203.0.113.1:1000", req); status != http.StatusCreated {
		t.Fatalf("a create once a table is idle for CrowdedIdle: %d", status)
	}
	srv2.mu.Lock()
	_, kept = srv2.tables[tables[0].ID]
	freed := 0
	for _, tbl := range tables[1:] {
		if srv2.tables[tbl.ID] == nil {
			freed++
		}
	}
	srv2.mu.Unlock()
	if !kept || freed != 1 {
		t.Errorf("the table requested within CrowdedIdle kept: %v; %d idle ones freed, not 1", kept, freed)
	}
}

// TestIPv6Client checks that the /64 networks of one /56 are one client.
func TestIPv6Client(t *testing.T) {
	srv, err := Open(Config{TablesPerClient: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	for n := range 6 {
		want := http.StatusCreated
		if n == 5 {
			want = http.StatusTooManyRequests
		}
		if status, _ := createFrom(t, srv, fmt.Sprintf("[2001:db8:1:%x::1]:1000", n*40), createRequest{Game: "doublets"}); status != want {
			t.Errorf("create %d from another /64 of the /56: %d, not %d", n, status, want)
		}
	}
}

// TestBadTokenKeepsNothing checks that a request whose token fails does
// not count as a request to the table: it is freed as abandoned all the
// same.
func TestBadTokenKeepsNothing(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	srv, c := openTest(t, Config{AbandonedIdle: time.Hour, Now: clk.Now})
	tbl := create(t, c, createRequest{Game: "doublets", Seed: seedp(76)})
	clk.add(59 * time.Minute)
	for _, token := range []string{"", "0123"} {
		status, _, err := c.call("GET", "/tables/"+tbl.ID+"/view", token, nil)
		if err != nil || status == http.StatusOK {
			t.Fatalf("a view with the token %q: %d %v", token, status, err)
		}
	}
	clk.add(time.Minute)
	if n := srv.sweep(); n != 1 {
		t.Errorf("%d tables freed after an hour of requests with no seat's token, not 1", n)
	}
}

// TestDataDirMode checks that a data directory made before with another
// mode is made the server's user's alone.
func TestDataDirMode(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	srv, err := Open(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	srv.Close()
	info, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o700 {
		t.Errorf("the data directory is %v, not 0700", info.Mode().Perm())
	}
}

// TestGroupCommit checks that the writes waiting while a commit is
// under way are committed together, in one round, each on disk.
func TestGroupCommit(t *testing.T) {
	st := &store{dir: t.TempDir()}
	st.busy = true // a commit under way
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if err := st.commit(fmt.Sprintf("%032x", i), []byte(fmt.Sprint(i))); err != nil {
				t.Error(err)
			}
		})
	}
	for {
		st.mu.Lock()
		waiting := len(st.pending)
		if waiting == n {
			st.busy = false // the commit under way ends
		}
		st.mu.Unlock()
		if waiting == n {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := st.commit(fmt.Sprintf("%032x", n), []byte("last")); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if st.rounds != 1 {
		t.Errorf("%d writes committed in %d rounds, not 1", n+1, st.rounds)
	}
	for i := range n {
		if b, err := os.ReadFile(st.path(fmt.Sprintf("%032x", i))); err != nil || string(b) != fmt.Sprint(i) {
			t.Errorf("file %d: %q %v", i, b, err)
		}
	}
	if names := dirNames(t, st.dir); len(names) != n+1 {
		t.Errorf("%d files, not %d", len(names), n+1)
	}
}

// TestJournalReplay checks that the journal gives back a table's last
// file written before a crash, whatever the file holds (its rename or
// its data lost), after the old journal of a checkpoint under way; that
// it skips a torn last line, and removes a file removed.
func TestJournalReplay(t *testing.T) {
	st := &store{dir: t.TempDir()}
	a, b := fmt.Sprintf("%032x", 1), fmt.Sprintf("%032x", 2)
	for _, w := range []struct {
		id   string
		data string
	}{{a, `{"n":1}`}, {a, `{"n":2}`}, {b, `{"n":3}`}} {
		if err := st.commit(w.id, []byte(w.data)); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.remove(b); err != nil {
		t.Fatal(err)
	}
	// The crash: a's file lost its data, b's removal was not done, and a
	// round was cut halfway through its line.
	os.WriteFile(st.path(a), nil, 0o600)
	os.WriteFile(st.path(b), []byte(`{"n":3}`), 0o600)
	st.journal.Write([]byte(`{"id":"` + a + `","file":{"n":`))
	st.journal.Close()
	// And a checkpoint was under way: its old journal is read first.
	c := fmt.Sprintf("%032x", 3)
	old := appendRecord(appendRecord(nil, c, []byte(`{"n":4}`)), a, []byte(`{"n":0}`))
	if err := os.WriteFile(filepath.Join(st.dir, oldJournalName), old, 0o600); err != nil {
		t.Fatal(err)
	}
	var logged []string
	if err := (&store{dir: st.dir}).replay(func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(st.path(a)); err != nil || string(got) != `{"n":2}` {
		t.Errorf("the file replayed: %q %v, not the last one written", got, err)
	}
	if _, err := os.Stat(st.path(b)); err == nil {
		t.Error("the file removed is back")
	}
	if got, err := os.ReadFile(st.path(c)); err != nil || string(got) != `{"n":4}` {
		t.Errorf("the file of the old journal: %q %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(st.dir, oldJournalName)); err == nil {
		t.Error("the old journal is left")
	}
	if info, err := os.Stat(filepath.Join(st.dir, journalName)); err != nil || info.Size() != 0 {
		t.Errorf("the journal is not emptied: %v", err)
	}
	if len(logged) != 1 {
		t.Errorf("logged %q, not the torn line alone", logged)
	}
}

// TestCheckpoint checks that a table's file written again waits in the
// journal, and that a checkpoint (at close) writes it and empties the
// journal.
func TestCheckpoint(t *testing.T) {
	st := &store{dir: t.TempDir()}
	id := fmt.Sprintf("%032x", 1)
	for _, data := range []string{`{"n":1}`, `{"n":2}`} {
		if err := st.commit(id, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	journal := filepath.Join(st.dir, journalName)
	if info, err := os.Stat(journal); err != nil || info.Size() == 0 {
		t.Fatalf("the journal is empty: %v", err)
	}
	st.close()
	if got, err := os.ReadFile(st.path(id)); err != nil || string(got) != `{"n":2}` {
		t.Errorf("the file after the checkpoint: %q %v", got, err)
	}
	if info, err := os.Stat(journal); err != nil || info.Size() != 0 {
		t.Errorf("the journal is not emptied by the checkpoint: %v", err)
	}
}
