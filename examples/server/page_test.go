package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"
)

// TestHint asks each game's table for a hint on the person's turn: it is
// one of the seat's legal actions, chosen by a computer player of the
// table's strength (Doublets': the search player, which samples the
// stock it cannot see), and playing it is accepted. A seat not to act
// gets the NotYourTurn error, and the table is unchanged.
func TestHint(t *testing.T) {
	_, c := newTestServer(t)
	for _, g := range Games {
		var made createResponse
		if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: g, Seed: seedp(4), Strength: "random"}, &made); err != nil {
			t.Fatal(g, err)
		}
		path, token := "/tables/"+made.ID, made.Tokens[0].Token
		var view struct{ Legal []string }
		if _, err := c.expect(http.StatusOK, "GET", path+"/view?wait=1", token, nil, &view); err != nil {
			t.Fatal(g, err)
		}
		var hint hintResponse
		if _, err := c.expect(http.StatusOK, "GET", path+"/hint", token, nil, &hint); err != nil {
			t.Fatal(g, err)
		}
		if want := map[bool]string{true: "search", false: "random"}[g == "doublets"]; hint.Strength != want {
			t.Errorf("%s: the hint's player is %q, not %q", g, hint.Strength, want)
		}
		if !slices.Contains(view.Legal, hint.Text) {
			t.Errorf("%s: the hint %q is none of the legal actions %q", g, hint.Text, view.Legal)
		}
		if _, err := c.expect(http.StatusOK, "POST", path+"/actions", token, map[string]string{"text": hint.Text}, nil); err != nil {
			t.Errorf("%s: playing the hint %q: %v", g, hint.Text, err)
		}
	}

	// Two people at a Canasta table: seat 1 is not to act.
	var made createResponse
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "canasta", Humans: intp(2), Seed: seedp(2)}, &made); err != nil {
		t.Fatal(err)
	}
	path := "/tables/" + made.ID
	before, _ := c.expect(http.StatusOK, "GET", path+"/view", made.Tokens[0].Token, nil, nil)
	body, err := c.expect(http.StatusConflict, "GET", path+"/hint", made.Tokens[1].Token, nil, nil)
	var e apiError
	if err != nil || json.Unmarshal(body, &e) != nil || e.Rule != "NotYourTurn" {
		t.Errorf("a hint for a seat not to act: %v %s", err, body)
	}
	if after, _ := c.expect(http.StatusOK, "GET", path+"/view", made.Tokens[0].Token, nil, nil); string(after) != string(before) {
		t.Error("asking for a hint changed the table")
	}
	if _, err := c.expect(http.StatusUnauthorized, "GET", path+"/hint", "", nil, nil); err != nil {
		t.Error("a hint without a token:", err)
	}
}

// A hint's thinking is charged to the asking client's budget: once it is
// spent, a hint is a 429 ThinkBudget error with a Retry-After, and the
// table is unchanged.
func TestHintBudget(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	srv, err := Open(Config{ThinkPerMinute: time.Nanosecond, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	status, made := createFrom(t, srv, "192.0.2.1:1000", createRequest{Game: "rummy", Seed: seedp(4)})
	if status != http.StatusCreated {
		t.Fatalf("create: %d", status)
	}
	ask := func() *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/tables/"+made.ID+"/hint", nil)
		r.RemoteAddr = "192.0.2.1:1000"
		r.Header.Set("Authorization", "Bearer "+made.Tokens[0].Token)
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		return w
	}
	if w := ask(); w.Code != http.StatusOK {
		t.Fatalf("the first hint: %d %s", w.Code, w.Body)
	}
	w := ask()
	var e apiError
	if w.Code != http.StatusTooManyRequests || json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Rule != "ThinkBudget" || w.Header().Get("Retry-After") == "" {
		t.Errorf("a hint on a spent budget: %d %s %q", w.Code, w.Body, w.Header().Get("Retry-After"))
	}
}
