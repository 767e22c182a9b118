package bot

import (
	"math/rand/v2"
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/handfoot"
)

// SearchSamples is how many deals a [Search] player imagines for each
// decision it searches (twice as many for going out).
const SearchSamples = 16

// outSamples is how many deals the search imagines for going out or not:
// more than for its other decisions, which come at nearly every turn,
// since this one is rare and swings a round the most.
const outSamples = 2 * SearchSamples

// Search returns a player that looks ahead where the heuristic player only
// follows rules of thumb. At three points of its turn it imagines deals
// its View cannot tell from the real one ([handfoot.Determinize]: the
// hidden cards dealt anew; in the middle of a turn, the cards the turn
// brought to light put back where they came from and the turn's actions
// replayed), plays each of its choices in each of them, lets heuristic
// players finish the round for every seat, and takes the choice whose
// rounds end best for its team on average (its team's round score less
// the best other team's):
//
//   - At the start of its turn, when it may take the pile as well as
//     draw: each legal action, over SearchSamples deals.
//   - At its first decision after the draw once its team is down: the
//     heuristic's play for the turn, or laying every card it can, as when
//     going out, over SearchSamples deals.
//   - When the heuristic player would set out to go out: going out, or
//     the heuristic's play for the turn without going out, over twice
//     SearchSamples deals.
//
// Every other decision is the heuristic player's, changed for the rest of
// the turn as the search chose. Every choice is played with the same
// deals and the same play-outs (common random numbers), so their
// differences are measured with less noise than their values. This is flat Monte Carlo search over
// determinizations, the simplest kind of information-set search; each
// deal is seeded from seed, so the player is deterministic given its seed
// and the Views it is shown (in the middle of a turn, the Views it was
// shown since the turn began). A searched decision costs about the deals
// times the choices times the rest of a round between heuristic players
// (a few milliseconds), about 1.2 s of CPU for a game of rule set A.
func Search(seed uint64) Player {
	return &searcher{rng: rand.New(rand.NewPCG(seed, 0x7365617263680000)), h: newHeuristic(seed)}
}

type searcher struct {
	rng *rand.Rand
	h   *heuristic // decides what the search leaves alone
	// The player's turn so far: the Views it was shown from the turn's
	// start (a Drawing View) on, and the actions it chose at each.
	views []handfoot.View
	acts  []handfoot.Action
	// What this turn has searched already.
	laySearched, outSearched bool
}

// candidate is one choice a search compares: the action a followed by the
// heuristic's play, or, with a variant other than asIs, the heuristic's
// play changed for the rest of the turn.
type candidate struct {
	a handfoot.Action
	v variant
}

func (p *searcher) Choose(v handfoot.View) handfoot.Action {
	mine := v.Turn == v.Seat && len(v.Legal) > 0
	if !mine || v.Phase == handfoot.Drawing {
		p.views, p.acts = p.views[:0], p.acts[:0]
		p.h.variant, p.laySearched, p.outSearched = asIs, false, false
	}
	a := p.choose(v)
	if mine && (v.Phase == handfoot.Drawing || len(p.views) > 0) {
		p.views, p.acts = append(p.views, v), append(p.acts, a)
	}
	return a
}

func (p *searcher) choose(v handfoot.View) handfoot.Action {
	switch {
	case v.Turn != v.Seat || len(v.Legal) < 2:
		return p.h.Choose(v)
	case v.Phase == handfoot.Drawing:
		cands := make([]candidate, len(v.Legal))
		for i, a := range v.Legal {
			cands[i] = candidate{a: a}
		}
		return p.best(v, cands, SearchSamples).a
	case v.Phase != handfoot.Melding || len(p.views) == 0:
		return p.h.Choose(v)
	}
	alt, n := asIs, 0
	switch {
	case !p.outSearched && p.h.wouldGoOut(v):
		alt, n, p.outSearched, p.laySearched = noOut, outSamples, true, true
	case !p.laySearched && p.h.variant == asIs && v.Teams[v.Team].Down:
		alt, n, p.laySearched = layAll, SearchSamples, true
	}
	a := p.h.Choose(v)
	if alt == asIs || p.best(v, []candidate{{a: a}, {v: alt}}, n).v == asIs {
		return a
	}
	p.h.variant = alt
	return p.h.Choose(v)
}

