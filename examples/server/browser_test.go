package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/doublets"
)

// TestPageServed checks, without a browser, that the server serves its
// page and script, that the page loads the script, and that the script
// knows every game the server plays and every preset of each.
func TestPageServed(t *testing.T) {
	_, c := newTestServer(t)
	get := func(path, wantType string) string {
		t.Helper()
		resp, err := c.http.Get(c.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), wantType) {
			t.Fatalf("GET %s: %d %q", path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		return string(body)
	}
	page := get("/", "text/html")
	script := get("/app.js", "text/javascript")
	if !strings.Contains(page, `<script src="app.js"></script>`) {
		t.Error("the page does not load app.js")
	}
	if strings.Contains(page+script, "//cdn") || strings.Contains(page+script, "https://") {
		t.Error("the page or its script loads something from outside the server")
	}
	// Doublets is won with 48 cards on the foundation, not 52: the
	// kings never go up. The script says so from its one constant.
	if want := "const DOUBLETS_MAX_SCORE = " + strconv.Itoa(doublets.MaxScore) + ";"; !strings.Contains(script, want) {
		t.Errorf("app.js does not say %q", want)
	}
	if m := regexp.MustCompile(`\b52\b`).FindAllStringIndex(script, -1); m != nil {
		for _, at := range m {
			line := strings.Count(script[:at[0]], "\n") + 1
			t.Errorf("app.js line %d says 52: Doublets' score goes to %d", line, doublets.MaxScore)
		}
	}
	for _, g := range Games {
		if !strings.Contains(script, "\n  "+g+": {title:") {
			t.Errorf("app.js does not offer the game %s", g)
		}
		game, _ := cardrules.Lookup(g)
		for _, p := range game.Presets {
			if !strings.Contains(script, strconv.Quote(p)+": [") {
				t.Errorf("app.js does not offer the %s preset %q", g, p)
			}
		}
	}
}

// The browser the test drives, through chromedriver.
const (
	chromedriver = "/usr/bin/chromedriver"
	chromium     = "/usr/bin/chromium"
)

// webDriver is a WebDriver session, spoken as plain JSON over HTTP.
type webDriver struct {
	t       *testing.T
	base    string          // chromedriver's URL
	session string          // the session's path, base + "/session/<id>"
	shots   string          // the folder of the screenshots, "" for none
	shot    map[string]bool // the screenshots written
}

// do sends a WebDriver command and returns its "value", failing the test
// on an error.
func (d *webDriver) do(method, url string, body any) json.RawMessage {
	d.t.Helper()
	var in io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			d.t.Fatal(err)
		}
		in = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, in)
	if err != nil {
		d.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := (&http.Client{Timeout: time.Minute}).Do(req)
	if err != nil {
		d.t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	var out struct{ Value json.RawMessage }
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &out); err != nil || resp.StatusCode != http.StatusOK {
		d.t.Fatalf("%s %s: status %d: %.500s", method, url, resp.StatusCode, b)
	}
	return out.Value
}

// script runs JavaScript in the page and decodes what it returns into out.
func (d *webDriver) script(js string, out any) {
	d.t.Helper()
	v := d.do("POST", d.session+"/execute/sync", map[string]any{"script": js, "args": []any{}})
	if err := json.Unmarshal(v, out); err != nil {
		d.t.Fatalf("script %q: %v: %s", js, err, v)
	}
}

// elementKey is the key of an element reference in WebDriver's JSON.
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

// element returns the id of the first element css selects, failing the
// test when there is none.
func (d *webDriver) element(css string) string {
	d.t.Helper()
	var els []map[string]string
	v := d.do("POST", d.session+"/elements", map[string]string{"using": "css selector", "value": css})
	if err := json.Unmarshal(v, &els); err != nil || len(els) == 0 || els[0][elementKey] == "" {
		d.t.Fatalf("no element %s: %s", css, v)
	}
	return els[0][elementKey]
}

// click clicks the first element css selects, as a person would.
func (d *webDriver) click(css string) {
	d.t.Helper()
	d.do("POST", d.session+"/element/"+d.element(css)+"/click", map[string]any{})
}

// typeInto types text into the field css selects, after clearing it.
func (d *webDriver) typeInto(css, text string) {
	d.t.Helper()
	id := d.element(css)
	d.do("POST", d.session+"/element/"+id+"/clear", map[string]any{})
	d.do("POST", d.session+"/element/"+id+"/value", map[string]any{"text": text})
}

// open loads url in the browser.
func (d *webDriver) open(url string) {
	d.t.Helper()
	d.do("POST", d.session+"/url", map[string]string{"url": url})
}

