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
	// MaxTables is the most tables the server keeps at once. 0: no
	// limit. When it is reached, a create frees a table to make room:
	// the one requested least recently of those without a request for
	// CrowdedIdle; else, if some client holds at least two tables more
	// than the creating client, the one requested least recently of the
	// client holding the most. Else it is refused with 503. So a table is
	// kept at least CrowdedIdle after its last request, and for as long as
	// its client holds no more tables than the others plus one; and a new
	// person is refused for at most CrowdedIdle, unless every table but
	// one or two a client belongs to another client, each of them
	// requested within CrowdedIdle.
	MaxTables int
	// CrowdedIdle is how long a table is kept after its last request when
	// the server holds MaxTables (see there). 0: none is freed then for
	// being idle.
	CrowdedIdle time.Duration
	// CreatesPerMinute is the most tables a client may create a minute,
	// on average: a bucket of that many creates, refilled at that rate
	// (so a client may create that many at once, then one every 60/N
	// seconds). TablesPerClient is the most tables a client may have at
	// once. Beyond either, 429. A client is the request's remote address
	// (the host of RemoteAddr; for IPv6 its /56 network, which one
	// customer of a provider often has whole: 256 /64 networks). Behind a reverse proxy
	// every request comes from the proxy's address: one would read the
	// client's from X-Forwarded-For instead, and only the entry the
	// proxy itself added, as a client can write the header. 0: no limit.
	CreatesPerMinute, TablesPerClient int
	// ThinkPerMinute is the computer players' thinking time a client may
	// use a minute, over all the tables it created: a bucket of that
	// much, refilled at that rate. A decision's time is the wall time of
	// the computer player's choice on a thinker, an upper bound of its
	// CPU time, charged once made; a table whose client's bucket is
	// empty waits until it is refilled, whether a person sits at it or
	// not. 0: no limit.
	ThinkPerMinute time.Duration
	// Thinkers is the number of goroutines that play the computer
	// players' turns, and so the most CPUs they use at once; 0: one less
	// than GOMAXPROCS (at least 1), leaving a CPU to answer requests.
	Thinkers int
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
// 10,000 tables, a table kept at least 10 minutes after its last request
// when they are reached; a client creating at most 60 tables a minute,
// holding at most 500, and using at most 20 seconds of computer players'
// thinking a minute; a thinker for each CPU but one.
func DefaultConfig() Config {
	return Config{
		Dir:              DefaultDataDir(),
		FinishedIdle:     10 * time.Minute,
		AbandonedIdle:    24 * time.Hour,
		MaxTables:        10_000,
		CrowdedIdle:      10 * time.Minute,
		CreatesPerMinute: 60,
		TablesPerClient:  500,
		ThinkPerMinute:   20 * time.Second,
	}
}

// The rules of the limits, named in their errors' "rule".
var (
	errFull       = errors.New("too many tables: try again later")
	errCreateRate = errors.New("too many tables created from your address: try again later")
	errClientFull = errors.New("too many tables of your address: finish or leave some")
)

// clientState is what the server counts of a client: its bucket of
// creates, its tables and its bucket of thinking time.
type clientState struct {
	creates float64       // the creates left in its bucket at filled
	filled  time.Time     // when creates was counted
	tables  int           // its tables at the server
	think   float64       // the seconds of thinking left in its bucket at thought; below 0 when overdrawn
	thought time.Time     // when think was counted
	spent   time.Duration // the thinking time its computer players have used in all
}

// clientPrefix is the length of the IPv6 networks the server counts as
// one client.
const clientPrefix = 56

