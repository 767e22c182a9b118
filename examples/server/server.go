package main

import (
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/deck"
)

// MaxBody is the largest request body the server reads, in bytes.
const MaxBody = 64 << 10

// MaxTables is the most tables a server keeps; it refuses more.
const MaxTables = 10_000

//go:embed static
var static embed.FS

// Server is the game server: its tables, by id, behind their own lock, and
// the handler serving the API and the page. The zero Server is not ready:
// make one with [NewServer].
type Server struct {
	mu     sync.Mutex // guards tables
	tables map[string]*table
	mux    *http.ServeMux
}

// NewServer returns a Server with no tables.
func NewServer() *Server {
	s := &Server{tables: make(map[string]*table), mux: http.NewServeMux()}
	files, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded directory is part of the program
	}
	page := http.FileServerFS(files)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && r.URL.Path != "/app.js" {
			writeError(w, http.StatusNotFound, fail(errNotFound, r.URL.Path))
			return
		}
		if !allow(w, r, http.MethodGet, http.MethodHead) {
			return
		}
		page.ServeHTTP(w, r)
	})
	s.mux.HandleFunc("/tables", s.create)
	s.mux.HandleFunc("/tables/{id}/view", s.seat(http.MethodGet, s.view))
	s.mux.HandleFunc("/tables/{id}/happened", s.seat(http.MethodGet, s.happened))
	s.mux.HandleFunc("/tables/{id}/actions", s.seat(http.MethodPost, s.act))
	s.mux.HandleFunc("/tables/{id}/record", s.seat(http.MethodGet, s.record))
	s.mux.HandleFunc("/tables/{id}/hint", s.seat(http.MethodGet, s.hint))
	return s
}

// ServeHTTP serves the API and the page.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// The server's own rules, named in its errors' "rule".
var (
	errNotFound  = errors.New("not found")
	errMethod    = errors.New("method not allowed")
	errTooLarge  = errors.New("request body too large")
	errNoToken   = errors.New("no token: send a seat's token as Authorization: Bearer <token>")
	errBadToken  = errors.New("that token is no seat's at this table")
	errNotOver   = errors.New("the game is not over: its record tells every hidden card")
	errFull      = errors.New("too many tables")
	errBadSince  = errors.New(`"since" is not an action number`)
	serverErrors = map[error]string{
		errNotFound: "NotFound", errMethod: "MethodNotAllowed", errTooLarge: "TooLarge", errNoToken: "NoToken",
		errBadToken: "BadToken", errNotOver: "NotOver", errFull: "TooManyTables", errBadSince: "BadSince",
		errBody: "Malformed", errGame: "UnknownGame", errSeats: "Seats", errNotYourTurn: "NotYourTurn", errComputer: "ComputerPlayer",
	}
)

// apiError is the JSON of every error response.
type apiError struct {
	Error string `json:"error"`          // the message, on one line
	Rule  string `json:"rule,omitempty"` // the sentinel's name, "handfoot.ErrNotNow" or "NotYourTurn"
}

// writeError writes err, an error of the server's own, as JSON with status.
func writeError(w http.ResponseWriter, status int, err error) { writeGameError(w, status, "", err) }