// sameAfter is how many deals in which every candidate scores the same
// end the comparison: the candidates then play alike.
const sameAfter = 4

// best compares the candidates over n deals of v: in each, every candidate
// is played and the round finished by heuristic players from the same
// seed (common random numbers). It returns the candidate of the highest
// sum, the first on ties.
func (p *searcher) best(v handfoot.View, cands []candidate, n int) candidate {
	sum := make([]int, len(cands))
	got, same := 0, true
	for range n {
		d, ok := p.rebuild(v, p.rng.Uint64())
		seed := p.rng.Uint64()
		if !ok {
			continue
		}
		got++
		first := 0
		for i, c := range cands {
			x := rollout(d, c, v, seed)
			sum[i] += x
			if i == 0 {
				first = x
			}
			same = same && x == first
		}
		if same && got == sameAfter {
			break
		}
	}
	best := 0
	for i := range sum {
		if sum[i] > sum[best] {
			best = i
		}
	}
	return cands[best]
}

// rebuild returns a State the player's View w could be of: a deal of the
// turn's start ([handfoot.Determinize]) with the cards this turn brought
// to light put where they came from (the stock's top for a draw, the pile
// for a take, the foot for a foot picked up), and the turn's actions
// replayed. ok is false where that fails or does not give w back.
func (p *searcher) rebuild(w handfoot.View, seed uint64) (handfoot.State, bool) {
	if len(p.views) == 0 {
		d, err := handfoot.Determinize(w, seed)
		return d, err == nil
	}
	d, err := handfoot.Determinize(p.views[0], seed)
	if err != nil {
		return handfoot.State{}, false
	}
	seat := w.Seat
	var drawn []card.Card
	var pile, foot card.Multiset
	tookPile, footUp := false, false
	for i, a := range p.acts {
		before, after := p.views[i], w
		if i+1 < len(p.views) {
			after = p.views[i+1]
		}
		rev := revealed(before, after)
		switch {
		case a.Kind() == handfoot.KindDraw:
			drawn = rev.AppendCards(drawn)
		case a.Kind() == handfoot.KindTake:
			if rev.Remove(before.Upcard) != nil {
				return handfoot.State{}, false
			}
			pile, tookPile = rev, true
		case !before.Players[seat].InFoot && after.Players[seat].InFoot:
			foot, footUp = rev, true
		case !rev.IsEmpty():
			return handfoot.State{}, false
		}
	}
	pos := d.Position()
	// The hidden cards, less those the turn showed, dealt anew.
	var pool []card.Card
	pool = append(pool, pos.Stock...)
	pool = append(pool, pos.Pile[:len(pos.Pile)-1]...)
	footSeen := !w.FootSeen.IsEmpty() // the seat knows its foot: it stays
	for i, sp := range pos.Seats {
		if i != seat {
			pool = sp.Hand.AppendCards(pool)
		}
		if i != seat || !footSeen {
			pool = sp.Foot.AppendCards(pool)
		}
	}
	var shown card.Multiset
	if shown.AddCards(drawn) != nil || shown.AddAll(pile) != nil || shown.AddAll(foot) != nil {
		return handfoot.State{}, false
	}
	rest := pool[:0]
	for _, c := range pool {
		if shown.Remove(c) != nil {
			rest = append(rest, c)
		}
	}
	if !shown.IsEmpty() {
		return handfoot.State{}, false
	}
	rng := deck.NewRNG(seed ^ 0x7475726e)
	rng.Shuffle(rest)
	next := func(n int) []card.Card {
		n = min(n, len(rest))
		cs := rest[:n:n]
		rest = rest[n:]
		return cs
	}
	nextSet := func(n int) card.Multiset {
		m, _ := card.MultisetOf(next(n)...)
		return m
	}
	if len(drawn) > len(pos.Stock) {
		return handfoot.State{}, false
	}
	pos.Stock = append(drawn, next(len(pos.Stock)-len(drawn))...)
	upcard := pos.Pile[len(pos.Pile)-1]
	if tookPile {
		if pile.Len() != len(pos.Pile)-1 {
			return handfoot.State{}, false
		}
		pos.Pile = append(pile.Cards(), upcard)
	} else {
		pos.Pile = append(next(len(pos.Pile)-1), upcard)
	}
	seats := slices.Clone(pos.Seats)
	for i := range seats {
		if i != seat {
			seats[i].Hand = nextSet(seats[i].Hand.Len())
		}
		switch {
		case i == seat && footUp:
			if foot.Len() != seats[i].Foot.Len() {
				return handfoot.State{}, false
			}
			seats[i].Foot = foot
		case i == seat && footSeen:
		case !seats[i].Foot.IsEmpty():
			seats[i].Foot = nextSet(seats[i].Foot.Len())
		}
	}
	pos.Seats = seats
	pos.Actions = slices.Clone(p.acts)
	s, err := handfoot.FromPosition(pos)
	if err != nil {
		return handfoot.State{}, false
	}
	got := s.View(seat)
	if got.Hand != w.Hand || got.Phase != w.Phase || got.LaidThisTurn != w.LaidThisTurn || len(got.Legal) != len(w.Legal) {
		return handfoot.State{}, false
	}
	return s, true
}

