// Command server is a game server: the library's four games played as JSON
// over HTTP, people at some seats and computer players (of the strength
// each table asks for) at the others, with a page to play any of the four
// games in a browser. It uses the standard library alone.
//
//	go run ./examples/server -addr :8080   # serve; open http://localhost:8080/
//	go run ./examples/server -selftest     # play each game through the API on a loopback port, and exit
//
// Without -addr it serves on localhost:8080, whether or not standard input
// is a terminal. The self-test (-selftest) plays one whole game of each
// game, a person's seat played through the server's own API by a client
// that reads nothing but that seat's View, one summary line per game; it
// exits 0 when all four end. The self-test keeps its tables in memory: it
// leaves nothing behind.
//
// # Tables on disk
//
// The server keeps every table in a data directory, -data, by default
// $XDG_STATE_HOME/cardrules-server (~/.local/state/cardrules-server when
// XDG_STATE_HOME is not set), which its first log line names; -data ""
// keeps the tables in memory only, lost when the program ends. Each table
// is the file <id>.json, holding the game, its preset, seats and seed,
// the texts of its actions, its State as JSON, the computer players'
// strength and the SHA-256 of each seat's token. An action is answered
// only once it is on disk: the writes of concurrent requests are
// appended together to one journal, synced once for them all, then each
// table's file is written (a temporary file renamed over the old one: a
// crash leaves one or the other); the table files are synced, and the
// journal emptied, when it passes 32 MiB. On start the server first
// writes back the files of the journal, then deals each table again and
// replays its actions, so a table keeps its whole history (its events and
// its record) across a restart; a file that is no table of its is logged
// and skipped. The computer players are made again from their strength
// and seed: they start afresh (their ties broken anew, a searching
// player's memory empty). The files hold every hidden card but no token:
// the directory is made the server's user's alone (0700, even if it was
// not; files 0600), and whoever reads it still cannot play a seat. One
// server at a time may use a directory.
//
// # Computer players
//
// The computer players act off the requests' path: a person's action is
// answered at once, and the computer players' turns that follow are
// played by a pool of thinkers (-thinkers, one a CPU but one), which let
// them choose with the table's lock released, so that no request waits
// for a computer player's decision. A client (as below) has 20 seconds
// of its computer players' thinking a minute (-think-per-minute), over
// all the tables it created: the wall time of each decision, an upper
// bound of its CPU time. When it is spent, its tables wait, a person at
// them or not, until it is refilled. A client learns of the computer
// players' actions by asking again (the page asks every 1.5 seconds), or
// at once with GET /view?wait=1.
//
// # Limits
//
// A finished table is freed 10 minutes after its last request
// (-finished-idle), any table 24 hours after it (-abandoned-idle), its
// file removed. A request counts only with a seat's token. The server
// holds at most 10,000 tables at once (-max-tables); when it holds them,
// a create frees the table requested least recently of those idle for
// 10 minutes (-crowded-idle), or else, if some client holds at least two
// tables more than the creating client, the table requested least
// recently of the client holding the most; else it is refused with 503.
// So a table is kept at least 10 minutes after its last request, and for
// as long as its client holds no more than the others plus one; a new
// person waits at most 10 minutes, unless every table's client holds
// about as many as the others, each table requested within 10 minutes:
// the server is then full of people playing. A client (a remote address;
// an IPv6 address's /56, which holds 256 /64s) creates at most 60 tables
// a minute (-creates-per-minute) and holds at most 500
// (-tables-per-client): beyond, 429. Both carry Retry-After. Behind a
// reverse proxy every client has the proxy's address: one would read the
// client's from X-Forwarded-For, trusting only the entry the proxy adds.
// A request's body is read whole (with the HTTP server's timeouts: 10 s
// for the header, 30 s for the request, 60 s for the answer) before its
// table is locked, so a seat sending slowly holds up no other; its answer
// is written once the table is unlocked, so a seat reading slowly holds
// up no other either. POST bodies must be application/json: a page of
// another site can post a form (text/plain, urlencoded, multipart) to the
// server without asking, but not JSON, which the browser asks the server
// about first, and this server says no.
//
// # The API
//
// The endpoints (every body JSON; errors are {"error": "...", "rule": "..."}
// with a 4xx or 5xx status: 400 malformed, 401 no token, 403 a token not of
// the table, 404 no such table (or one freed), 405 wrong method, 409 not
// your turn or an illegal action, 413 a body over 64 KiB, 415 a POST body
// not sent as application/json, 422 encodings the game has not, 429 a
// client's limit reached, 500 a table that could not be saved (nothing
// changed), 503 the server's limit of tables reached):
//
//	GET  /                        the page: any of the four games in a browser (index.html, app.js)
//	POST /tables                  {"game": "handfoot"|"canasta"|"rummy"|"doublets",
//	                               "rules": preset, "seats": n, "humans": n, "people": [seat, …], "seed": n,
//	                               "strength": "heuristic"|"random"|...}
//	                              → 201 {"id", "game", "seats", "strength", "tokens": [{"seat", "token"}]}
//	GET  /tables/{id}/view        the token's seat's View (the game's View as JSON);
//	                              with ?wait=1, once a person is to act or the game
//	                              is over (at most 20 s); with ?encode=1, with
//	                              "encoding": {"shape", "observation", "mask", "legalIds"}
//	GET  /tables/{id}/happened?since=N
//	                              the seat's events after action N
//	POST /tables/{id}/actions     {"text": "draw"}, {"action": <the game's Action JSON>}
//	                              or {"id": <an action id>} → the seat's new View (with
//	                              ?encode=1, its encoding too); the computer players act after
//	GET  /tables/{id}/record      the game record (text), once the game is over
//	GET  /tables/{id}/hint        {"text"}: the action a heuristic computer player would
//	                              choose from the seat's View, when the seat is to act
//
// Every request to a table but the first carries a seat's token, made of
// 128 random bits when the table is created, as Authorization: Bearer
// <token>: it is the only credential, and it shows what its seat may see
// and nothing else. "humans" seats from seat 0 on are for people (1 when
// left out); "people" names the people's seats instead ([0, 2]: partners
// at a table of four), each once. "strength" is one of the game's computer players'
// (cardrules.Strengths: "heuristic" when left out); an unknown one is
// refused with the registry's error, which lists them. A table created
// with a "seed" has no secret from whoever chose it: leave it out for a
// fair game. The presets are handfoot A or B (4 seats, in two teams, by
// default), canasta classic, two, three or cutthroat, rummy basic or
// basic-N (2 to 6 seats) and doublets aisleriot or pysol (1 seat).
//
// # Learning agents
//
// An agent written in any language can play a seat over HTTP by the
// encodings of cardrules.Encoder, as a learning program sees a game. With
// ?encode=1, a View's answer (GET /view, POST /actions) carries the key
// "encoding": the rule set's "shape" ({"actions": n, "observation":
// [dimensions]}), the seat's "observation" tensor (row-major), its legal
// "mask" (one bool an action id) and "legalIds", the id of each action
// of the View's "legal", in its order. The agent then sends its choice
// as {"id": n}: the first legal action with that id. An id outside the
// game's is a 400; one no legal action has is the game's ErrEncoding, a
// 409. A game without encodings, asked for them, is a 422 naming the
// problem, and no action is played. An "encode" other than 1 or 0 is a
// 400.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"
)

