package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/rummy"
)

// newTestServer starts a Server of the default limits, in memory, behind
// httptest and returns it with a client of its API.
func newTestServer(t *testing.T) (*Server, client) {
	t.Helper()
	srv := NewServer()
	t.Cleanup(srv.Close)
	return srv, serveTest(t, srv)
}

// serveTest serves srv behind httptest, with the program's HTTP server
// and its timeouts, until the test ends, and returns a client of it.
func serveTest(t *testing.T, srv *Server) client {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = httpServer("", srv)
	ts.Start()
	t.Cleanup(ts.Close)
	return client{base: ts.URL, http: ts.Client()}
}

// tableOf returns the server's table of id.
func tableOf(t *testing.T, srv *Server, id string) *table {
	t.Helper()
	srv.mu.Lock()
	defer srv.mu.Unlock()
	tb := srv.tables[id]
	if tb == nil {
		t.Fatalf("no table %s", id)
	}
	return tb
}

// settle waits until a person is to act at the table id, or its game is
// over, as the thinkers play its computer players' turns.
func settle(t *testing.T, srv *Server, id string) {
	t.Helper()
	tb := tableOf(t, srv, id)
	if !tb.settled(time.After(time.Minute), nil) {
		t.Fatalf("table %s: its computer players still act after a minute", id)
	}
}

func intp(n int) *int        { return &n }
func seedp(n uint64) *uint64 { return &n }

// locked calls f with the table's Table, locked as the handlers lock it.
func locked[T any](tb *table, f func(g cardrules.Table) T) T {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return f(tb.t)
}

func seqOf(tb *table) int   { return locked(tb, cardrules.Table.Seq) }
func toActOf(tb *table) int { return locked(tb, cardrules.Table.ToAct) }
func overOf(tb *table) bool { return locked(tb, cardrules.Table.Over) }

// viewOf returns the JSON of seat's View.
func viewOf(t *testing.T, tb *table, seat int) []byte {
	t.Helper()
	view := locked(tb, func(g cardrules.Table) error2 { v, err := g.View(seat); return error2{v, err} })
	if view.err != nil {
		t.Fatal(view.err)
	}
	return view.body
}

// tableCount returns the number of the server's tables.
func tableCount(srv *Server) int {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	return len(srv.tables)
}

// replayed replays the record text of the game g at the table, and
// returns an error unless it reaches g's state.
func replayed(g cardrules.Table, text []byte) error {
	switch s := g.State().(type) {
	case handfoot.State:
		return replays(text, s, handfoot.Replay)
	case canasta.State:
		return replays(text, s, canasta.Replay)
	case rummy.State:
		return replays(text, s, rummy.Replay)
	case doublets.State:
		return replays(text, s, doublets.Replay)
	}
	return fmt.Errorf("no replay for %T", g.State())
}

// replays reads a game record from text, replays it, and returns an
// error unless it reaches s.
func replays[S interface{ Equal(S) bool }, R any, PR interface {
	*R
	UnmarshalText([]byte) error
}](text []byte, s S, replay func(R) (S, error)) error {
	var rec R
	if err := PR(&rec).UnmarshalText(text); err != nil {
		return err
	}
	got, err := replay(rec)
	if err == nil && !got.Equal(s) {
		err = errors.New("another state")
	}
	return err
}

// error2 is a result and its error.
type error2 struct {
	body []byte
	err  error
}

