// Package eventlog is the append-only log of actions a game's States share,
// and not public API. It comes in two forms: [Words], for entries a game
// packs into one word (rummy, doublets), written with one atomic operation
// an action, and [Log], for larger entries (the canasta family's), below.
//
// A State holds a Log: its last few entries (a batch: see [Batch]), kept
// in the Log itself, and the chunk holding the entries before them.
// Applying an action to a State whose Log keeps a full batch writes that
// batch into the shared chunk and keeps the new action's entry as the
// first of the next batch; any other action only adds its entry to the
// Log's own. The log is made of chunks; an entry is written once, by the
// one write that claims its slot atomically, and never changed, and a Log
// reads only the entries below its own length. So States that share a
// chunk never disturb one another, whichever of them plays on.
//
// Every action applied to one State writes the same entries, that State's
// own batch, into the same slots: the first writes them, the others find
// them there and share them. So a search that tries many actions from one
// State allocates nothing for the log; only where two different States
// whose own batches start at the same entry both write them (a branch
// deeper down) does one of them start a small chunk of its own after the
// shared entries. Played straight on, a game pays two atomic operations a
// batch, and a chunk now and then: the chunks double up to 512 entries.
package eventlog

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// Batch is the array a Log keeps its own last entries in, and so how many
// it writes to the shared chunks at once: [4]E for entries of a few bytes
// (a word each is cheaper still: see [Words]), fewer for large ones, since
// a State copies its Log with every action.
type Batch[E comparable] interface {
	[1]E | [2]E | [4]E | [8]E
}

// Chunk sizes: a chunk begun where two States branch holds firstChunk
// entries, a new log's first chunk dealChunk (a game dealt is mostly
// played straight on); each next chunk twice as many, up to maxChunk
// entries and, for large entries, about maxBytes (but at least dealChunk
// entries). Each is a multiple of the largest batch.
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
	next atomic.Pointer[chunk[E]] // once without room for a batch: the first chunk begun after it
	e    []E
	// notes, made the first time one is asked for (once): notes[k] is the
	// word kept with e[k] (see [Log.Note]).
	notes []atomic.Uint32
	once  sync.Once
	base  int          // the index of e[0] in the game
	used  atomic.Int32 // slots claimed
	done  atomic.Int32 // slots written: e[:done] may be read by anyone
}

// Log is a State's view of the log: its own last entries (a batch not yet,
// or not known to be, in the chunks), where they start, and the chunk
// holding the entries before them. The zero Log is empty.
type Log[E comparable, B Batch[E]] struct {
	c   *chunk[E]
	buf B     // the own entries: buf[:nb] are entries own to own+nb-1
	own int32 // the number of the first own entry
	nb  uint8 // the number of own entries
}

// From returns an empty log whose next entry is entry number n: the log of
// a game dealt (n = 0), or restored at its n-th action, which knows none of
// the earlier ones. Its first chunk is made at once, so that the States
// played on from the game's first ones share it too.
func From[E comparable, B Batch[E]](n int) Log[E, B] {
	c := alloc[E](dealChunk)
	c.base = n
	return Log[E, B]{c: c, own: int32(n)}
}

// Len returns the number of entries of the game, the unknown ones before
// [Log.Base] included.
func (l Log[E, B]) Len() int { return int(l.own) + int(l.nb) }

