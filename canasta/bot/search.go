package bot

import (
	"cmp"
	"errors"
	"slices"
	"time"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/search"
)

// Budget is what a search player ([SearchWith]) may spend on one decision.
// Its zero value is the game's default. The default bounds a decision's
// play-outs so that it takes a few tens of milliseconds of one core
// (BENCHMARKS.md has each game's measured figures, the slowest decisions
// included). The card games' bot packages have this Budget alike: a
// Budget of one converts to another's.
type Budget struct {
	// Playouts is how many play-outs a decision plays at most, over every
	// choice it compares. Each deal it imagines plays every choice once.
	// 0 or less means the game's default.
	Playouts int
	// Time, if positive, stops a decision's play-outs once that much time
	// has passed, after at least one deal. The decision then depends on
	// the machine's speed, so a player that must be reproducible leaves
	// Time 0.
	Time time.Duration
	// Actions, if positive, bounds the actions a decision's play-outs play
	// in all. Where play-outs are long, the decision imagines fewer deals.
	// Unlike Time, it leaves the decision reproducible. 0 means the game's
	// default, and a negative value no bound.
	Actions int
}

// Search returns [SearchWith] with the default budget: a player that looks
// ahead where the heuristic player only follows rules of thumb.
func Search(seed uint64) Player { return SearchWith(seed, Budget{}) }

// SearchWith returns a player that looks ahead where the heuristic player
// only follows rules of thumb. At the decisions that swing a round (the
// package documentation names them for Canasta) it imagines deals its
// View cannot tell from the real one, the hidden cards dealt anew, plays
// each of its choices in each of them, lets heuristic players finish the
// round for every seat, and takes the choice whose rounds end best for its
// side on average (its side's round score less the best other side's).
// Every choice is played in the same deals with the same play-outs (common
// random numbers). Every other decision is the heuristic player's. It
// spends at most b's play-outs on a decision, fewer where they would play
// more than b's actions (b's zero fields: the default
// budget); given its seed and b without a time limit, it decides the same
// way for the same View (in the middle of a turn, for the same Views since
// the turn began).
func SearchWith(seed uint64, b Budget) Player {
	p := &searchPlayer{h: Heuristic(seed).(*heuristic)}
	p.s = search.New(search.Game[canasta.State, canasta.Action, canasta.View]{
		Sample:    p.sample,
		Heuristic: Heuristic,
		Done:      roundOver,
		Score:     roundMargin,
		Limit:     100_000,
		Playouts:  searchPlayouts,
		Actions:   searchActions,
		Keep:      keep,
	}, seed, search.Budget(b))
	return p
}

// keep is how many standard errors another choice must beat the
// heuristic's by (search.Game.Keep): a round's score swings by hundreds of
// points from deal to deal, more than most choices change it.
const keep = 1.0

// searchPlayouts is the default budget's play-outs a decision.
const searchPlayouts = 64

// searchActions bounds the actions a decision's play-outs play
// (search.Budget.Actions): a Canasta action of a play-out takes about 4.5
// µs on one core of the machine BENCHMARKS.md names, so 10,000 keep a
// decision within about 45 ms (the default's play-outs rarely play more
// than 6,000).
const searchActions = 10_000

// The Canasta search player: the heuristic player except at four points
// of its turn, where it searches.
//
//   - At the start of its turn, when it may take the pile as well as
//     draw: each legal action (drawing, and each way of taking the pile),
//     each followed by the heuristic's play.
//   - When the heuristic player would set out to go out: going out, or
//     the heuristic's play for the turn without going out.
//   - Otherwise at its first decision after the draw once its team is
//     down and it may lay a card: the heuristic's play for the turn, or
//     laying every meld step it can (wild cards too), as when going out.
//   - At every other discard of its turn: the heuristic's discard, or
//     one of the next best two by the heuristic's rating.
//
// The last three come in the middle of a turn, where [canasta.Determinize]
// cannot sample (a View does not say which melds the turn laid): the
// player remembers the Views of its turn and its actions, and each sample
// is the turn's start determinized with the cards the turn brought to
// light put back where they came from, and the turn's actions replayed
// (rebuild).
type searchPlayer struct {
	s *search.Searcher[canasta.State, canasta.Action, canasta.View]
	h *heuristic // decides what the search leaves alone
	// The player's turn so far: the Views it was shown from the turn's
	// start (a Drawing View) on, and the actions it chose at each.
	views []canasta.View
	acts  []canasta.Action
	// What this turn has searched already.
	laySearched, outSearched bool
	cands                    []search.Candidate[canasta.View, canasta.Action]
}