// TestWholeGames plays a game of each game through the API, the people's
// seats played by a client choosing from their View's legal actions, and
// replays the record the server gives at the end to the table's final
// state. Hand and Foot stops after a bounded number of actions.
func TestWholeGames(t *testing.T) {
	for _, tc := range []struct {
		req   createRequest
		limit int
	}{
		{createRequest{Game: "handfoot", Rules: "B", Humans: intp(2), Seed: seedp(3)}, 60},
		{createRequest{Game: "canasta", Rules: "two", Humans: intp(1), Seed: seedp(4)}, 0},
		{createRequest{Game: "canasta", Rules: "cutthroat", Humans: intp(1), Seed: seedp(7)}, 0},
		{createRequest{Game: "rummy", Seats: 3, Humans: intp(2), Seed: seedp(5)}, 0},
		{createRequest{Game: "doublets", Rules: "pysol", Seed: seedp(6)}, 0},
	} {
		t.Run(tc.req.Game, func(t *testing.T) {
			srv, c := newTestServer(t)
			p, err := c.playGame(tc.req, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(p.summary())
			tb := tableOf(t, srv, p.table.ID)
			if len(p.table.Tokens) != tc.req.humans() {
				t.Errorf("%d tokens for %d people", len(p.table.Tokens), tc.req.humans())
			}
			if p.posted == 0 || p.actions <= p.posted && p.table.Seats > tc.req.humans() {
				t.Errorf("%d actions posted of %d: the computer players did not play", p.posted, p.actions)
			}
			if p.actions != seqOf(tb) {
				t.Errorf("happened lists %d actions, the table played %d", p.actions, seqOf(tb))
			}
			if tc.limit > 0 {
				if p.posted != tc.limit || overOf(tb) {
					t.Errorf("stopped after %d posted actions (over: %v), want %d", p.posted, overOf(tb), tc.limit)
				}
				if to := toActOf(tb); to < 0 || to >= tc.req.humans() {
					t.Errorf("seat %d is to act, not a person's", to)
				}
				return
			}
			if !overOf(tb) || p.record == nil {
				t.Fatalf("the game is not over after %d actions", p.actions)
			}
			if r := locked(tb, func(g cardrules.Table) error2 { return error2{nil, replayed(g, p.record)} }); r.err != nil {
				t.Errorf("the record does not replay to the final state (%v):\n%s", r.err, p.record)
			}
		})
	}
}

// cardToken matches a card in card notation: 7H, 10S, AC, JK.
var cardToken = regexp.MustCompile(`\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b`)

// cardsIn returns the cards a response names. In a View the rules are left
// out: rules that are no preset list every card's value.
func cardsIn(body []byte) []string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(body, &obj) == nil {
		delete(obj, "rules")
		body, _ = json.Marshal(obj)
	}
	return cardToken.FindAllString(string(body), -1)
}

// kinds returns the texts of cs.
func kinds(cs []card.Card) map[string]bool {
	m := map[string]bool{}
	for _, c := range cs {
		m[c.String()] = true
	}
	return m
}

// secrets returns, for each seat of the table's game, the cards it may not
// know of: those in another seat's hand, in a face-down foot or in the
// stock, unless a card of the same kind is in its own hand or was ever in
// view of every seat (the pile, the melds, the actions' texts).
func secrets(t *testing.T, g cardrules.Table) [][]string {
	t.Helper()
	var (
		hands   func(seat int) []card.Card // a seat's hand
		down    []card.Card                // the stock, the feet face down
		public  []card.Card                // the pile, the melds, ...
		actions []string                   // the actions' texts
	)
	switch s := g.State().(type) {
	case handfoot.State:
		pos := s.Position()
		hands = func(seat int) []card.Card { return s.Hand(seat).Cards() }
		down, public = pos.Stock, pos.Pile
		for o := range g.Seats() {
			if !s.InFoot(o) {
				down = append(down, s.Foot(o).Cards()...)
			}
		}
		for team := range s.Rules().Teams {
			for _, ml := range s.Melds(team) {
				public = append(public, ml.Cards()...)
			}
		}
		actions = texts(s.Happened(0, 0), func(e handfoot.Event) string { return e.Action.String() })
	case canasta.State:
		pos := s.Position()
		hands = func(seat int) []card.Card { return s.Hand(seat).Cards() }
		down, public = pos.Stock, pos.Pile
		for team := range s.Rules().Teams {
			for _, ml := range s.Melds(team) {
				public = append(public, ml.Cards()...)
			}
			public = append(public, s.RedThrees(team)...)
		}
		actions = texts(s.Happened(0, 0), func(e canasta.Event) string { return e.Action.String() })
	case rummy.State:
		pos := s.Position()
		hands, down, public = func(seat int) []card.Card { return s.Hand(seat).Cards() }, pos.Stock, pos.Pile
		for seat := range g.Seats() {
			public = append(append(public, pos.Laid[seat]...), s.Known(seat)...)
		}
		actions = texts(s.Happened(0, 0), func(e rummy.Event) string { return e.Action.String() })
	case doublets.State:
		hands, down = func(int) []card.Card { return nil }, s.Stock()
	default:
		t.Fatalf("no secrets for %T", g.State())
	}
	seen := kinds(public)
	for _, a := range actions {
		for _, c := range cardToken.FindAllString(a, -1) {
			seen[c] = true
		}
	}
	out := make([][]string, g.Seats())
	for seat := range out {
		hide := slices.Clone(down)
		for o := range g.Seats() {
			if o != seat {
				hide = append(hide, hands(o)...)
			}
		}
		own := kinds(hands(seat))
		for c := range kinds(hide) {
			if !own[c] && !seen[c] {
				out[seat] = append(out[seat], c)
			}
		}
		slices.Sort(out[seat])
	}
	return out
}

