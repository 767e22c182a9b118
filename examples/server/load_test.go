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

// TestLoad is the server's load figure (BENCHMARKS.md): it serves on a
// loopback port, as the program does (its HTTP server, a data directory
// written after every action, the janitor), and has CARDRULES_LOAD
// clients (200 when it is 1) at once each create a table of Rummy, one
// person against a computer player, and play it to the end through the
// API, as playGame does. It reports requests a second and the latency of
// a request (median, 99th percentile); it fails unless every game ends
// and every response is the one wanted, and unless, once the clients
// have left and the janitor has freed their finished tables, the data
// directory is empty and the goroutines and the heap are back near their
// start. The per-client limits are off: every client is 127.0.0.1. It
// runs only with CARDRULES_LOAD set:
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
	cfg.Dir, cfg.Now, cfg.CreatesPerMinute, cfg.TablesPerClient = dir, now, 0, 0
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

	transport := &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients}
	c := client{base: "http://" + ln.Addr().String(), http: &http.Client{Transport: transport, Timeout: time.Minute}}
	// The clients first open their tables and play a few actions, all at
	// once, and leave them to be freed as abandoned: what the program keeps
	// for good is then in the start (the runtime keeps a record of every
	// goroutine it ran at the peak, for the next; the JSON encoders cache
	// their types).
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			if _, err := c.playGame(createRequest{Game: "rummy", Seed: seedp(uint64(clients + i))}, 2); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	transport.CloseIdleConnections()
	offset.Store(int64(cfg.AbandonedIdle))
	if n := srv.sweep(); n != clients || t.Failed() {
		t.Fatalf("%d of the first %d tables freed", n, clients)
	}
	runtime.GC()
	runtime.GC()
	goroutines := runtime.NumGoroutine()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	heap := mem.HeapAlloc

	var (
		mu        sync.Mutex
		latencies []time.Duration
		posted    atomic.Int64
	)
	c.timed = func(d time.Duration) { mu.Lock(); latencies = append(latencies, d); mu.Unlock() }
	start := time.Now()
	for i := range clients {
		wg.Go(func() {
			p, err := c.playGame(createRequest{Game: "rummy", Seed: seedp(uint64(i))}, 0)
			switch {
			case err != nil:
				t.Errorf("client %d: %v", i, err)
			case p.record == nil:
				t.Errorf("client %d: the game did not end", i)
			}
			posted.Add(int64(p.posted))
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	transport.CloseIdleConnections()
	if t.Failed() {
		return
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.Logf("%d clients played %d games of Rummy (%d actions posted) in %v: %d requests, %.0f a second; latency median %v, p99 %v, max %v",
		clients, clients, posted.Load(), elapsed.Round(time.Millisecond), len(latencies), float64(len(latencies))/elapsed.Seconds(),
		pct(0.5).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), latencies[len(latencies)-1].Round(10*time.Microsecond))

	// The clients have left: their finished tables are freed after the
	// idle time, their files removed.
	if srv.Len() != clients {
		t.Fatalf("%d tables, not %d", srv.Len(), clients)
	}
	runtime.GC()
	runtime.ReadMemStats(&mem)
	held := mem.HeapAlloc
	offset.Add(int64(cfg.FinishedIdle))
	if n := srv.sweep(); n != clients || srv.Len() != 0 {
		t.Errorf("the janitor freed %d tables of %d; %d left", n, clients, srv.Len())
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
	t.Logf("goroutines: %d before the clients, %d after; heap: %s before, %s with their %d finished tables, %s after", goroutines, after, mib(heap), mib(held), clients, mib(mem.HeapAlloc))
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
}

// mib writes a number of bytes in MiB.
func mib(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
