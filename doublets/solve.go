package doublets

import (
	"math/bits"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// Solution is what [Solve] finds of a position: whether the game can still
// be won, the best score play can reach from it, and a line of moves that
// reaches that score.
type Solution struct {
	// Winnable reports whether the game can be won from the position:
	// Score is then MaxScore.
	Winnable bool
	// Score is the best score any line of play reaches from the position.
	Score int
	// Moves is a line of moves from the position to Score: [Apply] plays
	// each in turn, and the last leaves Score cards on the foundation. It
	// is empty when no move adds a card to the foundation.
	Moves []Action
	// Positions is the cost of the search: how many positions it met.
	Positions int
	// Err is nil, or an error wrapping [ErrSolver] when a move of the
	// line the solver found is refused by [Apply]: a fault in the solver,
	// which never panics. Moves is then the line up to that move, Score
	// and Winnable what it reaches, and the verdict is not to be trusted.
	Err error
}

// Solve decides the game from s exactly: whether it can still be won, and
// if not, the best score any line of play reaches. It knows the order of
// the stock, as a player does not: it answers what the deal allows, not
// what a player could know. It returns a line of moves reaching the score.
// A game over returns its score and no moves; the zero State, the zero
// Solution.
//
// # How it searches
//
// Suits never matter in Doublets, and the talon (waste and stock) never
// changes its order: a position is decided by which talon cards are left,
// where the waste ends, the pass, and the ranks in the reserve. Playing the
// needed card from the waste or from any reserve slot holding that rank
// leads to the same such position whenever both can be played (the reserve
// play pulls the waste's top card, of the same rank, into the reserve), so
// from each position there are at most two moves worth trying: play the
// needed card, or turn (redeal) and play later.
//
// The search first tries a small exhaustive search, then alternates a beam
// search for a winning line (the positions on each pass at each stock card,
// the most promising kept: most cards on the foundation, fewest kings
// frozen in the reserve) with larger exhaustive searches, and ends with an
// exhaustive search without limit. A beam search never decides that a
// game is lost: it only finds winning lines, which are replayed with
// [Apply] before they are returned. The exhaustive search is a depth-first
// search of every line, memoised on the positions above, stopping at the
// first win; its answer is exact. So Solve always decides, and a deal that
// cannot be won costs the whole exhaustive search.
//
// Cost: over the 10,000 Aisleriot deals of seeds 1 to 10,000, every one is
// decided; the median deal takes about 50 µs and 83 positions, 98% are
// decided within 20,000 positions, and the worst, seed 5311 (which cannot
// be won), meets 68 million positions (over a minute and about 6 GB). A
// position that play has spoiled, one that cannot be won any more but
// nearly can, may cost more: [SolveWithin] bounds the cost. Memory grows
// with Positions, about 50 to 90 bytes each (the garbage collector's
// headroom included).
func Solve(s State) Solution {
	sol, _ := SolveWithin(s, 0)
	return sol
}

// SolveWithin is [Solve] on a budget, for a program that must answer
// promptly, such as a hint at a table. Its searches meet at most positions
// positions in all: the Solution's Positions is never more than positions
// (each search it starts is cut to what is left of the budget). When the
// budget runs out before the game is decided it returns false and the
// best line it found: the Solution's Score is what that line reaches, no
// more than the best, and Winnable is true only if it wins. When it
// decides in time, or positions is 0 or less, it returns Solve's Solution
// and true; it returns false too when the solver fails ([Solution.Err]).
func SolveWithin(s State, positions int) (Solution, bool) {
	if s.g == nil {
		return Solution{}, true
	}
	sv := newSolver(&s)
	root := sv.root(&s)
	sv.best = []node{root}
	// done returns the best line found, and ok unless the solver failed.
	done := func(ok bool) (Solution, bool) {
		sol := sv.solution(&s)
		return sol, ok && sol.Err == nil
	}
	// left is the budget left, or 0 for none: a search is cut to it.
	left := func() int {
		if positions <= 0 {
			return 0
		}
		return positions - sv.positions
	}
	for _, step := range schedule {
		if positions > 0 && left() <= 0 {
			return done(sv.score() == MaxScore)
		}
		if step.beam > 0 {
			if sv.beam(root, step.beam, left()) {
				return done(true)
			}
			continue
		}
		sv.limit = step.exact
		if positions > 0 {
			sv.limit = min(step.exact, left())
		}
		if sv.search(root) {
			return done(true)
		}
	}
	if positions > 0 && left() <= 0 {
		return done(sv.score() == MaxScore)
	}
	sv.limit = left()
	return done(sv.search(root))
}

// schedule is the searches Solve tries in turn before the exhaustive
// search without limit: an exhaustive search with a limit of positions
// (exact), or a beam search of that width (beam).
var schedule = []struct{ exact, beam int }{
	{exact: 1 << 12}, {beam: 32}, {exact: 1 << 16}, {beam: 512}, {exact: 1 << 20}, {beam: 8192}, {beam: 32768},
}

// Hint returns the first move of a best line of play from s: [Solve]'s
// line, so it costs a Solve. It returns false when no move adds a card to
// the foundation any more (the game is over, or only turning and
// redealing are left and none of them leads to a play), and when the
// solver fails ([Solution.Err]).
func Hint(s State) (Action, bool) {
	sol := Solve(s)
	if len(sol.Moves) == 0 || sol.Err != nil {
		return Action{}, false
	}
	return sol.Moves[0], true
}

// node is a position as the solver sees it. The talon's cards are
// numbered by their place in the root's talon (waste then stock), which
// never changes: talon has bit i for each card still there, and the waste
// is the cards below end.
type node struct {
	talon   uint64 // the talon's cards left, by place
	reserve uint64 // the reserve's cards, bit c for card c
	end     uint8  // the places below end are the waste's
	pass    uint8
}

// kingCards is the four kings as a set of cards.
const kingCards = uint64(0xF) << 49

// solver is one Solve: the root's talon and the memo of decided positions.
type solver struct {
	order  [52]card.Card           // the root's talon, by place
	need   [MaxScore + 1]card.Rank // need[k]: the rank the foundation takes when it holds k cards
	passes uint8
	seen   map[node]struct{} // the positions the exhaustive search met, by key
	limit  int               // the most positions the exhaustive search meets (0: no limit)
	// best is the line to the best score found, the root first; path the
	// line the exhaustive search is on.
	best, path []node
	positions  int // the positions every search met
}

func newSolver(s *State) *solver {
	sv := &solver{passes: uint8(s.g.rules.Passes), seen: make(map[node]struct{}, 256)}
	copy(sv.order[:], s.talon[:s.n])
	// The rank needed after k cards: the first card's doubled k-1 times.
	r := s.found[0].Rank()
	for k := 1; k <= MaxScore; k++ {
		sv.need[k] = next(r)
		r = sv.need[k]
	}
	return sv
}

// root is s as a node.
func (sv *solver) root(s *State) node {
	n := node{talon: uint64(1)<<s.n - 1, pass: s.pass, end: s.w}
	for _, c := range s.reserve {
		if c != 0 {
			n.reserve |= 1 << c
		}
	}
	return n
}

// key is n with its reserve as counts of ranks, three bits a rank: two
// positions whose reserves differ only in suits, or in which slot holds
// which card, are the same problem.
func key(n node) node {
	var counts uint64
	for r := n.reserve; r != 0; r &= r - 1 {
		c := card.Card(bits.TrailingZeros64(r))
		counts += 1 << (3 * uint(c.Rank()))
	}
	n.reserve = counts
	return n
}

// count is the cards on the foundation at n: those neither in the talon
// nor in the reserve.
func count(n node) int {
	return 52 - bits.OnesCount64(n.talon) - bits.OnesCount64(n.reserve)
}

// frozen is the kings in n's reserve: the slots frozen for good.
func frozen(n node) int { return bits.OnesCount64(n.reserve & kingCards) }

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

// play returns n after the needed card is played, and false when it cannot
// be. The waste's top card is played when it is the needed rank; else a
// reserve card of that rank, and the waste's top card (or, the waste empty,
// the stock's) fills its slot. When both can be played the two lead to the
// same position but for suits, so only the first is tried.
func (sv *solver) play(n node) (node, bool) {
	k := count(n)
	if k == MaxScore {
		return n, false
	}
	need := sv.need[k]
	wt := wasteTop(n)
	if wt >= 0 && sv.order[wt].Rank() == need {
		n.talon &^= 1 << wt
		n.end = uint8(wasteTop(n) + 1)
		return n, true
	}
	// The reserve's cards of the needed rank: four bits from the rank's
	// first card.
	of := n.reserve & (uint64(0xF) << (1 + 4*(uint(need)-1)))
	if of == 0 {
		return n, false
	}
	n.reserve &^= of & -of
	switch {
	case wt >= 0:
		n.talon &^= 1 << wt
		n.reserve |= 1 << sv.order[wt]
		n.end = uint8(wasteTop(n) + 1)
	default:
		if st := stockTop(n); st >= 0 {
			n.talon &^= 1 << st
			n.reserve |= 1 << sv.order[st]
		}
	}
	return n, true
}

// move returns n after a turn, or a redeal when the stock is used up and a
// pass is left, and false when neither is legal.
func (sv *solver) move(n node) (node, bool) {
	if st := stockTop(n); st >= 0 {
		n.end = uint8(st + 1)
		return n, true
	}
	if wasteTop(n) >= 0 && n.pass < sv.passes {
		n.end, n.pass = 0, n.pass+1
		return n, true
	}
	return n, false
}

// search walks every line from root, depth first, and keeps in sv.best
// the line to the best score it finds; it stops at the first win. It
// returns false when it met more than sv.limit positions (sv.best is then
// the best line found so far).
func (sv *solver) search(root node) bool {
	clear(sv.seen)
	sv.path = sv.path[:0]
	ok := sv.walk(root)
	sv.positions += len(sv.seen)
	return ok
}

// walk searches the lines from n, which sv.path leads to. A position met
// before is not searched again: all it leads to was searched then, when
// the best score was no higher. Nor is one whose bound is no better than
// the best score found. A turn or redeal that is the only move is made at
// once, with no entry in sv.seen.
func (sv *solver) walk(n node) bool {
	sv.path = append(sv.path, n)
	defer func() { sv.path = sv.path[:len(sv.path)-1] }()
	if count(n) > sv.score() {
		sv.best = append(sv.best[:0], sv.path...)
	}
	p, canPlay := sv.play(n)
	m, canMove := sv.move(n)
	switch {
	case sv.score() == MaxScore || !canPlay && !canMove:
		return true
	case !canPlay:
		return sv.walk(m)
	}
	k := key(n)
	if _, ok := sv.seen[k]; ok {
		return true
	}
	if sv.limit > 0 && len(sv.seen) >= sv.limit {
		return false
	}
	sv.seen[k] = struct{}{}
	if sv.bound(n) <= sv.score() {
		return true
	}
	if !sv.walk(p) {
		return false
	}
	if canMove && sv.score() < MaxScore {
		return sv.walk(m)
	}
	return true
}

// score is the best score found: the end of sv.best.
func (sv *solver) score() int { return count(sv.best[len(sv.best)-1]) }

// bound returns a score no line from n can beat. Before the last pass it
// is MaxScore: every card left will be turned again. On the last pass, a
// card in the waste under d others can go to the foundation only after at
// least d more plays, for each card above it must leave the waste first,
// and each play takes at most one card from it (the card played, or the
// card a reserve play pulls into the reserve). So the i-th card played
// from now on (from 0) must be a card of the needed rank that is in the
// reserve, in the stock, or in the waste under at most i others, and no
// card is played twice: the bound is the count of the needs that can be
// met so, in order, until the first that cannot.
func (sv *solver) bound(n node) int {
	k := count(n)
	if n.pass < sv.passes {
		return MaxScore
	}
	// free[r]: the cards of rank r in the reserve and the stock;
	// deep[r]: the depths of those in the waste, the shallowest first.
	var free [card.King + 1]uint8
	var deep [card.King + 1][4]uint8
	var ndeep [card.King + 1]uint8
	for r := n.reserve &^ kingCards; r != 0; r &= r - 1 {
		free[card.Card(bits.TrailingZeros64(r)).Rank()]++
	}
	for st := n.talon >> n.end << n.end; st != 0; st &= st - 1 {
		free[sv.order[bits.TrailingZeros64(st)].Rank()]++
	}
	var d uint8
	for w := n.talon & (uint64(1)<<n.end - 1); w != 0; d++ {
		i := bits.Len64(w) - 1
		w &^= 1 << i
		if r := sv.order[i].Rank(); r != card.King {
			deep[r][ndeep[r]] = d
			ndeep[r]++
		}
	}
	var used [card.King + 1]uint8 // the waste's cards of each rank taken
	for i := 0; k+i < MaxScore; i++ {
		r := sv.need[k+i]
		switch {
		case free[r] > 0:
			free[r]--
		case used[r] < ndeep[r] && int(deep[r][used[r]]) <= i:
			used[r]++
		default:
			return k + i
		}
	}
	return MaxScore
}

// solution is the Solution of the best line found from the root of s, as
// the game's moves.
func (sv *solver) solution(s *State) Solution {
	v := sv.score()
	sol := Solution{Winnable: v == MaxScore, Score: v, Positions: sv.positions}
	st := *s
	for i := 1; i < len(sv.best); i++ {
		a := sv.action(sv.best[i-1], sv.best[i], &st)
		next, err := Apply(st, a)
		if err != nil {
			sol.Score, sol.Winnable = st.points(), st.Won()
			sol.Err = errs.Wrap(pkg, ErrSolver, "move "+itoa(i)+" ("+a.String()+") of a line to "+itoa(v)+" cards", err)
			return sol
		}
		sol.Moves = append(sol.Moves, a)
		st = next
	}
	return sol
}

// action returns the game's move from node n to its child c, in st (the
// State at n), naming the reserve slot of a play from the reserve.
func (sv *solver) action(n, c node, st *State) Action {
	switch {
	case c.pass != n.pass:
		return Redeal()
	case count(c) == count(n):
		return Turn()
	}
	gone := n.reserve &^ c.reserve
	for i, rc := range st.reserve {
		if rc != 0 && gone&(1<<rc) != 0 {
			return Action{kind: KindPlayReserve, from: uint8(i + 1)}
		}
	}
	return PlayWaste()
}