// writeGameError writes err, an error of the game named or of the
// server's own, as JSON with status.
func writeGameError(w http.ResponseWriter, status int, game string, err error) {
	var e apiError
	_, e.Rule, e.Error = describe(game, err)
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="cardrules"`)
	}
	writeJSON(w, status, e)
}

// writeJSON writes v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"error":`+strconv.Quote(err.Error())+`}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// allow reports whether r's method is one of methods, and otherwise writes
// the 405 error.
func allow(w http.ResponseWriter, r *http.Request, methods ...string) bool {
	for _, m := range methods {
		if r.Method == m {
			return true
		}
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	writeError(w, http.StatusMethodNotAllowed, fail(errMethod, r.Method+" "+r.URL.Path+": use "+strings.Join(methods, " or ")))
	return false
}

// decode reads r's JSON body into v: one object, no unknown keys, at most
// MaxBody bytes. It writes the error response and returns false when the
// body is not that.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	if err == nil {
		return true
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		writeError(w, http.StatusRequestEntityTooLarge, fail(errTooLarge, "at most "+strconv.Itoa(MaxBody)+" bytes"))
		return false
	}
	if errors.Is(err, io.EOF) {
		err = errors.New("empty body")
	}
	writeError(w, http.StatusBadRequest, fail(errBody, err.Error()))
	return false
}

// createRequest is the body of POST /tables.
type createRequest struct {
	Game   string  `json:"game"`   // handfoot, canasta, rummy or doublets
	Rules  string  `json:"rules"`  // a preset of the game; "" for its default
	Seats  int     `json:"seats"`  // the number of players; 0 for the game's default
	Humans *int    `json:"humans"` // the seats for people, from seat 0; 1 when left out
	Seed   *uint64 `json:"seed"`   // the deal; an unpredictable one when left out
}

// humans returns the number of seats for people.
func (req createRequest) humans() int {
	if req.Humans == nil {
		return 1
	}
	return *req.Humans
}

// seatToken is a person's seat and its token.
type seatToken struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// createResponse is the answer to POST /tables.
type createResponse struct {
	ID     string      `json:"id"`
	Game   string      `json:"game"`
	Seats  int         `json:"seats"`
	Tokens []seatToken `json:"tokens"` // one per person's seat
}

// create serves POST /tables: it deals a game and seats people and computer
// players.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	var req createRequest
	if !decode(w, r, &req) {
		return
	}
	seed := deck.RandomSeed()
	if req.Seed != nil {
		seed = *req.Seed
	}
	t, err := newTable(req, seed)
	if err != nil {
		writeGameError(w, http.StatusBadRequest, req.Game, err)
		return
	}
	t.id = randomHex()
	resp := createResponse{ID: t.id, Game: t.t.Game(), Seats: t.t.Seats(), Tokens: []seatToken{}}
	for seat := range req.humans() {
		t.tokens[seat] = randomHex()
		resp.Tokens = append(resp.Tokens, seatToken{Seat: seat, Token: t.tokens[seat]})
	}
	s.mu.Lock()
	if len(s.tables) >= MaxTables {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, fail(errFull, "at most "+strconv.Itoa(MaxTables)))
		return
	}
	s.tables[t.id] = t
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, resp)
}

// randomHex returns 128 random bits in hexadecimal: a table id or a token
// no one can guess.
func randomHex() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}

// seatHandler serves a request of a seat at a table, with the table locked.
type seatHandler func(w http.ResponseWriter, r *http.Request, t *table, seat int)

// seat returns the handler that checks the method, finds the table and the
// seat of the request's token, and calls h with the table locked.
func (s *Server) seat(method string, h seatHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, method) {
			return
		}
		id := r.PathValue("id")
		s.mu.Lock()
		t := s.tables[id]
		s.mu.Unlock()
		if t == nil {
			writeError(w, http.StatusNotFound, fail(errNotFound, "no table "+quote(id)))
			return
		}
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		token = strings.TrimSpace(token)
		if !ok || token == "" {
			writeError(w, http.StatusUnauthorized, fail(errNoToken, ""))
			return
		}
		seat := -1
		for i, tok := range t.tokens { // tokens are fixed at creation: no lock needed
			if tok != "" && subtle.ConstantTimeCompare([]byte(tok), []byte(token)) == 1 {
				seat = i
			}
		}
		if seat < 0 {
			writeError(w, http.StatusForbidden, fail(errBadToken, ""))
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		h(w, r, t, seat)
	}
}

// view serves GET /tables/{id}/view: the seat's View.
func (s *Server) view(w http.ResponseWriter, _ *http.Request, t *table, seat int) {
	writeTable(w, t, seat, t.t.View)
}

// writeTable writes the JSON get returns for seat, or the game's error.
func writeTable(w http.ResponseWriter, t *table, seat int, get func(seat int) ([]byte, error)) {
	body, err := get(seat)
	if err != nil {
		writeGameError(w, http.StatusInternalServerError, t.t.Game(), err)
		return
	}
	writeJSON(w, http.StatusOK, json.RawMessage(body))
}

// happened serves GET /tables/{id}/happened?since=N: the seat's events
// after action number N (0, for all, when left out).
func (s *Server) happened(w http.ResponseWriter, r *http.Request, t *table, seat int) {
	since := 0
	if q := r.URL.Query().Get("since"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, fail(errBadSince, quote(q)))
			return
		}
		since = n
	}
	writeTable(w, t, seat, func(seat int) ([]byte, error) { return t.t.Happened(seat, since) })
}

// actionRequest is the body of POST /tables/{id}/actions: the action as
// text ({"text": "draw"}) or as the game's Action JSON ({"action": "draw"}).
type actionRequest struct {
	Text   string          `json:"text"`
	Action json.RawMessage `json:"action"`
}

// act serves POST /tables/{id}/actions: it applies the seat's action and
// the computer players' that follow, and answers with the seat's new View.
func (s *Server) act(w http.ResponseWriter, r *http.Request, t *table, seat int) {
	var req actionRequest
	if !decode(w, r, &req) {
		return
	}
	if err := t.act(seat, req.Text, req.Action); err != nil {
		writeGameError(w, actStatus(err), t.t.Game(), err)
		return
	}
	writeTable(w, t, seat, t.t.View)
}

// actStatus is the status of an action's error: 400 for one that is not an
// action, 409 for one the table refuses now.
func actStatus(err error) int {
	var e *apiErr
	own := errors.As(err, &e)
	switch {
	case errors.Is(err, errBody), errors.Is(err, cardrules.ErrMalformed):
		return http.StatusBadRequest
	case own && !errors.Is(err, errNotYourTurn), !own && cardrules.Rule(err) == "":
		return http.StatusInternalServerError // a computer player failed
	}
	return http.StatusConflict
}

// record serves GET /tables/{id}/record: the game record's text, once the
// game is over.
func (s *Server) record(w http.ResponseWriter, _ *http.Request, t *table, _ int) {
	if !t.t.Over() {
		writeError(w, http.StatusConflict, fail(errNotOver, ""))
		return
	}
	text, err := t.t.Record()
	if err != nil {
		writeGameError(w, http.StatusInternalServerError, t.t.Game(), err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(text)
}
