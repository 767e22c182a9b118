package eventlog

import (
	"slices"
	"sync"
	"testing"
)

type ilog = Log[int]

// entries returns the entries l holds, from Base.
func entries(l ilog) []int {
	var out []int
	for i := l.Base(); i < l.Len(); i++ {
		out = append(out, *l.At(i))
	}
	return out
}

func push(l ilog, from, to int) ilog {
	for v := from; v < to; v++ {
		l = l.Push(v)
	}
	return l
}

// Played straight on, entries are written in place, one at a time, and
// chunks double up to maxChunk entries.
func TestPushInPlaceAndGrow(t *testing.T) {
	l := push(ilog{}, 0, 1200)
	if l.Len() != 1200 || l.Base() != 0 {
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
	want := []int{8, 16, 32, 64, 128, 256, 512, 512}
	if !slices.Equal(sizes, want) {
		t.Fatalf("chunk sizes %v, want %v", sizes, want)
	}
}

// Two logs pushed from one prefix each keep their own entries and share
// the prefix; the branch starts a small chunk.
func TestBranch(t *testing.T) {
	base := push(ilog{}, 0, 10)
	a := push(base, 100, 105)
	b := push(base, 200, 203)
	if got := entries(a); len(got) != 15 || got[9] != 9 || got[10] != 100 || got[14] != 104 {
		t.Errorf("a: %v", got)
	}
	if got := entries(b); len(got) != 13 || got[9] != 9 || got[10] != 200 || got[12] != 202 {
		t.Errorf("b: %v", got)
	}
	if len(b.c.e) != firstChunk || b.c == a.c {
		t.Errorf("the branch's chunk holds %d entries, want a chunk of its own of %d", len(b.c.e), firstChunk)
	}
	if got := entries(base); len(got) != 10 {
		t.Errorf("the shared prefix changed: %v", got)
	}
}

// Truncate gives an earlier log of the same game; From a log that knows
// nothing before n.
func TestTruncateAndFrom(t *testing.T) {
	l := push(ilog{}, 0, 100)
	for _, n := range []int{0, 1, 3, 7, 8, 9, 23, 24, 25, 60, 98, 99, 100} {
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
// the shared prefix, the shared log's own entry written once for all of
// them (run under -race).
func TestConcurrentPush(t *testing.T) {
	shared := push(ilog{}, 0, 6)
	var wg sync.WaitGroup
	logs := make([]ilog, 64)
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
		if l.At(5) != logs[0].At(5) {
			t.Fatalf("goroutine %d does not share entry 5", g)
		}
	}
}

// A push in place allocates nothing; a push that branches, one chunk.
func TestAllocs(t *testing.T) {
	fresh := func() ilog { return push(From[int](0), 0, 1) } // an own entry, not yet written
	ls := make([]ilog, 0, 200)
	for range 200 {
		ls = append(ls, fresh())
	}
	i := 0
	if n := testing.AllocsPerRun(100, func() { ls[i] = ls[i].Push(5); i++ }); n != 0 {
		t.Errorf("an in-place push allocates %v times", n)
	}
	l := push(From[int](0), 0, 2)
	_ = l.Push(1)                 // entry 1 is written
	l = push(l.Truncate(1), 7, 8) // and l's entry 1 is another
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(2) }); n != 1 {
		t.Errorf("a push that branches allocates %v times, want one chunk", n)
	}
}

// Every push onto one log writes that log's own entry into the same
// slot: the first push writes it, the later ones find it there, share it
// and allocate nothing — a search trying many actions from one State. A
// push onto a log with no own entry writes nothing.
func TestSharedEntry(t *testing.T) {
	l := push(ilog{}, 0, 2) // entry 1 is its own
	a := l.Push(100)
	i := 0
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(200 + i); i++ }); n != 0 {
		t.Errorf("pushing again onto a log allocates %v times", n)
	}
	b := l.Push(300)
	if a.c != b.c || len(a.c.e) != firstChunk || a.c.done.Load() != 2 {
		t.Errorf("the pushes do not share the chunk holding entry 1")
	}
	a, b = a.Push(101), b.Push(301) // entry 2 differs: b branches
	if got := entries(a); !slices.Equal(got, []int{0, 1, 100, 101}) {
		t.Errorf("a: %v", got)
	}
	if got := entries(b); !slices.Equal(got, []int{0, 1, 300, 301}) {
		t.Errorf("b: %v", got)
	}
	if a.c == b.c || b.c.prev != a.c || b.c.base != 2 {
		t.Errorf("b does not branch after the shared entries")
	}
	// Cut in the chunks, a log has no own entry: a push writes nothing,
	// so it never branches.
	c := l.Truncate(1)
	if n := testing.AllocsPerRun(100, func() { _ = c.Push(9) }); n != 0 {
		t.Errorf("pushing onto a log with no own entry allocates %v times", n)
	}
	if got := entries(c.Push(9)); !slices.Equal(got, []int{0, 9}) {
		t.Errorf("c: %v", got)
	}
}

// A log whose own entry begins a chunk shares that chunk too: the full
// chunk remembers it.
func TestSharedAcrossChunks(t *testing.T) {
	l := push(ilog{}, 0, firstChunk+1) // entries 0 to firstChunk-1 fill the first chunk
	a := l.Push(9)
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(10) }); n != 0 {
		t.Errorf("pushing again onto a log at a chunk's end allocates %v times", n)
	}
	if b := l.Push(11); b.c != a.c || b.c.base != firstChunk {
		t.Errorf("the two pushes do not share the chunk holding entry %d", firstChunk)
	}
}

