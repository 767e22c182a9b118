package main

import (
	"net/http"
	"strconv"

	"github.com/cardrules/cardrules"
)

// hintResponse is the answer to GET /tables/{id}/hint.
type hintResponse struct {
	Text string `json:"text"` // the action suggested, in the game's text
}

// hint serves GET /tables/{id}/hint, the page's hint button: the action
// the server's computer player (of the heuristic strength) would choose
// for the seat from the seat's View alone, so a hint tells nothing the
// seat may not see. It is a 409 NotYourTurn error unless the seat is to
// act.
func (s *Server) hint(w http.ResponseWriter, _ *http.Request, t *table, seat int) {
	if t.t.Over() || t.t.ToAct() != seat {
		writeError(w, http.StatusConflict, fail(errNotYourTurn, "seat "+strconv.Itoa(t.t.ToAct())+" is to act, not seat "+strconv.Itoa(seat)))
		return
	}
	view, err := t.t.View(seat)
	var c cardrules.Computer
	if err == nil {
		c, err = cardrules.NewComputer(t.t.Game(), defaultStrength, uint64(t.t.Seq()))
	}
	var text string
	if err == nil {
		text, err = c.Choose(view)
	}
	if err != nil {
		writeGameError(w, http.StatusInternalServerError, t.t.Game(), fail(errComputer, err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, hintResponse{Text: text})
}
