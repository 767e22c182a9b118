package doublets

import (
	"math/bits"

	"github.com/cardrules/cardrules/card"
)

// Solution is what [Solve] finds of a position: whether it can be won, the
// best score play can reach from it, and a line of moves that reaches that
// score.
type Solution struct {
	Winnable bool
	Score    int      // the best reachable score: 48 when winnable
	Moves    []Action // a line of moves from the position to that score
	// Positions is how many positions the search met: its cost.
	Positions int
}

// Solve searches s exactly: every line of play from it, each position met
// once. It returns the best score reachable (48: the game can be won) and
// a line of moves reaching it, which [Apply] plays from s to that score. A
// game over returns its score and no moves; the zero State, the zero
// Solution.
//
// The search is a depth-first walk of the positions reachable from s,
// memoised on what decides the rest of a game: the cards left in the
// stock and waste (their order never changes), where the waste ends, the
// pass, and the set of reserve cards (which slot holds a card does not
// matter to what can follow). It stops at the first winning line. A turn
// with no card to play is the only move and is taken at once, without a
// memo entry. Its cost is in proportion to the positions met; a typical
// deal meets a few thousand (see BENCHMARKS.md in the module for figures
// over many seeds).
func Solve(s State) Solution {
	if s.g == nil {
		return Solution{}
	}
	sv := newSolver(&s)
	root := sv.root(&s)
	best := sv.best(root)
	sol := Solution{Winnable: int(best) == MaxScore, Score: int(best), Positions: len(sv.memo)}
	sol.Moves = sv.line(root, &s)
	return sol
}

// Hint returns the first move of a best line from s ([Solve]'s), and
// false when the game is over.
func Hint(s State) (Action, bool) {
	sol := Solve(s)
	if len(sol.Moves) == 0 {
		return Action{}, false
	}
	return sol.Moves[0], true
}

// node is a position as the solver sees it. The talon's cards are
// numbered by their place in the root's talon (waste then stock), which
// never changes; talon has bit i for each still there, and the waste is
// those below end.
type node struct {
	talon   uint64 // the talon cards left, by place
	reserve uint64 // the reserve cards, by card value
	end     uint8  // the places below end are the waste's
	pass    uint8
}

type solver struct {
	order  [52]card.Card // the root's talon
	need   [MaxScore + 1]card.Rank
	passes uint8
	memo   map[node]uint8
}

// key is n with its reserve as counts of ranks: suits never matter in
// Doublets, so two positions whose reserves differ only in suits are the
// same problem.
func key(n node) node {
	var counts uint64
	for r := n.reserve; r != 0; r &= r - 1 {
		c := card.Card(bits.TrailingZeros64(r))
		counts += 1 << (3 * uint(c.Rank()))
	}
	n.reserve = counts
	return n
}

func newSolver(s *State) *solver {
	sv := &solver{passes: uint8(s.g.rules.Passes), memo: make(map[node]uint8, 1024)}
	copy(sv.order[:], s.talon[:s.n])
	// The rank needed after k cards: the first card's doubled k-1 times.
	r := s.found[0].Rank()
	for k := 1; k <= MaxScore; k++ {
		sv.need[k] = next(r)
		r = sv.need[k]
	}
	return sv
}

func (sv *solver) root(s *State) node {
	n := node{talon: uint64(1)<<s.n - 1, pass: s.pass, end: s.w}
	for _, c := range s.reserve {
		if c != 0 {
			n.reserve |= 1 << c
		}
	}
	return n
}

// count is the cards on the foundation at n: those neither in the talon
// nor in the reserve.
func (sv *solver) count(n node) int {
	return 52 - bits.OnesCount64(n.talon) - bits.OnesCount64(n.reserve)
}

// wasteTop returns the place of the waste's top card, or -1.
func wasteTop(n node) int {
	w := n.talon & (uint64(1)<<n.end - 1)
	return bits.Len64(w) - 1
}

// stockTop returns the place of the stock's top card, or -1.
func stockTop(n node) int {
	st := n.talon >> n.end << n.end
	if st == 0 {
		return -1
	}
	return bits.TrailingZeros64(st)
}

// moves lists n's children, with 1 for a play to the foundation.
func (sv *solver) children(n node, out []node) []node {
	k := sv.count(n)
	if k == MaxScore {
		return out
	}
	need := sv.need[k]
	wt := wasteTop(n)
	if wt >= 0 && sv.order[wt].Rank() == need {
		c := n
		c.talon &^= 1 << wt
		c.end = uint8(wasteTop(c) + 1)
		out = append(out, c)
	}
	for r := n.reserve; r != 0; r &= r - 1 {
		cd := card.Card(bits.TrailingZeros64(r))
		if cd.Rank() != need {
			continue
		}
		c := n
		c.reserve &^= 1 << cd
		switch {
		case wt >= 0:
			c.talon &^= 1 << wt
			c.reserve |= 1 << sv.order[wt]
			c.end = uint8(wasteTop(c) + 1)
		default:
			if st := stockTop(n); st >= 0 {
				c.talon &^= 1 << st
				c.reserve |= 1 << sv.order[st]
			}
		}
		out = append(out, c)
	}
	if st := stockTop(n); st >= 0 {
		c := n
		c.end = uint8(st + 1)
		out = append(out, c)
	} else if wt >= 0 && n.pass < sv.passes {
		c := n
		c.end, c.pass = 0, n.pass+1
		out = append(out, c)
	}
	return out
}

// best returns the best score reachable from n.
func (sv *solver) best(n node) uint8 {
	for {
		// A lone move (a turn or redeal with nothing to play) is taken
		// at once.
		var buf [10]node
		ch := sv.children(n, buf[:0])
		switch len(ch) {
		case 0:
			return uint8(sv.count(n))
		case 1:
			if sv.count(ch[0]) == sv.count(n) {
				n = ch[0]
				continue
			}
		}
		k := key(n)
		if v, ok := sv.memo[k]; ok {
			return v
		}
		v := uint8(sv.count(n))
		for _, c := range ch {
			if b := sv.best(c); b > v {
				v = b
				if v == MaxScore {
					break
				}
			}
		}
		sv.memo[k] = v
		return v
	}
}

// line returns the moves of a best line from the root n of s, as Actions
// of the real game (slots found by playing them).
func (sv *solver) line(n node, s *State) []Action {
	var out []Action
	st := *s
	want := sv.best(n)
	for {
		var buf [10]node
		ch := sv.children(n, buf[:0])
		var pick node
		found := false
		for _, c := range ch {
			if sv.best(c) == want {
				pick, found = c, true
				break
			}
		}
		if !found {
			return out
		}
		a := sv.action(n, pick, &st)
		next, err := Apply(st, a)
		if err != nil {
			return out // unreachable: the solver's moves are the game's
		}
		out = append(out, a)
		st, n = next, pick
	}
}

// action returns the move of the real game from n to its child c, in st.
func (sv *solver) action(n, c node, st *State) Action {
	switch {
	case c.pass != n.pass:
		return Redeal()
	case sv.count(c) == sv.count(n):
		return Turn()
	}
	gone := n.reserve &^ c.reserve
	for i, rc := range st.reserve {
		if rc != 0 && gone&(1<<rc) != 0 {
			return Action{kind: KindPlay, from: uint8(i + 1)}
		}
	}
	return PlayWaste()
}
