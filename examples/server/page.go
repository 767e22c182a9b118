package main

import (
	"net/http"
	"strconv"
	"time"

	"github.com/cardrules/cardrules"
)

// hintResponse is the answer to GET /tables/{id}/hint.
type hintResponse struct {
	Text     string `json:"text"`     // the action suggested, in the game's text
	Strength string `json:"strength"` // the strength of the computer player that chose it
}

// hintStrength is the strength of the computer player a hint at tb asks:
// the table's, or in Doublets, where the table's strength is the one that
// plays the game for a person who leaves it, the search player, which
// samples the stock's order it cannot see.
func hintStrength(tb *table) string {
	if tb.t.Game() == "doublets" {
		return "search"
	}
	return tb.strength
}

// hint serves GET /tables/{id}/hint, the page's hint button: the action a
// computer player of the table's strength would choose for the seat from
// the seat's View alone, so a hint tells nothing the seat may not see. It
// is a 409 NotYourTurn error unless the seat is to act. The player thinks
// with the table unlocked, and its time is charged to the thinking budget
// of the client asking: a 429 ThinkBudget error when that is spent.
func (s *Server) hint(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodGet) {
		return
	}
	tb, seat, ok := s.find(w, r)
	if !ok || !tb.lock(w) {
		return
	}
	game, seq, strength := tb.t.Game(), tb.t.Seq(), hintStrength(tb)
	if tb.t.Over() || tb.t.ToAct() != seat {
		toAct := tb.t.ToAct()
		tb.mu.Unlock()
		writeError(w, http.StatusConflict, fail(errNotYourTurn, "seat "+strconv.Itoa(toAct)+" is to act, not seat "+strconv.Itoa(seat)))
		return
	}
	view, err := tb.t.View(seat)
	tb.mu.Unlock()
	if err != nil {
		writeGameError(w, http.StatusInternalServerError, game, err)
		return
	}
	client := clientOf(r)
	s.mu.Lock()
	wait := s.thinkWait(client, s.now())
	s.mu.Unlock()
	if wait > 0 {
		refuse(w, http.StatusTooManyRequests, int(wait.Seconds()+1), fail(errThinkBudget, "try again in "+wait.Round(time.Second).String()))
		return
	}
	start := time.Now()
	c, err := cardrules.NewComputer(game, strength, uint64(seq))
	var text string
	if err == nil {
		text, err = c.Choose(view)
	}
	s.mu.Lock()
	s.charge(client, time.Since(start), s.now())
	s.mu.Unlock()
	if err != nil {
		writeGameError(w, http.StatusInternalServerError, game, fail(errComputer, err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, hintResponse{Text: text, Strength: strength})
}