func main() {
	c, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		os.Exit(2)
	}
	if c.selftest {
		if err := selfTest(os.Stdout, 1); err != nil {
			fmt.Fprintln(os.Stderr, "server: self-test:", err)
			os.Exit(1)
		}
		return
	}
	c.cfg.Log = log.Default()
	if err := serve(c.addr, c.cfg); err != nil {
		log.Fatal(err)
	}
}

// invocation is what the command line asks of the program: the self-test
// (-selftest), or to serve on addr with cfg.
type invocation struct {
	addr     string
	selftest bool
	cfg      Config
}

// parseFlags reads the command line's arguments (without the program's
// name), writing its errors and usage to stderr. Without -selftest the
// program serves, on -addr or its default, whatever standard input is.
func parseFlags(args []string, stderr io.Writer) (invocation, error) {
	c := invocation{cfg: DefaultConfig()}
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "localhost:8080", "the address to serve on")
	fs.BoolVar(&c.selftest, "selftest", false, "play one game of each game through the API on a loopback port, keeping nothing, and exit")
	fs.StringVar(&c.cfg.Dir, "data", c.cfg.Dir, "the data directory the tables are kept in; '' keeps them in memory only")
	fs.DurationVar(&c.cfg.FinishedIdle, "finished-idle", c.cfg.FinishedIdle, "free a finished table after this long without a request (0: never)")
	fs.DurationVar(&c.cfg.AbandonedIdle, "abandoned-idle", c.cfg.AbandonedIdle, "free any table after this long without a request (0: never)")
	fs.IntVar(&c.cfg.MaxTables, "max-tables", c.cfg.MaxTables, "the most tables at once (0: no limit)")
	fs.IntVar(&c.cfg.CreatesPerMinute, "creates-per-minute", c.cfg.CreatesPerMinute, "the most tables a client address may create a minute (0: no limit)")
	fs.IntVar(&c.cfg.TablesPerClient, "tables-per-client", c.cfg.TablesPerClient, "the most tables a client address may hold at once (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "server: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return c, nil
}

// serve serves on addr until SIGINT or SIGTERM, then stops taking
// requests, lets those under way finish, and returns. Every table is
// already on disk (each action is written before it is answered).
func serve(addr string, cfg Config) error {
	if cfg.Dir == "" {
		cfg.Log.Printf("keeping the tables in memory only (-data ''): they end with the program")
	} else {
		dir, err := filepath.Abs(cfg.Dir)
		if err != nil {
			return err
		}
		cfg.Log.Printf("keeping the tables in %s (-data DIR to change, -data '' for memory only)", dir)
	}
	s, err := Open(cfg)
	if err != nil {
		return err
	}
	defer s.Close()
	srv := httpServer(addr, s)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	cfg.Log.Printf("%d tables loaded; serving on http://%s/", s.Len(), addr)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	cfg.Log.Printf("stopping")
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}

// httpServer is the HTTP server of handler on addr, with the timeouts
// that keep a slow or silent client from holding a connection for long: 10
// seconds for the header, 30 for the whole request, 60 for the answer
// (computer players may think), 2 minutes for an idle connection kept
// alive.
func httpServer(addr string, handler http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
}

// selfTest serves on a loopback port and plays one whole game of each game
// through the API, a person's seat (seat 0) played by a client reading
// its View, the deals from seed; it writes one line per game to out. It
// keeps its tables in memory: it leaves nothing behind.
func selfTest(out io.Writer, seed uint64) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	s := NewServer()
	defer s.Close()
	srv := httpServer("", s)
	go srv.Serve(ln)
	defer srv.Shutdown(context.Background())
	c := client{base: "http://" + ln.Addr().String(), http: &http.Client{Timeout: time.Minute}}
	for _, g := range Games {
		p, err := c.playGame(createRequest{Game: g, Seed: &seed}, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", g, err)
		}
		if p.record == nil {
			return errors.New(g + ": the game did not end")
		}
		fmt.Fprintln(out, p.summary())
	}
	return nil
}