// pageState is what the page shows, read by a script.
type pageState struct {
	Playing bool
	Game    string
	Hash    string
	Status  string
	Need    string
	Error   string
	Rule    string
	Hand    []string   // the cards of the hand
	Counts  [][]string // the players' table: [row id, hand count]
	Legal   [][]string // the buttons: [group, action]
	Events  [][]string // the log: [seat, action, seq]
	Sides   []string   // each side's facts (canasta family)
	Melds   [][]string // [ref, canasta kind, owner, cards, red threes laid on it]
	Reds    [][]string // each side's red threes, face up apart (Canasta)
	Rounds  []string   // the score sheet's round captions
	Totals  string
	Scores  string
	Table   string // the table's text
	Links   []string
	LinkOf  []string // the seat of each link
	Head    string   // the links' heading
	Title   string   // the document's title
	Where   string   // the table's line at the top
	Holder  string   // the typed action's placeholder
	Picked  []string // the cards picked in the hand
	PickBy  []string // the actions the picked cards play
	Hint    string   // the hint shown
	Hinted  []string // the actions whose buttons the hint marks
	Busy    bool
}

const readPage = `
const all = (s) => Array.from(document.querySelectorAll(s));
const text = (s) => (document.querySelector(s) || {}).textContent || "";
return {
  Playing: !document.getElementById("play").hidden,
  Game: document.getElementById("play").dataset.game || "",
  Hash: location.hash,
  Status: text("#status"), Need: text("#need"), Error: text("#error"), Rule: text("#rule"),
  Hand: all("#hand .card").map((c) => c.dataset.card),
  Counts: all("#players tr[id]").map((tr) => [tr.id, text("#" + tr.id + " td.hand")]),
  Legal: all("#legal button.action").map((b) => [b.closest(".group").dataset.group, b.dataset.action]),
  Events: all("#log .event").map((e) => [e.dataset.seat, e.dataset.action, e.dataset.seq]),
  Sides: all(".side .facts").map((e) => e.textContent),
  Melds: all("#table .meld").map((m) => [m.dataset.ref, m.dataset.canasta || "", m.dataset.owner || "",
    Array.from(m.querySelectorAll(":scope > .card")).map((c) => c.dataset.card).join(" "),
    Array.from(m.querySelectorAll(".apart .card")).map((c) => c.dataset.card).join(" ")]),
  Reds: all(".side").map((s) => Array.from(s.querySelectorAll(".redthrees .card")).map((c) => c.dataset.card)),
  Rounds: all("#scores table.round caption").map((c) => c.textContent),
  Totals: text("#totals"), Scores: text("#scores"), Table: text("#table"),
  Links: all("#people:not([hidden]) #seatLinks input").map((i) => i.value),
  LinkOf: all("#people:not([hidden]) #seatLinks li").map((li) => li.dataset.seat),
  Head: text("#seatsHead"), Title: document.title, Where: text("#where"),
  Holder: document.getElementById("actionText").placeholder,
  Picked: all("#hand .card.picked").map((c) => c.dataset.card),
  PickBy: all("#pick button.pickAction").map((b) => b.dataset.action),
  Hint: text("#hintText"),
  Hinted: all("#legal button.hinted").map((b) => b.dataset.action),
  Busy: all("#legal button, #pick button, #send").some((b) => b.disabled),
};`

// read returns what the page shows now.
func (d *webDriver) read() pageState {
	d.t.Helper()
	var p pageState
	d.script(readPage, &p)
	return p
}

// waitFor reads the page until ok accepts it, or fails after a while.
func (d *webDriver) waitFor(what string, ok func(pageState) bool) pageState {
	d.t.Helper()
	var p pageState
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		p = d.read()
		if !p.Busy && ok(p) {
			return p
		}
	}
	d.t.Fatalf("the page never showed %s: %+v", what, p)
	return p
}

// freePort returns a loopback port free a moment ago.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startBrowser starts chromedriver and a headless Chromium session, both
// ended when the test ends.
func startBrowser(t *testing.T) *webDriver {
	for _, f := range []string{chromedriver, chromium} {
		if _, err := os.Stat(f); err != nil {
			t.Fatalf("CARDRULES_BROWSER=1 but %v (apt-get install chromium chromium-driver)", err)
		}
	}
	port := freePort(t)
	cmd := exec.Command(chromedriver, "--port="+strconv.Itoa(port))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	d := &webDriver{t: t, base: "http://127.0.0.1:" + strconv.Itoa(port)}
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(d.base + "/status"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Since(start) > 20*time.Second {
			t.Fatalf("chromedriver did not start: %s", log.String())
		}
	}
	var created struct{ SessionID string }
	v := d.do("POST", d.base+"/session", map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName": "chrome",
		"goog:chromeOptions": map[string]any{"binary": chromium, "args": []string{
			"--headless", "--window-size=1280,800", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir=" + t.TempDir(),
		}},
	}}})
	if err := json.Unmarshal(v, &created); err != nil || created.SessionID == "" {
		t.Fatalf("no session: %s", v)
	}
	d.session = d.base + "/session/" + created.SessionID
	t.Cleanup(func() { d.do("DELETE", d.session, nil) })
	return d
}

// seatView is the part of a seat's View (any game's JSON) the test
// compares with the page.
type seatView struct {
	Seat, Team, ToAct, Turn, Round int
	Phase                          string
	Hand, Legal                    []string
	Players                        []struct{ Seat, Team, Hand, Total int }
	Teams                          []struct {
		Team      int
		Down      bool
		Minimum   int
		Total     int
		Canastas  map[string]int
		Melds     []json.RawMessage
		RedThrees []string
	}
	Melds                  []struct{ Seat int } // rummy's
	Results                []struct{ Number, WentOut int }
	Foundation, Reserve    []string // doublets'
	Needed                 string
	Pass, StockSize, Score int
	Over                   bool
}

