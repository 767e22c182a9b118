// Package eventlog is the append-only log of actions a game's States share,
// and not public API. It comes in two forms: [Words], for entries a game
// packs into one word (rummy, doublets), written with one atomic operation
// an action, and [Log], for larger entries (the canasta family's), below.
//
// A State holds a Log: its own last entry, kept in the Log itself, and the
// chunk holding the entries before it. Applying an action to a State
// writes that State's own entry into the shared chunk and keeps the new
// action's entry as its own. The log is made of chunks; an entry is
// written once, by the one write that claims its slot atomically, and
// never changed, and a Log reads only the entries below its own length.
// So States that share a chunk never disturb one another, whichever of
// them plays on.
//
// Every action applied to one State writes the same entry, that State's
// own, into the same slot: the first writes it, the others find it there
// and share it. So a search that tries many actions from one State
// allocates nothing for the log; only where two different States of the
// same length both write their own entries (a branch deeper down) does
// one of them start a small chunk of its own after the shared entries.
// Played straight on, a game pays two atomic operations an action, and a
// chunk now and then: the chunks double up to 512 entries.
package eventlog

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// Chunk sizes: a chunk begun where two States branch holds firstChunk
// entries, a new log's first chunk dealChunk (a game dealt is mostly
// played straight on); each next chunk twice as many, up to maxChunk
// entries and, for large entries, about maxBytes (but at least dealChunk
// entries).
const (
	firstChunk = 8
	dealChunk  = 64
	maxChunk   = 512
	maxBytes   = 4096
)

// grown returns the size of the chunk begun after one of size entries of
// E, when it has no room left.
func grown[E comparable](size int) int {
	var e E
	most := maxChunk
	for most > dealChunk && most*int(unsafe.Sizeof(e)) > maxBytes {
		most /= 2
	}
	return max(min(2*size, most), size)
}

// chunk is one block of a log. Its pointers come first, so that the
// collector scans only its head.
type chunk[E comparable] struct {
	prev *chunk[E]
	next atomic.Pointer[chunk[E]] // once full: the first chunk begun after it
	e    []E
	// notes, made the first time one is asked for (once): notes[k] is the
	// word kept with e[k] (see [Log.Note]).
	notes []atomic.Uint32
	once  sync.Once
	base  int          // the index of e[0] in the game
	used  atomic.Int32 // slots claimed
	done  atomic.Int32 // slots written: e[:done] may be read by anyone
}

// Log is a State's view of the log: its own last entry (not yet, or not
// known to be, in the chunks), its number, and the chunk holding the
// entries before it. A State copies its Log with every action, so it
// keeps no more than the one entry; every other is in the chunks. The
// zero Log is empty.
type Log[E comparable] struct {
	c   *chunk[E]
	e   E     // the own entry, entry number own, when n is 1
	own int32 // the number of the own entry: the entries before it are in the chunks
	n   uint8 // the number of own entries: 1, or 0 when all are in the chunks
}

// From returns an empty log whose next entry is entry number n: the log of
// a game dealt (n = 0), or restored at its n-th action, which knows none of
// the earlier ones. Its first chunk is made at once, so that the States
// played on from the game's first ones share it too.
func From[E comparable](n int) Log[E] {
	c := alloc[E](dealChunk)
	c.base = n
	return Log[E]{c: c, own: int32(n)}
}

// Len returns the number of entries of the game, the unknown ones before
// [Log.Base] included.
func (l Log[E]) Len() int { return int(l.own) + int(l.n) }

// Base returns the index of the first entry the log holds.
func (l Log[E]) Base() int {
	if l.c == nil {
		return int(l.own)
	}
	c := l.c
	for c.prev != nil {
		c = c.prev
	}
	return c.base
}

// At returns entry i, which the log holds: Base() <= i < Len().
func (l *Log[E]) At(i int) *E {
	if i >= int(l.own) {
		return &l.e
	}
	c := l.c
	for i < c.base {
		c = c.prev
	}
	return &c.e[i-c.base]
}

// Truncate returns the log of its first n entries, n at most Len(): the
// log of an earlier State of the same game.
func (l Log[E]) Truncate(n int) Log[E] {
	if n > int(l.own) {
		return l // n is Len(): the own entry stays
	}
	// The entries before n are all in the chunks.
	var zero E
	l.e, l.n = zero, 0
	for l.c != nil && n <= l.c.base && l.c.prev != nil {
		l.c = l.c.prev
	}
	if l.c != nil && n <= l.c.base {
		l.c = nil
	}
	l.own = int32(n)
	return l
}

// Push returns the log with e appended (see [Log.Append]).
func (l Log[E]) Push(e E) Log[E] {
	l.Append(e)
	return l
}

// Append appends e to l in place: e becomes l's own entry, after l's own
// entry, if it has one, goes to the chunks.
func (l *Log[E]) Append(e E) {
	if l.n != 0 {
		l.spill()
	}
	l.e, l.n = e, 1
}

