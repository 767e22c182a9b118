package eventlog

import "sync/atomic"

// Words is a log of entries a game packs into one word each (of at most
// 63 bits), as rummy and doublets do: the cheapest log to keep, since an
// entry is written and shared with one atomic operation.
//
// A State holds a Words: its own last entry, kept in the Words itself, the
// number of entries, and the chunk holding the entries before the last.
// Applying an action to a State writes that State's own last entry into
// its slot of the shared chunk, with one compare-and-swap from the empty
// word, and keeps the new action's entry as its own. So every action
// applied to one State writes the same entry into the same slot: the
// first writes it, the others find it there and share it, and a search
// that tries many actions from one State allocates nothing for the log.
// Only where two different States of the same length both write their
// last entries (a branch deeper down) does the second start a small chunk
// of its own after the shared entries. An entry, once written, never
// changes, and a Words reads only the slots below its own length, so
// States that share a chunk never disturb one another, whichever of them
// plays on, from any goroutine.
//
// Played straight on, an action costs one atomic load, one
// compare-and-swap and a chunk now and then: the chunks double, from 64
// entries up to 512. An action applied to a State already played on
// costs the one load.
type Words struct {
	c    *chunk[uint64] // the chunk holding entries before the last: its slots are read and written atomically only
	last uint64         // the own last entry, written (with the mark), or 0: none
	n    int32          // the number of entries of the game
	k    int32          // the slot of the own last entry (number n-1) in c: n-1-c.base
}

// newGame is the size of the first chunk of a game dealt with the zero
// log: most games of rummy and doublets are played straight on for some
// hundreds of actions.
const newGame = 4 * dealChunk

// written marks a word in a slot (and the own last entry): a slot holds
// zero until it is written, and a game's entry may be zero.
const written = 1 << 63

// WordsFrom returns an empty log whose next entry is entry number n: the
// log of a game dealt (n = 0), or restored at its n-th action, which knows
// none of the earlier ones. Its first chunk is made at once, so that the
// States played on from the game's first ones share it too.
func WordsFrom(n int) Words {
	c := alloc[uint64](dealChunk)
	c.base = n
	return Words{c: c, n: int32(n), k: -1}
}

// NewWords returns the log of a game dealt: empty, with its first chunk
// of newGame entries made at once. Every State played on from the deal
// then shares that chunk, so a search that branches from the first
// States of a game allocates nothing for the log.
func NewWords() Words {
	return Words{c: alloc[uint64](newGame), k: -1}
}

// Len returns the number of entries of the game, the unknown ones before
// [Words.Base] included.
func (l Words) Len() int { return int(l.n) }

// Base returns the index of the first entry the log holds.
func (l Words) Base() int {
	c := l.c
	if c == nil {
		if l.last != 0 {
			return int(l.n) - 1
		}
		return int(l.n)
	}
	for c.prev != nil {
		c = c.prev
	}
	return c.base
}

// Append appends e, whose top bit must be clear, to l in place: e becomes
// l's own last entry, after l's own last entry, if it has one, goes to its
// slot in the chunks.
func (l *Words) Append(e uint64) {
	if !l.TryAppend(e) {
		l.Put(e)
	}
}

// Put appends e where [Words.TryAppend] could not: it writes l's own last
// entry as spill does, without trying its slot again. An Apply calls
// TryAppend, then Put when TryAppend reports false.
func (l *Words) Put(e uint64) {
	l.spill()
	l.last = e | written
	l.n++
	l.k++
}

// TryAppend appends e as Append does in the two common cases, and reports
// whether it did; when it did not, l is unchanged. It is small enough for
// the compiler to inline. Both cases read l's slot once. On a game played
// straight on the slot is empty, and l's own last entry is written into
// it with one compare-and-swap. Where another action was applied to the
// same State first (a search's later tries), the slot holds that same
// entry already, and l shares it with no write. A slot taken by another
// entry, or past the chunk's end, is left to Put.
func (l *Words) TryAppend(e uint64) bool {
	c, k := l.c, uint(l.k)
	if c == nil || k >= uint(len(c.e)) {
		return false
	}
	p := &c.e[k]
	if w := atomic.LoadUint64(p); w != l.last {
		if w != 0 || !atomic.CompareAndSwapUint64(p, 0, l.last) {
			return false
		}
	}
	l.last = e | written
	l.n++
	l.k++
	return true
}

// spill writes l's own last entry, if it has one, where TryAppend could
// not write it in place: shared when its slot holds the same entry
// (another action was applied to the same State), or else as
// [Words.grow] does.
func (l *Words) spill() {
	if l.last == 0 {
		return
	}
	if c := l.c; c != nil && int(l.k) < len(c.e) && atomic.LoadUint64(&c.e[l.k]) == l.last {
		return
	}
	l.grow()
}

// grow writes l's own last entry, entry n-1, where its slot in l.c is
// taken by another entry or lies past l.c's end: it starts a chunk after
// l.c, twice as large when l.c has no room left, small where another
// State has written the slot (a branch: the entries before it stay
// shared, and the later ones of l.c are never read through the new
// chunk). A chunk without room remembers the first chunk begun after it,
// so that a State whose last entry begins that chunk shares it too. A log
// without a chunk (a game dealt with the zero log) starts one of newGame
// entries.
func (l *Words) grow() {
	c, i := l.c, int(l.n)-1
	size := firstChunk
	if c == nil {
		size = newGame
	} else if i-c.base >= len(c.e) {
		if nx := c.next.Load(); nx != nil && nx.base == i {
			if atomic.CompareAndSwapUint64(&nx.e[0], 0, l.last) || atomic.LoadUint64(&nx.e[0]) == l.last {
				l.c, l.k = nx, 0
				return
			}
		} else if nx == nil {
			size = grown[uint64](len(c.e))
		}
	}
	nc := alloc[uint64](size)
	nc.prev, nc.base = c, i
	atomic.StoreUint64(&nc.e[0], l.last)
	if c != nil && size != firstChunk {
		c.next.CompareAndSwap(nil, nc)
	}
	l.c, l.k = nc, 0
}

// CollectWords returns f of each entry the log holds from index since on
// (Base() if since is earlier), oldest first, or nil when there is none:
// a game's Happened. It calls f newest first.
func CollectWords[V any](l Words, since int, f func(i int, e uint64) V) []V {
	since = max(since, l.Base())
	n := int(l.n)
	if since >= n {
		return nil
	}
	out := make([]V, n-since)
	end := n
	if l.last != 0 {
		end--
		out[end-since] = f(end, l.last&^written)
	}
	// The chunks from the last back, each holding the entries from its
	// base up to the next one's.
	for c := l.c; end > since; c = c.prev {
		for i := max(c.base, since); i < end; i++ {
			out[i-since] = f(i, atomic.LoadUint64(&c.e[i-c.base])&^written)
		}
		end = c.base
	}
	return out
}
