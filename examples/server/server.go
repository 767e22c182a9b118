package main

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/deck"
)

// MaxBody is the largest request body the server reads, in bytes.
const MaxBody = 64 << 10

//go:embed static
var static embed.FS

// Server is the game server: its tables, by id, behind their own lock,
// kept in its data directory if it has one, and the handler serving the
// API and the page. The zero Server is not ready: make one with [Open]
// (or [NewServer]), and stop it with Close.
type Server struct {
	cfg     Config
	store   *store
	mu      sync.Mutex // guards tables, clients and each table's touched
	tables  map[string]*table
	clients map[string]*clientState // by address
	mux     *http.ServeMux
	stop    chan struct{} // closed by Close, which stops the janitor and the waker
	done    sync.WaitGroup
	close   sync.Once

	qmu    sync.Mutex // guards queue, paused and closed
	qcond  *sync.Cond // on qmu: signalled when a table is queued or the Server closed
	people []*table   // the tables with a person's seat whose computer player is to act, for the thinkers
	queue  []*table   // the other tables whose computer player is to act
	paused map[*table]struct{}
	closed bool

	closing atomic.Bool // Close was called: the thinkers stop after the decision under way
}

// NewServer returns a Server of the default limits and idle times that
// keeps its tables in memory only: [Open] with [DefaultConfig] without
// its Dir.
func NewServer() *Server {
	cfg := DefaultConfig()
	cfg.Dir = ""
	s, err := Open(cfg)
	if err != nil {
		panic(err) // no directory to read: it cannot fail
	}
	return s
}

// Open returns a Server of cfg, with the tables of its data directory
// (made if need be: see [Config]), and starts its janitor, which frees
// idle tables, and its thinkers, which play the computer players' turns,
// until Close. A file of the directory that is not a table's
// is logged and skipped; an error is the directory's own (it cannot be
// made or read).
func Open(cfg Config) (*Server, error) {
	s := &Server{cfg: cfg, store: &store{dir: cfg.Dir}, tables: make(map[string]*table), clients: make(map[string]*clientState),
		mux: http.NewServeMux(), stop: make(chan struct{}), paused: make(map[*table]struct{})}
	s.qcond = sync.NewCond(&s.qmu)
	loaded, err := s.store.load(s.logf)
	if err != nil {
		return nil, err
	}
	for _, tb := range loaded {
		s.tables[tb.id] = tb
		s.client(tb.client).tables++
	}
	thinkers := cfg.Thinkers
	if thinkers <= 0 {
		thinkers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	for range thinkers {
		s.done.Go(s.thinker)
	}
	s.done.Go(func() { s.waker(s.stop) })
	for _, tb := range loaded {
		tb.mu.Lock()
		s.schedule(tb) // a computer player to act plays on
		tb.mu.Unlock()
	}
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
	s.mux.HandleFunc("/tables/{id}/view", s.seatWaiting(http.MethodGet, s.view))
	s.mux.HandleFunc("/tables/{id}/happened", s.seat(http.MethodGet, s.happened))
	s.mux.HandleFunc("/tables/{id}/actions", s.act)
	s.mux.HandleFunc("/tables/{id}/record", s.seat(http.MethodGet, s.record))
	s.mux.HandleFunc("/tables/{id}/hint", s.hint)
	if cfg.FinishedIdle > 0 || cfg.AbandonedIdle > 0 {
		s.done.Add(1)
		go func() {
			defer s.done.Done()
			s.janitor(s.stop)
		}()
	}
	return s, nil
}

// Close stops the janitor and the thinkers, after the decisions under
// way, and writes every table's file. The tables stay in the data directory, for the next server; a
// Server closed serves on without freeing tables, and its computer
// players no longer act.
func (s *Server) Close() {
	s.close.Do(func() {
		s.closing.Store(true)
		close(s.stop)
		s.qmu.Lock()
		s.closed = true
		s.queue, s.people = nil, nil
		s.qcond.Broadcast()
		s.qmu.Unlock()
	})
	s.done.Wait()
	s.store.close()
}

// Len returns the number of tables the server holds.
func (s *Server) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}

// now is the time by the Server's clock.
func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// logf logs to the Server's log, if it has one.
func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log.Printf(format, args...)
	}
}

