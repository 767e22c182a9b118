package main

import (
	"encoding/json"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// runNeedText runs the page's needText (static/app.js) in node on the View
// v and returns what the page says the seat's side
// still needs.
func runNeedText(t *testing.T, v map[string]any, game string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the page's script")
	}
	src, err := static.ReadFile("static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	fn := regexp.MustCompile(`(?ms)^function needText\(.*?^}\n`).Find(src)
	if fn == nil {
		t.Fatal("app.js has no function needText")
	}
	view, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	script := `"use strict";
function nameOf(v, seat) { return "Seat " + seat; }
` + string(fn) + `
process.stdout.write(needText(` + string(view) + `, ` + string(must(json.Marshal(game))) + `));
`
	out, err := exec.Command(node, "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestNeedTextBeforeLaying: after the draw, before laying anything, a
// side not yet down may discard and has nothing to take back, so the page
// does not say it must lay more before discarding, or take the cards back;
// once cards are laid short of the minimum, it does.
func TestNeedTextBeforeLaying(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node to run the page's script")
	}
	_, c := newTestServer(t)
	for _, game := range []string{"handfoot", "canasta"} {
		v := seatAfterDraw(t, c, game)
		if v == nil {
			t.Fatalf("%s: no deal leaves seat 0's side not down after its draw", game)
		}
		legal := strings.Fields(strings.Trim(string(must(json.Marshal(v["legal"]))), "[]"))
		got := runNeedText(t, v, game)
		if !strings.Contains(got, "first melds must reach") {
			t.Fatalf("%s: the page says %q of a side not down: %s", game, got, must(json.Marshal(v)))
		}
		if strings.Contains(got, "more to lay before discarding") || strings.Contains(got, "(back)") {
			t.Errorf("%s: nothing laid, discarding legal (%v), and the page says %q", game, legal, got)
		}

		// Twenty points laid, the minimum not met: now it must say so.
		v["laidThisTurn"] = 20
		v["legal"] = []string{"back"}
		delete(v, "minimumMet")
		got = runNeedText(t, v, game)
		if !strings.Contains(got, "laid 20 this turn") || !strings.Contains(got, "more to lay before discarding") {
			t.Errorf("%s: 20 laid short of the minimum, and the page says %q", game, got)
		}
	}
}

// seatAfterDraw deals tables of game until seat 0 draws while its side
// is not down, and returns its View after the draw (nil if no deal of
// the first few does).
func seatAfterDraw(t *testing.T, c client, game string) map[string]any {
	t.Helper()
	for seed := range uint64(30) {
		var made createResponse
		if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: game, Seed: seedp(seed)}, &made); err != nil {
			t.Fatal(game, err)
		}
		path, token := "/tables/"+made.ID, made.Tokens[0].Token
		var v map[string]any
		for range 4 {
			body, err := c.expect(http.StatusOK, "GET", path+"/view?wait=1", token, nil, nil)
			if err != nil {
				t.Fatal(game, err)
			}
			v = nil
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatal(err)
			}
			if v["phase"] != "drawing" && v["phase"] != "choosing" {
				break
			}
			legal, _ := v["legal"].([]any)
			if len(legal) == 0 {
				t.Fatalf("%s: nothing legal at %s", game, body)
			}
			text := legal[0].(string)
			for _, l := range legal {
				if l == "draw" {
					text = "draw"
				}
			}
			if _, err := c.expect(http.StatusOK, "POST", path+"/actions", token, map[string]string{"text": text}, nil); err != nil {
				t.Fatal(game, text, err)
			}
		}
		teams, _ := v["teams"].([]any)
		team, _ := v["team"].(float64)
		if v["turn"] != v["seat"] || v["phase"] == "drawing" || v["phase"] == "choosing" || int(team) >= len(teams) {
			continue
		}
		if down, _ := teams[int(team)].(map[string]any)["down"].(bool); !down && v["laidThisTurn"] == 0.0 {
			return v
		}
	}
	return nil
}
