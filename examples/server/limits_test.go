package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
)

// clock is a test's clock, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// create creates a table of req, failing the test unless it is created.
func create(t *testing.T, c client, req createRequest) createResponse {
	t.Helper()
	var resp createResponse
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", req, &resp); err != nil {
		t.Fatal(err)
	}
	return resp
}

// post posts body as ctype (none when "") with token (none when "") and
// returns the status, the error body (if any) and the header.
func post(t *testing.T, c client, path, token, ctype, body string) (int, errorBody, http.Header) {
	t.Helper()
	hr, err := http.NewRequest("POST", c.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		hr.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e errorBody
	json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e, resp.Header
}

// refused checks that a create of req is refused with status, the rule
// and a Retry-After header.
func refused(t *testing.T, c client, req createRequest, status int, rule string) {
	t.Helper()
	body, _ := json.Marshal(req)
	got, e, header := post(t, c, "/tables", "", "application/json", string(body))
	if got != status || e.Rule != rule || header.Get("Retry-After") == "" {
		t.Errorf("create: status %d, rule %q, Retry-After %q; want %d, %q and a Retry-After", got, e.Rule, header.Get("Retry-After"), status, rule)
	}
}

// TestIdleTablesFreed checks the janitor's rules: a finished table is
// freed after FinishedIdle without a request, any table after
// AbandonedIdle, and a request keeps a table; a freed table's file is
// removed, its id answers 404, and it no longer counts towards
// MaxTables, so the limit is never reached for good.
func TestIdleTablesFreed(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	srv, c := openTest(t, Config{Dir: dir, FinishedIdle: 10 * time.Minute, AbandonedIdle: 24 * time.Hour, MaxTables: 2, Now: clk.Now})
	// No person: the computer player plays the whole game, in the
	// thinkers.
	over := create(t, c, createRequest{Game: "doublets", Humans: intp(0), Seed: seedp(51)})
	settle(t, srv, over.ID)
	if !overOf(tableOf(t, srv, over.ID)) {
		t.Fatal("the table of no person is not over")
	}
	playing := create(t, c, createRequest{Game: "rummy", Seed: seedp(52)})
	refused(t, c, createRequest{Game: "rummy"}, http.StatusServiceUnavailable, "TooManyTables")
	file := func(id string) string { return filepath.Join(dir, id+".json") }

	clk.add(10*time.Minute - time.Second)
	if n := srv.sweep(); n != 0 {
		t.Fatalf("%d tables freed before any was idle long enough", n)
	}
	clk.add(time.Second)
	if n := srv.sweep(); n != 1 {
		t.Fatalf("%d tables freed after the finished one's idle time, not 1", n)
	}
	if _, err := os.Stat(file(over.ID)); err == nil {
		t.Error("the freed table's file is left")
	}
	if _, err := c.expect(http.StatusNotFound, "GET", "/tables/"+over.ID+"/view", playing.Tokens[0].Token, nil, nil); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(file(playing.ID)); err != nil {
		t.Errorf("the table in play was freed: %v", err)
	}
	// The limit counts the tables there are: one may be created again.
	third := create(t, c, createRequest{Game: "canasta", Seed: seedp(53)})

	// A request keeps a table in play: at 24 hours the one requested an
	// hour ago stays, the other is abandoned.
	clk.add(23 * time.Hour)
	if _, err := c.expect(http.StatusOK, "GET", "/tables/"+third.ID+"/view", third.Tokens[0].Token, nil, nil); err != nil {
		t.Fatal(err)
	}
	clk.add(time.Hour)
	if n := srv.sweep(); n != 1 || srv.Len() != 1 {
		t.Fatalf("%d tables freed after 24 hours, %d left; want 1 and 1", n, srv.Len())
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{third.ID + ".json"}) {
		t.Errorf("the data directory holds %q, not the table requested", names)
	}
	clk.add(24 * time.Hour)
	if n := srv.sweep(); n != 1 || srv.Len() != 0 || len(dirNames(t, dir)) != 0 {
		t.Errorf("%d tables freed, %d left, %d files; want 1, 0, 0", n, srv.Len(), len(dirNames(t, dir)))
	}
	srv.mu.Lock()
	clients := len(srv.clients)
	srv.mu.Unlock()
	if clients != 0 {
		t.Errorf("%d clients remembered with no table and a full bucket", clients)
	}
}

// TestCreateLimits checks the per-client limits: CreatesPerMinute creates
// at once, then one every 60/N seconds; at most TablesPerClient tables at
// once; 429 with Retry-After beyond either. A malformed body counts for
// nothing.
func TestCreateLimits(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	srv, c := openTest(t, Config{CreatesPerMinute: 3, TablesPerClient: 4, AbandonedIdle: time.Hour, Now: clk.Now})
	req := createRequest{Game: "doublets", Seed: seedp(61)}
	if _, err := c.expect(http.StatusBadRequest, "POST", "/tables", "", rawBody(`{"game": `), nil); err != nil {
		t.Error(err)
	}
	for range 3 {
		create(t, c, req)
	}
	refused(t, c, req, http.StatusTooManyRequests, "CreateRate")
	clk.add(19 * time.Second)
	refused(t, c, req, http.StatusTooManyRequests, "CreateRate")
	clk.add(time.Second)
	create(t, c, req)
	clk.add(time.Minute)
	refused(t, c, req, http.StatusTooManyRequests, "ClientTables")
	if srv.Len() != 4 {
		t.Errorf("%d tables, not 4", srv.Len())
	}
	clk.add(time.Hour)
	srv.sweep()
	create(t, c, req)
}

// TestClientOf checks what a client is: an IPv4 address, or an IPv6
// address's /56 network, which holds 256 /64 networks.
func TestClientOf(t *testing.T) {
	for addr, want := range map[string]string{
		"192.0.2.7:1234":                   "192.0.2.7",
		"[::ffff:192.0.2.7]:1234":          "192.0.2.7",
		"[2001:db8:1:2:3:4:5:6]:443":       "2001:db8:1::/56",
		"[2001:db8:1:2:ffff::1]:80":        "2001:db8:1::/56",
		"[2001:db8:1:3::1]:80":             "2001:db8:1::/56",
		"[2001:db8:1:ff::1]:80":            "2001:db8:1::/56",
		"[2001:db8:1:100::1]:80":           "2001:db8:1:100::/56",
		"not an address":                   "not an address",
		"[fe80::1%eth0]:80":                "fe80::/56",
		"192.0.2.7":                        "192.0.2.7",
		"[2001:db8::1]:80":                 "2001:db8::/56",
		"[::1]:80":                         "::/56",
		"[2001:db8:0:0:1:0:0:1]:8080":      "2001:db8::/56",
		"[2001:0db8:0000:0000::0001]:8080": "2001:db8::/56",
	} {
		if got := clientOf(&http.Request{RemoteAddr: addr}); got != want {
			t.Errorf("clientOf(%q) = %q, want %q", addr, got, want)
		}
	}
}

// TestMediaTypes checks that a POST body is read only as JSON: a form a
// page of another site can post without asking (text/plain, urlencoded,
// multipart) is refused with 415 and creates or plays nothing.
func TestMediaTypes(t *testing.T) {
	srv, c := newTestServer(t)
	tbl := create(t, c, createRequest{Game: "rummy", Humans: intp(2), Seed: seedp(71)})
	tb := tableOf(t, srv, tbl.ID)
	mine := tbl.Tokens[toActOf(tb)].Token
	legal := legalOf(t, viewOf(t, tb, toActOf(tb)))
	create := `{"game": "rummy"}`
	action := `{"text": "` + legal[0] + `"}`
	// What a cross-site form sends: the JSON as a text/plain body.
	for _, ctype := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/json; charset=latin1", "application/json; x=1", "application/jsonp", "json"} {
		for path, body := range map[string]string{"/tables": create, "/tables/" + tbl.ID + "/actions": action} {
			if status, e, _ := post(t, c, path, mine, ctype, body); status != http.StatusUnsupportedMediaType || e.Rule != "MediaType" {
				t.Errorf("POST %s as %q: %d %+v, want 415 MediaType", path, ctype, status, e)
			}
		}
	}
	form := url.Values{"game": {"rummy"}}.Encode()
	if status, _, _ := post(t, c, "/tables", "", "application/x-www-form-urlencoded", form); status != http.StatusUnsupportedMediaType {
		t.Errorf("a form: %d, not 415", status)
	}
	if tableCount(srv) != 1 || seqOf(tb) != 0 {
		t.Fatalf("%d tables, %d actions after refused bodies; want 1, 0", tableCount(srv), seqOf(tb))
	}
	for _, ctype := range []string{"application/json", "application/json; charset=UTF-8", "Application/JSON;charset=utf-8"} {
		if status, e, _ := post(t, c, "/tables", "", ctype, create); status != http.StatusCreated {
			t.Errorf("POST /tables as %q: %d %+v, want 201", ctype, status, e)
		}
	}
	if status, e, _ := post(t, c, "/tables/"+tbl.ID+"/actions", mine, "application/json; charset=utf-8", action); status != http.StatusOK {
		t.Errorf("an action as JSON: %d %+v", status, e)
	}
}

