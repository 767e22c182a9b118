package doublets

import (
	"cmp"
	"slices"
)

// beamNode is a position the beam search met and the one it came from.
type beamNode struct {
	n      node
	parent int32 // -1 for the root
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
	pool := []beamNode{{n: root, parent: -1}}
	seen := map[node]struct{}{key(root): {}}
	levels := make([][]int32, (int(sv.passes)+1)*65)
	levels[level(root)] = []int32{0}
	full := false // the pool holds most positions
	// add records c, met from pool[from], and reports whether the search
	// is to stop: c wins, or the pool is full.
	add := func(c node, from int32) bool {
		k := key(c)
		if _, ok := seen[k]; ok {
			return false
		}
		if most > 0 && len(pool) >= most {
			full = true
			return true
		}
		seen[k] = struct{}{}
		pool = append(pool, beamNode{n: c, parent: from})
		if count(c) > sv.score() {
			sv.best = sv.lineTo(pool)
		}
		if count(c) == MaxScore {
			return true
		}
		l := level(c)
		levels[l] = append(levels[l], int32(len(pool)-1))
		return false
	}
	defer func() { sv.positions += len(pool) }()
	for l := range levels {
		// levels[l] grows as its plays are made.
		for i := 0; i < len(levels[l]); i++ {
			from := levels[l][i]
			if c, ok := sv.play(pool[from].n); ok && add(c, from) {
				return !full
			}
		}
		kept := levels[l]
		slices.SortStableFunc(kept, func(a, b int32) int {
			return cmp.Compare(promise(pool[b].n), promise(pool[a].n))
		})
		kept = kept[:min(len(kept), width)]
		for _, from := range kept {
			if c, ok := sv.move(pool[from].n); ok && add(c, from) {
				return !full
			}
		}
		levels[l] = nil
	}
	return false
}

// promise is how far n is on: the cards on the foundation, less one for
// each frozen slot.
func promise(n node) int { return count(n) - frozen(n) }

// lineTo returns the line from the root to the pool's last node.
func (sv *solver) lineTo(pool []beamNode) []node {
	var out []node
	for i := int32(len(pool) - 1); i >= 0; i = pool[i].parent {
		out = append(out, pool[i].n)
	}
	slices.Reverse(out)
	return out
}
