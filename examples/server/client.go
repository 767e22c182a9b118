package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardrules/cardrules"
)

// client calls a server's API, as a program in any language would: JSON
// over HTTP, a seat's token in the Authorization header.
type client struct {
	base  string // the server's URL, "http://127.0.0.1:8080"
	http  *http.Client
	timed func(time.Duration) // if not nil, told how long each request took to answer
}

// rawBody is a request body sent as it is, not as JSON.
type rawBody string

// call sends a request with token (none when "") and body (JSON, none when
// nil; a rawBody as it is), and returns the response's status and body.
func (c client) call(method, path, token string, body any) (int, []byte, error) {
	var in io.Reader
	if raw, ok := body.(rawBody); ok {
		in = strings.NewReader(string(raw))
	} else if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		in = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, in)
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if c.timed != nil {
		c.timed(time.Since(start))
	}
	return resp.StatusCode, out, err
}

// expect is call that fails unless the status is want, decoding the body
// into out (if not nil).
func (c client) expect(want int, method, path, token string, body, out any) ([]byte, error) {
	status, b, err := c.call(method, path, token, body)
	if err != nil {
		return nil, err
	}
	if status != want {
		return b, fmt.Errorf("%s %s: status %d, not %d: %s", method, path, status, want, bytes.TrimSpace(b))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return b, fmt.Errorf("%s %s: %v", method, path, err)
		}
	}
	return b, nil
}

// viewHead is what every game's View JSON tells of whose turn it is and
// what that seat may do, under the keys every game writes.
type viewHead struct {
	ToAct *int     `json:"toAct"`
	Legal []string `json:"legal"`
}

// isLegal checks that the action of text is one of the legal actions of
// the View's JSON.
func isLegal(view []byte, text string) error {
	var h viewHead
	if err := json.Unmarshal(view, &h); err != nil {
		return err
	}
	if !slices.Contains(h.Legal, text) {
		return fmt.Errorf("%q is not one of the legal actions %q", text, h.Legal)
	}
	return nil
}

// toAct reads the seat to act (-1 once the game is over) from a View's JSON.
func toAct(view []byte) (int, error) {
	var h viewHead
	if err := json.Unmarshal(view, &h); err != nil {
		return 0, err
	}
	if h.ToAct != nil {
		return *h.ToAct, nil
	}
	return 0, fmt.Errorf("no toAct in the view %.80s", view)
}

// played is a game played through the API.
type played struct {
	table    createResponse
	choosers map[int]cardrules.Computer // the people's seats' players, by seat
	actions  int                        // the actions of the game (every seat's)
	posted   int                        // the actions posted through the API
	record   []byte                     // the game record, once over
}

// playGame creates a table of req and plays its people's seats with the
// game's heuristic computer player reading the seat's View as JSON, as a
// client of the server would, through the API, until the game is over or after
// limit posted actions (0: no limit), and returns what was played.
func (c client) playGame(req createRequest, limit int) (played, error) {
	var p played
	if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", req, &p.table); err != nil {
		return p, err
	}
	p.choosers = map[int]cardrules.Computer{}
	for _, st := range p.table.Tokens {
		c, err := cardrules.NewComputer(p.table.Game, defaultStrength, uint64(st.Seat)+1)
		if err != nil {
			return p, err
		}
		p.choosers[st.Seat] = c
	}
	if len(p.table.Tokens) == 0 {
		return p, fmt.Errorf("no seat for a person")
	}
	return p, c.play(&p, limit)
}

// maxWaits is the most times play asks for a view that waits for a
// person's turn before it gives up: a computer player that long to act
// is a failure.
const maxWaits = 30

// play plays on the people's seats of the table p was created, as
// playGame does, until the game is over or after limit more posted
// actions (0: no limit).
func (c client) play(p *played, limit int) error {
	tokens := map[int]string{}
	for _, st := range p.table.Tokens {
		tokens[st.Seat] = st.Token
	}
	path := "/tables/" + p.table.ID
	anyToken := p.table.Tokens[0].Token
	var view []byte
	for posted := 0; limit == 0 || posted < limit; posted++ {
		// The computer players act in the server's thinkers: the view
		// waits for a person's turn.
		seat, token := 0, anyToken
		for waited := 0; ; waited++ {
			var err error
			if view, err = c.expect(http.StatusOK, "GET", path+"/view?wait=1", token, nil, nil); err != nil {
				return err
			}
			if seat, err = toAct(view); err != nil {
				return err
			}
			if t, ok := tokens[seat]; seat < 0 || ok && t == token {
				break
			} else if ok {
				token = t // the seat's own View, to choose from
			} else if waited >= maxWaits {
				return fmt.Errorf("seat %d, a computer player's, is still to act after %d waits", seat, waited)
			}
		}
		if seat < 0 {
			break
		}
		text, err := p.choosers[seat].Choose(view)
		if err != nil {
			return err
		}
		if err := isLegal(view, text); err != nil {
			return err
		}
		// The action as the game's Action JSON, its text as a JSON string.
		if view, err = c.expect(http.StatusOK, "POST", path+"/actions", token, map[string]string{"action": text}, nil); err != nil {
			return err
		}
		p.posted++
	}
	if limit > 0 {
		var err error
		if view, err = c.expect(http.StatusOK, "GET", path+"/view", anyToken, nil, nil); err != nil {
			return err
		}
	}
	var events []json.RawMessage
	if _, err := c.expect(http.StatusOK, "GET", path+"/happened?since=0", anyToken, nil, &events); err != nil {
		return err
	}
	p.actions = len(events)
	if seat, _ := toAct(view); seat < 0 {
		var err error
		if p.record, err = c.expect(http.StatusOK, "GET", path+"/record", anyToken, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// summary is a line about a game played through the API.
func (p played) summary() string {
	end := "stopped"
	if p.record != nil {
		end = "over, record of " + strconv.Itoa(len(p.record)) + " bytes"
	}
	seats := strconv.Itoa(p.table.Seats) + " seats"
	if p.table.Seats == 1 {
		seats = "1 seat"
	}
	return fmt.Sprintf("%s: %s, %d actions, %d of them posted by the API's client; %s", p.table.Game, seats, p.actions, p.posted, end)
}