// revealed returns the cards that came to the player's hand and team's
// melds between two of its Views of one turn from places it could not see:
// what its hand and melds hold after, less what they held before (nothing
// when cards went back, as a take-back returns the pile).
func revealed(before, after handfoot.View) card.Multiset {
	held := func(v handfoot.View) card.Multiset {
		m := v.Hand
		for _, md := range v.Teams[v.Team].Melds {
			_ = m.AddCards(md.Cards())
		}
		return m
	}
	a, b := held(after), held(before)
	if a.RemoveAll(b) != nil {
		return card.Multiset{}
	}
	return a
}

// turnPlayer plays the rest of the current turn with one player and every
// later decision with another.
type turnPlayer struct {
	turn, rest Player
	done       bool
}

func (t *turnPlayer) Choose(v handfoot.View) handfoot.Action {
	if !t.done && (v.Phase == handfoot.Drawing || v.Turn != v.Seat) {
		t.done = true
	}
	if t.done {
		return t.rest.Choose(v)
	}
	return t.turn.Choose(v)
}

// rollout plays c in d, then the rest of the round with heuristic players
// seeded from seed, and returns the round's score for v's team less the
// best other team's. A failed rollout counts as a very bad round.
func rollout(d handfoot.State, c candidate, v handfoot.View, seed uint64) int {
	const failed = -1 << 20
	players := make([]Player, v.Rules.Players)
	for i := range players {
		players[i] = Heuristic(seed + uint64(i))
	}
	s := d
	if c.v != asIs {
		h := newHeuristic(seed + uint64(v.Seat))
		h.variant = c.v
		players[v.Seat] = &turnPlayer{turn: h, rest: players[v.Seat]}
	} else {
		var err error
		if s, err = handfoot.Apply(d, c.a); err != nil {
			return failed
		}
	}
	s, err := Play(s, players, Options{Limit: 100_000, Until: roundOver})
	results := s.Results()
	if err != nil || len(results) < v.Round {
		return failed
	}
	r := results[v.Round-1]
	ours, theirs := 0, -1<<30
	for _, t := range r.Teams {
		if t.Team == v.Team {
			ours = t.Points
		} else {
			theirs = max(theirs, t.Points)
		}
	}
	if theirs == -1<<30 {
		theirs = 0
	}
	return ours - theirs
}

// roundOver reports whether s's round has been scored.
func roundOver(s handfoot.State) bool {
	ph := s.Phase()
	return ph == handfoot.RoundOver || ph == handfoot.GameOver
}
