// Package eventlog is the append-only log of actions a game's States share,
// and not public API.
//
// A State holds a Log: the chunk holding its last entry and its length.
// Applying an action pushes one entry. The log is made of chunks; an entry
// is written once, by the one Push that claims its slot atomically, and
// never changed, and a Log reads only the entries below its own length. So
// States that share a chunk never disturb one another, whichever of them
// plays on: a branch (a second action applied to the same State) starts a
// small chunk of its own after the shared entries. Played straight on, a
// game allocates one chunk per 64 actions; a search that plays many actions
// from one State allocates one small chunk for each.
package eventlog

import "sync/atomic"

// Chunk sizes: a log's first chunk, and one begun where two States branch,
// holds firstChunk entries; each next chunk twice as many, up to maxChunk.
const (
	firstChunk = 4
	maxChunk   = 64
)

// chunk is one block of a log.
type chunk[E any] struct {
	prev *chunk[E]
	base int          // the index of e[0] in the game
	used atomic.Int32 // slots claimed
	e    []E
}

// Log is a State's view of the log: the chunk holding its last entry and
// its length. The zero Log is empty.
type Log[E any] struct {
	c *chunk[E]
	n int
}

// From returns an empty log whose next entry is entry number n: the log of
// a game restored at its n-th action, which knows none of the earlier ones.
func From[E any](n int) Log[E] { return Log[E]{n: n} }

// Len returns the number of entries of the game, the unknown ones before
// [Log.Base] included.
func (l Log[E]) Len() int { return l.n }

// Base returns the index of the first entry the log holds.
func (l Log[E]) Base() int {
	if l.c == nil {
		return l.n
	}
	c := l.c
	for c.prev != nil {
		c = c.prev
	}
	return c.base
}

// At returns entry i, which the log holds: Base() <= i < Len().
func (l Log[E]) At(i int) *E {
	c := l.c
	for i < c.base {
		c = c.prev
	}
	return &c.e[i-c.base]
}

// Truncate returns the log of its first n entries, n at most Len(): the
// log of an earlier State of the same game.
func (l Log[E]) Truncate(n int) Log[E] {
	for l.c != nil && n <= l.c.base && l.c.prev != nil {
		l.c = l.c.prev
	}
	if l.c != nil && n <= l.c.base {
		l.c = nil
	}
	l.n = n
	return l
}

// Push returns the log with e appended. It writes in place when the slot
// after l's last entry is free; otherwise it starts a chunk after this one:
// twice as large when this one is full, small when another State has
// claimed the slot (a branch: the entries before it stay shared, and the
// later ones of this chunk are never read through the new one).
func (l Log[E]) Push(e E) Log[E] {
	c := l.c
	size := firstChunk
	if c != nil {
		k := l.n - c.base
		if k < len(c.e) && c.used.CompareAndSwap(int32(k), int32(k+1)) {
			c.e[k] = e
			return Log[E]{c: c, n: l.n + 1}
		}
		if k == len(c.e) {
			size = min(2*len(c.e), maxChunk)
		}
	}
	nc := newChunk[E](size)
	nc.prev, nc.base = c, l.n
	nc.e[0] = e
	nc.used.Store(1)
	return Log[E]{c: nc, n: l.n + 1}
}

// newChunk returns a chunk of size entries in one allocation.
func newChunk[E any](size int) *chunk[E] {
	switch size {
	case 4:
		x := new(struct {
			c chunk[E]
			a [4]E
		})
		x.c.e = x.a[:]
		return &x.c
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
func Collect[E, V any](l Log[E], since int, f func(i int, e *E) V) []V {
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
