package doublets

import (
	"cmp"
	"slices"
)

// beamNode is a position the beam search met, the fields of its node, and
// the one it came from: 24 bytes.
type beamNode struct {
	talon, reserve uint64
	end, pass      uint8
	parent         int32 // -1 for the root
}

// node returns b's position.
func (b *beamNode) node() node {
	return node{talon: b.talon, reserve: b.reserve, end: b.end, pass: b.pass}
}

// beamChunk is the nodes of a beamPool's chunk: 1.5 MiB.
const beamChunk = 1 << 16

// beamPool is the positions a beam search met, by number, in chunks of
// beamChunk, so that it grows without copying.
type beamPool struct {
	chunks [][]beamNode
	n      int
}

// at returns the node of number i.
func (p *beamPool) at(i int32) *beamNode {
	return &p.chunks[i/beamChunk][i%beamChunk]
}

// push adds n, met from the node of number parent, and returns its number.
func (p *beamPool) push(n node, parent int32) int32 {
	if p.n%beamChunk == 0 {
		p.chunks = append(p.chunks, make([]beamNode, beamChunk))
	}
	i := int32(p.n)
	*p.at(i) = beamNode{talon: n.talon, reserve: n.reserve, end: n.end, pass: n.pass, parent: parent}
	p.n++
	return i
}

// level is where n stands in the game: its pass and the place of the
// stock's top card (64 once the stock is used up). Turns and redeals move a
// line to a later level; a play keeps it on its level, but for a play that
// pulls the stock's top card into the reserve.
func level(n node) int {
	st := stockTop(n)
	if st < 0 {
		st = 64
	}
	return int(n.pass)*65 + st
}

// beam looks for a winning line from root, and reports whether it found
// one (finding none proves nothing). It keeps in sv.best the line to the
// best score it meets, when that beats sv.best's. It
// takes the levels in order; on each it makes every play it can from the
// positions there, then keeps the width most promising positions, by most
// cards on the foundation, a frozen slot counting as one card fewer, and
// moves them on with a turn or a redeal. A position met before is not met
// again. It meets at most most positions, the root included (0: no
// limit), and stops when it has.
func (sv *solver) beam(root node, width, most int) bool {
	var pool beamPool
	pool.push(root, -1)
	levels := make([][]int32, (int(sv.passes)+1)*65)
	levels[level(root)] = []int32{0}
	// seen[l] is the keys of the positions met on level l. A line never
	// goes back to a level, so a level's keys are let go once it is done:
	// only those of the next few levels are kept.
	seen := make([]map[uint64]struct{}, len(levels))
	seen[level(root)] = map[uint64]struct{}{key(root): {}}
	full := false // the pool holds most positions
	// add records c, met from the node of number from, and reports
	// whether the search is to stop: c wins, or the pool is full.
	add := func(c node, from int32) bool {
		k, l := key(c), level(c)
		if _, ok := seen[l][k]; ok {
			return false
		}
		if most > 0 && pool.n >= most {
			full = true
			return true
		}
		if seen[l] == nil {
			seen[l] = map[uint64]struct{}{}
		}
		seen[l][k] = struct{}{}
		i := pool.push(c, from)
		if count(c) > sv.score() {
			sv.best = sv.lineTo(&pool, i)
		}
		if count(c) == MaxScore {
			return true
		}
		levels[l] = append(levels[l], i)
		return false
	}
	defer func() { sv.positions += pool.n }()
	for l := range levels {
		// levels[l] grows as its plays are made.
		for i := 0; i < len(levels[l]); i++ {
			from := levels[l][i]
			if c, ok := sv.play(pool.at(from).node()); ok && add(c, from) {
				return !full
			}
		}
		kept := levels[l]
		slices.SortStableFunc(kept, func(a, b int32) int {
			return cmp.Compare(promise(pool.at(b).node()), promise(pool.at(a).node()))
		})
		kept = kept[:min(len(kept), width)]
		for _, from := range kept {
			if c, ok := sv.move(pool.at(from).node()); ok && add(c, from) {
				return !full
			}
		}
		levels[l], seen[l] = nil, nil
	}
	return false
}

// promise is how far n is on: the cards on the foundation, less one for
// each frozen slot.
func promise(n node) int { return count(n) - frozen(n) }

// lineTo returns the line from the root to the pool's node of number i.
func (sv *solver) lineTo(pool *beamPool, i int32) []node {
	var out []node
	for ; i >= 0; i = pool.at(i).parent {
		out = append(out, pool.at(i).node())
	}
	slices.Reverse(out)
	return out
}
