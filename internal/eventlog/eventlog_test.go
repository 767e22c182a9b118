package eventlog

import (
	"sync"
	"testing"
)

// entries returns the entries l holds, from Base.
func entries(l Log[int]) []int {
	var out []int
	for i := l.Base(); i < l.Len(); i++ {
		out = append(out, *l.At(i))
	}
	return out
}

func push(l Log[int], from, to int) Log[int] {
	for v := from; v < to; v++ {
		l = l.Push(v)
	}
	return l
}

// Played straight on, entries are written in place and chunks double up
// to 64 entries.
func TestPushInPlaceAndGrow(t *testing.T) {
	l := push(Log[int]{}, 0, 200)
	if l.Len() != 200 || l.Base() != 0 {
		t.Fatalf("Len %d, Base %d", l.Len(), l.Base())
	}
	for i, v := range entries(l) {
		if v != i {
			t.Fatalf("entry %d is %d", i, v)
		}
	}
	var sizes []int
	for c := l.c; c != nil; c = c.prev {
		sizes = append([]int{len(c.e)}, sizes...)
	}
	want := []int{4, 8, 16, 32, 64, 64, 64}
	if len(sizes) != len(want) {
		t.Fatalf("chunk sizes %v, want %v", sizes, want)
	}
	for i := range want {
		if sizes[i] != want[i] {
			t.Fatalf("chunk sizes %v, want %v", sizes, want)
		}
	}
}

// Two logs pushed from one prefix each keep their own entries and share
// the prefix; the branch starts a small chunk.
func TestBranch(t *testing.T) {
	base := push(Log[int]{}, 0, 10)
	a := push(base, 100, 105)
	b := push(base, 200, 203)
	if got := entries(a); len(got) != 15 || got[9] != 9 || got[10] != 100 || got[14] != 104 {
		t.Errorf("a: %v", got)
	}
	if got := entries(b); len(got) != 13 || got[9] != 9 || got[10] != 200 || got[12] != 202 {
		t.Errorf("b: %v", got)
	}
	if len(b.c.e) != firstChunk {
		t.Errorf("the branch's chunk holds %d entries, want %d", len(b.c.e), firstChunk)
	}
	if got := entries(base); len(got) != 10 {
		t.Errorf("the shared prefix changed: %v", got)
	}
}

// Truncate gives an earlier log of the same game; From a log that knows
// nothing before n.
func TestTruncateAndFrom(t *testing.T) {
	l := push(Log[int]{}, 0, 100)
	for _, n := range []int{0, 1, 3, 4, 5, 12, 13, 60, 99, 100} {
		tr := l.Truncate(n)
		if tr.Len() != n || tr.Base() != 0 && n > 0 {
			t.Fatalf("Truncate(%d): Len %d, Base %d", n, tr.Len(), tr.Base())
		}
		got := entries(push(tr, 1000, 1002))
		if len(got) != n+2 || (n > 0 && got[n-1] != n-1) || got[n] != 1000 {
			t.Fatalf("Truncate(%d) then push: %v", n, got)
		}
	}
	if got := entries(l); len(got) != 100 || got[99] != 99 {
		t.Errorf("pushing onto truncated logs changed the log: %v", got[95:])
	}
	f := push(From[int](40), 7, 9)
	if f.Base() != 40 || f.Len() != 42 || *f.At(40) != 7 || From[int](5).Base() != 5 {
		t.Errorf("From: Base %d, Len %d", f.Base(), f.Len())
	}
	if got := Collect(f, 0, func(i int, e *int) int { return i*100 + *e }); len(got) != 2 || got[0] != 4007 || got[1] != 4108 {
		t.Errorf("Collect = %v", got)
	}
	if Collect(f, 42, func(int, *int) int { return 0 }) != nil {
		t.Error("Collect past the end is not nil")
	}
}

// Goroutines pushing onto one shared log each get a log of their own with
// the shared prefix (run under -race).
func TestConcurrentPush(t *testing.T) {
	shared := push(Log[int]{}, 0, 6)
	var wg sync.WaitGroup
	logs := make([]Log[int], 64)
	for g := range logs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			logs[g] = push(shared, 1000*g, 1000*g+5)
		}()
	}
	wg.Wait()
	for g, l := range logs {
		got := entries(l)
		if len(got) != 11 || got[5] != 5 || got[6] != 1000*g || got[10] != 1000*g+4 {
			t.Fatalf("goroutine %d: %v", g, got)
		}
	}
}

// A push in place allocates nothing; a new chunk once.
func TestAllocs(t *testing.T) {
	l := push(Log[int]{}, 0, 3)
	_ = l.Push(1).Push(2) // slot 3 holds 1: a log whose entry 3 is not 1 branches there
	l = l.Push(5)
	fresh := func() Log[int] { return push(Log[int]{}, 0, 2) }
	ls := make([]Log[int], 0, 200)
	for range 200 {
		ls = append(ls, fresh())
	}
	i := 0
	if n := testing.AllocsPerRun(100, func() { ls[i] = ls[i].Push(5); i++ }); n != 0 {
		t.Errorf("an in-place push allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(2) }); n != 1 {
		t.Errorf("a push that branches allocates %v times, want one chunk", n)
	}
}

// Every push onto one log writes that log's own last entry into the same
// slot: the first push writes it, the later ones find it there, share it
// and allocate nothing — a search trying many actions from one State.
func TestSharedLast(t *testing.T) {
	l := push(Log[int]{}, 0, 10)
	a := l.Push(100)
	i := 0
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(200 + i); i++ }); n != 0 {
		t.Errorf("pushing again onto a log allocates %v times", n)
	}
	b := l.Push(300)
	if a.c != b.c || len(a.c.e) != 8 {
		t.Errorf("the two pushes do not share the chunk holding entry 9")
	}
	a, b = a.Push(101), b.Push(301) // entry 10 differs: b branches
	if got := entries(a); len(got) != 12 || got[9] != 9 || got[10] != 100 || got[11] != 101 {
		t.Errorf("a: %v", got)
	}
	if got := entries(b); len(got) != 12 || got[9] != 9 || got[10] != 300 || got[11] != 301 {
		t.Errorf("b: %v", got)
	}
	if a.c == b.c || b.c.prev != a.c || b.c.base != 10 {
		t.Errorf("b does not branch after the shared entries")
	}
}

// A log whose own entry begins a chunk shares that chunk too: the full
// chunk before it remembers it.
func TestSharedLastAcrossChunks(t *testing.T) {
	l := push(Log[int]{}, 0, 5) // entries 0 to 3 fill the first chunk
	a := l.Push(9)
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(10) }); n != 0 {
		t.Errorf("pushing again onto a log at a chunk's end allocates %v times", n)
	}
	if b := l.Push(11); b.c != a.c || b.c.base != 4 {
		t.Errorf("the two pushes do not share the chunk holding entry 4")
	}
}

// A log From a game's start has its first chunk: the actions applied to
// the game's first States share it too.
func TestFromShares(t *testing.T) {
	l := From[int](0).Push(1)
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(2) }); n != 0 {
		t.Errorf("pushing onto a log From the start allocates %v times", n)
	}
}
