package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
)

// encodedAnswer is a View's answer with ?encode=1, as an agent reads it.
type encodedAnswer struct {
	Legal    []string  `json:"legal"`
	Encoding *encoding `json:"encoding"`
}

// hasEncodings reports whether the registered game has encodings.
func hasEncodings(game string) bool {
	g, _ := cardrules.Lookup(game)
	return g.Shape != nil
}

// An agent plays a seat by the encodings alone: each answer with
// ?encode=1 carries the seat's observation and mask, as the table's
// Encode gives them, and the ids of the View's legal actions, in its
// order; the agent posts an id. The rest of the answer is the View's.
// Every game with encodings.
func TestEncodedPlay(t *testing.T) {
	srv, c := newTestServer(t)
	played := 0
	for _, game := range Games {
		if !hasEncodings(game) {
			continue
		}
		played++
		resp := create(t, c, createRequest{Game: game, Seed: seedp(5)})
		path, token := "/tables/"+resp.ID, resp.Tokens[0].Token
		tb := tableOf(t, srv, resp.ID)
		for step := 0; step < 40; step++ {
			body, err := c.expect(http.StatusOK, "GET", path+"/view?wait=1&encode=1", token, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			var a encodedAnswer
			if err := json.Unmarshal(body, &a); err != nil || a.Encoding == nil {
				t.Fatalf("%s: %v: %.200s", game, err, body)
			}
			e := a.Encoding
			var view map[string]any
			json.Unmarshal(body, &view)
			delete(view, "encoding")
			g := locked(tb, func(g cardrules.Table) cardrules.Table { return g })
			var plain map[string]any
			json.Unmarshal(viewOf(t, tb, 0), &plain)
			shape, err := g.Shape()
			if err != nil {
				t.Fatal(err)
			}
			obs, mask := make([]float32, shape.Size()), make([]bool, shape.Actions)
			if err := g.Encode(0, obs, mask); err != nil {
				t.Fatal(err)
			}
			switch {
			case !jsonEqual(view, plain):
				t.Fatalf("%s: the encoded answer's View differs from the View", game)
			case e.Shape.Actions != shape.Actions || !slices.Equal(e.Shape.Observation, shape.Observation):
				t.Fatalf("%s: shape %+v, want %+v", game, e.Shape, shape)
			case !slices.Equal(e.Observation, obs) || !slices.Equal(e.Mask, mask):
				t.Fatalf("%s: the observation or mask differs from the table's Encode", game)
			case len(e.LegalIDs) != len(a.Legal):
				t.Fatalf("%s: %d ids for %d legal actions", game, len(e.LegalIDs), len(a.Legal))
			}
			for i, text := range a.Legal {
				if id, err := g.ActionID(text); err != nil || id != e.LegalIDs[i] || !e.Mask[id] {
					t.Fatalf("%s: %q has the id %d (%v), the answer says %d", game, text, id, err, e.LegalIDs[i])
				}
			}
			if g.Over() {
				break
			}
			id := e.LegalIDs[(step*7)%len(e.LegalIDs)]
			want, _ := g.ActionOf(id)
			var after encodedAnswer
			if _, err := c.expect(http.StatusOK, "POST", path+"/actions?encode=1", token, map[string]int{"id": id}, &after); err != nil {
				t.Fatal(err)
			}
			if after.Encoding == nil || slices.Equal(after.Encoding.Observation, obs) {
				t.Fatalf("%s: the answer to the id %d has no encoding, or the one before it", game, id)
			}
			if last := locked(tb, func(cardrules.Table) string { return tb.played[g.Seq()] }); last != want {
				t.Fatalf("%s: the id %d played %q, not %q", game, id, last, want)
			}
			played++
		}
	}
	if played == 0 {
		t.Skip("no game has encodings")
	}
}

// jsonEqual reports whether two decoded JSON values are equal.
func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// Bad encode parameters and bad ids are clear errors, and play nothing.
// A game without encodings, asked for them, is a 422 naming the problem.
func TestEncodeErrors(t *testing.T) {
	srv, c := newTestServer(t)
	for _, game := range Games {
		resp := create(t, c, createRequest{Game: game, Humans: intp(min(2, len(maxSeats(game)))), Seed: seedp(3)})
		path, token := "/tables/"+resp.ID, resp.Tokens[0].Token
		settle(t, srv, resp.ID)
		tb := tableOf(t, srv, resp.ID)
		seq := seqOf(tb)
		type bad struct {
			method, query string
			body          any
			status        int
			rule, says    string
		}
		cases := []bad{
			{"GET", "/view?encode=2", nil, 400, "EncodeParam", `not "2"`},
			{"GET", "/view?encode=1&encode=1", nil, 400, "EncodeParam", ""},
			{"GET", "/view?encode=", nil, 400, "EncodeParam", ""},
			{"POST", "/actions?encode=yes", map[string]string{"text": "x"}, 400, "EncodeParam", ""},
			{"POST", "/actions", rawBody(`{"id": 1, "text": "draw"}`), 400, "Malformed", `"id"`},
			{"POST", "/actions", rawBody(`{"id": 1.5}`), 400, "Malformed", ""},
			{"POST", "/actions", rawBody(`{"id": 1e300}`), 400, "Malformed", ""},
			{"POST", "/actions", rawBody(`{"id": "3"}`), 400, "Malformed", ""},
		}
		if hasEncodings(game) {
			shape := locked(tb, func(g cardrules.Table) cardrules.Shape { s, _ := g.Shape(); return s })
			mask := make([]bool, shape.Actions)
			locked(tb, func(g cardrules.Table) error { return g.Encode(g.ToAct(), nil, mask) })
			unused := slices.Index(mask, false)
			cases = append(cases,
				bad{"POST", "/actions", map[string]int{"id": -1}, 400, "BadID", "0 to " + strconv.Itoa(shape.Actions-1)},
				bad{"POST", "/actions", map[string]int{"id": shape.Actions}, 400, "BadID", "the id " + strconv.Itoa(shape.Actions)},
				bad{"POST", "/actions", rawBody(`{"id": 1099511627776}`), 400, "", ""}, // BadID, or Malformed where an int has 32 bits
				bad{"POST", "/actions", map[string]int{"id": unused}, 409, game + ".ErrEncoding", strconv.Itoa(unused)},
			)
			if len(maxSeats(game)) > 1 { // seat 1, a person, is not to act
				cases = append(cases, bad{"POST", "/actions?seat=1", map[string]int{"id": 0}, 409, "NotYourTurn", "not seat 1"})
			}
		} else {
			cases = append(cases,
				bad{"GET", "/view?encode=1", nil, 422, "", "has no encodings"},
				bad{"POST", "/actions", map[string]int{"id": 0}, 422, "", "has no encodings"},
				bad{"POST", "/actions?encode=1", map[string]string{"text": locked(tb, func(g cardrules.Table) string { return g.Legal()[0] })}, 422, "", "has no encodings"},
			)
		}
		for _, b := range cases {
			query, tok := b.query, token
			if strings.Contains(query, "?seat=1") {
				query, tok = strings.Replace(query, "?seat=1", "", 1), resp.Tokens[1].Token
			}
			status, body, err := c.call(b.method, path+query, tok, b.body)
			if err != nil {
				t.Fatal(err)
			}
			var e errorBody
			json.Unmarshal(body, &e)
			if status != b.status || !strings.HasSuffix(e.Rule, b.rule) || !strings.Contains(e.Error, b.says) {
				t.Errorf("%s: %s %s %v: %d %s, want %d, rule %q, saying %q", game, b.method, b.query, b.body, status, body, b.status, b.rule, b.says)
			}
		}
		if got := seqOf(tb); got != seq {
			t.Errorf("%s: the refused requests played %d actions", game, got-seq)
		}
	}
}

// maxSeats returns the seats of a table of the game's default preset.
func maxSeats(game string) []int {
	g, _ := cardrules.Lookup(game)
	tb, err := g.Open("", 0, 1)
	if err != nil {
		return nil
	}
	return make([]int, tb.Seats())
}

// A table whose game has no encodings answers ?encode=1 with a 422 that
// says so, whatever game the registry holds.
func TestNoEncodingsStatus(t *testing.T) {
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/tables/x/view?encode=1", nil)
	if checkEncoding(w, r, &table{}) || w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "holds no game") {
		t.Errorf("a table without encodings: %d %s", w.Code, w.Body)
	}
	if _, err := encodedView(cardrules.Table{}, 0); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("the encoded View of no game: %v", err)
	}
}
