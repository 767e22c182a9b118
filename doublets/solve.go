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
	// Positions is the cost of the search: how many positions it met. A
	// position the exhaustive search had forgotten (see [Solve]'s memory)
	// and meets again counts again.
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
// leads to the same such position whenever both can be played. The reserve
// play pulls the waste's top card, of the same rank, into the reserve. So
// from each position there are at most two moves worth trying: play the
// needed card, or turn (redeal) and play later.
//
// The search first tries a small exhaustive search. Then it alternates a beam
// search for a winning line with larger exhaustive searches. The beam search
// keeps, on each pass at each stock card, the most promising positions: most
// cards on the foundation, fewest kings frozen in the reserve. The search
// ends with an exhaustive search without limit. A beam search never decides
// that a game is lost: it only finds winning lines, which are replayed with
// [Apply] before they are returned. The exhaustive search is a depth-first
// search of every line, memoised on the positions above, stopping at the
// first win. On the last pass it leaves out a position from which no line can
// beat the best score found. Each play frees at most one talon card, the
// waste's from its top down, and the needs must be met in order. Its answer
// is exact. So Solve always decides, and a deal that cannot be won costs the
// whole exhaustive search.
//
// # Memory
//
// Solve's memory is bounded, whatever the position: at most 256 MB for any
// deal, the garbage collector's headroom included. A position is kept as
// 8 bytes (the talon's cards left, where the waste ends and the pass: the
// reserve's ranks follow from them), and the exhaustive search remembers
// at most 2^23 positions (64 MiB). Past that it forgets some, those with
// the least left to search below them, and searches a position again if
// it meets it again: this costs time, never the answer, for a position
// met again is searched again as the first time. The beam searches keep
// each position they meet in 24 bytes, and meet at most 3 × 2^20 each.
//
// Cost: over the 10,000 Aisleriot deals of seeds 1 to 10,000, every one is
// decided. The median deal takes about 40 µs and 77 positions, and 98% are
// decided within 20,000 positions. The worst, seed 5311 (which cannot be
// won), meets 34 million positions (about 20 s of CPU, 152 MB at most).
// A position that play has spoiled, one that cannot be won any more but
// nearly can, may cost more time, never more memory: [SolveWithin] bounds
// the time.
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
	return solveWithin(s, positions, memoMaxKeys)
}

