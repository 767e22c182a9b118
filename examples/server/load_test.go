package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadAddr is the loopback address the load test's client i connects
// from: each client its own, as from many hosts.
func loadAddr(i int) net.IP { return net.IPv4(127, byte(1+i/250), byte(i%250), 2) }

// loadClients are the clients of the load test, each connecting from its
// own loopback address, and what they measure.
type loadClients struct {
	base       string
	transports []*http.Transport
	mu         sync.Mutex
	latencies  []time.Duration
}

// client returns the client i, connecting from loadAddr(i).
func (l *loadClients) client(i int) client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: loadAddr(i)}}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}
	l.mu.Lock()
	l.transports = append(l.transports, tr)
	l.mu.Unlock()
	return client{base: l.base, http: &http.Client{Transport: tr, Timeout: time.Minute}, timed: l.timed}
}

// timed counts a request and its latency.
func (l *loadClients) timed(d time.Duration) {
	l.mu.Lock()
	l.latencies = append(l.latencies, d)
	l.mu.Unlock()
}

// measure runs f and returns the requests made meanwhile, their latency
// sorted, and how long f took.
func (l *loadClients) measure(f func()) (latencies []time.Duration, elapsed time.Duration) {
	l.mu.Lock()
	l.latencies = nil
	l.mu.Unlock()
	start := time.Now()
	f()
	elapsed = time.Since(start)
	l.mu.Lock()
	latencies, l.latencies = l.latencies, nil
	l.mu.Unlock()
	slices.Sort(latencies)
	return latencies, elapsed
}

// close closes the clients' idle connections.
func (l *loadClients) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, tr := range l.transports {
		tr.CloseIdleConnections()
	}
}

// figures writes requests a second and the latency of a run.
func figures(latencies []time.Duration, elapsed time.Duration) string {
	if len(latencies) == 0 {
		return "no request"
	}
	pct := func(p float64) time.Duration {
		return latencies[int(p*float64(len(latencies)-1))].Round(10 * time.Microsecond)
	}
	return fmt.Sprintf("%d requests in %v, %.0f a second; latency median %v, p99 %v, max %v",
		len(latencies), elapsed.Round(time.Millisecond), float64(len(latencies))/elapsed.Seconds(), pct(0.5), pct(0.99), pct(1))
}

