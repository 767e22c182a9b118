// Command server is a game server: the library's four games played as JSON
// over HTTP, people at some seats and computer players (of the heuristic
// strength) at the others, with a page to play Hand and Foot in a browser.
// It uses the standard library alone.
//
//	go run ./examples/server -addr :8080   # serve; open http://localhost:8080/
//	go run ./examples/server -selftest     # play each game through the API on a loopback port, and exit
//
// Without -addr and without a terminal on standard input (a CI machine,
// go run ./examples/server < /dev/null) it runs the self-test: one whole
// game of each game, a person's seat played through the server's own API
// by a client that reads nothing but that seat's View, one summary line per
// game; it exits 0 when all four end.
//
// The endpoints (every body JSON; errors are {"error": "...", "rule": "..."}
// with a 4xx status: 400 malformed, 401 no token, 403 a token not of the
// table, 404 no such table, 405 wrong method, 409 not your turn or an
// illegal action, 413 a body over 64 KiB):
//
//	GET  /                        the Hand and Foot page (index.html, app.js)
//	POST /tables                  {"game": "handfoot"|"canasta"|"rummy"|"doublets",
//	                               "rules": preset, "seats": n, "humans": n, "seed": n}
//	                              → 201 {"id", "game", "seats", "tokens": [{"seat", "token"}]}
//	GET  /tables/{id}/view        the token's seat's View (the game's View as JSON)
//	GET  /tables/{id}/happened?since=N
//	                              the seat's events after action N
//	POST /tables/{id}/actions     {"text": "draw"} or {"action": <the game's Action JSON>}
//	                              → the seat's new View, once the computer players
//	                                have acted up to a person's turn or the end
//	GET  /tables/{id}/record      the game record (text), once the game is over
//
// Every request to a table but the first carries a seat's token, made of
// 128 random bits when the table is created, as Authorization: Bearer
// <token>: it is the only credential, and it shows what its seat may see
// and nothing else. "humans" seats from seat 0 on are for people (1 when
// left out). A table created with a "seed" has no secret from whoever
// chose it: leave it out for a fair game. The presets are handfoot A or B
// (4 seats, in two teams, by default), canasta classic, two, three or cutthroat,
// rummy basic or basic-N (2 to 6 seats) and doublets aisleriot or pysol
// (1 seat). Tables live in memory until the program ends.
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
	"time"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "the address to serve on")
	selftest := flag.Bool("selftest", false, "play one game of each game through the API on a loopback port, and exit")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "server: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}
	addrSet := false
	flag.Visit(func(f *flag.Flag) { addrSet = addrSet || f.Name == "addr" })
	if *selftest || (!addrSet && !isTerminal(os.Stdin)) {
		if err := selfTest(os.Stdout, 1); err != nil {
			fmt.Fprintln(os.Stderr, "server: self-test:", err)
			os.Exit(1)
		}
		return
	}
	srv := &http.Server{
		Addr:              *addr,
		Handler:           NewServer(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	log.Printf("serving on http://%s/", *addr)
	log.Fatal(srv.ListenAndServe())
}

// selfTest serves on a loopback port and plays one whole game of each game
// through the API, a person's seat (seat 0) played by a client reading
// its View, the deals from seed; it writes one line per game to out.
func selfTest(out io.Writer, seed uint64) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: NewServer(), ReadHeaderTimeout: 10 * time.Second}
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

// isTerminal reports whether f is a terminal: a character device other than
// the null device.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