func (p *searchPlayer) Choose(v canasta.View) canasta.Action {
	mine := v.Turn == v.Seat && v.ToAct == v.Seat && len(v.Legal) > 0
	if !mine || v.Phase == canasta.Drawing && !p.tookBack() {
		p.views, p.acts = p.views[:0], p.acts[:0]
		p.laySearched, p.outSearched = false, false
	}
	a := p.choose(v)
	if mine && (v.Phase == canasta.Drawing || len(p.views) > 0) {
		p.views, p.acts = append(p.views, v), append(p.acts, a)
	}
	return a
}

// tookBack reports whether the last action remembered of the turn is a
// take-back: a Drawing View then goes on the same turn.
func (p *searchPlayer) tookBack() bool {
	return len(p.acts) > 0 && p.acts[len(p.acts)-1].Kind() == canasta.KindTakeBack
}

func (p *searchPlayer) choose(v canasta.View) canasta.Action {
	if v.Turn != v.Seat || len(v.Legal) < 2 {
		return p.h.Choose(v)
	}
	p.h.begin(v) // the heuristic keeps track of the turn
	switch {
	case v.Phase == canasta.Drawing:
		if p.h.noPile || len(p.views) > 0 {
			return p.h.Choose(v) // took the pile back this turn: draws
		}
		// The heuristic's choice first: the search keeps it unless
		// another is better beyond the noise.
		h := p.h.Choose(v)
		p.cands = append(p.cands[:0], search.Candidate[canasta.View, canasta.Action]{Action: h})
		for _, a := range v.Legal {
			if a != h {
				p.cands = append(p.cands, search.Candidate[canasta.View, canasta.Action]{Action: a})
			}
		}
		return p.cands[p.s.Best(v, p.cands)].Action
	case v.Phase != canasta.Melding || len(p.views) == 0:
		return p.h.Choose(v)
	}
	alt := asIs
	switch {
	case !v.Teams[v.Team].Down || p.h.variant != asIs:
	case !p.outSearched && p.h.wouldGoOut(v):
		alt, p.outSearched, p.laySearched = noOut, true, true
	case !p.laySearched && canLay(v):
		alt, p.laySearched = layAll, true
	}
	if alt == asIs {
		return p.discard(v, p.h.Choose(v))
	}
	p.cands = append(p.cands[:0], search.Candidate[canasta.View, canasta.Action]{Action: p.h.Choose(v)},
		search.Candidate[canasta.View, canasta.Action]{Turn: func(seed uint64) Player {
			h := Heuristic(seed).(*heuristic)
			h.variant = alt
			return h
		}})
	if p.s.Best(v, p.cands) == 0 {
		return p.cands[0].Action
	}
	p.h.variant = alt
	return p.h.Choose(v)
}

// canLay reports whether v lists a meld step (a new meld or an add).
func canLay(v canasta.View) bool {
	return slices.ContainsFunc(v.Legal, func(a canasta.Action) bool {
		return a.Kind() == canasta.KindMeld || a.Kind() == canasta.KindAdd
	})
}

// discards is how many discards the search compares: the heuristic's and
// the next best by its rating (discardCost).
const discards = 3

// discard returns a, the heuristic's action at v, unless it is a discard
// and another discard, of the next best by the heuristic's rating, plays
// out better.
func (p *searchPlayer) discard(v canasta.View, a canasta.Action) canasta.Action {
	if a.Kind() != canasta.KindDiscard {
		return a
	}
	theirs := nextMelds(v)
	p.cands = search.NextBest(p.cands[:0], a, v.Legal,
		func(b canasta.Action) bool { return b.Kind() == canasta.KindDiscard },
		func(b canasta.Action) int { return discardCost(v, b.Card(), theirs) }, discards)
	return p.cands[p.s.Best(v, p.cands)].Action
}

// sample is the search's sampler: rebuild, or an error where it fails.
func (p *searchPlayer) sample(w canasta.View, seed uint64) (canasta.State, error) {
	if len(p.views) == 0 {
		return canasta.Determinize(w, seed)
	}
	s, ok := p.rebuild(w, seed)
	if !ok {
		return s, errNoSample
	}
	return s, nil
}

// errNoSample is the error of a sample rebuild could not make; the search
// leaves it out.
var errNoSample = errors.New("canasta/bot: no position rebuilt")

