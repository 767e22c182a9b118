// Package eventlog is the append-only log of actions a game's States share,
// and not public API.
//
// A State holds a Log: its last few entries (up to [batch]), kept in the
// Log itself, and the chunk holding the entries before them. Applying an
// action to a State whose Log keeps a full batch writes that batch into
// the shared chunk and keeps the new action's entry as the first of a new
// batch; any other action only adds its entry to the Log's own. The log is
// made of chunks; an entry is written once, by the one flush that claims
// its slot atomically, and never changed, and a Log reads only the entries
// below its own length. So States that share a chunk never disturb one
// another, whichever of them plays on.
//
// Every action applied to one State writes the same entries, that State's
// own batch, into the same slots: the first writes them, the others find
// them there and share them. So a search that tries many actions from one
// State allocates nothing for the log; only where two different States
// whose own batches start at the same entry both write them (a branch
// deeper down) does one of them start a small chunk of its own after the
// shared entries. Played straight on, a game pays two atomic operations
// per batch of actions, not per action, and allocates a chunk now and then:
// the chunks double up to [maxChunk] entries.
package eventlog

import (
	"slices"
	"sync/atomic"
)

// batch is the number of entries a Log keeps itself before it writes them
// to the chunks, all at once.
const batch = 4

// Chunk sizes: a chunk begun where two States branch holds firstChunk
// entries, a new log's first chunk dealChunk (a game dealt is mostly
// played straight on); each next chunk twice as many, up to maxChunk.
// Each is a multiple of batch and at least batch.
const (
	firstChunk = 8
	dealChunk  = 64
	maxChunk   = 512
)

// chunk is one block of a log. Its pointers come first, so that the
// collector scans only its head.
type chunk[E comparable] struct {
	prev *chunk[E]
	next atomic.Pointer[chunk[E]] // once too full for a batch: the first chunk begun after it
	e    []E
	// notes, made the first time one is asked for: (*notes)[k] is the
	// word kept with e[k] (see [Log.Note]).
	notes atomic.Pointer[[]atomic.Uint32]
	base  int          // the index of e[0] in the game
	used  atomic.Int32 // slots claimed
	done  atomic.Int32 // slots written: e[:done] may be read by anyone
}

// Log is a State's view of the log: its length, its own last entries (the
// batch not yet, or not known to be, in the chunks), and the chunk holding
// the entries before those. The zero Log is empty.
type Log[E comparable] struct {
	c   *chunk[E]
	buf [batch]E // the own entries
	n   int32    // the number of entries of the game
	nb  uint8    // own entries: buf[:nb] are entries n-nb to n-1
}

// From returns an empty log whose next entry is entry number n: the log of
// a game dealt (n = 0), or restored at its n-th action, which knows none of
// the earlier ones. Its first chunk is made at once, so that the actions
// applied to the game's first States share it too.
func From[E comparable](n int) Log[E] {
	c := alloc[E](dealChunk)
	c.base = n
	return Log[E]{c: c, n: int32(n)}
}

// Len returns the number of entries of the game, the unknown ones before
// [Log.Base] included.
func (l Log[E]) Len() int { return int(l.n) }

// own returns the index of l's first own entry.
func (l *Log[E]) own() int { return int(l.n) - int(l.nb) }

// Base returns the index of the first entry the log holds.
func (l Log[E]) Base() int {
	if l.c == nil {
		return l.own()
	}
	c := l.c
	for c.prev != nil {
		c = c.prev
	}
	return c.base
}

