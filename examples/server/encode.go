package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/cardrules/cardrules"
)

// errEncodeParam is the rule of an encode parameter that is neither 1 nor
// 0; errBadID of an action id outside the game's.
var (
	errEncodeParam = errors.New(`"encode" is 1 or 0`)
	errBadID       = errors.New("no such action id")
)

// encoding is what a View's answer carries with ?encode=1, for a learning
// program: the seat's observation tensor and legal mask, and the id of
// each legal action the View lists, in the View's order.
type encoding struct {
	Shape       cardrules.Shape `json:"shape"`
	Observation []float32       `json:"observation"`
	Mask        []bool          `json:"mask"`
	LegalIDs    []int           `json:"legalIds"`
}

// encodeAsked reads r's encode parameter: whether the answer is to carry
// the View's encoding.
func encodeAsked(r *http.Request) (bool, error) {
	q, ok := r.URL.Query()["encode"]
	switch {
	case !ok:
		return false, nil
	case len(q) == 1 && q[0] == "1":
		return true, nil
	case len(q) == 1 && q[0] == "0":
		return false, nil
	}
	return false, fail(errEncodeParam, "not "+quote(r.URL.Query().Get("encode")))
}

// checkEncoding writes the error of a request with a bad encode
// parameter, or asking the encoding of a game that has none, and
// returns false. The table must be locked.
func checkEncoding(w http.ResponseWriter, r *http.Request, t *table) bool {
	asked, err := encodeAsked(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return false
	}
	if asked {
		if _, err := t.t.Shape(); err != nil {
			writeGameError(w, http.StatusUnprocessableEntity, t.t.Game(), err)
			return false
		}
	}
	return true
}

// writeView writes seat's View, with its encoding when r asks for it
// (checkEncoding has checked that it may). The table must be locked.
func writeView(w http.ResponseWriter, r *http.Request, t *table, seat int) {
	if asked, _ := encodeAsked(r); !asked {
		writeTable(w, t, seat, t.t.View)
		return
	}
	writeTable(w, t, seat, func(seat int) ([]byte, error) { return encodedView(t.t, seat) })
}

// encodedView is the JSON of seat's View with its encoding added as the
// key "encoding".
func encodedView(t cardrules.Table, seat int) ([]byte, error) {
	view, err := t.View(seat)
	if err != nil {
		return nil, err
	}
	shape, err := t.Shape()
	if err != nil {
		return nil, err
	}
	e := encoding{Shape: shape, Observation: make([]float32, shape.Size()), Mask: make([]bool, shape.Actions), LegalIDs: []int{}}
	if err := t.Encode(seat, e.Observation, e.Mask); err != nil {
		return nil, err
	}
	var head struct {
		Legal []string `json:"legal"`
	}
	if err := json.Unmarshal(view, &head); err != nil {
		return nil, err
	}
	for _, text := range head.Legal {
		id, err := t.ActionID(text)
		if err != nil {
			return nil, err
		}
		e.LegalIDs = append(e.LegalIDs, id)
	}
	enc, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	view = bytes.TrimSpace(view)
	if len(view) < 2 || view[0] != '{' || view[len(view)-1] != '}' {
		return nil, errors.New("the View's JSON is not an object")
	}
	out := append([]byte(nil), view[:len(view)-1]...)
	if len(bytes.TrimSpace(view[1:len(view)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"encoding":`...)
	out = append(out, enc...)
	return append(out, '}'), nil
}

// actionOfID is the text of the legal action id names for seat, which
// must be to act. The table must be locked.
func actionOfID(t cardrules.Table, seat, id int) (string, error) {
	if seat != t.ToAct() {
		return "", fail(errNotYourTurn, "seat "+strconv.Itoa(t.ToAct())+" is to act, not seat "+strconv.Itoa(seat))
	}
	shape, err := t.Shape()
	if err != nil {
		return "", err
	}
	if id < 0 || id >= shape.Actions {
		return "", fail(errBadID, "the id "+strconv.Itoa(id)+": "+t.Game()+"'s ids run from 0 to "+strconv.Itoa(shape.Actions-1))
	}
	return t.ActionOf(id)
}