// Base returns the index of the first entry the log holds.
func (l Log[E, B]) Base() int {
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
func (l *Log[E, B]) At(i int) *E {
	if j := i - int(l.own); j >= 0 {
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
func (l Log[E, B]) Truncate(n int) Log[E, B] {
	var zero E
	if k := n - int(l.own); k > 0 {
		// Entry n-1 is still l's own.
		for j := k; j < int(l.nb); j++ {
			l.buf[j] = zero
		}
		l.nb = uint8(k)
		return l
	}
	// The entries before n are all in the chunks.
	var none B
	l.buf, l.nb = none, 0
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
func (l Log[E, B]) Push(e E) Log[E, B] {
	l.Append(e)
	return l
}

// Append appends e to l in place: e becomes one of l's own entries, after
// l's full batch of own entries, if it has one, goes to the chunks.
func (l *Log[E, B]) Append(e E) {
	if int(l.nb) == len(l.buf) {
		l.spill()
	}
	l.buf[l.nb] = e
	l.nb++
}

// spill writes l's full batch of own entries to the chunks, where they
// follow the entries of l.c: in place when their slots are free, as on a
// game played straight on, or else as [Log.flush] does.
//
//go:noinline
func (l *Log[E, B]) spill() {
	c, k := l.c, int(l.own)
	if c != nil {
		k -= c.base
	}
	if c != nil && k+len(l.buf) <= len(c.e) && c.used.CompareAndSwap(int32(k), int32(k+len(l.buf))) {
		for j := range len(l.buf) {
			c.e[k+j] = l.buf[j]
		}
		c.done.Store(int32(k + len(l.buf)))
	} else {
		l.c = l.flush()
	}
	l.own += int32(len(l.buf))
	l.nb = 0
}

// flush writes l's own entries, from number own on, after the entries of
// l.c and returns the chunk that then holds them. It writes in place when
// their slots are free; it shares the slots when they already hold the
// same entries (another action was applied to the same State); otherwise
// it starts a chunk after this one: twice as large when this one has no
// room for them, small when another State has claimed a slot (a branch:
// the entries before it stay shared, and the later ones of this chunk are
// never read through the new one). A chunk without room remembers the
// first chunk begun after it, so that a State whose own entries begin that
// chunk shares it too.
func (l *Log[E, B]) flush() *chunk[E] {
	c, i, n := l.c, int(l.own), int(l.nb)
	if c == nil {
		return newChunk[E](firstChunk, nil, i, &l.buf, n)
	}
	if k := i - c.base; k+n <= len(c.e) {
		if put(c, k, &l.buf, n) {
			return c
		}
		return newChunk(firstChunk, c, i, &l.buf, n)
	}
	if nx := c.next.Load(); nx != nil && nx.base == i {
		if put(nx, 0, &l.buf, n) {
			return nx
		}
		return newChunk(firstChunk, c, i, &l.buf, n)
	}
	nc := newChunk(grown[E](len(c.e)), c, i, &l.buf, n)
	c.next.CompareAndSwap(nil, nc)
	return nc
}

// Note returns a word kept in the shared chunk with l's last entry, for a
// value that the State ending in that entry computes once and every copy
// of it then reads; it starts at zero. To keep it, Note writes l's own
// entries to the chunk, as an action applied to the State would once they
// are a full batch. Note returns nil when l has no own entry, or when
// keeping the word would need a new chunk.
func (l Log[E, B]) Note() *atomic.Uint32 {
	c, i, n := l.c, int(l.own), int(l.nb)
	if n == 0 || c == nil {
		return nil
	}
	k := i - c.base
	if k+n > len(c.e) {
		if c, k = c.next.Load(), 0; c == nil || c.base != i {
			return nil
		}
	}
	if !put(c, k, &l.buf, n) {
		return nil
	}
	c.once.Do(func() { c.notes = make([]atomic.Uint32, len(c.e)) })
	return &c.notes[k+n-1]
}

// put writes the n entries of es into c's slots from k on, or finds them
// there already, in part or whole; it reports false when a slot holds
// another entry (or one still being written). The slots before k are
// written: they hold the entries before es of every log that puts es at k.
func put[E comparable, B Batch[E]](c *chunk[E], k int, es *B, n int) bool {
	end := k + n
	for {
		u := int(c.used.Load())
		if u < k {
			return false // never so: the slots before k are written
		}
		if u > k {
			w := min(u, end)
			if int(c.done.Load()) < w {
				return false
			}
			for j := k; j < w; j++ {
				if c.e[j] != (*es)[j-k] {
					return false
				}
			}
			if w == end {
				return true
			}
		}
		if c.used.CompareAndSwap(int32(u), int32(end)) {
			for j := u; j < end; j++ {
				c.e[j] = (*es)[j-k]
			}
			// The slots before u were written before any log could claim
			// slot u, so the written slots stay a prefix.
			c.done.Store(int32(end))
			return true
		}
	}
}

// newChunk returns a chunk of size entries, in one allocation, after
// prev, whose first entries are the n of es, from number base of the game.
func newChunk[E comparable, B Batch[E]](size int, prev *chunk[E], base int, es *B, n int) *chunk[E] {
	c := alloc[E](size)
	c.prev, c.base = prev, base
	for j := range n {
		c.e[j] = (*es)[j]
	}
	c.used.Store(int32(n))
	c.done.Store(int32(n))
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
func Collect[E comparable, B Batch[E], V any](l Log[E, B], since int, f func(i int, e *E) V) []V {
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