// At returns entry i, which the log holds: Base() <= i < Len().
func (l *Log[E]) At(i int) *E {
	if j := i - l.own(); j >= 0 {
		return &l.buf[j]
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
	if d := l.Len() - n; d < int(l.nb) {
		// Entry n-1 is still l's own.
		clear(l.buf[int(l.nb)-d:])
		l.nb -= uint8(d)
		l.n = int32(n)
		return l
	}
	// The entries before n are all in the chunks.
	l.buf, l.nb = [batch]E{}, 0
	for l.c != nil && n <= l.c.base && l.c.prev != nil {
		l.c = l.c.prev
	}
	if l.c != nil && n <= l.c.base {
		l.c = nil
	}
	l.n = int32(n)
	return l
}

// Push returns the log with e appended (see [Log.Append]).
func (l Log[E]) Push(e E) Log[E] {
	l.Append(e)
	return l
}

// Append appends e to l in place: e becomes one of l's own entries, after
// l's full batch of own entries, if it has one, goes to the chunks (see
// [Log.flush]).
func (l *Log[E]) Append(e E) {
	k := l.nb
	if k == batch {
		l.spill()
		k = 0
	}
	l.buf[k%batch] = e // (the % spares a bounds check: k < batch here)
	l.nb = k + 1
	l.n++
}

// spill writes l's full batch of own entries to the chunks (see
// [Log.flush]), out of line: Append, which inlines, does so once a batch.
//
//go:noinline
func (l *Log[E]) spill() {
	l.c = l.flush()
}

// flush writes l's own entries, from number own() on, after the entries of
// l.c and returns the chunk that then holds them. It writes in place when
// their slots are free; it shares the slots when they already hold the
// same entries (another action was applied to the same State); otherwise
// it starts a chunk after this one: twice as large when this one has no
// room for them, small when another State has claimed a slot (a branch:
// the entries before it stay shared, and the later ones of this chunk are
// never read through the new one). A chunk without room remembers the
// first chunk begun after it, so that a State whose own entries begin that
// chunk shares it too.
func (l *Log[E]) flush() *chunk[E] {
	c, i, es := l.c, l.own(), l.buf[:l.nb]
	if c == nil {
		return newChunk(firstChunk, nil, i, es)
	}
	if k := i - c.base; k+len(es) <= len(c.e) {
		if c.put(k, es) {
			return c
		}
		return newChunk(firstChunk, c, i, es)
	}
	if nx := c.next.Load(); nx != nil && nx.base == i {
		if nx.put(0, es) {
			return nx
		}
		return newChunk(firstChunk, c, i, es)
	}
	nc := newChunk(min(2*len(c.e), maxChunk), c, i, es)
	c.next.CompareAndSwap(nil, nc)
	return nc
}

// Note returns a word kept in the shared chunk with l's last entry, for a
// value that the State ending in that entry computes once and every copy
// of it then reads; it starts at zero. To keep it, Note writes l's own
// entries to the chunk, as an action applied to the State would once they
// are a full batch. Note returns nil when l has no own entry, or when
// keeping the word would need a new chunk.
func (l Log[E]) Note() *atomic.Uint32 {
	c, i, es := l.c, l.own(), l.buf[:l.nb]
	if len(es) == 0 || c == nil {
		return nil
	}
	k := i - c.base
	if k+len(es) > len(c.e) {
		if c, k = c.next.Load(), 0; c == nil || c.base != i {
			return nil
		}
	}
	if !c.put(k, es) {
		return nil
	}
	ns := c.notes.Load()
	if ns == nil {
		ns = new([]atomic.Uint32)
		*ns = make([]atomic.Uint32, len(c.e))
		if !c.notes.CompareAndSwap(nil, ns) {
			ns = c.notes.Load()
		}
	}
	return &(*ns)[k+len(es)-1]
}

// put writes es into the slots from k on, or finds them there already, in
// part or whole; it reports false when a slot holds another entry (or one
// still being written). The slots before k are written: they hold the
// entries before es of every log that puts es at k.
func (c *chunk[E]) put(k int, es []E) bool {
	end := k + len(es)
	for {
		u := int(c.used.Load())
		if u < k {
			return false // never so: the slots before k are written
		}
		if u > k {
			w := min(u, end)
			if int(c.done.Load()) < w || !slices.Equal(c.e[k:w], es[:w-k]) {
				return false
			}
			if w == end {
				return true
			}
		}
		if c.used.CompareAndSwap(int32(u), int32(end)) {
			for j := u; j < end; j++ { // not copy: a call to memmove for a few entries
				c.e[j] = es[j-k]
			}
			// The slots before u were written before any log could claim
			// slot u, so the written slots stay a prefix.
			c.done.Store(int32(end))
			return true
		}
	}
}

// newChunk returns a chunk of size entries, in one allocation, after
// prev, whose first entries are es, from number base of the game.
func newChunk[E comparable](size int, prev *chunk[E], base int, es []E) *chunk[E] {
	c := alloc[E](size)
	c.prev, c.base = prev, base
	copy(c.e, es)
	c.used.Store(int32(len(es)))
	c.done.Store(int32(len(es)))
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
		m [maxChunk]atomic.Uint32
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
