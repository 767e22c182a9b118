package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The browser the test drives, through chromedriver.
const (
	chromedriver = "/usr/bin/chromedriver"
	chromium     = "/usr/bin/chromium"
)

// webDriver is a WebDriver session, spoken as plain JSON over HTTP.
type webDriver struct {
	t       *testing.T
	base    string // chromedriver's URL
	session string // the session's path, base + "/session/<id>"
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

// buttons returns the page's legal-action buttons: their element ids and
// texts.
func (d *webDriver) buttons() (ids, texts []string) {
	d.t.Helper()
	var els []map[string]string
	v := d.do("POST", d.session+"/elements", map[string]string{"using": "css selector", "value": "#legal button.action"})
	if err := json.Unmarshal(v, &els); err != nil {
		d.t.Fatalf("%v: %s", err, v)
	}
	for _, el := range els {
		if el[elementKey] == "" {
			d.t.Fatalf("no element id in %s", v)
		}
		var text string
		if err := json.Unmarshal(d.do("GET", d.session+"/element/"+el[elementKey]+"/text", nil), &text); err != nil {
			d.t.Fatal(err)
		}
		ids, texts = append(ids, el[elementKey]), append(texts, text)
	}
	return ids, texts
}

// pageState is what the page shows, read by a script.
type pageState struct {
	Status string
	Error  string
	Hand   int        // the cards shown in the hand
	Count  string     // the hand count of the seat's row of the table
	Events [][]string // the log: [seat, text]
	Legal  int        // the buttons
}

const readPage = `
return {
  Status: document.getElementById("status").textContent,
  Error: document.getElementById("error").textContent,
  Hand: document.querySelectorAll("#hand .card").length,
  Count: (document.querySelector("#player-0 td:nth-child(3)") || {}).textContent || "",
  Events: Array.from(document.querySelectorAll("#log .event")).map((e) => [e.dataset.seat, e.textContent]),
  Legal: document.querySelectorAll("#legal button.action").length,
};`

// waitFor reads the page until ok accepts it, or fails after a while.
func (d *webDriver) waitFor(what string, ok func(pageState) bool) pageState {
	d.t.Helper()
	var p pageState
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		d.script(readPage, &p)
		if ok(p) {
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

// TestBrowserPlaysATurn loads the page in headless Chromium, through
// chromedriver, and plays one turn of Hand and Foot by clicking its
// legal-action buttons until the turn passes to the computer players; the
// page must then show what they did and the person's turn again. It runs
// only with CARDRULES_BROWSER=1.
func TestBrowserPlaysATurn(t *testing.T) {
	if os.Getenv("CARDRULES_BROWSER") != "1" {
		t.Skip("set CARDRULES_BROWSER=1 to play a turn in headless Chromium (needs " + chromedriver + " and " + chromium + ")")
	}
	for _, f := range []string{chromedriver, chromium} {
		if _, err := os.Stat(f); err != nil {
			t.Fatalf("CARDRULES_BROWSER=1 but %v (apt-get install chromium chromium-driver)", err)
		}
	}
	ts := httptest.NewServer(NewServer())
	defer ts.Close()

	port := freePort(t)
	cmd := exec.Command(chromedriver, "--port="+strconv.Itoa(port))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
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
			"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir=" + t.TempDir(),
		}},
	}}})
	if err := json.Unmarshal(v, &created); err != nil || created.SessionID == "" {
		t.Fatalf("no session: %s", v)
	}
	d.session = d.base + "/session/" + created.SessionID
	defer d.do("DELETE", d.session, nil)

	d.do("POST", d.session+"/url", map[string]string{"url": ts.URL + "/"})
	p := d.waitFor("the person's turn", func(p pageState) bool { return strings.HasPrefix(p.Status, "Your turn") && p.Legal > 0 })
	if p.Error != "" {
		t.Fatalf("the page shows an error: %s", p.Error)
	}
	if strconv.Itoa(p.Hand) != p.Count {
		t.Errorf("the hand shows %d cards, the table says %s", p.Hand, p.Count)
	}
	others := func(p pageState) int {
		n := 0
		for _, e := range p.Events {
			if e[0] != "0" {
				n++
			}
		}
		return n
	}
	before := others(p)
	events := len(p.Events)
	var clicked []string
	for len(clicked) < 40 {
		ids, texts := d.buttons()
		if len(ids) == 0 {
			t.Fatalf("no legal action on the page after %q", clicked)
		}
		// End the turn: discard when the rules allow, draw first; otherwise
		// the first action listed (a choice the rules ask for).
		pick := 0
		for i, text := range texts {
			if strings.HasPrefix(text, "discard ") || text == "draw" {
				pick = i
				break
			}
		}
		clicked = append(clicked, texts[pick])
		d.do("POST", d.session+"/element/"+ids[pick]+"/click", map[string]any{})
		p = d.waitFor(fmt.Sprintf("the result of %q", texts[pick]), func(p pageState) bool {
			return len(p.Events) > events || p.Error != ""
		})
		if p.Error != "" {
			t.Fatalf("clicking %q: the page shows the error %s", texts[pick], p.Error)
		}
		if last := p.Events[events]; last[0] != "0" || !strings.Contains(last[1], texts[pick]) {
			t.Errorf("after clicking %q the log shows %q", texts[pick], last)
		}
		events = len(p.Events)
		if others(p) > before {
			break // the turn passed to the computer players
		}
	}
	t.Logf("clicked %q; the log holds %d lines", clicked, len(p.Events))
	if others(p) <= before {
		t.Fatalf("after %q no computer player acted: %+v", clicked, p)
	}
	p = d.waitFor("the person's turn again or the end", func(p pageState) bool {
		return strings.HasPrefix(p.Status, "Your turn") || strings.Contains(p.Status, "over")
	})
	if strconv.Itoa(p.Hand) != p.Count {
		t.Errorf("the hand shows %d cards, the table says %s", p.Hand, p.Count)
	}
}
