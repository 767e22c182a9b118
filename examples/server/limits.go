package main

import (
	"errors"
	"log"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"time"
)

// Config is how a [Server] keeps its tables and what it allows. Its zero
// value keeps tables in memory, never frees them and sets no limit:
// [DefaultConfig] is what the program runs with.
type Config struct {
	// Dir is the data directory: every table is written there after every
	// action (see tableFile) and read back when the server starts. "":
	// in memory only, lost when the program ends. One server at a time
	// may use a directory.
	Dir string
	// FinishedIdle frees a table whose game is over after that long
	// without a request; AbandonedIdle any table after that long without
	// a request (a table loaded from the data directory was last
	// requested when its file was last written). 0: never.
	FinishedIdle, AbandonedIdle time.Duration
	// MaxTables is the most tables the server keeps at once: a create
	// beyond it is refused with 503 until the janitor frees one. 0: no
	// limit.
	MaxTables int
	// CreatesPerMinute is the most tables a client may create a minute,
	// on average: a bucket of that many creates, refilled at that rate
	// (so a client may create that many at once, then one every 60/N
	// seconds). TablesPerClient is the most tables a client may have at
	// once. Beyond either, 429. A client is the request's remote address
	// (the host of RemoteAddr; for IPv6 its /64 network, which one
	// customer of a provider usually has whole). Behind a reverse proxy
	// every request comes from the proxy's address: one would read the
	// client's from X-Forwarded-For instead, and only the entry the
	// proxy itself added, as a client can write the header. 0: no limit.
	CreatesPerMinute, TablesPerClient int
	// Log receives what the server logs (skipped files, failures to
	// remove a freed table's file); nil: nothing is logged.
	Log *log.Logger
	// Now is the clock of the limits and of the idle times; nil:
	// time.Now.
	Now func() time.Time
}

// DefaultConfig returns the configuration the program runs with (every
// figure a flag of it): the tables in [DefaultDataDir]; a finished table
// freed after 10 minutes idle and any table after 24 hours; at most
// 10,000 tables; a client creating at most 60 tables a minute and
// holding at most 500.
func DefaultConfig() Config {
	return Config{
		Dir:              DefaultDataDir(),
		FinishedIdle:     10 * time.Minute,
		AbandonedIdle:    24 * time.Hour,
		MaxTables:        10_000,
		CreatesPerMinute: 60,
		TablesPerClient:  500,
	}
}

// The rules of the limits, named in their errors' "rule".
var (
	errFull       = errors.New("too many tables: try again later")
	errCreateRate = errors.New("too many tables created from your address: try again later")
	errClientFull = errors.New("too many tables of your address: finish or leave some")
)

// clientState is what the server counts of a client: its bucket of
// creates and its tables.
type clientState struct {
	creates float64   // the creates left in its bucket at filled
	filled  time.Time // when creates was counted
	tables  int       // its tables at the server
}

// clientOf returns the client a request comes from: the host of its
// RemoteAddr, or its /64 network for an IPv6 address.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// admit decides whether client may create a table now, taking a create
// from its bucket if so. It returns the status of a refusal (0 when
// admitted), the seconds to wait before trying again, and its error. The
// Server must be locked.
func (s *Server) admit(client string, now time.Time) (status, retry int, err error) {
	c := s.client(client)
	if status, retry, err := s.room(c); err != nil {
		return status, retry, err
	}
	if n := s.cfg.CreatesPerMinute; n > 0 {
		perSecond := float64(n) / 60
		c.creates = math.Min(float64(n), c.creates+now.Sub(c.filled).Seconds()*perSecond)
		c.filled = now
		if c.creates < 1 {
			wait := int(math.Ceil((1 - c.creates) / perSecond))
			return http.StatusTooManyRequests, wait, fail(errCreateRate, "at most "+strconv.Itoa(n)+" a minute")
		}
		c.creates--
	}
	return 0, 0, nil
}

// room decides whether the server, and the client c, have room for one
// more table, as admit does. The Server must be locked.
func (s *Server) room(c *clientState) (status, retry int, err error) {
	if n := s.cfg.MaxTables; n > 0 && len(s.tables) >= n {
		return http.StatusServiceUnavailable, int(s.sweepEvery() / time.Second), fail(errFull, "the server holds its most, "+strconv.Itoa(n))
	}
	if n := s.cfg.TablesPerClient; n > 0 && c.tables >= n {
		return http.StatusTooManyRequests, int(s.sweepEvery() / time.Second), fail(errClientFull, "at most "+strconv.Itoa(n)+" at once")
	}
	return 0, 0, nil
}

// sweepEvery is how often the janitor looks for tables to free: a tenth
// of the shorter idle time, from a second to a minute.
func (s *Server) sweepEvery() time.Duration {
	every := time.Minute
	for _, idle := range []time.Duration{s.cfg.FinishedIdle, s.cfg.AbandonedIdle} {
		if idle > 0 {
			every = min(every, idle/10)
		}
	}
	return max(every, time.Second)
}

// janitor frees idle tables every sweepEvery until stop is closed.
func (s *Server) janitor(stop <-chan struct{}) {
	tick := time.NewTicker(s.sweepEvery())
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			s.sweep()
		}
	}
}

// sweep frees the tables idle for longer than the configuration allows,
// removing their files, and forgets the clients with no table and a full
// bucket. It returns the number of tables freed.
func (s *Server) sweep() int {
	now := s.now()
	var freed []*table
	s.mu.Lock()
	for id, tb := range s.tables {
		idle := now.Sub(tb.touched)
		if s.cfg.FinishedIdle > 0 && tb.over.Load() && idle >= s.cfg.FinishedIdle || s.cfg.AbandonedIdle > 0 && idle >= s.cfg.AbandonedIdle {
			delete(s.tables, id)
			if c := s.clients[tb.client]; c != nil {
				c.tables--
			}
			freed = append(freed, tb)
		}
	}
	for addr, c := range s.clients {
		full := c.creates+now.Sub(c.filled).Minutes()*float64(s.cfg.CreatesPerMinute) >= float64(s.cfg.CreatesPerMinute)
		if c.tables <= 0 && full {
			delete(s.clients, addr)
		}
	}
	s.mu.Unlock()
	for _, tb := range freed {
		tb.mu.Lock() // after a request still at the table
		tb.freed = true
		if err := s.store.remove(tb.id); err != nil {
			s.logf("freeing table %s: %v", tb.id, err)
		}
		tb.mu.Unlock()
	}
	return len(freed)
}
