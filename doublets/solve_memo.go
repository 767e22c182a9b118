package doublets

import "math/bits"

// memoProbe is the most places a key may lie past its own in the memo.
const memoProbe = 32

// memoMaxKeys is the most keys the memo holds: 2^23 of 8 bytes, 64 MiB.
// A search that meets more positions than that forgets some of them, and
// searches those again if it meets them again.
const memoMaxKeys = 1 << 23

// memo is the exhaustive search's record of the positions it has met, by
// [key]: a set of keys in a table with open addressing, each key at
// most memoProbe places past the place its hash gives. It doubles when it
// is five eighths full or a key finds no free place, up to max keys.
// Once it holds max keys, a key that finds no free place takes the place
// of the key near its own with the least work left below it ([work]): the
// memo is then a cache, and a position it has forgotten is searched again
// when met again, which costs time but never changes what the search
// finds: searched again, it is searched as the first time, and every line
// from it that beats the best score found so far is found. A place, once taken, is never emptied, so a key is always found
// where it was put until it is replaced.
type memo struct {
	keys  []uint64 // 0 for a free place
	shift uint     // 64 less the log2 of len(keys)
	n     int      // the keys held
	max   int      // the most keys
}

// newMemo returns an empty memo that holds at most most keys (a power of
// two, at least 256).
func newMemo(most int) memo {
	m := memo{max: most}
	m.alloc(256)
	return m
}

// alloc makes the memo size keys, all free.
func (m *memo) alloc(size int) {
	m.keys = make([]uint64, size)
	m.shift = 64 - uint(bits.Len(uint(size))-1)
	m.n = 0
}

// home returns the place k's hash gives.
func (m *memo) home(k uint64) int {
	// The finaliser of MurmurHash3: every bit of k moves every bit of
	// the hash, whose top bits pick the place.
	h := k ^ k>>33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	h *= 0xC4CEB9FE1A85EC53
	h ^= h >> 33
	return int(h >> m.shift)
}

// has reports whether the memo holds k.
func (m *memo) has(k uint64) bool {
	mask := len(m.keys) - 1
	for i, p := 0, m.home(k); i < memoProbe; i, p = i+1, (p+1)&mask {
		switch m.keys[p] {
		case k:
			return true
		case 0:
			return false
		}
	}
	return false
}

// add records k, which the memo does not hold: in a free place near its
// own; none free, or the memo five eighths full, in a memo twice the
// size; the memo at its largest, in the place near its own of the key
// that work rates lowest.
func (m *memo) add(k uint64) {
	for {
		if len(m.keys) < m.max && m.n >= len(m.keys)/8*5 {
			m.grow()
		}
		if m.put(k) {
			return
		}
		if len(m.keys) >= m.max {
			break
		}
		m.grow()
	}
	mask := len(m.keys) - 1
	low := m.home(k)
	for i, p := 1, (low+1)&mask; i < memoProbe; i, p = i+1, (p+1)&mask {
		if work(m.keys[p]) < work(m.keys[low]) {
			low = p
		}
	}
	m.keys[low] = k
}

// put records k in a free place near its own, and reports whether it
// found one.
func (m *memo) put(k uint64) bool {
	mask := len(m.keys) - 1
	for i, p := 0, m.home(k); i < memoProbe; i, p = i+1, (p+1)&mask {
		if m.keys[p] == 0 {
			m.keys[p] = k
			m.n++
			return true
		}
	}
	return false
}

// grow doubles the memo, keeping its keys; again while one finds no
// place, and at its largest it keeps those that find one.
func (m *memo) grow() {
	old := m.keys
	size := 2 * len(old)
	for {
		m.alloc(size)
		all := true
		for _, k := range old {
			if k != 0 && !m.put(k) {
				all = false
				if size < m.max {
					break
				}
			}
		}
		if all || size >= m.max {
			return
		}
		size *= 2
	}
}