// TestLoad is the server's load figure (BENCHMARKS.md): it serves on a
// loopback port, as the program does (its HTTP server, its default
// limits, a data directory written after every action, the janitor),
// and has clients, each from its own loopback address, play through the
// API as playGame does, one person against computer players. It reports
// requests a second and the latency of a request (median, 99th
// percentile) for one client playing Doublets then Rummy, then for
// CARDRULES_LOAD clients (200 when it is 1) at once each playing a game of
// Rummy; then the latency of a person's view while eight tables of
// Hand and Foot, computer players alone of the search strength, are
// created at once. It fails unless every game ends and every response is
// the one wanted (the errors it counts), and unless, once the clients
// have left and the janitor has freed their finished tables, the data
// directory is empty and the goroutines and the heap are back near their
// start. It runs only with CARDRULES_LOAD set:
//
//	CARDRULES_LOAD=1 go test -count=1 -run TestLoad -v ./examples/server
func TestLoad(t *testing.T) {
	clients, _ := strconv.Atoi(os.Getenv("CARDRULES_LOAD"))
	switch {
	case os.Getenv("CARDRULES_LOAD") == "":
		t.Skip("set CARDRULES_LOAD=1 for the load figure (200 clients), or to a number of clients")
	case clients <= 1:
		clients = 200
	}
	var offset atomic.Int64 // the test's clock runs ahead of time.Now by this
	now := func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	dir := t.TempDir()
	cfg := DefaultConfig()
	cfg.Dir, cfg.Now = dir, now
	srv, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := httpServer("", srv)
	go hs.Serve(ln)
	defer hs.Shutdown(context.Background())
	lc := &loadClients{base: "http://" + ln.Addr().String()}
	var errs atomic.Int64
	fail := func(format string, args ...any) {
		errs.Add(1)
		if errs.Load() <= 10 {
			t.Errorf(format, args...)
		}
	}

	// The clients first open their tables and play a few actions, all at
	// once, and leave them to be freed as abandoned: what the program keeps
	// for good is then in the start (the runtime keeps a record of every
	// goroutine it ran at the peak, for the next; the JSON encoders cache
	// their types).
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			if _, err := lc.client(i).playGame(createRequest{Game: "rummy", Seed: seedp(uint64(clients + i))}, 2); err != nil {
				fail("warming up, client %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	lc.close()
	offset.Add(int64(cfg.AbandonedIdle))
	if n := srv.sweep(); n != clients || t.Failed() {
		t.Fatalf("%d of the first %d tables freed", n, clients)
	}
	runtime.GC()
	runtime.GC()
	goroutines := runtime.NumGoroutine()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	heap := mem.HeapAlloc

	// One client, alone.
	one := lc.client(clients)
	for _, game := range []string{"doublets", "rummy"} {
		var posted int
		latencies, elapsed := lc.measure(func() {
			for g := range 5 {
				p, err := one.playGame(createRequest{Game: game, Seed: seedp(uint64(100 + g))}, 0)
				if err != nil || p.record == nil {
					fail("one client, %s %d: %v (over: %v)", game, g, err, p.record != nil)
				}
				posted += p.posted
			}
		})
		t.Logf("one client played 5 games of %s (%d actions posted): %s", game, posted, figures(latencies, elapsed))
	}

	// Many clients at once.
	var posted atomic.Int64
	latencies, elapsed := lc.measure(func() {
		for i := range clients {
			wg.Go(func() {
				p, err := lc.client(i).playGame(createRequest{Game: "rummy", Seed: seedp(uint64(i))}, 0)
				switch {
				case err != nil:
					fail("client %d: %v", i, err)
				case p.record == nil:
					fail("client %d: the game did not end", i)
				}
				posted.Add(int64(p.posted))
			})
		}
		wg.Wait()
	})
	lc.close()
	t.Logf("%d clients played %d games of Rummy (%d actions posted): %s", clients, clients, posted.Load(), figures(latencies, elapsed))
	t.Logf("errors: %d", errs.Load())
	if t.Failed() {
		return
	}

	// The clients have left: their finished tables are freed after the
	// idle time, their files removed.
	if n := srv.Len(); n != clients+10 {
		t.Fatalf("%d tables, not %d", n, clients+10)
	}
	runtime.GC()
	runtime.ReadMemStats(&mem)
	held := mem.HeapAlloc
	offset.Add(int64(cfg.FinishedIdle))
	if n := srv.sweep(); n != clients+10 || srv.Len() != 0 {
		t.Errorf("the janitor freed %d tables of %d; %d left", n, clients+10, srv.Len())
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("%d files left in the data directory: %q...", len(names), names[0])
	}
	// And the goroutines (the connections' close) and the heap come back.
	var after int
	for wait := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		if after = runtime.NumGoroutine(); after <= goroutines+2 || time.Since(wait) > 5*time.Second {
			break
		}
	}
	latencies = nil
	runtime.GC()
	runtime.GC() // a second time, for what sync.Pools held
	runtime.ReadMemStats(&mem)
	t.Logf("goroutines: %d before the clients, %d after; heap: %s before, %s with their %d finished tables, %s after", goroutines, after, mib(heap), mib(held), clients+10, mib(mem.HeapAlloc))
	if after > goroutines+2 {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after the clients left, %d before:\n%s", after, goroutines, buf[:runtime.Stack(buf, true)])
	}
	// What is left above the start is the runtime's and the GC's timing
	// (a heap profile shows some 50 KiB, the records of goroutines): far
	// less than the tables held, which a table kept by mistake would
	// leave (some 20 KiB each).
	if grew := int64(mem.HeapAlloc) - int64(heap); grew > (int64(held)-int64(heap))/2 {
		t.Errorf("the heap holds %s after the clients left, %s before, %s with their tables", mib(mem.HeapAlloc), mib(heap), mib(held))
	}

	// A person's view, alone and while eight clients create a table each
	// of Hand and Foot, four computer players of the search strength.
	person := lc.client(clients + 1)
	var tbl createResponse
	if _, err := person.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "rummy", Seed: seedp(7)}, &tbl); err != nil {
		t.Fatal(err)
	}
	views := func() {
		for range 300 {
			if _, err := person.expect(http.StatusOK, "GET", "/tables/"+tbl.ID+"/view", tbl.Tokens[0].Token, nil, nil); err != nil {
				fail("view: %v", err)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	latencies, elapsed = lc.measure(views)
	t.Logf("a person's view, alone: %s", figures(latencies, elapsed))
	var created sync.WaitGroup
	for i := range 8 {
		created.Go(func() {
			c := lc.client(clients + 2 + i)
			c.timed = nil
			if _, err := c.expect(http.StatusCreated, "POST", "/tables", "", createRequest{Game: "handfoot", Humans: intp(0), Strength: "search", Seed: seedp(uint64(200 + i))}, nil); err != nil {
				fail("search create %d: %v", i, err)
			}
		})
	}
	time.Sleep(100 * time.Millisecond) // the creates under way
	latencies, elapsed = lc.measure(views)
	t.Logf("a person's view, while eight tables of search players play: %s", figures(latencies, elapsed))
	created.Wait()
	lc.close()
}

// mib writes a number of bytes in MiB.
func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
