package bot

// The heuristic player as it was before its decisions were made cheaper
// (bitsets read straight from the View, storage reused, the discards
// rated without sorting): the reference that TestHeuristicAsReference
// holds the player to, decision by decision.

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/rummy"
)

func refNewHeuristic(seed uint64) Player {
	return &refHeuristic{rng: rand.New(rand.NewPCG(seed, 0x72756d6d79))}
}

type refHeuristic struct {
	rng *rand.Rand
}

func (p *refHeuristic) Choose(v rummy.View) rummy.Action {
	if len(v.Legal) == 0 {
		return rummy.Action{}
	}
	switch v.Phase {
	case rummy.Drawing:
		return p.draw(v)
	case rummy.Playing:
		return p.play(v)
	}
	return v.Legal[0]
}

type refCards uint64

func refBitOf(c card.Card) refCards {
	if c.IsJoker() || !c.IsValid() {
		return 0
	}
	return 1 << (16*(uint(c.Suit())-1) + uint(c.Rank()))
}

func refAt(r int, s card.Suit) refCards {
	if r < int(card.Ace) || r > int(card.King) {
		return 0
	}
	return 1 << (16*(uint(s)-1) + uint(r))
}

func refSetOf(cs []card.Card) refCards {
	var x refCards
	for _, c := range cs {
		x |= refBitOf(c)
	}
	return x
}

func (x refCards) first() card.Card {
	if x == 0 {
		return 0
	}
	i := bits.TrailingZeros64(uint64(x))
	return card.New(card.Rank(i%16), card.Suit(i/16+1))
}

func (x refCards) list() []card.Card {
	var out []card.Card
	for ; x != 0; x &= x - 1 {
		out = append(out, x.first())
	}
	return out
}

func (x refCards) len() int { return bits.OnesCount64(uint64(x)) }

func refRankOf(r card.Rank) refCards { return (1 | 1<<16 | 1<<32 | 1<<48) << uint(r) }

func refIsRun(m refCards) bool {
	if m.len() < 3 {
		return false
	}
	lo := bits.TrailingZeros64(uint64(m))
	hi := 63 - bits.LeadingZeros64(uint64(m))
	return hi/16 == lo/16 && hi-lo+1 == m.len()
}

func refIsGroup(m refCards) bool {
	n := m.len()
	return n >= 3 && m&refRankOf(m.first().Rank()) == m
}

func refIsMeld(m refCards) bool { return refIsRun(m) || refIsGroup(m) }

func refFits(m, c refCards) bool { return m&c == 0 && refIsMeld(m|c) }

type refTable struct {
	v     rummy.View
	hand  refCards
	melds []refCards
	dead  refCards
	keep  refCards
}

func refRead(v rummy.View) *refTable {
	t := &refTable{v: v, hand: refSetOf(v.Hand.Cards())}
	for _, m := range v.Melds {
		x := refSetOf(m.Meld.Cards())
		t.melds = append(t.melds, x)
		t.dead |= x
	}
	if n := len(v.Pile); n > 0 {
		t.dead |= refSetOf(v.Pile[:n-1])
	}
	for _, pv := range v.Players {
		if pv.Seat != v.Seat {
			t.dead |= refSetOf(pv.Known)
		}
	}
	if v.Rules.KeepTaken && v.Taken != 0 && v.Turn == v.Seat {
		t.keep = refBitOf(v.Taken)
	}
	return t
}

func (t *refTable) value(x refCards) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n += t.v.Rules.Values.Melded.Points(x.first())
	}
	return n
}

func (t *refTable) live(x refCards) bool { return x&^(t.dead|t.hand) != 0 }

func refUseful(c, others refCards, live func(refCards) bool) int {
	k := c.first()
	r, s := int(k.Rank()), k.Suit()
	n := 0
	if others&refRankOf(k.Rank()) != 0 && live(refRankOf(k.Rank())&^others&^c) {
		n += 8
	}
	for _, d := range []int{-1, 1} {
		if others&refAt(r+d, s) != 0 && live(refAt(r-d, s)|refAt(r+2*d, s)) {
			n += 8
		}
		if others&refAt(r+2*d, s) != 0 && others&refAt(r+d, s) == 0 && live(refAt(r+d, s)) {
			n += 5
		}
	}
	return n
}

func refCompletes(c, x refCards) bool {
	k := c.first()
	if ((x | c) & refRankOf(k.Rank())).len() >= 3 {
		return true
	}
	r, s := int(k.Rank()), k.Suit()
	lo, hi := r, r
	for x&refAt(lo-1, s) != 0 {
		lo--
	}
	for x&refAt(hi+1, s) != 0 {
		hi++
	}
	return hi-lo >= 2
}

func (p *refHeuristic) draw(v rummy.View) rummy.Action {
	var stock, pile *rummy.Action
	for i, a := range v.Legal {
		switch a.Kind() {
		case rummy.KindDrawStock:
			stock = &v.Legal[i]
		case rummy.KindDrawPile:
			pile = &v.Legal[i]
		}
	}
	if pile == nil || stock == nil {
		return v.Legal[0]
	}
	t := refRead(v)
	up := refBitOf(v.Pile[len(v.Pile)-1])
	take := refCompletes(up, t.hand)
	for _, m := range t.melds {
		take = take || refFits(m, up)
	}
	if !take && t.value(up) <= 10 && t.hand.len() >= 2 && len(v.Players[v.Seat].Known) == 0 {
		take = refUseful(up, t.hand, t.live) >= 8
	}
	if take {
		return *pile
	}
	return *stock
}