// texts maps events to texts.
func texts[E any](events []E, text func(E) string) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = text(e)
	}
	return out
}

// TestTokensHideOtherSeats tries every endpoint with every seat's token,
// with another table's and with none, at tables of two people and
// computer players, and checks that no response names a card its seat may
// not know: another seat's, a face-down foot's, the stock's.
func TestTokensHideOtherSeats(t *testing.T) {
	for _, req := range []createRequest{
		{Game: "handfoot", Humans: intp(2), Seed: seedp(11)},
		{Game: "canasta", Humans: intp(2), Seed: seedp(12)},
		{Game: "rummy", Seats: 4, Humans: intp(2), Seed: seedp(13)},
		{Game: "doublets", Seed: seedp(14)},
	} {
		t.Run(req.Game, func(t *testing.T) {
			srv, c := newTestServer(t)
			var other createResponse
			if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", req, &other); err != nil {
				t.Fatal(err)
			}
			// Play a few actions first, so that cards were drawn, melded
			// and discarded.
			p, err := c.playGame(req, 12)
			if err != nil {
				t.Fatal(err)
			}
			tb := tableOf(t, srv, p.table.ID)
			secret := locked(tb, func(g cardrules.Table) [][]string { return secrets(t, g) })
			var all []string
			for _, s := range secret {
				all = append(all, s...)
			}
			if len(all) == 0 {
				t.Fatal("no card is hidden from any seat: the test checks nothing")
			}
			path := "/tables/" + p.table.ID
			type try struct {
				token  string
				seat   int // -1: no seat of this table
				secret []string
			}
			tries := []try{{"", -1, all}, {other.Tokens[0].Token, -1, all}, {"0123456789abcdef0123456789abcdef", -1, all}}
			for _, st := range p.table.Tokens {
				tries = append(tries, try{st.Token, st.Seat, secret[st.Seat]})
			}
			before := seqOf(tb)
			for _, tr := range tries {
				requests := []struct {
					method, path string
					body         any
				}{
					{"GET", path + "/view", nil},
					{"GET", path + "/happened?since=0", nil},
					{"GET", path + "/happened?since=3", nil},
					{"GET", path + "/record", nil},
					{"POST", path + "/actions", map[string]string{"text": "no such action"}},
				}
				if tr.seat != toActOf(tb) {
					requests = append(requests, struct {
						method, path string
						body         any
					}{"POST", path + "/actions", map[string]string{"text": "discard JK"}})
					// Another seat's legal action: not this token's turn.
					legal := legalOf(t, viewOf(t, tb, toActOf(tb)))
					requests = append(requests, struct {
						method, path string
						body         any
					}{"POST", path + "/actions", map[string]string{"text": legal[0]}})
				}
				for _, rq := range requests {
					status, body, err := c.call(rq.method, rq.path, tr.token, rq.body)
					if err != nil {
						t.Fatal(err)
					}
					if tr.seat < 0 && status != http.StatusUnauthorized && status != http.StatusForbidden {
						t.Errorf("%s %s with token %q: status %d, not 401 or 403", rq.method, rq.path, tr.token, status)
					}
					if tr.seat >= 0 && rq.method == "GET" && !strings.HasSuffix(rq.path, "/record") && status != http.StatusOK {
						t.Errorf("%s %s for seat %d: status %d: %s", rq.method, rq.path, tr.seat, status, body)
					}
					for _, c := range cardsIn(body) {
						if slices.Contains(tr.secret, c) {
							t.Errorf("%s %s for seat %d names %s, a card it may not know: %s", rq.method, rq.path, tr.seat, c, body)
						}
					}
				}
			}
			if seqOf(tb) != before {
				t.Errorf("the table went from %d to %d actions on rejected requests", before, seqOf(tb))
			}
			// The check can fail: the seat's own View names its hand's cards,
			// which are secrets of the other seat.
			if len(p.table.Tokens) >= 2 {
				view := viewOf(t, tb, 0)
				leaked := false
				for _, c := range cardsIn(view) {
					leaked = leaked || slices.Contains(secret[1], c)
				}
				if !leaked {
					t.Errorf("seat 0's view names none of seat 1's secrets %v: the check could not fail", secret[1])
				}
			}
		})
	}
}

