package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
)

// TestPeopleChooseSeats: a create request naming the people's seats
// ("people": [0, 2]) seats them there, so two people at Canasta or Hand
// and Foot are partners; the computer players take the other seats.
func TestPeopleChooseSeats(t *testing.T) {
	srv, c := newTestServer(t)
	for _, game := range []string{"canasta", "handfoot"} {
		var made createResponse
		req := createRequest{Game: game, Seats: 4, People: []int{2, 0}, Seed: seedp(5)}
		if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", req, &made); err != nil {
			t.Fatal(game, err)
		}
		if len(made.Tokens) != 2 || made.Tokens[0].Seat != 0 || made.Tokens[1].Seat != 2 {
			t.Fatalf("%s: people at seats 0 and 2 got the tokens %+v", game, made.Tokens)
		}
		teams := make([]int, 2)
		for i, st := range made.Tokens {
			var v struct{ Seat, Team int }
			if _, err := c.expect(http.StatusOK, "GET", "/tables/"+made.ID+"/view", st.Token, nil, &v); err != nil {
				t.Fatal(game, err)
			}
			if v.Seat != st.Seat {
				t.Errorf("%s: the token of seat %d views seat %d", game, st.Seat, v.Seat)
			}
			teams[i] = v.Team
		}
		if teams[0] != teams[1] {
			t.Errorf("%s: the people at seats 0 and 2 are on sides %d and %d, not partners", game, teams[0], teams[1])
		}
		tb := tableOf(t, srv, made.ID)
		for seat, comp := range tb.computers {
			if person := seat == 0 || seat == 2; person != (comp == nil) {
				t.Errorf("%s: seat %d: a computer player %v, a person's %v", game, seat, comp != nil, person)
			}
		}
	}
}

// TestPeopleSeatsRefused: seats out of the table, a seat named twice, or
// a count of humans that is not the seats named are refused with a 400
// that names the problem, and no table is made.
func TestPeopleSeatsRefused(t *testing.T) {
	srv, c := newTestServer(t)
	for _, tc := range []struct {
		name  string
		req   createRequest
		words string
	}{
		{"seat out of the table", createRequest{Game: "canasta", People: []int{0, 4}}, "no seat 4: the table's seats are 0 to 3"},
		{"a negative seat", createRequest{Game: "handfoot", People: []int{-1}}, "no seat -1"},
		{"a seat twice", createRequest{Game: "canasta", People: []int{1, 1}}, "seat 1 is named twice"},
		{"humans disagree", createRequest{Game: "canasta", Humans: intp(1), People: []int{0, 2}}, `"humans" is 1 but "people" names 2 seats`},
		{"too many", createRequest{Game: "rummy", People: []int{0, 1, 2}}, "3 people for 2 seats"},
	} {
		body, err := c.expect(http.StatusBadRequest, "POST", "/tables", "", tc.req, nil)
		var e apiError
		if err != nil || json.Unmarshal(body, &e) != nil || e.Rule != "Seats" || !strings.Contains(e.Error, tc.words) {
			t.Errorf("%s: %v %s, want the rule Seats and %q", tc.name, err, body, tc.words)
		}
	}
	if n := srv.Len(); n != 0 {
		t.Errorf("refused requests made %d tables", n)
	}
}