// TestSlowBody sends one seat's action as a body that trickles in and,
// while it is still coming, asks for another seat's View: the View comes
// at once, as the table is locked only once the body is read. Then the
// action ends and is played.
func TestSlowBody(t *testing.T) {
	srv, c := newTestServer(t)
	tbl := create(t, c, createRequest{Game: "rummy", Humans: intp(2), Seed: seedp(81)})
	tb := tableOf(t, srv, tbl.ID)
	seat := toActOf(tb)
	mine, other := tbl.Tokens[seat].Token, tbl.Tokens[1-seat].Token
	legal := legalOf(t, viewOf(t, tb, seat))

	body, w := io.Pipe()
	hr, _ := http.NewRequest("POST", c.base+"/tables/"+tbl.ID+"/actions", body)
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Authorization", "Bearer "+mine)
	done := make(chan int, 1)
	go func() {
		resp, err := c.http.Do(hr)
		if err != nil {
			t.Error(err)
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	w.Write([]byte(`{"text": `))
	time.Sleep(50 * time.Millisecond) // the server is reading the body
	quick := client{base: c.base, http: &http.Client{Transport: c.http.Transport, Timeout: 2 * time.Second}}
	if _, err := quick.expect(http.StatusOK, "GET", "/tables/"+tbl.ID+"/view", other, nil, nil); err != nil {
		t.Errorf("another seat's View while a body trickles in: %v", err)
	}
	w.Write([]byte(`"` + legal[0] + `"}`))
	w.Close()
	if status := <-done; status != http.StatusOK {
		t.Errorf("the slow action: status %d", status)
	}
	if seqOf(tb) == 0 {
		t.Error("the slow action was not played")
	}
}

// TestHTTPServerTimeouts checks that the program's HTTP server, which the
// tests serve on too, has every timeout.
func TestHTTPServerTimeouts(t *testing.T) {
	s := httpServer("", http.NotFoundHandler())
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": s.ReadHeaderTimeout, "ReadTimeout": s.ReadTimeout, "WriteTimeout": s.WriteTimeout, "IdleTimeout": s.IdleTimeout} {
		if d <= 0 {
			t.Errorf("no %s", name)
		}
	}
}

// TestStrength checks that a create request names its computer players'
// strength, one of the registry's, "heuristic" by default, and that the
// data directory keeps it; an unknown one is the registry's error, which
// lists the strengths.
func TestStrength(t *testing.T) {
	dir := t.TempDir()
	srv, c := openTest(t, Config{Dir: dir})
	for _, g := range Games {
		strengths := cardrules.Strengths(g)
		if len(strengths) == 0 {
			t.Fatalf("%s has no strengths", g)
		}
		for _, st := range []string{"", "random"} {
			tbl := create(t, c, createRequest{Game: g, Strength: st, Seed: seedp(91)})
			want := st
			if st == "" {
				want = "heuristic"
			}
			if tbl.Strength != want || tableOf(t, srv, tbl.ID).strength != want {
				t.Errorf("%s with strength %q: %q", g, st, tbl.Strength)
			}
			data, _ := os.ReadFile(filepath.Join(dir, tbl.ID+".json"))
			var f tableFile
			if json.Unmarshal(data, &f) != nil || f.Strength != want {
				t.Errorf("%s with strength %q: the file keeps %q", g, st, f.Strength)
			}
		}
		tables := tableCount(srv)
		status, body, err := c.call("POST", "/tables", "", createRequest{Game: g, Strength: "genius", Humans: intp(0)})
		var e errorBody
		if err != nil || json.Unmarshal(body, &e) != nil {
			t.Fatalf("%v: %s", err, body)
		}
		if status != http.StatusBadRequest || e.Rule != g+".ErrStrength" || !strings.Contains(e.Error, `"genius"`) || !strings.Contains(e.Error, strings.Join(strengths, ", ")) {
			t.Errorf("%s with an unknown strength: %d %+v", g, status, e)
		}
		if tableCount(srv) != tables {
			t.Errorf("%s: a table was created with an unknown strength", g)
		}
	}
}

// TestCloseStopsJanitor checks that Close stops the janitor's goroutine,
// and may be called twice. It counts the goroutines running the janitor,
// not all of them: other tests' goroutines come and go meanwhile.
func TestCloseStopsJanitor(t *testing.T) {
	before := janitors()
	srv, err := Open(Config{FinishedIdle: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for wait := 0; janitors() == before && wait < 100; wait++ {
		time.Sleep(10 * time.Millisecond) // the janitor's goroutine is on its way
	}
	if janitors() != before+1 {
		t.Fatal("no janitor started")
	}
	srv.Close()
	srv.Close()
	if after := janitors(); after > before {
		t.Errorf("%d janitors after Close, %d before", after, before)
	}
}

// janitors counts the goroutines running a Server's janitor.
func janitors() int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	return strings.Count(string(buf), ").janitor(")
}