// legalOf reads the legal actions' texts of a View's JSON.
func legalOf(t *testing.T, view []byte) []string {
	t.Helper()
	var v struct {
		Legal []string `json:"legal"`
	}
	if err := json.Unmarshal(view, &v); err != nil {
		t.Fatal(err)
	}
	return v.Legal
}

// errorBody is an error response.
type errorBody struct {
	Error string `json:"error"`
	Rule  string `json:"rule"`
}

// TestErrors sends bad requests, each answered by a 4xx status and JSON
// naming the problem, and checks that the table did not change.
func TestErrors(t *testing.T) {
	srv, c := newTestServer(t)
	var tbl createResponse
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "handfoot", Humans: intp(2), Seed: seedp(21)}, &tbl); err != nil {
		t.Fatal(err)
	}
	tb := tableOf(t, srv, tbl.ID)
	path := "/tables/" + tbl.ID
	toAct := toActOf(tb)
	if toAct != 0 && toAct != 1 {
		t.Fatalf("seat %d is to act at the start, not a person", toAct)
	}
	mine, notMine := tbl.Tokens[toAct].Token, tbl.Tokens[1-toAct].Token
	legal := legalOf(t, viewOf(t, tb, toAct))
	big := map[string]string{"text": strings.Repeat("x", MaxBody+1)}

	for _, tc := range []struct {
		name         string
		method, path string
		token        string
		body         any    // JSON, or raw text when a string
		status       int    // the status wanted
		rule, words  string // the rule named, and words of the message
	}{
		{"malformed JSON", "POST", "/tables", "", `{"game": "handfoot"`, 400, "Malformed", "unexpected EOF"},
		{"unknown key", "POST", "/tables", "", `{"game": "handfoot", "players": 4}`, 400, "Malformed", "players"},
		{"two values", "POST", "/tables", "", `{"game": "rummy"} {}`, 400, "Malformed", "more than one"},
		{"empty body", "POST", "/tables", "", ``, 400, "Malformed", "empty body"},
		{"unknown game", "POST", "/tables", "", createRequest{Game: "bridge"}, 400, "UnknownGame", `"bridge"`},
		{"bad rules", "POST", "/tables", "", createRequest{Game: "handfoot", Rules: "Z"}, 400, "handfoot.ErrPreset", `"Z"`},
		{"bad canasta rules", "POST", "/tables", "", createRequest{Game: "canasta", Rules: "quick"}, 400, "canasta.ErrPreset", `"quick"`},
		{"bad seats", "POST", "/tables", "", createRequest{Game: "rummy", Seats: 9}, 400, "rummy.ErrRules", "players"},
		{"canasta seats", "POST", "/tables", "", createRequest{Game: "canasta", Seats: 5}, 400, "canasta.ErrRules", "not 5"},
		{"doublets seats", "POST", "/tables", "", createRequest{Game: "doublets", Seats: 2}, 400, "doublets.ErrRules", "one player"},
		{"too many people", "POST", "/tables", "", createRequest{Game: "rummy", Humans: intp(3)}, 400, "Seats", "3 people for 2 seats"},
		{"oversized body", "POST", "/tables", "", map[string]string{"game": strings.Repeat("x", MaxBody)}, 413, "TooLarge", "bytes"},
		{"wrong method", "GET", "/tables", "", nil, 405, "MethodNotAllowed", "POST"},
		{"wrong method on a table", "DELETE", path + "/view", mine, nil, 405, "MethodNotAllowed", "GET"},
		{"unknown path", "GET", "/nothing", "", nil, 404, "NotFound", "/nothing"},
		{"unknown table", "GET", "/tables/0000/view", mine, nil, 404, "NotFound", `"0000"`},
		{"no token", "GET", path + "/view", "", nil, 401, "NoToken", "Bearer"},
		{"bad token", "GET", path + "/view", "abc", nil, 403, "BadToken", "no seat"},
		{"bad since", "GET", path + "/happened?since=x", mine, nil, 400, "BadSince", `"x"`},
		{"record too early", "GET", path + "/record", mine, nil, 409, "NotOver", "hidden card"},
		{"action malformed JSON", "POST", path + "/actions", mine, `{"text": `, 400, "Malformed", "unexpected EOF"},
		{"action oversized", "POST", path + "/actions", mine, big, 413, "TooLarge", "bytes"},
		{"action neither text nor JSON", "POST", path + "/actions", mine, `{}`, 400, "Malformed", `"text", as "action" or by its "id"`},
		{"action both", "POST", path + "/actions", mine, `{"text": "draw", "action": "draw"}`, 400, "Malformed", `"text", as "action" or by its "id"`},
		{"action text not an action", "POST", path + "/actions", mine, map[string]string{"text": "fly away"}, 400, "handfoot.ErrMalformed", "fly"},
		{"action JSON not an action", "POST", path + "/actions", mine, `{"action": 7}`, 400, "Malformed", "not one of the game's actions"},
		{"action JSON bad text", "POST", path + "/actions", mine, `{"action": "fly away"}`, 400, "handfoot.ErrMalformed", "fly"},
		{"not your turn", "POST", path + "/actions", notMine, map[string]string{"text": legal[0]}, 409, "NotYourTurn", "not seat"},
		{"illegal action", "POST", path + "/actions", mine, map[string]string{"text": "discard JK"}, 409, "handfoot.ErrNotNow", "not allowed now"},
		{"illegal action JSON", "POST", path + "/actions", mine, `{"action": "next"}`, 409, "handfoot.ErrNotNow", "not allowed now"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := viewOf(t, tb, toAct)
			seq := seqOf(tb)
			tables := tableCount(srv)
			body := tc.body
			if raw, ok := body.(string); ok {
				body = rawBody(raw)
			}
			status, resp, err := c.call(tc.method, tc.path, tc.token, body)
			if err != nil {
				t.Fatal(err)
			}
			var e errorBody
			if err := json.Unmarshal(resp, &e); err != nil {
				t.Fatalf("status %d, not JSON: %s", status, resp)
			}
			if status != tc.status || e.Rule != tc.rule || !strings.Contains(e.Error, tc.words) || e.Error == "" {
				t.Errorf("status %d %s, want %d with rule %s and %q", status, bytes.TrimSpace(resp), tc.status, tc.rule, tc.words)
			}
			if after := viewOf(t, tb, toAct); !bytes.Equal(before, after) || seqOf(tb) != seq {
				t.Errorf("the table changed:\n%s\n%s", before, after)
			}
			if tableCount(srv) != tables {
				t.Errorf("a table was created")
			}
		})
	}
	// And a legal action is taken, so the table could change.
	if _, err := c.expect(http.StatusOK, "POST", path+"/actions", mine, map[string]string{"text": legal[0]}, nil); err != nil {
		t.Fatal(err)
	}
	if seqOf(tb) == 0 {
		t.Error("the legal action was not played")
	}
}