// TestBrowserMessages loads the page in headless Chromium and meets it
// as a person does when things go wrong: a link with a wrong token, a
// table the server has freed, and the server stopped. Each time the page
// says what happened in a person's words, and shows nothing of a table
// it is not playing. It runs only with CARDRULES_BROWSER=1.
func TestBrowserMessages(t *testing.T) {
	if os.Getenv("CARDRULES_BROWSER") != "1" {
		t.Skip("set CARDRULES_BROWSER=1 to play the page in headless Chromium (needs " + chromedriver + " and " + chromium + ")")
	}
	srv := NewServer()
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	d := startBrowser(t)
	d.checkViewport()

	// The form says what the rule sets are, and offers the strengths.
	d.open(ts.URL + "/")
	d.click(`#game option[value="handfoot"]`)
	d.click(`#preset option[value="B"]`)
	var form struct {
		Info, Strength string
		Strengths      []string
	}
	d.script(`return {Info: document.getElementById("presetInfo").textContent,
	  Strength: document.getElementById("strength").value,
	  Strengths: Array.from(document.querySelectorAll("#strength option")).map((o) => o.value)};`, &form)
	if !strings.HasPrefix(form.Info, "Rule set B: ") || form.Strength != defaultStrength || !slices.Equal(form.Strengths, cardrules.Strengths("handfoot")) {
		t.Errorf("the form says %q of rule set B, offers the strengths %q with %q chosen", form.Info, form.Strengths, form.Strength)
	}

	// A table played, then a link with a wrong token for it.
	d.click(`#game option[value="rummy"]`)
	d.click("#createBtn")
	p := d.waitFor("the seat's turn", mine)
	b := seatOf(t, srv, ts.URL, p)
	if !strings.HasPrefix(p.Title, "Rummy") {
		t.Fatalf("the title of a Rummy table is %q", p.Title)
	}
	d.open(ts.URL + "/#table=" + b.id + "&token=" + strings.Repeat("0", 32))
	p = d.waitFor("the wrong token's answer", func(p pageState) bool { return p.Status != "Joining…" && !mine(p) })
	if p.Status != "This link is no seat's at this table." || !strings.Contains(p.Error, "whole link") {
		t.Errorf("a wrong token: the page says %q, %q", p.Status, p.Error)
	}
	if p.Title != "cardrules" || p.Where != "" || len(p.Hand) > 0 || len(p.Legal) > 0 || p.Table != "" {
		t.Errorf("a wrong token: the page still shows the table before: title %q, %q, hand %q, actions %q", p.Title, p.Where, p.Hand, p.Legal)
	}

	// A table the server has freed, as its janitor frees a finished table.
	d.open(ts.URL + "/#table=" + b.id + "&token=" + b.token)
	d.waitFor("the seat again", mine)
	srv.mu.Lock()
	delete(srv.tables, b.id)
	srv.mu.Unlock()
	d.do("POST", d.session+"/refresh", map[string]any{})
	p = d.waitFor("the freed table's answer", func(p pageState) bool { return p.Status != "Joining…" && p.Error != "" })
	if p.Status != "This table no longer exists." || !strings.Contains(p.Error, "finished table 10 minutes after") || strings.Contains(p.Error, "not found") {
		t.Errorf("a freed table: the page says %q, %q", p.Status, p.Error)
	}

	// The server stopped while a seat plays.
	srv2 := NewServer()
	defer srv2.Close()
	ts2 := httptest.NewServer(srv2)
	d.open(ts2.URL + "/")
	d.click(`#game option[value="rummy"]`)
	d.click("#createBtn")
	p = d.waitFor("the seat's turn", mine)
	ts2.Close()
	d.click(`#legal button.action`)
	p = d.waitFor("the stopped server's answer", func(p pageState) bool { return p.Error != "" })
	if strings.Contains(p.Error, "Failed to fetch") || !strings.Contains(p.Error, "The server cannot be reached") {
		t.Errorf("the server stopped: the page says %q", p.Error)
	}
	d.click("#new")
	d.click("#createBtn")
	var created string
	for deadline := time.Now().Add(10 * time.Second); created == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		d.script(`return document.getElementById("createError").textContent;`, &created)
	}
	if strings.Contains(created, "Failed to fetch") || !strings.Contains(created, "The server cannot be reached") {
		t.Errorf("creating a table with the server stopped: the page says %q", created)
	}
}

