package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
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