// rebuild returns a State the player's View w, in the middle of its turn,
// could be of: a deal of the turn's start ([canasta.Determinize]) with
// the cards this turn brought to light put where they came from (the
// stock's top for a draw, red threes first, as a red three drawn is
// replaced; the pile for a take), and the turn's actions replayed. ok is
// false where that fails or does not give w back.
func (p *searchPlayer) rebuild(w canasta.View, seed uint64) (canasta.State, bool) {
	d, err := canasta.Determinize(p.views[0], seed)
	if err != nil {
		return canasta.State{}, false
	}
	var drawn []card.Card
	var pile card.Multiset
	tookPile := false
	for i, a := range p.acts {
		before, after := p.views[i], w
		if i+1 < len(p.views) {
			after = p.views[i+1]
		}
		rev := revealed(before, after)
		switch a.Kind() {
		case canasta.KindDraw:
			// Red threes first: each drawn is laid out and replaced.
			cs := rev.Cards()
			slices.SortStableFunc(cs, func(a, b card.Card) int { return cmp.Compare(redThree(b), redThree(a)) })
			drawn = append(drawn, cs...)
		case canasta.KindTake:
			if tookPile || rev.Remove(before.Upcard) != nil {
				return canasta.State{}, false
			}
			pile, tookPile = rev, true
		default:
			if !rev.IsEmpty() {
				return canasta.State{}, false
			}
		}
	}
	pos := d.Position()
	seat := w.Seat
	// The hidden cards, less those the turn showed, dealt anew; the pile
	// under the upcard stays as dealt unless the turn took it (it may
	// hold the card that freezes it).
	var pool []card.Card
	pool = append(pool, pos.Stock...)
	if tookPile {
		pool = append(pool, pos.Pile[:len(pos.Pile)-1]...)
	}
	for i, h := range pos.Hands {
		if i != seat {
			pool = append(pool, h...)
		}
	}
	var shown card.Multiset
	if shown.AddCards(drawn) != nil || shown.AddAll(pile) != nil {
		return canasta.State{}, false
	}
	rest := pool[:0:0]
	for _, c := range pool {
		if shown.Remove(c) != nil {
			rest = append(rest, c)
		}
	}
	if !shown.IsEmpty() || len(drawn) > len(pos.Stock) {
		return canasta.State{}, false
	}
	// The other hands hold no red three (one is laid out at once): they
	// are dealt first, from the other cards, and the stock gets the rest.
	rng := deck.NewRNG(seed ^ 0x7475726e)
	rng.Shuffle(rest)
	slices.SortStableFunc(rest, func(a, b card.Card) int { return cmp.Compare(redThree(a), redThree(b)) })
	next := func(n int) []card.Card {
		n = min(n, len(rest))
		cs := rest[:n:n]
		rest = rest[n:]
		return cs
	}
	hands := slices.Clone(pos.Hands)
	for i := range hands {
		if i != seat {
			hands[i] = next(len(hands[i]))
		}
	}
	pos.Hands = hands
	rng.Shuffle(rest)
	pos.Stock = append(drawn, next(len(pos.Stock)-len(drawn))...)
	if tookPile {
		if pile.Len() != len(pos.Pile)-1 {
			return canasta.State{}, false
		}
		pos.Pile = append(pile.Cards(), pos.Pile[len(pos.Pile)-1])
	}
	pos.Actions = slices.Clone(p.acts)
	s, err := canasta.FromPosition(pos)
	if err != nil {
		return canasta.State{}, false
	}
	got := s.View(seat)
	if got.Hand != w.Hand || got.Phase != w.Phase || got.LaidThisTurn != w.LaidThisTurn ||
		got.StockSize != w.StockSize || got.PileSize != w.PileSize || len(got.Legal) != len(w.Legal) {
		return canasta.State{}, false
	}
	return s, true
}

// revealed returns the cards that came to the player's hand and team's
// melds and red threes between two of its Views of one turn from places
// it could not see: what they hold after, less what they held before
// (nothing when cards went back, as a take-back returns the pile).
func revealed(before, after canasta.View) card.Multiset {
	held := func(v canasta.View) card.Multiset {
		m := v.Hand
		t := v.Teams[v.Team]
		_ = m.AddCards(t.RedThrees)
		for _, md := range t.Melds {
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

// roundOver reports whether s's round has been scored.
func roundOver(s canasta.State) bool {
	ph := s.Phase()
	return ph == canasta.RoundOver || ph == canasta.GameOver
}

// roundMargin returns the score of v's round in s for v's team less the
// best other team's.
func roundMargin(s canasta.State, v canasta.View) int {
	results := s.Results()
	if len(results) < v.Round {
		return search.Failed
	}
	return search.TeamMargin(results[v.Round-1].Teams, v.Team)
}

// redThree returns 1 for a red three, 0 for another card.
func redThree(c card.Card) int {
	if c.Rank() == card.Three && c.IsRed() {
		return 1
	}
	return 0
}