// script returns the page's script, static/app.js.
func script(t *testing.T) string {
	t.Helper()
	src, err := static.ReadFile("static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestPagePresetsSayWhatTheyAre: every number of players the page offers
// for a preset opens a table of that preset, named so: the page offers no
// Rummy basic-4 for two players, which would deal basic-2. Every preset
// is described.
func TestPagePresetsSayWhatTheyAre(t *testing.T) {
	src := script(t)
	preset := regexp.MustCompile(`"([\w-]+)": \[(\d+), (\d+), (\d+)\]`)
	info := src[strings.Index(src, "const PRESET_INFO = {"):]
	info = info[:strings.Index(info, "\n};\n")]
	for _, g := range Games {
		line := regexp.MustCompile(`\n  ` + g + `: \{title: .*\n`).FindString(src)
		offered := preset.FindAllStringSubmatch(line, -1)
		if len(offered) == 0 {
			t.Fatalf("app.js offers no presets of %s", g)
		}
		for _, m := range offered {
			name := m[1]
			def, lo, hi := must(strconv.Atoi(m[2])), must(strconv.Atoi(m[3])), must(strconv.Atoi(m[4]))
			if def < lo || def > hi {
				t.Errorf("%s %s: the default of %d players is not among %d to %d", g, name, def, lo, hi)
			}
			for n := lo; n <= hi; n++ {
				tb, err := cardrules.Open(g, name, n, 1)
				if err != nil {
					t.Errorf("%s %s for %d players, as the page offers: %v", g, name, n, err)
					continue
				}
				var v struct{ Rules json.RawMessage }
				view, _ := tb.View(0)
				if err := json.Unmarshal(view, &v); err != nil {
					t.Fatal(err)
				}
				var got string
				if json.Unmarshal(v.Rules, &got) != nil {
					var full struct{ Name string }
					json.Unmarshal(v.Rules, &full)
					got = full.Name
				}
				if got != name || tb.Seats() != n {
					t.Errorf("the page offers %s %s for %d players: that table is %s for %d", g, name, n, got, tb.Seats())
				}
			}
			if !regexp.MustCompile(`\n    "` + regexp.QuoteMeta(name) + `": "[^"]{20,}",\n`).MatchString(info) {
				t.Errorf("app.js does not describe the %s preset %q", g, name)
			}
		}
	}
}

// TestPageStrengthsAndIdleTimes: the page offers the strengths every
// game's computer players have, the server's default chosen, and says the
// server's default times for freeing tables.
func TestPageStrengthsAndIdleTimes(t *testing.T) {
	src := script(t)
	m := regexp.MustCompile(`\nconst STRENGTHS = (\[.*\]);\n`).FindStringSubmatch(src)
	var offered []string
	if m == nil || json.Unmarshal([]byte(m[1]), &offered) != nil {
		t.Fatal("app.js has no const STRENGTHS list")
	}
	for _, g := range Games {
		if !slices.Equal(offered, cardrules.Strengths(g)) {
			t.Errorf("the page offers the strengths %q; %s has %q", offered, g, cardrules.Strengths(g))
		}
	}
	for _, s := range offered {
		if !strings.Contains(src, "\n  "+strconv.Quote(s)+": \""+s+": ") {
			t.Errorf("app.js does not say what the strength %q is", s)
		}
	}
	cfg := DefaultConfig()
	for _, want := range []string{
		"\nconst DEFAULT_STRENGTH = " + strconv.Quote(defaultStrength) + ";\n",
		"\nconst FINISHED_IDLE_MINUTES = " + strconv.Itoa(int(cfg.FinishedIdle.Minutes())) + ";\n",
		"\nconst ABANDONED_IDLE_HOURS = " + strconv.Itoa(int(cfg.AbandonedIdle.Hours())) + ";\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("app.js does not say %q", strings.TrimSpace(want))
		}
	}
}

// runPage runs functions of the page's script in node, after the stubs,
// and returns what the expression expr writes.
func runPage(t *testing.T, funcs []string, stubs, expr string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the page's script")
	}
	src := script(t)
	code := `"use strict";` + "\n" + stubs + "\n"
	for _, f := range funcs {
		fn := regexp.MustCompile(`(?ms)^(?:async )?function ` + f + `\(.*?^}\n`).FindString(src)
		if fn == "" {
			fn = regexp.MustCompile(`(?m)^const ` + f + ` = .*;\n`).FindString(src)
		}
		if fn == "" {
			t.Fatalf("app.js has no %s", f)
		}
		code += fn
	}
	code += "\n(async () => process.stdout.write(String(await " + expr + ")))().catch((e) => { console.error(e); process.exit(1); });\n"
	out, err := exec.Command(node, "-e", code).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out)
}

// TestPageSaysHowAnotherSeatPlays: when another seat is to act, the page
// says that a person plays it from that seat's own link, and names the
// link when the page shows it.
func TestPageSaysHowAnotherSeatPlays(t *testing.T) {
	v := `{seat: 0, toAct: 1, turn: 1, round: 1, phase: "drawing", players: []}`
	stubs := `const nameOf = (v, s) => "Seat " + s;
let seat = {id: "t1", token: "x"};
let links = [];
const recent = () => [{id: "t1", token: "x", links}];`
	funcs := []string{"statusText", "waitText"}
	// The page that joined by a link knows no people's seats; the page
	// that created the table knows them: seat 1 a person's, then not.
	out := runPage(t, funcs, stubs, `JSON.stringify([undefined, [{seat: 0}, {seat: 1}], [{seat: 0}, {seat: 2}]].map((l) => {
	  links = l;
	  return statusText(`+v+`, "canasta");
	}))`)
	var got []string
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 3 {
		t.Fatalf("node wrote %q", out)
	}
	if !strings.HasPrefix(got[0], "Seat 1 is to act (round 1, drawing).") || !strings.Contains(got[0], "its own link") {
		t.Errorf("another seat to act, the people's seats not known: the page says %q", got[0])
	}
	if !strings.Contains(got[1], "opening Seat 1's link (below)") {
		t.Errorf("another person's seat to act: the page says %q", got[1])
	}
	if !strings.Contains(got[2], "a computer player's") {
		t.Errorf("a computer player's seat to act: the page says %q", got[2])
	}
}

// TestPageServerDown: when no answer comes, the page's request fails with
// words a person understands, not the browser's "Failed to fetch".
func TestPageServerDown(t *testing.T) {
	stubs := `const fetch = async () => { throw new TypeError("Failed to fetch"); };`
	got := runPage(t, []string{"UNREACHABLE", "request"}, stubs, `request("GET", "/tables/x/view").then(() => "answered", (e) => e.message + " [" + e.status + "]")`)
	if strings.Contains(got, "Failed to fetch") || !strings.HasPrefix(got, "The server cannot be reached") || !strings.HasSuffix(got, "[0]") {
		t.Errorf("the server down: the page says %q", got)
	}
}