type refStep struct {
	meld   refCards
	card   refCards
	target int
}

type refPlan struct {
	steps []refStep
	left  refCards
	score int
}

type refSearcher struct {
	t     *refTable
	melds []refCards
	steps []refStep
	best  refPlan
	found bool
	nodes int
}

const refMaxNodes = 200_000

func (t *refTable) bestPlan() refPlan {
	s := &refSearcher{t: t, melds: append([]refCards(nil), t.melds...)}
	s.search(t.hand, 0, 0)
	return s.best
}

func (s *refSearcher) search(rest, left refCards, laid int) {
	s.nodes++
	if rest == 0 {
		s.consider(left, laid)
		return
	}
	if s.nodes > refMaxNodes && s.found {
		return
	}
	c := rest & -rest
	k := c.first()
	for i, m := range s.melds {
		chain := c
		if refIsRun(m) && m.first().Suit() == k.Suit() {
			for r := int(k.Rank()) + 1; r < int(m.first().Rank()); r++ {
				chain |= refAt(r, k.Suit())
			}
		}
		if chain&^rest != 0 || !refIsMeld(m|chain) {
			continue
		}
		n := len(s.steps)
		for x := chain; x != 0; {
			top := refCards(1) << (63 - bits.LeadingZeros64(uint64(x)))
			s.steps = append(s.steps, refStep{card: top, target: i})
			x &^= top
		}
		s.melds[i] = m | chain
		s.search(rest&^chain, left, laid+s.t.value(chain))
		s.melds[i] = m
		s.steps = s.steps[:n]
	}
	r, suit := int(k.Rank()), k.Suit()
	run := c
	for hi := r + 1; rest&refAt(hi, suit) != 0; hi++ {
		run |= refAt(hi, suit)
		if hi-r >= 2 {
			s.meld(rest, left, laid, run)
		}
	}
	g := rest & refRankOf(k.Rank())
	if g.len() >= 3 {
		s.meld(rest, left, laid, g)
		if g.len() == 4 {
			for x := g &^ c; x != 0; x &= x - 1 {
				s.meld(rest, left, laid, g&^(x&-x))
			}
		}
	}
	s.search(rest&^c, left|c, laid)
}

func (s *refSearcher) meld(rest, left refCards, laid int, m refCards) {
	s.steps = append(s.steps, refStep{meld: m})
	s.search(rest&^m, left, laid+s.t.value(m))
	s.steps = s.steps[:len(s.steps)-1]
}

func (s *refSearcher) consider(left refCards, laid int) {
	if left != 0 && left&^s.t.keep == 0 {
		return
	}
	score := laid * 64
	if left.len() <= 1 {
		score += 1 << 20
	}
	score += (s.t.hand &^ left).len()
	if s.found && score <= s.best.score {
		return
	}
	s.found = true
	s.best = refPlan{steps: append([]refStep(nil), s.steps...), left: left, score: score}
}

func (st refStep) action() rummy.Action {
	if st.meld != 0 {
		a, _ := rummy.Meld(st.meld.list()...)
		return a
	}
	a, _ := rummy.LayOff(st.card.first(), st.target)
	return a
}

func (p *refHeuristic) play(v rummy.View) rummy.Action {
	t := refRead(v)
	pl := t.bestPlan()
	legal := make(map[rummy.Action]bool, len(v.Legal))
	for _, a := range v.Legal {
		legal[a] = true
	}
	for _, st := range pl.steps {
		if a := st.action(); st.meld == 0 && legal[a] {
			return a
		}
	}
	for _, st := range pl.steps {
		if a := st.action(); legal[a] {
			return a
		}
	}
	return p.discard(v, t, pl.left)
}

func (p *refHeuristic) discard(v rummy.View, t *refTable, left refCards) rummy.Action {
	options, best := refRatedDiscards(v, t, left)
	switch {
	case len(options) == 0:
		return v.Legal[0]
	case best == 1:
		return options[0].a
	}
	return options[p.rng.IntN(best)].a
}

type refRated struct {
	a     rummy.Action
	score int
}

func refRatedDiscards(v rummy.View, t *refTable, left refCards) ([]refRated, int) {
	var options []refRated
	next := (v.Seat + 1) % len(v.Players)
	theirs := refSetOf(v.Players[next].Known)
	theirLive := func(x refCards) bool { return x&^t.dead != 0 || x&theirs != 0 }
	for _, a := range v.Legal {
		if a.Kind() != rummy.KindDiscard {
			continue
		}
		c := refBitOf(a.Card())
		score := t.value(c)*4 - refUseful(c, left&^c, t.live)*4
		if c == refBitOf(v.Taken) && v.Turn == v.Seat {
			score -= 2000
		}
		if left&c == 0 {
			score -= 1000
		}
		if theirs != 0 {
			if refCompletes(c, theirs) {
				score -= 200
			}
			score -= refUseful(c, theirs, theirLive) * 3
		}
		for _, m := range t.melds {
			if refFits(m, c) {
				score -= 100
			}
		}
		options = append(options, refRated{a, score})
	}
	slices.SortStableFunc(options, func(x, y refRated) int { return y.score - x.score })
	best := 0
	for best < len(options) && options[best].score == options[0].score {
		best++
	}
	return options, best
}
