package bot

import (
	"github.com/cardrules/cardrules/internal/play"
	"slices"
	"time"

	"github.com/cardrules/cardrules/canasta"
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
// View cannot tell from the real one, the hidden cards dealt anew. It plays
// each of its choices in each of them, and lets heuristic players finish
// the round for every seat. It takes the choice whose rounds end best for
// its side on average (its side's round score less the best other side's).
// Every choice is played in the same deals with the same play-outs (common
// random numbers). Every other decision is the heuristic player's. It
// spends at most b's play-outs on a decision, fewer where they would play
// more than b's actions (b's zero fields: the default budget). Given its
// seed and b without a time limit, it decides the same way for the same
// View (in the middle of a turn, for the same Views since the turn began).
func SearchWith(seed uint64, b Budget) Player {
	p := &searchPlayer{h: Heuristic(seed).(*heuristic)}
	p.s = search.New(search.Game[canasta.State, canasta.Action, canasta.View]{
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
// Each sample is [canasta.Determinize] of the View, wherever the turn
// stands: the View shows the turn's fixed point and the actions since, so
// a take-back in a play-out returns where it would in the game.
type searchPlayer struct {
	s *search.Searcher[canasta.State, canasta.Action, canasta.View]
	h *heuristic // decides what the search leaves alone
	// again: the player's last action took the pile back, so a Drawing
	// View goes on the same turn.
	again bool
	// What this turn has searched already.
	laySearched, outSearched bool
	cands                    []search.Candidate[canasta.View, canasta.Action]
}

func (p *searchPlayer) Choose(v canasta.View) canasta.Action {
	if !readable(&v) {
		return p.h.Choose(v)
	}
	mine := v.Turn == v.Seat && v.ToAct == v.Seat && len(v.Legal) > 0
	if !mine || v.Phase == canasta.Drawing && !p.again {
		p.laySearched, p.outSearched = false, false
	}
	a := play.Listed(p.choose(v), v.Legal)
	p.again = mine && a.Kind() == canasta.KindTakeBack
	return a
}

func (p *searchPlayer) choose(v canasta.View) canasta.Action {
	if v.Turn != v.Seat || len(v.Legal) < 2 {
		return p.h.Choose(v)
	}
	p.h.begin(v) // the heuristic keeps track of the turn
	switch {
	case v.Phase == canasta.Drawing:
		if p.h.noPile || p.again {
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
	case v.Phase != canasta.Melding:
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