// solveWithin is SolveWithin with a memo of at most most keys.
func solveWithin(s State, positions, most int) (Solution, bool) {
	if s.g == nil {
		return Solution{}, true
	}
	sv := newSolver(&s)
	sv.most = most
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
			most := beamMaxPositions
			if positions > 0 {
				most = min(most, left())
			}
			if sv.beam(root, step.beam, most) {
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

// beamMaxPositions is the most positions a beam search meets: 3 × 2^20,
// 72 MiB of nodes. The widest beam meets about 2 million positions on the
// hardest of the 10,000 Aisleriot deals, but a table of ten passes has
// more than three times as many levels.
const beamMaxPositions = 3 << 20

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
	seen   memo // the positions the exhaustive search met, by key
	most   int  // the most keys seen holds: memoMaxKeys but in tests
	met    int  // the positions the exhaustive search met, each time it met them
	limit  int  // the most positions the exhaustive search meets (0: no limit)
	// best is the line to the best score found, the root first; path the
	// line the exhaustive search is on.
	best, path []node
	positions  int // the positions every search met
}

func newSolver(s *State) *solver {
	sv := &solver{passes: uint8(s.g.rules.Passes), most: memoMaxKeys}
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

// talonBits is the places of a key that hold its talon: one bit a card.
const talonBits = uint64(1)<<52 - 1

// key returns n as a number, the same for two nodes that are the same
// problem: two positions whose reserves differ only in suits, or in which
// slot holds which card, are the same problem. While the talon has cards
// the reserve holds as many as at the root (a slot emptied is filled
// from the talon), so the cards on the foundation are those of neither,
// and the reserve's ranks are those of the deck less the talon's and the
// foundation's: the talon's places decide them. The key is the talon's
// places (bits 0 to 51), the waste's end (bits 52 to 57: the place above
// the waste's top card, or with the talon empty 53 and the reserve's
// cards), the pass (bits 58 to 61) and bit 63 set, never 0.
func key(n node) uint64 {
	end := uint64(wasteTop(n) + 1)
	if n.talon == 0 {
		end = 53 + uint64(bits.OnesCount64(n.reserve))
	}
	return 1<<63 | uint64(n.pass)<<58 | end<<52 | n.talon
}

// work rates the search below the position of key k, for the memo to
// keep the costliest to search again: its talon's cards, less a whole
// talon for each pass gone (only the order of rates matters).
func work(k uint64) int {
	return bits.OnesCount64(k&talonBits) - 53*int(k>>58&0xF)
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
	sv.seen = newMemo(sv.most)
	sv.met = 0
	sv.path = sv.path[:0]
	ok := sv.walk(root)
	sv.positions += sv.met
	sv.seen = memo{} // the beam searches between need none
	return ok
}

// walk searches the lines from n, which sv.path leads to. A position met
// before that sv.seen still holds is not searched again: all it leads to
// was searched then, when the best score was no higher (one sv.seen has
// forgotten is searched again). Nor is one whose bound is no better than
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
	if sv.seen.has(k) {
		return true
	}
	if sv.limit > 0 && sv.met >= sv.limit {
		return false
	}
	sv.seen.add(k)
	sv.met++
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
// is MaxScore: every card left will be turned again. On the last pass,
// each play takes exactly one card from the talon while it has any: the
// waste's top card (the stock's, the waste empty), played or pulled into
// the reserve. So after the plays 0 to t, at most t+1 talon cards have
// left it, and those of the waste left it top first: the waste's top D
// cards and t+1-D others from the stock. The need of play t can be met
// only if the needs 0 to t can be met from the reserve's cards and such
// t+1 talon cards, rank by rank. For each t the smallest D that leaves
// each rank enough cards in the stock is best (each waste card more takes
// the place of at most one stock card), so the bound is the count of the
// needs met so, in order, until the first that cannot be.
func (sv *solver) bound(n node) int {
	k := count(n)
	if n.pass < sv.passes {
		return MaxScore
	}
	// free[r]: the cards of rank r in the reserve; stock[r]: in the stock;
	// waste: the waste's ranks, its top first; deep[r]: the depths of the
	// waste's cards of rank r, the shallowest first.
	var free, stock [card.King + 1]int8
	var deep [card.King + 1][4]uint8
	var ndeep [card.King + 1]int8
	var waste [52]card.Rank
	for r := n.reserve &^ kingCards; r != 0; r &= r - 1 {
		free[card.Card(bits.TrailingZeros64(r)).Rank()]++
	}
	for st := n.talon >> n.end << n.end; st != 0; st &= st - 1 {
		stock[sv.order[bits.TrailingZeros64(st)].Rank()]++
	}
	var nw uint8
	for w := n.talon & (uint64(1)<<n.end - 1); w != 0; nw++ {
		i := bits.Len64(w) - 1
		w &^= 1 << i
		r := sv.order[i].Rank()
		waste[nw] = r
		if r != card.King {
			deep[r][ndeep[r]] = nw
			ndeep[r]++
		}
	}
	// have[r]: the reserve's and the waste's top D cards of rank r;
	// want[r]: the needs 0 to t of rank r; short: the cards the stock must
	// give, the sum over ranks of want less have, where more.
	have := free
	var want [card.King + 1]int8
	short, d := 0, uint8(0)
	for t := 0; k+t < MaxScore; t++ {
		r := sv.need[k+t]
		want[r]++
		if want[r] > have[r] {
			short++
		}
		if more := want[r] - free[r] - stock[r]; more > 0 {
			if more > ndeep[r] {
				return k + t
			}
			for ; d <= deep[r][more-1]; d++ {
				if w := waste[d]; w != card.King {
					if want[w] > have[w] {
						short--
					}
					have[w]++
				}
			}
		}
		if short > t+1-int(d) {
			return k + t
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
