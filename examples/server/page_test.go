package main

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
)

// TestHint asks each game's table for a hint on the person's turn: it is
// one of the seat's legal actions, and playing it is accepted. A seat not
// to act gets the NotYourTurn error, and the table is unchanged.
func TestHint(t *testing.T) {
	_, c := newTestServer(t)
	for _, g := range Games {
		var made createResponse
		if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: g, Seed: seedp(4)}, &made); err != nil {
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
