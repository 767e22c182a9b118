// Package eventlog is the append-only log of actions a game's States share,
// and not public API.
//
// A State holds a Log: its last entry, kept in the Log itself, and the
// chunk holding the entries before it. Applying an action to a State
// writes the State's own last entry into the shared chunk and keeps the
// new action's entry in the new Log. The log is made of chunks; an entry is
// written once, by the one push that claims its slot atomically, and never
// changed, and a Log reads only the entries below its own length. So States
// that share a chunk never disturb one another, whichever of them plays on.
//
// Every action applied to one State writes the same entry, that State's
// last, into the same slot: the first writes it, the others find it there
// and share it. So a search that tries many actions from one State
// allocates nothing for the log; only where two different States of the
// same length both play on (a branch deeper down) does one of them start a
// small chunk of its own after the shared entries. Played straight on, a
// game allocates one chunk per 64 actions.
package eventlog

import "sync/atomic"

// Chunk sizes: a chunk begun where two States branch holds firstChunk
// entries, a new log's first chunk dealChunk (a game dealt is mostly
// played straight on); each next chunk twice as many, up to maxChunk.
const (
	firstChunk = 4
	dealChunk  = 32
	maxChunk   = 64
)

// chunk is one block of a log.
type chunk[E comparable] struct {
	prev  *chunk[E]
	base  int                      // the index of e[0] in the game
	used  atomic.Int32             // slots claimed
	done  atomic.Int32             // slots written: e[:done] may be read by anyone
	next  atomic.Pointer[chunk[E]] // once full: the first chunk begun after it
	e     []E
	notes []atomic.Uint32 // notes[k]: the word kept with e[k] (see [Log.Note])
}

// Log is a State's view of the log: its length, its last entry, and the
// chunk holding the entries before that one. The zero Log is empty.
type Log[E comparable] struct {
	c    *chunk[E]
	n    int  // the number of entries of the game
	last E    // entry n-1, when own
	own  bool // entry n-1 is last, not yet (or not known to be) in c
}

// From returns an empty log whose next entry is entry number n: the log of
// a game dealt (n = 0), or restored at its n-th action, which knows none of
// the earlier ones. Its first chunk is made at once, so that the actions
// applied to the game's first States share it too.
func From[E comparable](n int) Log[E] {
	c := alloc[E](dealChunk)
	c.base = n
	return Log[E]{c: c, n: n}
}

// Len returns the number of entries of the game, the unknown ones before
// [Log.Base] included.
func (l Log[E]) Len() int { return l.n }

// Base returns the index of the first entry the log holds.
func (l Log[E]) Base() int {
	if l.c == nil {
		if l.own {
			return l.n - 1
		}
		return l.n
	}
	c := l.c
	for c.prev != nil {
		c = c.prev
	}
	return c.base
}