// TestConcurrentActions has many goroutines post the legal actions of
// four people's seats at one table at once: every action the server
// accepts is in the game's history, and no other.
func TestConcurrentActions(t *testing.T) {
	srv, c := newTestServer(t)
	var tbl createResponse
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "rummy", Seats: 4, Humans: intp(4), Seed: seedp(31)}, &tbl); err != nil {
		t.Fatal(err)
	}
	path := "/tables/" + tbl.ID
	var accepted, refused atomic.Int64
	var wg sync.WaitGroup
	for g := range 16 {
		token := tbl.Tokens[g%4].Token
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 25 {
				status, view, err := c.call("GET", path+"/view", token, nil)
				if err != nil || status != http.StatusOK {
					t.Errorf("view: %d %v", status, err)
					return
				}
				legal := legalOf(t, view)
				if len(legal) == 0 {
					continue
				}
				status, body, err := c.call("POST", path+"/actions", token, map[string]string{"text": legal[rng.IntN(len(legal))]})
				switch {
				case err != nil:
					t.Error(err)
					return
				case status == http.StatusOK:
					accepted.Add(1)
				case status == http.StatusConflict:
					refused.Add(1) // another goroutine of the seat acted first
				default:
					t.Errorf("action: %d %s", status, body)
				}
			}
		})
	}
	wg.Wait()
	tb := tableOf(t, srv, tbl.ID)
	t.Logf("%d actions accepted, %d refused", accepted.Load(), refused.Load())
	if accepted.Load() == 0 {
		t.Fatal("no action accepted")
	}
	if got := seqOf(tb); int64(got) != accepted.Load() {
		t.Errorf("the history holds %d actions, the server accepted %d", got, accepted.Load())
	}
}