// client returns the counts of the client of the address addr, made
// with a full bucket if need be. The Server must be locked (or not yet
// shared).
func (s *Server) client(addr string) *clientState {
	c := s.clients[addr]
	if c == nil {
		now := s.now()
		c = &clientState{creates: float64(s.cfg.CreatesPerMinute), filled: now, think: s.cfg.ThinkPerMinute.Seconds(), thought: now}
		s.clients[addr] = c
	}
	return c
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
	errBadSince  = errors.New(`"since" is not an action number`)
	errMediaType = errors.New(`the body must be JSON, sent as Content-Type: application/json`)
	// errThinkBudget: the asking client has spent its computer players'
	// thinking time for now (Config.ThinkPerMinute).
	errThinkBudget = errors.New("the thinking time of your address is spent for now")
	serverErrors   = map[error]string{
		errNotFound: "NotFound", errMethod: "MethodNotAllowed", errTooLarge: "TooLarge", errNoToken: "NoToken",
		errBadToken: "BadToken", errNotOver: "NotOver", errFull: "TooManyTables", errBadSince: "BadSince",
		errBody: "Malformed", errGame: "UnknownGame", errSeats: "Seats", errNotYourTurn: "NotYourTurn", errComputer: "ComputerPlayer",
		errMediaType: "MediaType", errCreateRate: "CreateRate", errClientFull: "ClientTables", errStore: "Storage",
		errThinkBudget: "ThinkBudget", errEncodeParam: "EncodeParam", errBadID: "BadID",
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

// decode reads r's JSON body into v: sent as application/json (UTF-8,
// the only charset JSON has), one object, no unknown keys, at most
// MaxBody bytes. It writes the error response and returns false when the
// body is not that. Only a JSON body is read, so that a page of another
// site cannot post to the server: a browser sends a cross-site form
// (text/plain, urlencoded or multipart) without asking, but asks the
// server first (a CORS preflight, which this server does not answer)
// before sending JSON.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	charset, hasCharset := params["charset"]
	if err != nil || mt != "application/json" || len(params) > 1 || len(params) == 1 && (!hasCharset || !strings.EqualFold(charset, "utf-8")) {
		w.Header().Set("Accept-Post", "application/json")
		writeError(w, http.StatusUnsupportedMediaType, fail(errMediaType, "not "+quote(r.Header.Get("Content-Type"))))
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	err = dec.Decode(v)
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
	Game     string  `json:"game"`     // handfoot, canasta, rummy or doublets
	Rules    string  `json:"rules"`    // a preset of the game; "" for its default
	Seats    int     `json:"seats"`    // the number of players; 0 for the game's default
	Humans   *int    `json:"humans"`   // the seats for people, from seat 0; 1 when left out
	People   []int   `json:"people"`   // the people's seats, by number; when given, humans must be left out or their count
	Seed     *uint64 `json:"seed"`     // the deal; an unpredictable one when left out
	Strength string  `json:"strength"` // the computer players', one of cardrules.Strengths(game); "" for defaultStrength
}

// humans returns the number of seats for people.
func (req createRequest) humans() int {
	if req.People != nil {
		return len(req.People)
	}
	if req.Humans == nil {
		return 1
	}
	return *req.Humans
}

// people returns the people's seats at a table of seats seats, in
// order: those named, or seats 0 to humans-1. Its error, of errSeats,
// names a seat out of the table, a seat named twice, or a count of
// humans that is not the number of seats named.
func (req createRequest) people(seats int) ([]int, error) {
	if req.People == nil {
		n := req.humans()
		if n < 0 || n > seats {
			return nil, fail(errSeats, strconv.Itoa(n)+" people for "+strconv.Itoa(seats)+" seats")
		}
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	if req.Humans != nil && *req.Humans != len(req.People) {
		return nil, fail(errSeats, `"humans" is `+strconv.Itoa(*req.Humans)+` but "people" names `+strconv.Itoa(len(req.People))+" seats: leave out humans")
	}
	if len(req.People) > seats {
		return nil, fail(errSeats, strconv.Itoa(len(req.People))+" people for "+strconv.Itoa(seats)+" seats")
	}
	out := slices.Clone(req.People)
	slices.Sort(out)
	for i, seat := range out {
		switch {
		case seat < 0 || seat >= seats:
			return nil, fail(errSeats, "no seat "+strconv.Itoa(seat)+": the table's seats are 0 to "+strconv.Itoa(seats-1))
		case i > 0 && seat == out[i-1]:
			return nil, fail(errSeats, "seat "+strconv.Itoa(seat)+" is named twice in \"people\"")
		}
	}
	return out, nil
}

// strength returns the strength of the computer players.
func (req createRequest) strength() string {
	if req.Strength == "" {
		return defaultStrength
	}
	return req.Strength
}

// seatToken is a person's seat and its token.
type seatToken struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// createResponse is the answer to POST /tables.
type createResponse struct {
	ID       string      `json:"id"`
	Game     string      `json:"game"`
	Seats    int         `json:"seats"`
	Strength string      `json:"strength"` // the computer players'
	Tokens   []seatToken `json:"tokens"`   // one per person's seat
}

// create serves POST /tables: it deals a game and seats people and computer
// players, within the limits of the server and of the client.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	var req createRequest
	if !decode(w, r, &req) {
		return
	}
	client := clientOf(r)
	s.mu.Lock()
	status, retry, err := s.admit(client, s.now())
	s.mu.Unlock()
	if err != nil {
		refuse(w, status, retry, err)
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
	t.id, t.client = randomHex(), client
	resp := createResponse{ID: t.id, Game: t.t.Game(), Seats: t.t.Seats(), Strength: t.strength, Tokens: []seatToken{}}
	people, err := req.people(t.t.Seats()) // newTable checked them
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	for _, seat := range people {
		token := randomHex()
		t.tokens[seat] = hashToken(token)
		resp.Tokens = append(resp.Tokens, seatToken{Seat: seat, Token: token})
	}
	// Room again, now: other creates may have taken it while this one
	// dealt. The table is in place before its file, which the janitor
	// would remove, is written.
	s.mu.Lock()
	c := s.client(client)
	status, retry, evicted, err := s.room(client, c)
	if err != nil {
		s.mu.Unlock()
		refuse(w, status, retry, err)
		return
	}
	t.touched = s.now()
	s.tables[t.id] = t
	c.tables++
	s.mu.Unlock()
	s.free(evicted)
	t.mu.Lock()
	err = s.store.save(t, t.t, t.played)
	if err == nil {
		s.schedule(t) // the computer players act in the thinkers
	}
	t.mu.Unlock()
	if err != nil {
		s.mu.Lock()
		delete(s.tables, t.id)
		c.tables--
		s.mu.Unlock()
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusCreated, resp)
}

// refuse writes the error of a create the limits refuse, with the
// seconds to wait before trying again.
func refuse(w http.ResponseWriter, status, retry int, err error) {
	w.Header().Set("Retry-After", strconv.Itoa(max(retry, 1)))
	writeError(w, status, err)
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
// seat of the request's token, and calls h with the table locked. The
// answer h writes is kept in memory and sent once the table is unlocked,
// so that a client slow to read holds up no other.
func (s *Server) seat(method string, h seatHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, method) {
			return
		}
		t, seat, ok := s.find(w, r)
		if !ok {
			return
		}
		if !t.lock(w) {
			return
		}
		b := newBuffered()
		h(b, r, t, seat)
		t.mu.Unlock()
		b.send(w)
	}
}

// buffered is an answer kept in memory, to be sent later.
type buffered struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newBuffered() *buffered { return &buffered{header: http.Header{}} }

func (b *buffered) Header() http.Header { return b.header }

func (b *buffered) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *buffered) Write(p []byte) (int, error) {
	b.WriteHeader(http.StatusOK)
	return b.body.Write(p)
}

// send writes the answer to w.
func (b *buffered) send(w http.ResponseWriter) {
	for k, v := range b.header {
		w.Header()[k] = v
	}
	w.WriteHeader(max(b.status, http.StatusOK))
	w.Write(b.body.Bytes())
}

// maxWait is the longest a GET /view?wait=1 waits for a person's turn.
const maxWait = 20 * time.Second

// seatWaiting is seat, whose handler first waits, when the request asks
// so with wait=1, until a person is to act or the game is over, at most
// maxWait, without holding the table's lock: a client playing its seat
// learns of the computer players' actions without asking again and
// again.
func (s *Server) seatWaiting(method string, h seatHandler) http.HandlerFunc {
	return s.seat(method, func(w http.ResponseWriter, r *http.Request, t *table, seat int) {
		if r.URL.Query().Get("wait") == "1" && t.computerToAct() && t.failed == nil {
			t.mu.Unlock()
			timer := time.NewTimer(maxWait)
			t.settled(timer.C, r.Context().Done())
			timer.Stop()
			t.mu.Lock()
			if t.freed {
				writeError(w, http.StatusNotFound, fail(errNotFound, "no table "+quote(t.id)))
				return
			}
		}
		h(w, r, t, seat)
	})
}

// lock locks the table, unless the janitor freed it: it then writes the
// 404 and returns false, the table unlocked.
func (tb *table) lock(w http.ResponseWriter) bool {
	tb.mu.Lock()
	if tb.freed {
		tb.mu.Unlock()
		writeError(w, http.StatusNotFound, fail(errNotFound, "no table "+quote(tb.id)))
		return false
	}
	return true
}

// find finds the table of r's path and the seat of r's token, and marks
// the table requested now. It writes the error response and returns false
// when there is no such table or the token is no seat's at it; the table
// is then not marked.
func (s *Server) find(w http.ResponseWriter, r *http.Request) (*table, int, bool) {
	id := r.PathValue("id")
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t == nil {
		writeError(w, http.StatusNotFound, fail(errNotFound, "no table "+quote(id)))
		return nil, 0, false
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	token = strings.TrimSpace(token)
	if !ok || token == "" {
		writeError(w, http.StatusUnauthorized, fail(errNoToken, ""))
		return nil, 0, false
	}
	seat, hash := -1, hashToken(token)
	for i, h := range t.tokens { // tokens are fixed at creation: no lock needed
		if h != nil && subtle.ConstantTimeCompare(h, hash) == 1 {
			seat = i
		}
	}
	if seat < 0 {
		writeError(w, http.StatusForbidden, fail(errBadToken, ""))
		return nil, 0, false
	}
	s.mu.Lock()
	t.touched = s.now()
	s.mu.Unlock()
	return t, seat, true
}

// view serves GET /tables/{id}/view: the seat's View, with its encoding
// when asked with ?encode=1.
func (s *Server) view(w http.ResponseWriter, r *http.Request, t *table, seat int) {
	if checkEncoding(w, r, t) {
		writeView(w, r, t, seat)
	}
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
// text ({"text": "draw"}), as the game's Action JSON ({"action": "draw"})
// or by its action id ({"id": 3}), the game's encodings' number of the
// first legal action that has it.
type actionRequest struct {
	Text   string          `json:"text"`
	Action json.RawMessage `json:"action"`
	ID     *int            `json:"id"`
}

// act serves POST /tables/{id}/actions: it applies the seat's action,
// saves the table, and answers with the seat's new View; the computer
// players' actions that follow are played by the thinkers. The body is read and checked before the table is
// locked, so a seat sending its body slowly holds up no other.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	if !allow(w, r, http.MethodPost) {
		return
	}
	t, seat, ok := s.find(w, r)
	if !ok {
		return
	}
	var req actionRequest
	if !decode(w, r, &req) {
		return
	}
	text, err := actionText(req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if !t.lock(w) {
		return
	}
	b := newBuffered()
	s.actLocked(b, r, t, seat, text, req.ID)
	t.mu.Unlock()
	b.send(w)
}

// actLocked applies seat's action, given as text or by its id, and
// writes the answer: the seat's new View, with its encoding when r asks
// for it. It checks the request in full before it applies the action.
// The table must be locked.
func (s *Server) actLocked(w http.ResponseWriter, r *http.Request, t *table, seat int, text string, id *int) {
	if !checkEncoding(w, r, t) {
		return
	}
	if id != nil {
		if _, err := t.t.Shape(); err != nil {
			writeGameError(w, http.StatusUnprocessableEntity, t.t.Game(), err)
			return
		}
		var err error
		if text, err = actionOfID(t.t, seat, *id); err != nil {
			writeGameError(w, actStatus(err), t.t.Game(), err)
			return
		}
	}
	if err := t.act(seat, text, s.store.save); err != nil {
		writeGameError(w, actStatus(err), t.t.Game(), err)
		return
	}
	s.schedule(t) // the computer players act in the thinkers
	writeView(w, r, t, seat)
}

// actStatus is the status of an action's error: 400 for one that is not an
// action, 409 for one the table refuses now.
func actStatus(err error) int {
	var e *apiErr
	own := errors.As(err, &e)
	switch {
	case errors.Is(err, errBody), errors.Is(err, errBadID), errors.Is(err, cardrules.ErrMalformed):
		return http.StatusBadRequest
	case own && !errors.Is(err, errNotYourTurn), !own && cardrules.Rule(err) == "":
		return http.StatusInternalServerError // a computer player failed, or the disk
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