// clientOf returns the client a request comes from: the host of its
// RemoteAddr, or its /56 network for an IPv6 address.
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
		p, _ := addr.Prefix(clientPrefix)
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
	if n := s.cfg.TablesPerClient; n > 0 && c.tables >= n {
		return http.StatusTooManyRequests, int(s.sweepEvery() / time.Second), fail(errClientFull, "at most "+strconv.Itoa(n)+" at once")
	}
	if n := s.cfg.MaxTables; n > 0 && len(s.tables) >= n && s.crowded(client, c) == nil {
		return http.StatusServiceUnavailable, int(s.sweepEvery() / time.Second), fail(errFull, "the server holds its most, "+strconv.Itoa(n))
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

// room decides whether the server, and the client c of the address
// addr, have room for one more table, as admit does. When the server is
// full it takes out the table Config.MaxTables says, if any, and returns
// it to be freed (with free, once the Server is unlocked). The Server
// must be locked.
func (s *Server) room(addr string, c *clientState) (status, retry int, evicted *table, err error) {
	if n := s.cfg.TablesPerClient; n > 0 && c.tables >= n {
		return http.StatusTooManyRequests, int(s.sweepEvery() / time.Second), nil, fail(errClientFull, "at most "+strconv.Itoa(n)+" at once")
	}
	n := s.cfg.MaxTables
	if n <= 0 || len(s.tables) < n {
		return 0, 0, nil, nil
	}
	if tb := s.crowded(addr, c); tb != nil {
		s.takeOut(tb)
		return 0, 0, tb, nil
	}
	return http.StatusServiceUnavailable, int(s.sweepEvery() / time.Second), nil, fail(errFull, "the server holds its most, "+strconv.Itoa(n))
}

// crowded returns the table a create of the client c of the address
// addr frees when the server is full, as Config.MaxTables says, or nil.
// The Server must be locked.
func (s *Server) crowded(addr string, c *clientState) *table {
	now := s.now()
	var idle *table
	lru := map[string]*table{} // each client's table requested least recently
	for _, tb := range s.tables {
		if s.cfg.CrowdedIdle > 0 && now.Sub(tb.touched) >= s.cfg.CrowdedIdle && (idle == nil || tb.touched.Before(idle.touched)) {
			idle = tb
		}
		if o := lru[tb.client]; o == nil || tb.touched.Before(o.touched) {
			lru[tb.client] = tb
		}
	}
	if idle != nil {
		return idle
	}
	most, holder := 0, ""
	for other := range lru {
		if oc := s.clients[other]; oc != nil && other != addr && (oc.tables > most || oc.tables == most && other < holder) {
			most, holder = oc.tables, other
		}
	}
	if most >= c.tables+2 {
		return lru[holder]
	}
	return nil
}

// takeOut takes the table out of the server's, and out of its client's
// count. The Server must be locked.
func (s *Server) takeOut(tb *table) {
	delete(s.tables, tb.id)
	if c := s.clients[tb.client]; c != nil {
		c.tables--
	}
}

// free frees the tables taken out of the server's (nil ones skipped),
// once the requests still at them are done, and removes their files. The
// Server must not be locked.
func (s *Server) free(tables ...*table) {
	for _, tb := range tables {
		if tb == nil {
			continue
		}
		tb.mu.Lock()
		tb.freed = true
		if tb.moved != nil {
			close(tb.moved) // the requests waiting for it to move
			tb.moved = make(chan struct{})
		}
		if err := s.store.remove(tb.id); err != nil {
			s.logf("freeing table %s: %v", tb.id, err)
		}
		tb.mu.Unlock()
	}
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
	for _, tb := range s.tables {
		idle := now.Sub(tb.touched)
		if s.cfg.FinishedIdle > 0 && tb.over.Load() && idle >= s.cfg.FinishedIdle || s.cfg.AbandonedIdle > 0 && idle >= s.cfg.AbandonedIdle {
			s.takeOut(tb)
			freed = append(freed, tb)
		}
	}
	for addr, c := range s.clients {
		full := c.creates+now.Sub(c.filled).Minutes()*float64(s.cfg.CreatesPerMinute) >= float64(s.cfg.CreatesPerMinute)
		thought := s.cfg.ThinkPerMinute.Seconds()
		rested := c.think+now.Sub(c.thought).Minutes()*thought >= thought
		if c.tables <= 0 && full && rested {
			delete(s.clients, addr)
		}
	}
	s.mu.Unlock()
	s.free(freed...)
	return len(freed)
}