// browserTable is a table the page plays, as the test sees it through
// the API: its id and the token of the page's seat.
type browserTable struct {
	t         *testing.T
	srv       *Server
	base      string
	id, token string
}

// seatOf reads the table and token from the page's address.
func seatOf(t *testing.T, srv *Server, base string, p pageState) browserTable {
	t.Helper()
	q, err := url.ParseQuery(strings.TrimPrefix(p.Hash, "#"))
	if err != nil || q.Get("table") == "" || q.Get("token") == "" {
		t.Fatalf("the page's address names no seat: %q", p.Hash)
	}
	return browserTable{t: t, srv: srv, base: base, id: q.Get("table"), token: q.Get("token")}
}

// call sends a request of the seat to the API and returns its status and body.
func (b browserTable) call(method, what string, body any) (int, []byte) {
	b.t.Helper()
	var in io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		in = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, b.base+"/tables/"+b.id+"/"+what, in)
	req.Header.Set("Authorization", "Bearer "+b.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// view returns the seat's View from the API.
func (b browserTable) view() seatView {
	b.t.Helper()
	status, body := b.call("GET", "view", nil)
	var v seatView
	if err := json.Unmarshal(body, &v); status != http.StatusOK || err != nil {
		b.t.Fatalf("GET view: %d %v %s", status, err, body)
	}
	return v
}

// skipToScore lets computer players play every seat of the table until
// the first round has been scored (or the game is over): the page, once
// reloaded, shows the round's end and its score sheet.
func (b browserTable) skipToScore() {
	b.t.Helper()
	tb := tableOf(b.t, b.srv, b.id)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	computers := make([]cardrules.Computer, tb.t.Seats())
	for i := range computers {
		var err error
		if computers[i], err = cardrules.NewComputer(tb.t.Game(), defaultStrength, uint64(i)+1); err != nil {
			b.t.Fatal(err)
		}
	}
	scored := func(g cardrules.Table) bool {
		v, _ := g.View(0)
		return bytes.Contains(v, []byte(`"results":[{`))
	}
	played := tb.played
	next, err := cardrules.RunTable(tb.t, computers, cardrules.Options[cardrules.Table, string]{Limit: maxActions, Until: scored, Observe: func(_ int, action string, _ cardrules.Table) {
		played = append(played, action)
	}})
	if err != nil {
		b.t.Fatal(err)
	}
	tb.set(next, played)
}

// fill lets the table's computer players act up to a person's turn, as
// the server does after a person's action.
func (b browserTable) fill() {
	b.t.Helper()
	tb := tableOf(b.t, b.srv, b.id)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	next, played, err := tb.fill(tb.t, tb.played)
	if err != nil {
		b.t.Fatal(err)
	}
	tb.set(next, played)
}

// TestBrowserPlaysEveryGame loads the page in headless Chromium, through
// chromedriver, and for each game creates a table with the page's form
// and plays whole turns by clicking its buttons, checking at each turn
// that the page shows what the seat's View says (the hand or layout, the
// legal actions, whose turn, the first-meld minimum, the canastas), that
// a refused typed action shows the engine's own words, that the hint
// button marks the hinted action, that a reload (and
// a visit to the bare page) rejoins the seat as it was, and that the
// score sheet shows the rounds. Canasta is played with two people, each
// on their own seat's link. It runs only with CARDRULES_BROWSER=1.
func TestBrowserPlaysEveryGame(t *testing.T) {
	if os.Getenv("CARDRULES_BROWSER") != "1" {
		t.Skip("set CARDRULES_BROWSER=1 to play the page in headless Chromium (needs " + chromedriver + " and " + chromium + ")")
	}
	srv := NewServer()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	d := startBrowser(t)

	d.checkViewport()
	d.shots = os.Getenv("CARDRULES_SCREENSHOTS")
	picks := map[string]int{}
	for _, tc := range []struct {
		game, illegal string
		seed          int
		people        []int // the people's seats, ticked in the form
		turns         int
	}{
		{game: "handfoot", seed: 3, people: []int{0}, turns: 2},
		{game: "canasta", seed: 2, people: []int{0, 2}, turns: 2},
		{game: "rummy", seed: 1, people: []int{0}, turns: 2},
		{game: "doublets", seed: 1, people: []int{0}, turns: 8},
	} {
		t.Run(tc.game, func(t *testing.T) {
			d.t = t
			start := time.Now()
			d.open(ts.URL + "/")
			if d.read().Playing {
				d.click("#new")
			}
			d.click(`#game option[value="` + tc.game + `"]`)
			for _, s := range tc.people {
				if s != 0 { // seat 0 is ticked already
					d.click(`#peopleSeats input[data-seat="` + strconv.Itoa(s) + `"]`)
				}
			}
			d.typeInto("#seed", strconv.Itoa(tc.seed))
			d.click("#createBtn")
			p := d.waitFor("the seat's first turn", func(p pageState) bool { return mine(p) && len(p.Legal) > 0 })
			b := seatOf(t, srv, ts.URL, p)
			if p.Game != tc.game {
				t.Fatalf("the page plays %q, not %s", p.Game, tc.game)
			}
			var linkSeats []string
			for _, s := range tc.people {
				linkSeats = append(linkSeats, strconv.Itoa(s))
			}
			if !slices.Equal(p.LinkOf, linkSeats) || len(p.Links) != len(tc.people) {
				t.Errorf("the page shows links for seats %q, the people ticked %q", p.LinkOf, linkSeats)
			}
			partners(t, srv, b, tc.people)
			checkPage(t, p, b.view())
			if tc.game == "doublets" && (p.Head != "Your game's link" || p.Holder != "play 1") {
				t.Errorf("Doublets, one seat: the links' heading %q and the placeholder %q", p.Head, p.Holder)
			}

			refusal(t, d, b, p)
			hinted(t, d, b)

			for turn := 0; turn < tc.turns && mine(p); turn++ {
				p = playTurn(t, d, b, tc.game, picks)
				if turn == 0 && len(tc.people) > 1 {
					p = polled(t, d, b, p)
				}
				p = others(t, d, srv, ts.URL, b, p)
				if mine(p) {
					checkPage(t, p, b.view())
				}
			}

			reload(t, d, ts.URL, b)

			// The score sheet: the first round scored (or the game over),
			// its melds still on the table.
			b.skipToScore()
			d.do("POST", d.session+"/refresh", map[string]any{})
			v := b.view()
			p = d.waitFor("the score sheet", func(p pageState) bool {
				return strings.Contains(p.Totals, "Game totals") || strings.Contains(p.Scores, "Score: ")
			})
			checkPage(t, p, v)
			checkScores(t, p, v, tc.game)
			if d.shots != "" {
				var ok bool
				d.script(`document.getElementById("scoreHead").scrollIntoView(); return true;`, &ok)
				d.shoot(tc.game + "-scores")
				d.script(`window.scrollTo(0, 0); return true;`, &ok)
			}
			if tc.game == "handfoot" && redsOnMelds(t, v) == 0 {
				t.Errorf("no red three lies on a canasta at the end of the round: choose another seed")
			}
			if v.Phase == "round over" {
				// The next round, from a person's turn: the first-meld
				// minimum again, and a turn played.
				b.fill()
				d.do("POST", d.session+"/refresh", map[string]any{})
				p = others(t, d, srv, ts.URL, b, d.waitFor("the first round's end", func(p pageState) bool { return len(p.Rounds) > 0 }))
				p = d.waitFor("the next round", func(p pageState) bool { return len(p.Rounds) > 0 && strings.Contains(p.Status, "round 2") })
				checkPage(t, p, b.view())
				playTurn(t, d, b, tc.game, picks)
			}
			t.Logf("%s: %s", tc.game, time.Since(start).Round(time.Millisecond))
		})
	}
	d.t = t
	if picks["meld"] == 0 || picks["discard"] == 0 {
		t.Errorf("the test melded %d times and discarded %d times by picking cards: choose other seeds", picks["meld"], picks["discard"])
	}
	t.Logf("played by picking cards: %v", picks)
}

// others plays, while the page p of the first person's seat shows
// another person to act, that person's turn on their own seat's link, and
// returns to the first seat's link. The page must say who is to act.
func others(t *testing.T, d *webDriver, srv *Server, base string, b browserTable, p pageState) pageState {
	t.Helper()
	for n := 0; p.Playing && len(p.Links) > 1 && !mine(p) && !strings.HasPrefix(p.Status, "The game is over"); n++ {
		other := b.view().ToAct
		link := linkOf(p, other)
		if other < 0 || link == "" || n > 10 {
			t.Fatalf("seat %d is to act and the page says %q", other, p.Status)
		}
		if want := "Seat " + strconv.Itoa(other) + " is to "; !strings.Contains(p.Status, want) || !strings.Contains(p.Status, "Seat "+strconv.Itoa(other)+"'s link") {
			t.Fatalf("the page says %q, want %q and that a person opens that seat's link", p.Status, want)
		}
		d.open(link)
		q := d.waitFor("the other person's turn", func(q pageState) bool { return mine(q) && q.Hash != p.Hash })
		o := seatOf(t, srv, base, q)
		if o.token == b.token {
			t.Fatal("the other seat's link joined the first seat")
		}
		checkPage(t, q, o.view())
		playTurn(t, d, o, p.Game, nil)
		d.open(p.Links[0])
		p = d.waitFor("the first seat again", func(q pageState) bool { return q.Hash == p.Hash && q.Status != "Joining…" })
	}
	return p
}

// polled plays the other people's turns through the API while the page p
// of the first seat stays open: the page, asking for its View every while,
// must come to show its seat's turn again, and log the others' actions.
func polled(t *testing.T, d *webDriver, b browserTable, p pageState) pageState {
	t.Helper()
	for n := 0; n < 40; n++ {
		v := b.view()
		seat := v.ToAct
		link := linkOf(p, seat)
		if seat == v.Seat || seat < 0 || link == "" {
			break // the first seat's turn, or the end
		}
		q, _ := url.ParseQuery(strings.TrimPrefix(link[strings.Index(link, "#"):], "#"))
		o := browserTable{t: t, srv: b.srv, base: b.base, id: b.id, token: q.Get("token")}
		v = o.view()
		pick := v.Legal[0]
		for _, a := range v.Legal {
			if a == "next" || a == "draw" || (strings.HasPrefix(a, "discard") && pick != "next" && pick != "draw") {
				pick = a
			}
		}
		if status, body := o.call("POST", "actions", map[string]string{"text": pick}); status != http.StatusOK {
			t.Fatalf("seat %d: %q: %d %s", seat, pick, status, body)
		}
	}
	before := len(p.Events)
	p = d.waitFor("the seat's turn, by polling", mine)
	if !slices.ContainsFunc(p.Events[before:], func(e []string) bool { return e[0] == p.LinkOf[1] }) {
		t.Errorf("the log shows nothing of seat %s: %q", p.LinkOf[1], p.Events)
	}
	return p
}

// afterComputers waits until the computer players, which act after a
// person's action in the server's thinkers, have acted up to a person's
// turn or the end, and until the page, asking for its View every while,
// shows it; it returns the page then.
func afterComputers(t *testing.T, d *webDriver, b browserTable) pageState {
	t.Helper()
	settle(t, b.srv, b.id)
	v := b.view()
	return d.waitFor("the computer players' turns", func(q pageState) bool {
		switch {
		case v.Over || !q.Playing:
			return !mine(q)
		case v.ToAct == v.Seat:
			return mine(q)
		}
		return strings.Contains(q.Status, "Seat "+strconv.Itoa(v.ToAct)+" is to ")
	})
}

// mine reports whether the page shows the seat to act.
func mine(p pageState) bool {
	return p.Playing && (strings.HasPrefix(p.Status, "Your turn") || strings.HasPrefix(p.Status, "Your move"))
}

// checkPage checks that the page shows what the seat's View says.
func checkPage(t *testing.T, p pageState, v seatView) {
	t.Helper()
	if p.Error != "" {
		t.Errorf("the page shows the error %q", p.Error)
	}
	var legal []string
	for _, l := range p.Legal {
		legal = append(legal, l[1])
	}
	if !sameSet(legal, v.Legal) {
		t.Errorf("the page offers %q, the View %q", legal, v.Legal)
	}
	if mine(p) != (v.ToAct == v.Seat && !v.Over) {
		t.Errorf("the page says %q with seat %d to act", p.Status, v.ToAct)
	}
	switch p.Game {
	case "doublets":
		if !strings.Contains(p.Table, "Foundation: "+strconv.Itoa(len(v.Foundation))+" card") ||
			(v.Needed != "" && !strings.Contains(p.Table, " "+v.Needed+" next")) ||
			!strings.Contains(p.Table, "Pass "+strconv.Itoa(v.Pass)+" of 3: "+strconv.Itoa(3-v.Pass)+" redeal") {
			t.Errorf("the layout shows %q for foundation %q needing %q, pass %d", p.Table, v.Foundation, v.Needed, v.Pass)
		}
		for i, c := range v.Reserve {
			if c != "" && !strings.Contains(p.Table, "slot "+strconv.Itoa(i+1)) {
				t.Errorf("the layout shows no slot %d", i+1)
			}
		}
		return
	case "rummy":
		if len(p.Melds) != len(v.Melds) {
			t.Errorf("the page shows %d melds, the View %d", len(p.Melds), len(v.Melds))
		}
		for i, m := range v.Melds {
			if i < len(p.Melds) && (p.Melds[i][0] != strconv.Itoa(i+1) || p.Melds[i][2] != strconv.Itoa(m.Seat)) {
				t.Errorf("meld %d shows as %q, laid by seat %d", i+1, p.Melds[i], m.Seat)
			}
		}
	default: // the canasta family
		canastas, melds := 0, 0
		for _, team := range v.Teams {
			for _, n := range team.Canastas {
				canastas += n
			}
			melds += len(team.Melds)
			if team.Team >= len(p.Sides) {
				t.Fatalf("the page shows %d sides, the View %d", len(p.Sides), len(v.Teams))
			}
			if !team.Down && !strings.Contains(p.Sides[team.Team], "first melds must reach "+strconv.Itoa(team.Minimum)) {
				t.Errorf("side %d shows %q, its minimum is %d", team.Team, p.Sides[team.Team], team.Minimum)
			}
		}
		marked, reds := 0, 0
		for _, m := range p.Melds {
			if m[1] != "" {
				marked++
			}
			if strings.Contains(" "+m[3]+" ", " 3H ") || strings.Contains(" "+m[3]+" ", " 3D ") {
				t.Errorf("a red three shows among a meld's cards: %q", m)
			}
			if m[4] != "" {
				reds += len(strings.Fields(m[4]))
			}
		}
		if len(p.Melds) != melds || marked != canastas {
			t.Errorf("the page shows %d melds, %d marked canastas; the View %d and %d", len(p.Melds), marked, melds, canastas)
		}
		if want := redsOnMelds(t, v); reds != want {
			t.Errorf("the page shows %d red threes laid on melds, the View %d", reds, want)
		}
		for _, team := range v.Teams {
			if team.Team < len(p.Reds) && !sameSet(p.Reds[team.Team], team.RedThrees) {
				t.Errorf("side %d shows the red threes %q apart, the View %q", team.Team, p.Reds[team.Team], team.RedThrees)
			}
		}
		my := v.Teams[v.Team]
		if v.Phase != "round over" && !v.Over && v.ToAct >= 0 && !my.Down && !strings.Contains(p.Need, "must reach "+strconv.Itoa(my.Minimum)+" points") {
			t.Errorf("the page shows %q; the side's minimum is %d", p.Need, my.Minimum)
		}
	}
	if !slices.Equal(p.Hand, v.Hand) {
		t.Errorf("the hand shows %q, the View %q", p.Hand, v.Hand)
	}
	for _, c := range p.Counts {
		if c[0] == "player-"+strconv.Itoa(v.Seat) && c[1] != strconv.Itoa(len(v.Hand)) {
			t.Errorf("the players' table says %s cards in the seat's hand, the View %d", c[1], len(v.Hand))
		}
	}
}

// redsOnMelds counts the red threes laid on the melds of a View of the
// canasta family (Hand and Foot's rule set A lays them on clean canastas).
func redsOnMelds(t *testing.T, v seatView) int {
	t.Helper()
	n := 0
	for _, team := range v.Teams {
		for _, raw := range team.Melds {
			var m struct{ Cards []string }
			if err := json.Unmarshal(raw, &m.Cards); err != nil { // Canasta's: the cards
				if err := json.Unmarshal(raw, &m); err != nil { // Hand and Foot's: {"ref", "cards"}
					t.Fatalf("a meld %s: %v", raw, err)
				}
			}
			for _, c := range m.Cards {
				if c == "3H" || c == "3D" {
					n++
				}
			}
		}
	}
	return n
}

// sameSet reports whether a and b hold the same strings, in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// refusal types an action the rules refuse now and checks that the page
// shows the engine's own words: those the API answers for it.
func refusal(t *testing.T, d *webDriver, b browserTable, p pageState) {
	t.Helper()
	text := "redeal" // doublets: the stock is not empty
	if len(p.Hand) > 0 {
		text = "discard " + p.Hand[0] // before drawing
	}
	status, body := b.call("POST", "actions", map[string]string{"text": text})
	var want apiError
	if err := json.Unmarshal(body, &want); status != http.StatusConflict || err != nil || want.Error == "" {
		t.Fatalf("%q: the API answers %d %s, not a refusal", text, status, body)
	}
	d.typeInto("#actionText", text)
	d.click("#send")
	q := d.waitFor("the refusal", func(p pageState) bool { return p.Error != "" })
	if q.Error != want.Error || !strings.Contains(q.Rule, want.Rule) {
		t.Errorf("the page shows %q (%q), the engine said %q (%q)", q.Error, q.Rule, want.Error, want.Rule)
	}
	if !slices.Equal(q.Hand, p.Hand) || q.Status != p.Status {
		t.Errorf("a refused action changed the page: %+v", q)
	}
	t.Logf("refused %q: %s", text, q.Error)
}

// hinted clicks the page's hint button: the page must mark the button of
// the action the API's hint names, one of the legal actions.
func hinted(t *testing.T, d *webDriver, b browserTable) {
	t.Helper()
	status, body := b.call("GET", "hint", nil)
	var want hintResponse
	if err := json.Unmarshal(body, &want); status != http.StatusOK || err != nil {
		t.Fatalf("GET hint: %d %s", status, body)
	}
	d.click("#hint")
	p := d.waitFor("the hint", func(p pageState) bool { return p.Hint != "" || p.Error != "" })
	if !slices.Equal(p.Hinted, []string{want.Text}) || !strings.Contains(p.Hint, "Hint: ") {
		t.Errorf("the page shows the hint %q marking %q; the API's hint is %q", p.Hint, p.Hinted, want.Text)
	}
}

// playTurn plays the seat's turn by clicking the page's buttons: draw,
// then a meld or not (and a lay-off), then discard, taking the melds back
// when the first-meld minimum is not met; a round's "next" and other
// choices the rules ask for are clicked as they come. Doublets' turn is
// one move. It returns the page once the turn has passed.
//
// With picks, it melds (the first meld of the turn) and discards by
// picking the cards in the hand and clicking the action the picked cards
// offer, counting them in picks by the action's first word.
func playTurn(t *testing.T, d *webDriver, b browserTable, game string, picks map[string]int) pageState {
	t.Helper()
	p := d.read()
	melds, lays := 0, 0
	var clicked []string
	defer func() { t.Logf("seat's turn: clicked %q", clicked) }()
	for clicks := 0; clicks < 40; clicks++ {
		if !mine(p) {
			return afterComputers(t, d, b)
		}
		checkLayout(t, d)
		groups := map[string][]string{}
		for _, l := range p.Legal {
			groups[l[0]] = append(groups[l[0]], l[1])
		}
		var pick string
		switch {
		case len(groups["move"]) > 0: // doublets: play when it can, else turn or redeal
			pick = groups["move"][0]
			for _, a := range groups["move"] {
				if strings.HasPrefix(a, "play") {
					pick = a
					break
				}
			}
		case len(groups["next"]) > 0:
			pick = groups["next"][0]
		case len(groups["packet"]) > 0:
			pick = groups["packet"][0]
		case len(groups["draw"]) > 0:
			pick = groups["draw"][0]
		case len(groups["meld"]) > 0 && melds < 2:
			pick, melds = groups["meld"][0], melds+1
		case len(groups["lay"]) > 0 && lays < 2:
			pick, lays = groups["lay"][0], lays+1
		case len(groups["discard"]) > 0:
			pick = groups["discard"][0]
		case len(groups["back"]) > 0:
			// The minimum is not met: the page must say so, and why.
			if !strings.Contains(p.Need, "more to lay before discarding") {
				t.Errorf("only %q is left and the page says %q", p.Legal, p.Need)
			}
			pick = groups["back"][0]
		default:
			pick = p.Legal[0][1]
		}
		before := len(p.Events)
		last := ""
		if before > 0 {
			last = p.Events[before-1][2]
		}
		clicked = append(clicked, pick)
		switch word := strings.Fields(pick)[0]; {
		case picks != nil && (word == "meld" && melds == 1 || word == "discard"):
			pickCards(t, d, p, pick)
			d.shoot(game + "-midturn")
			d.click(`#pick button.pickAction[data-action="` + pick + `"]`)
			picks[word]++
		default:
			if game == "doublets" {
				d.shoot(game + "-midturn")
			}
			d.click(`#legal button[data-action="` + pick + `"]`)
		}
		p = d.waitFor(fmt.Sprintf("the result of %q", pick), func(p pageState) bool {
			return p.Error != "" || (len(p.Events) > 0 && p.Events[len(p.Events)-1][2] != last)
		})
		if p.Error != "" {
			t.Fatalf("clicking %q: the page shows the error %s", pick, p.Error)
		}
		if i := slices.IndexFunc(p.Events, func(e []string) bool { return e[2] == last }) + 1; i >= len(p.Events) || p.Events[i][1] != pick {
			t.Errorf("after clicking %q the log shows %q", pick, p.Events)
		}
		if game == "doublets" || strings.HasPrefix(pick, "discard") {
			return afterComputers(t, d, b)
		}
		if mine(p) {
			checkPage(t, p, b.view())
		}
	}
	t.Fatalf("the turn did not end: %+v", p)
	return p
}

// reload reloads the page, then opens the bare page (no seat in the
// address): both times it must rejoin the seat and show it as it was.
func reload(t *testing.T, d *webDriver, base string, b browserTable) {
	t.Helper()
	p := d.read()
	same := func(q pageState) bool {
		return q.Status == p.Status && q.Hash == p.Hash && q.Table == p.Table && q.Scores == p.Scores &&
			slices.Equal(q.Hand, p.Hand) && slices.EqualFunc(q.Legal, p.Legal, slices.Equal)
	}
	d.do("POST", d.session+"/refresh", map[string]any{})
	d.waitFor("the seat rejoined after a reload", same)
	d.open(base + "/")
	q := d.waitFor("the seat rejoined on the bare page", same)
	checkPage(t, q, b.view())
}

// checkScores checks the score sheet against the View: a table per round
// scored, who went out, and the game totals.
func checkScores(t *testing.T, p pageState, v seatView, game string) {
	t.Helper()
	if game == "doublets" {
		if !strings.Contains(p.Scores, "Score: "+strconv.Itoa(v.Score)+" of "+strconv.Itoa(doublets.MaxScore)) {
			t.Errorf("the score sheet says %q, the score is %d", p.Scores, v.Score)
		}
		return
	}
	if len(p.Rounds) != len(v.Results) || len(v.Results) == 0 {
		t.Fatalf("the score sheet shows rounds %q, the View %d", p.Rounds, len(v.Results))
	}
	for i, r := range v.Results {
		want := "no one went out"
		if r.WentOut >= 0 {
			want = "Seat " + strconv.Itoa(r.WentOut)
		}
		if !strings.HasPrefix(p.Rounds[i], "Round "+strconv.Itoa(r.Number)+":") || !strings.Contains(p.Rounds[i], want) {
			t.Errorf("round %d: the caption says %q, want %q", r.Number, p.Rounds[i], want)
		}
	}
	totals := []int{}
	for _, team := range v.Teams {
		totals = append(totals, team.Total)
	}
	if game == "rummy" {
		totals = totals[:0]
		for _, pl := range v.Players {
			totals = append(totals, pl.Total)
		}
	}
	for _, n := range totals {
		if !strings.Contains(p.Totals, " "+strconv.Itoa(n)) {
			t.Errorf("the game totals say %q, missing %d", p.Totals, n)
		}
	}
	t.Logf("score sheet: %q; %s", p.Rounds, p.Totals)
}

// linkOf returns the link of a person's seat the page shows, or "".
func linkOf(p pageState, seat int) string {
	for i, s := range p.LinkOf {
		if s == strconv.Itoa(seat) && i < len(p.Links) {
			return p.Links[i]
		}
	}
	return ""
}

// partners checks that the people's seats of a table of the canasta
// family at four seats are on one side: partners.
func partners(t *testing.T, srv *Server, b browserTable, people []int) {
	t.Helper()
	if len(people) < 2 {
		return
	}
	tb := tableOf(t, srv, b.id)
	sides := map[int]bool{}
	for _, seat := range people {
		var v struct{ Team int }
		if err := json.Unmarshal(viewOf(t, tb, seat), &v); err != nil {
			t.Fatal(err)
		}
		sides[v.Team] = true
	}
	if len(sides) != 1 {
		t.Errorf("the people at seats %v are on %d sides, not partners", people, len(sides))
	}
}

// checkViewport checks that the browser's window is 1280×800, the size
// the layout is checked at: its viewport, below the window's own bars,
// is 1280 wide and a little less high.
func (d *webDriver) checkViewport() {
	d.t.Helper()
	var size struct{ W, H, OuterW, OuterH int }
	d.script(`return {W: window.innerWidth, H: window.innerHeight, OuterW: window.outerWidth, OuterH: window.outerHeight};`, &size)
	if size.OuterW != 1280 || size.OuterH != 800 || size.W != 1280 || size.H > 800 || size.H < 600 {
		d.t.Fatalf("the window is %d×%d, its viewport %d×%d: not a 1280×800 window", size.OuterW, size.OuterH, size.W, size.H)
	}
	d.t.Logf("a 1280×800 window: its viewport is %d×%d", size.W, size.H)
}

// layoutScript tells what of the seat's turn is in the window at once:
// whose turn it is, the hand (Doublets' reserve), the first legal action
// and the picked cards' actions.
const layoutScript = `
const seen = (e) => {
  if (!e) return false;
  const b = e.getBoundingClientRect();
  return b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth;
};
const game = document.getElementById("play").dataset.game;
const hand = game === "doublets" ? document.getElementById("reserve") : (document.querySelector("#hand .handcards") || document.getElementById("hand"));
const pick = document.getElementById("pick");
return {Status: seen(document.getElementById("status")), Hand: seen(hand),
  Action: seen(document.querySelector("#legal button.action")),
  Pick: pick === null || pick.offsetParent === null || pick.childElementCount === 0 || seen(pick),
  Scroll: Math.round(window.scrollY)};`

// checkLayout checks that whose turn it is, the hand and the actions are
// in the 1280×800 window together, as the page stands.
func checkLayout(t *testing.T, d *webDriver) {
	t.Helper()
	var l struct {
		Status, Hand, Action, Pick bool
		Scroll                     int
	}
	d.script(layoutScript, &l)
	if !l.Status || !l.Hand || !l.Action || !l.Pick {
		t.Errorf("at 1280×800 (scrolled %d px) not all in view: whose turn %v, the hand %v, an action %v, the picked cards' actions %v",
			l.Scroll, l.Status, l.Hand, l.Action, l.Pick)
	}
}

// pickCards clicks the cards of the action's text in the hand: they are
// picked, and the actions the page then offers for them are legal, the
// action among them.
func pickCards(t *testing.T, d *webDriver, p pageState, action string) {
	t.Helper()
	var want []string
	used := map[int]bool{}
	for _, w := range strings.Fields(action)[1:] {
		i := slices.IndexFunc(p.Hand, func(c string) bool { return c == w })
		for i >= 0 && used[i] {
			next := slices.IndexFunc(p.Hand[i+1:], func(c string) bool { return c == w })
			if next < 0 {
				i = -1
				break
			}
			i += next + 1
		}
		if i < 0 {
			continue // not a card: "to 9", "on 2"
		}
		used[i] = true
		want = append(want, w)
		d.click(`#hand .handcards .card[data-index="` + strconv.Itoa(i) + `"]`)
	}
	q := d.read()
	if !sameSet(q.Picked, want) {
		t.Errorf("clicked %q in the hand, and the page shows %q picked", want, q.Picked)
	}
	var legal []string
	for _, l := range q.Legal {
		legal = append(legal, l[1])
	}
	for _, a := range q.PickBy {
		if !slices.Contains(legal, a) {
			t.Errorf("the picked cards offer %q, which is not a legal action", a)
		}
	}
	if !slices.Contains(q.PickBy, action) {
		t.Errorf("picked %q: the page offers %q, not %q", want, q.PickBy, action)
	}
	checkLayout(t, d)
}

// shoot writes a screenshot of the page, name.png, to the screenshots'
// folder, once a name, when the test has a folder.
func (d *webDriver) shoot(name string) {
	d.t.Helper()
	if d.shots == "" || d.shot[name] {
		return
	}
	if d.shot == nil {
		d.shot = map[string]bool{}
	}
	d.shot[name] = true
	var png []byte
	if err := json.Unmarshal(d.do("GET", d.session+"/screenshot", nil), &png); err != nil { // base64, as []byte decodes it
		d.t.Fatal(err)
	}
	if err := os.MkdirAll(d.shots, 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d.shots, name+".png"), png, 0o644); err != nil {
		d.t.Fatal(err)
	}
}