// TestPage checks that the page and its script are served, with no
// external URL.
func TestPage(t *testing.T) {
	_, c := newTestServer(t)
	for _, p := range []string{"/", "/app.js"} {
		status, body, err := c.call("GET", p, "", nil)
		if err != nil || status != http.StatusOK {
			t.Fatalf("GET %s: %d %v", p, status, err)
		}
		if bytes.Contains(body, []byte("http://")) || bytes.Contains(body, []byte("https://")) {
			t.Errorf("%s names an external URL", p)
		}
	}
}

// TestSelfTest runs the program's self-test: a game of each game through
// the API on a loopback port.
func TestSelfTest(t *testing.T) {
	if testing.Short() {
		t.Skip("plays four whole games")
	}
	var out bytes.Buffer
	if err := selfTest(&out, 7); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(out.String(), "\n"); lines != len(Games) {
		t.Errorf("%d lines, not %d:\n%s", lines, len(Games), out.String())
	}
	for _, g := range Games {
		if !strings.Contains(out.String(), g+": ") {
			t.Errorf("no line for %s:\n%s", g, out.String())
		}
	}
}

// A table of Rummy for three seats plays the rules of three, the preset
// basic-3, which its View names; the events after the last action are an
// empty list, [], not null.
func TestRummySeatsPreset(t *testing.T) {
	_, c := newTestServer(t)
	var tbl createResponse
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "rummy", Seats: 3, Humans: intp(3), Seed: seedp(8)}, &tbl); err != nil {
		t.Fatal(err)
	}
	path, token := "/tables/"+tbl.ID, tbl.Tokens[0].Token
	view, err := c.expect(http.StatusOK, "GET", path+"/view", token, nil, nil)
	if err != nil || !bytes.HasPrefix(view, []byte(`{"rules":"basic-3",`)) {
		t.Errorf("the View of a table of three: %.80s (%v), want the rules basic-3", view, err)
	}
	events, err := c.expect(http.StatusOK, "GET", path+"/happened?since=99", token, nil, nil)
	if err != nil || string(bytes.TrimSpace(events)) != "[]" {
		t.Errorf("no events: %s (%v), want []", events, err)
	}
}