// At returns entry i, which the log holds: Base() <= i < Len().
func (l *Log[E]) At(i int) *E {
	if l.own && i == l.n-1 {
		return &l.last
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
	if n == l.n {
		return l
	}
	// The entries before n are all in the chunks.
	var zero E
	l.last, l.own = zero, false
	for l.c != nil && n <= l.c.base && l.c.prev != nil {
		l.c = l.c.prev
	}
	if l.c != nil && n <= l.c.base {
		l.c = nil
	}
	l.n = n
	return l
}

// Push returns the log with e appended (see [Log.Append]).
func (l Log[E]) Push(e E) Log[E] {
	l.Append(e)
	return l
}

// Append appends e to l in place: l's own last entry goes to the chunks
// (see [Log.flush]) and e becomes l's own.
func (l *Log[E]) Append(e E) {
	if l.own {
		l.c = l.flush()
	}
	l.last, l.own = e, true
	l.n++
}

// flush writes l's own last entry, number n-1, after the entries of l.c
// and returns the chunk that then holds it. It writes in place when that
// slot is free; it shares the slot when it already holds the same entry
// (another action was applied to the same State); otherwise it starts a
// chunk after this one: twice as large when this one is full, small when
// another State has claimed the slot (a branch: the entries before it stay
// shared, and the later ones of this chunk are never read through the new
// one). A full chunk remembers the first chunk begun after it, so that a
// State whose last entry begins that chunk shares it too.
func (l *Log[E]) flush() *chunk[E] {
	c, i := l.c, l.n-1
	if c == nil {
		return newChunk(firstChunk, nil, i, l.last)
	}
	k := i - c.base
	if k < len(c.e) {
		if c.put(k, l.last) {
			return c
		}
		return newChunk(firstChunk, c, i, l.last)
	}
	if nx := c.next.Load(); nx != nil && nx.put(0, l.last) {
		return nx
	}
	nc := newChunk(min(2*len(c.e), maxChunk), c, i, l.last)
	c.next.CompareAndSwap(nil, nc)
	return nc
}

// Note returns a word kept in the shared chunk with l's own last entry, for
// a value that the State ending in that entry computes once and every copy
// of it then reads; it starts at zero. Writing the entry there is what the
// next action applied to the State would do. Note returns nil when l has no
// own entry, or when keeping the word would need a new chunk.
func (l Log[E]) Note() *atomic.Uint32 {
	c := l.c
	if !l.own || c == nil {
		return nil
	}
	k := l.n - 1 - c.base
	if k == len(c.e) {
		if c, k = c.next.Load(), 0; c == nil {
			return nil
		}
	}
	if !c.put(k, l.last) {
		return nil
	}
	return &c.notes[k]
}

// put writes e into slot k, or finds it there already; it reports false
// when the slot holds another entry (or one still being written).
func (c *chunk[E]) put(k int, e E) bool {
	if c.used.CompareAndSwap(int32(k), int32(k+1)) {
		c.e[k] = e
		// Slot k-1 was written before any State could claim slot k, so
		// the written slots stay a prefix.
		c.done.Store(int32(k + 1))
		return true
	}
	return int(c.done.Load()) > k && c.e[k] == e
}

// newChunk returns a chunk of size entries, in one allocation, after
// prev, whose first entry is e, number base of the game.
func newChunk[E comparable](size int, prev *chunk[E], base int, e E) *chunk[E] {
	c := alloc[E](size)
	c.prev, c.base = prev, base
	c.e[0] = e
	c.used.Store(1)
	c.done.Store(1)
	return c
}

// alloc returns an empty chunk of size entries in one allocation.
func alloc[E comparable](size int) *chunk[E] {
	switch size {
	case 4:
		x := new(struct {
			c chunk[E]
			a [4]E
			m [4]atomic.Uint32
		})
		x.c.e, x.c.notes = x.a[:], x.m[:]
		return &x.c
	case 8:
		x := new(struct {
			c chunk[E]
			a [8]E
			m [8]atomic.Uint32
		})
		x.c.e, x.c.notes = x.a[:], x.m[:]
		return &x.c
	case 16:
		x := new(struct {
			c chunk[E]
			a [16]E
			m [16]atomic.Uint32
		})
		x.c.e, x.c.notes = x.a[:], x.m[:]
		return &x.c
	case 32:
		x := new(struct {
			c chunk[E]
			a [32]E
			m [32]atomic.Uint32
		})
		x.c.e, x.c.notes = x.a[:], x.m[:]
		return &x.c
	}
	x := new(struct {
		c chunk[E]
		a [maxChunk]E
		m [maxChunk]atomic.Uint32
	})
	x.c.e, x.c.notes = x.a[:], x.m[:]
	return &x.c
}

// Collect returns f of each entry the log holds from index since on
// (Base() if since is earlier), oldest first, or nil when there is none:
// a game's Happened.
func Collect[E comparable, V any](l Log[E], since int, f func(i int, e *E) V) []V {
	since = max(since, l.Base())
	if since >= l.n {
		return nil
	}
	out := make([]V, 0, l.n-since)
	for i := since; i < l.n; i++ {
		out = append(out, f(i, l.At(i)))
	}
	return out
}
