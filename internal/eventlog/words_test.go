package eventlog

import (
	"slices"
	"sync"
	"testing"
)

// wentries returns the entries l holds, from Base, as CollectWords gives
// them, and checks that each comes with its index.
func wentries(t *testing.T, l Words) []uint64 {
	t.Helper()
	type ie struct {
		i int
		e uint64
	}
	got := CollectWords(l, 0, func(i int, e uint64) ie { return ie{i, e} })
	var out []uint64
	for k, x := range got {
		if x.i != l.Base()+k {
			t.Fatalf("entry %d given as %d", l.Base()+k, x.i)
		}
		out = append(out, x.e)
	}
	return out
}

// wpush appends from..to-1 to l, as a game does: TryAppend, then Append.
func wpush(l Words, from, to int) Words {
	for v := from; v < to; v++ {
		if !l.TryAppend(uint64(v)) {
			l.Append(uint64(v))
		}
	}
	return l
}

func wantSeq(t *testing.T, name string, got []uint64, from, to int) {
	t.Helper()
	if len(got) != to-from {
		t.Fatalf("%s: %d entries, want %d", name, len(got), to-from)
	}
	for i, v := range got {
		if v != uint64(from+i) {
			t.Fatalf("%s: entry %d is %d, want %d", name, i, v, from+i)
		}
	}
}

// Played straight on from the zero log, entries are written in place and
// chunks double up to maxChunk entries; the zero entry and a 63-bit one
// come back as written.
func TestWordsStraight(t *testing.T) {
	l := wpush(Words{}, 0, 1200)
	if l.Len() != 1200 || l.Base() != 0 {
		t.Fatalf("Len %d, Base %d", l.Len(), l.Base())
	}
	wantSeq(t, "straight", wentries(t, l), 0, 1200)
	var sizes []int
	for c := l.c; c != nil; c = c.prev {
		sizes = append([]int{len(c.e)}, sizes...)
	}
	if want := []int{newGame, maxChunk, maxChunk}; !slices.Equal(sizes, want) {
		t.Errorf("chunk sizes %v, want %v", sizes, want)
	}
	big := uint64(1)<<63 - 1
	m := wpush(Words{}, 0, 0)
	m.Append(big)
	m.Append(0)
	m.Append(big)
	if got := wentries(t, m); !slices.Equal(got, []uint64{big, 0, big}) {
		t.Errorf("entries %x", got)
	}
	if got := CollectWords(m, 2, func(i int, e uint64) int { return i }); !slices.Equal(got, []int{2}) {
		t.Errorf("from 2: %v", got)
	}
	if got := CollectWords(m, 3, func(i int, e uint64) int { return i }); got != nil {
		t.Errorf("from the end: %v", got)
	}
}

// Every action applied to one State writes the same last entry: they
// share it and allocate nothing; two States that branch deeper down each
// keep their own entries and share the prefix, the second in a small
// chunk of its own.
func TestWordsBranch(t *testing.T) {
	base := wpush(WordsFrom(0), 0, 10)
	kids := make([]Words, 5)
	if n := testing.AllocsPerRun(1, func() {
		for k := range kids {
			kids[k] = wpush(base, 100*(k+1), 100*(k+1)+1)
		}
	}); n != 0 {
		t.Errorf("%v allocations for five actions from one State", n)
	}
	for k := range kids {
		kids[k] = wpush(kids[k], 100*(k+1)+1, 100*(k+1)+20) // each writes its first entry at 10
	}
	for k, l := range kids {
		got := wentries(t, l)
		wantSeq(t, "prefix", got[:10], 0, 10)
		wantSeq(t, "branch", got[10:], 100*(k+1), 100*(k+1)+20)
	}
	if kids[0].c != base.c {
		t.Error("the first branch left the shared chunk")
	}
	c := kids[1].c
	for c.prev != nil && c.base > 10 {
		c = c.prev
	}
	if c == base.c || c.base != 10 || len(c.e) != firstChunk || c.prev != base.c {
		t.Errorf("the second branch writes from %d in a chunk of %d", c.base, len(c.e))
	}
	wantSeq(t, "base after the branches", wentries(t, base), 0, 10)
}

// States whose last entries begin the next chunk share it; a restored log
// knows only the entries from its start on.
func TestWordsAcrossChunksAndFrom(t *testing.T) {
	base := wpush(WordsFrom(0), 0, dealChunk+1) // its last entry goes to the next chunk
	a := wpush(base, 500, 501)
	b := wpush(base, 600, 601)
	if a.c != b.c || a.c.base != dealChunk {
		t.Error("the States after a full chunk did not share the next one")
	}
	r := wpush(WordsFrom(40), 40, 45)
	if r.Base() != 40 || r.Len() != 45 {
		t.Fatalf("restored: Base %d, Len %d", r.Base(), r.Len())
	}
	wantSeq(t, "restored", wentries(t, r), 40, 45)
	if got := CollectWords(WordsFrom(40), 0, func(i int, e uint64) int { return i }); got != nil {
		t.Errorf("a restored log with no entry gives %v", got)
	}
}

// Many goroutines playing on from one State each see their own entries
// and the shared prefix (run under -race).
func TestWordsConcurrent(t *testing.T) {
	base := wpush(Words{}, 0, 30)
	var wg sync.WaitGroup
	out := make([]Words, 8)
	for g := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := base
			for r := range 50 {
				l = wpush(l, 1000*g+r, 1000*g+r+1)
				_ = CollectWords(l, 0, func(_ int, e uint64) uint64 { return e })
			}
			out[g] = l
		}()
	}
	wg.Wait()
	for g, l := range out {
		got := wentries(t, l)
		wantSeq(t, "prefix", got[:30], 0, 30)
		wantSeq(t, "own", got[30:], 1000*g, 1000*g+50)
	}
}

// TryAppend takes the two common cases itself: a slot that is empty (a
// game played straight on) and a slot that holds the log's own last entry
// already (another action was applied to the same State first). A slot
// taken by another entry is refused, and the log left as it was, for Put.
func TestWordsTryAppendShares(t *testing.T) {
	base := wpush(WordsFrom(0), 0, 10)
	first := base
	if !first.TryAppend(100) {
		t.Fatal("TryAppend refused an empty slot")
	}
	second := base
	if !second.TryAppend(200) {
		t.Fatal("TryAppend refused the slot its own last entry is in already")
	}
	if second.c != base.c || second.Len() != 11 {
		t.Fatalf("the shared append moved to another chunk, or has %d entries", second.Len())
	}
	// first and second now hold different last entries of number 10:
	// the first to append after them writes its slot, the other finds it
	// taken.
	a, b := first, second
	if !a.TryAppend(101) {
		t.Fatal("TryAppend refused an empty slot after a shared one")
	}
	before := b
	if b.TryAppend(201) {
		t.Fatal("TryAppend wrote over a slot another entry holds")
	}
	if b != before {
		t.Fatal("a refused TryAppend changed the log")
	}
	b.Put(201)
	wantSeq(t, "a", wentries(t, a)[10:], 100, 102)
	wantSeq(t, "b", wentries(t, b)[10:], 200, 202)
	wantSeq(t, "prefix", wentries(t, b)[:10], 0, 10)
}