// A log From a game's start has its first chunk: the States played on
// from the game's first ones share it too.
func TestFromShares(t *testing.T) {
	l := push(From[int](0), 0, 3)
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(2) }); n != 0 {
		t.Errorf("pushing onto a log From the start allocates %v times", n)
	}
}

// Truncate to the log's length keeps the log, own entry and all; below
// it, all the entries are in the chunks. Pushes after either give the
// same entries as pushes after a log cut anywhere else.
func TestTruncateOwn(t *testing.T) {
	l := push(ilog{}, 0, 4)
	if tr := l.Truncate(4); tr != l {
		t.Errorf("Truncate(Len) changed the log")
	}
	if tr := l.Truncate(3); tr.n != 0 || tr.own != 3 || *tr.At(2) != 2 {
		t.Errorf("Truncate(3) keeps %d own entries from %d", tr.n, tr.own)
	}
	for n := range l.Len() + 1 {
		got := entries(push(l.Truncate(n), 50, 60))
		if len(got) != n+10 || (n > 0 && got[n-1] != n-1) || got[n] != 50 || got[n+9] != 59 {
			t.Fatalf("Truncate(%d) then push: %v", n, got)
		}
	}
	if got := entries(l); len(got) != 4 || got[3] != 3 {
		t.Errorf("the log changed: %v", got)
	}
}

// Note keeps one word per State: copies of a log share it, a log one
// entry longer has its own, and the pushes after Note share the entry it
// wrote.
func TestNote(t *testing.T) {
	l := push(From[int](0), 0, 3) // entry 2 is its own
	w := l.Note()
	if w == nil || l.Note() != w {
		t.Fatalf("Note = %p, then %p: not one word", w, l.Note())
	}
	w.Store(7)
	m := l.Push(9)
	if v := m.Note(); v == nil || v == w || v.Load() != 0 {
		t.Fatalf("the next log's word is %v", v)
	}
	if w.Load() != 7 {
		t.Error("the word changed")
	}
	if (ilog{}).Note() != nil || l.Truncate(2).Note() != nil {
		t.Error("a log with no own entry has a word")
	}
	// The entry m's Note wrote is m's in place; another log that goes on
	// from l otherwise branches.
	a, b := push(m, 10, 12), push(l, 20, 23)
	if got := entries(a); !slices.Equal(got, []int{0, 1, 2, 9, 10, 11}) {
		t.Errorf("a: %v", got)
	}
	if got := entries(b); !slices.Equal(got, []int{0, 1, 2, 20, 21, 22}) {
		t.Errorf("b: %v", got)
	}
	if a.c != l.c || b.c == l.c || b.c.prev != l.c {
		t.Errorf("a does not go on in place, or b does not branch")
	}
	// Past a full chunk, the word is kept in the chunk begun after it,
	// once a push has begun it.
	e := push(ilog{}, 0, firstChunk+1)
	if e.Note() != nil {
		t.Error("a log past a full chunk has a word before the next chunk is begun")
	}
	if f := e.Push(1); e.Note() == nil || e.Note() != &f.c.notes[0] {
		t.Error("a log past a full chunk has no word in the chunk begun after it")
	}
}

// A log writes every entry but its last, which it keeps as its own, and
// shares, branches, truncates and keeps notes however long it is.
func TestOwnIsLast(t *testing.T) {
	l := From[int](0)
	for v := range 100 {
		l.Append(v)
	}
	if l.n != 1 || l.own != 99 || l.Len() != 100 || int(l.c.done.Load()) != 99-l.c.base {
		t.Fatalf("own %d, n %d, %d written from %d", l.own, l.n, l.c.done.Load(), l.c.base)
	}
	if n := testing.AllocsPerRun(100, func() { _ = l.Push(1) }); n != 0 {
		t.Errorf("pushing again onto a log allocates %v times", n)
	}
	a, b := l.Push(1).Push(2), l.Push(3).Push(4)
	if got := Collect(a, 98, func(_ int, e *int) int { return *e }); !slices.Equal(got, []int{98, 99, 1, 2}) {
		t.Errorf("a: %v", got)
	}
	if got := Collect(b, 98, func(_ int, e *int) int { return *e }); !slices.Equal(got, []int{98, 99, 3, 4}) {
		t.Errorf("b: %v", got)
	}
	if b.c == a.c || b.c.prev != l.c || len(b.c.e) != firstChunk {
		t.Error("b does not branch after the shared entries")
	}
	w := l.Note()
	if w == nil || l.Note() != w || a.Truncate(100).Note() != nil {
		t.Error("copies of the log do not share one word, or a log cut in the chunks has one")
	}
	if tr := a.Truncate(50); tr.Len() != 50 || *tr.At(49) != 49 || tr.Note() != nil {
		t.Errorf("Truncate(50): Len %d", tr.Len())
	}
	var zero ilog
	if zero.Push(5).Len() != 1 || zero.Push(5).Base() != 0 {
		t.Error("the zero log")
	}
}

// Chunks of large entries stop growing at about maxBytes.
func TestLargeEntriesGrowLess(t *testing.T) {
	l := From[[4]uint64](0)
	for v := range 1000 {
		l.Append([4]uint64{uint64(v)})
	}
	var sizes []int
	for c := l.c; c != nil; c = c.prev {
		sizes = append([]int{len(c.e)}, sizes...)
	}
	if want := []int{64, 128, 128, 128, 128, 128, 128, 128, 128}; !slices.Equal(sizes, want) {
		t.Errorf("chunk sizes %v, want %v", sizes, want)
	}
	if got := Collect(l, 990, func(_ int, e *[4]uint64) uint64 { return e[0] }); len(got) != 10 || got[0] != 990 || got[9] != 999 {
		t.Errorf("the last entries: %v", got)
	}
}