// spill writes l's own entry to the chunks, where it follows the entries
// of l.c: in place when its slot is free, as on a game played straight
// on, or else as [Log.flush] does.
//
//go:noinline
func (l *Log[E]) spill() {
	c, k := l.c, int(l.own)
	if c != nil {
		k -= c.base
	}
	if c != nil && k < len(c.e) && c.used.CompareAndSwap(int32(k), int32(k+1)) {
		c.e[k] = l.e
		c.done.Store(int32(k + 1))
	} else {
		l.c = l.flush()
	}
	l.own++
	l.n = 0
}

// flush writes l's own entry, number own, after the entries of l.c and
// returns the chunk that then holds it. It writes in place when its slot
// is free; it shares the slot when it already holds the same entry
// (another action was applied to the same State); otherwise it starts a
// chunk after this one: twice as large when this one has no room for it,
// small when another State has claimed the slot (a branch: the entries
// before it stay shared, and the later ones of this chunk are never read
// through the new one). A full chunk remembers the first chunk begun
// after it, so that a State whose own entry begins that chunk shares it
// too.
func (l *Log[E]) flush() *chunk[E] {
	c, i := l.c, int(l.own)
	if c == nil {
		return newChunk(firstChunk, nil, i, &l.e)
	}
	if k := i - c.base; k < len(c.e) {
		if put(c, k, &l.e) {
			return c
		}
		return newChunk(firstChunk, c, i, &l.e)
	}
	if nx := c.next.Load(); nx != nil && nx.base == i {
		if put(nx, 0, &l.e) {
			return nx
		}
		return newChunk(firstChunk, c, i, &l.e)
	}
	nc := newChunk(grown[E](len(c.e)), c, i, &l.e)
	c.next.CompareAndSwap(nil, nc)
	return nc
}

// Note returns a word kept in the shared chunk with l's own entry, for a
// value that the State ending in that entry computes once and every copy
// of it then reads; it starts at zero. To keep it, Note writes l's own
// entry to the chunk, as an action applied to the State would. Note
// returns nil when l has no own entry, or when keeping the word would
// need a new chunk.
func (l Log[E]) Note() *atomic.Uint32 {
	c, i := l.c, int(l.own)
	if l.n == 0 || c == nil {
		return nil
	}
	k := i - c.base
	if k >= len(c.e) {
		if c, k = c.next.Load(), 0; c == nil || c.base != i {
			return nil
		}
	}
	if !put(c, k, &l.e) {
		return nil
	}
	c.once.Do(func() { c.notes = make([]atomic.Uint32, len(c.e)) })
	return &c.notes[k]
}

// put writes e into c's slot k, or finds it there already; it reports
// false when the slot holds another entry (or one still being written).
// The slots before k are written: they hold the entries before e of every
// log that puts e at k.
func put[E comparable](c *chunk[E], k int, e *E) bool {
	for {
		switch u := int(c.used.Load()); {
		case u < k:
			return false // never so: the slots before k are written
		case u > k:
			return int(c.done.Load()) > k && c.e[k] == *e
		case c.used.CompareAndSwap(int32(k), int32(k+1)):
			c.e[k] = *e
			// The slots before k were written before any log could claim
			// slot k, so the written slots stay a prefix.
			c.done.Store(int32(k + 1))
			return true
		}
	}
}

// newChunk returns a chunk of size entries, in one allocation, after
// prev, whose first entry is e, number base of the game.
func newChunk[E comparable](size int, prev *chunk[E], base int, e *E) *chunk[E] {
	c := alloc[E](size)
	c.prev, c.base = prev, base
	c.e[0] = *e
	c.used.Store(1)
	c.done.Store(1)
	return c
}

// alloc returns an empty chunk of size entries in one allocation.
func alloc[E comparable](size int) *chunk[E] {
	switch size {
	case 8:
		x := new(struct {
			c chunk[E]
			a [8]E
		})
		x.c.e = x.a[:]
		return &x.c
	case 16:
		x := new(struct {
			c chunk[E]
			a [16]E
		})
		x.c.e = x.a[:]
		return &x.c
	case 32:
		x := new(struct {
			c chunk[E]
			a [32]E
		})
		x.c.e = x.a[:]
		return &x.c
	case 64:
		x := new(struct {
			c chunk[E]
			a [64]E
		})
		x.c.e = x.a[:]
		return &x.c
	case 128:
		x := new(struct {
			c chunk[E]
			a [128]E
		})
		x.c.e = x.a[:]
		return &x.c
	case 256:
		x := new(struct {
			c chunk[E]
			a [256]E
		})
		x.c.e = x.a[:]
		return &x.c
	}
	x := new(struct {
		c chunk[E]
		a [maxChunk]E
	})
	x.c.e = x.a[:]
	return &x.c
}

// Collect returns f of each entry the log holds from index since on
// (Base() if since is earlier), oldest first, or nil when there is none:
// a game's Happened.
func Collect[E comparable, V any](l Log[E], since int, f func(i int, e *E) V) []V {
	since = max(since, l.Base())
	if since >= l.Len() {
		return nil
	}
	out := make([]V, 0, l.Len()-since)
	for i := since; i < l.Len(); i++ {
		out = append(out, f(i, l.At(i)))
	}
	return out
}
