package bot

import (
	"github.com/cardrules/cardrules/internal/play"
	"slices"
	"time"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/search"
)

// SearchSamples is how many deals the default budget imagines for a
// decision between two choices: [SearchWith]'s default is 4*SearchSamples
// play-outs a decision, spread over its choices.
//
// Deprecated: the budget is a [Budget]'s; this constant stays for the
// programs that read it.
const SearchSamples = 16

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
// package documentation names them for Hand and Foot) it imagines deals its
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
	p := &searchPlayer{h: newHeuristic(seed)}
	p.s = search.New(search.Game[handfoot.State, handfoot.Action, handfoot.View]{
		Heuristic: Heuristic,
		Done:      roundOver,
		Score:     roundMargin,
		Limit:     100_000,
		Playouts:  4 * SearchSamples,
		Actions:   searchActions,
		Keep:      keep,
	}, seed, search.Budget(b))
	return p
}

// searchActions bounds the actions a decision's play-outs play
// (search.Budget.Actions): a Hand and Foot action of a play-out (a View
// with its legal actions, the heuristic's choice and Apply) takes 4 to 5
// µs on one core of the machine BENCHMARKS.md names, so 8,000 keep a
// decision within 40 ms where play-outs are long, at a round's start
// (the slowest measured took 38 ms).
const searchActions = 8_000

// keep is how many standard errors another choice must beat the
// heuristic's by (search.Game.Keep) before the search takes it: most
// choices change a round's score by less than it swings from deal to
// deal, and a choice taken on noise is no better than the heuristic's.
const keep = 1.0

// The Hand and Foot search player: the heuristic player except at four
// points of its turn, where it searches.
//
//   - At the start of its turn, when it may take the pile as well as
//     draw: each legal action.
//   - When the heuristic player would set out to go out: going out, or
//     the heuristic's play for the turn without going out.
//   - Otherwise at its first decision after the draw once its team is
//     down and it may lay a card: the heuristic's play for the turn, or
//     laying every card it can, as when going out (under rule set B
//     without asking the partner: only going out needs its leave).
//   - At every other discard of its turn: the heuristic's discard, or
//     one of the next best two by the heuristic's rating.
//
// Each sample is [handfoot.Determinize] of the View, wherever the turn
// stands: the View shows the turn's fixed point and the actions since, so
// a take-back in a play-out returns where it would in the game.
type searchPlayer struct {
	s *search.Searcher[handfoot.State, handfoot.Action, handfoot.View]
	h *heuristic // decides what the search leaves alone
	// What this turn has searched already.
	laySearched, outSearched bool
	cands                    []search.Candidate[handfoot.View, handfoot.Action]
}

func (p *searchPlayer) Choose(v handfoot.View) handfoot.Action {
	if !readable(&v) {
		return p.h.Choose(v)
	}
	if v.Turn != v.Seat || len(v.Legal) == 0 || v.Phase == handfoot.Drawing {
		p.h.variant, p.laySearched, p.outSearched = asIs, false, false
	}
	return play.Listed(p.choose(v), v.Legal)
}

func (p *searchPlayer) choose(v handfoot.View) handfoot.Action {
	switch {
	case v.Turn != v.Seat || len(v.Legal) < 2:
		return p.h.Choose(v)
	case v.Phase == handfoot.Drawing:
		p.cands = search.Actions(p.cands[:0], v.Legal)
		return v.Legal[p.s.Best(v, p.cands)]
	case v.Phase != handfoot.Melding:
		return p.h.Choose(v)
	}
	alt := asIs
	switch {
	case !p.outSearched && p.h.wouldGoOut(&v):
		alt, p.outSearched, p.laySearched = noOut, true, true
	case !p.laySearched && p.h.variant == asIs && v.Teams[v.Team].Down && canLay(v):
		alt, p.laySearched = layAll, true
	}
	a := p.h.Choose(v)
	if alt == asIs {
		return p.discard(v, a)
	}
	p.cands = append(p.cands[:0], search.Candidate[handfoot.View, handfoot.Action]{Action: a},
		search.Candidate[handfoot.View, handfoot.Action]{Turn: func(seed uint64) Player {
			h := newHeuristic(seed)
			h.variant = alt
			return search.Turn(Player(h), Heuristic(seed), turnEnded)
		}})
	if p.s.Best(v, p.cands) == 0 {
		return a
	}
	p.h.variant = alt
	return p.h.Choose(v)
}

// canLay reports whether v lists a meld step (a new meld or an add).
func canLay(v handfoot.View) bool {
	return slices.ContainsFunc(v.Legal, func(a handfoot.Action) bool {
		return a.Kind() == handfoot.KindMeld || a.Kind() == handfoot.KindAdd
	})
}

// discards is how many discards the search compares: the heuristic's and
// the next best by its rating (discardCost).
const discards = 3

// discard returns a, the heuristic's action at v, unless it is a discard
// and another discard, of the next best by the heuristic's rating, plays
// out better.
func (p *searchPlayer) discard(v handfoot.View, a handfoot.Action) handfoot.Action {
	if a.Kind() != handfoot.KindDiscard {
		return a
	}
	theirs := nextMelds(&v)
	p.cands = search.NextBest(p.cands[:0], a, v.Legal,
		func(b handfoot.Action) bool { return b.Kind() == handfoot.KindDiscard },
		func(b handfoot.Action) int { return discardCost(&v, b.Card(), theirs) }, discards)
	return p.cands[p.s.Best(v, p.cands)].Action
}

// roundMargin returns the last round's score of s for v's team less the
// best other team's.
func roundMargin(s handfoot.State, v handfoot.View) int {
	results := s.Results()
	if len(results) < v.Round {
		return search.Failed
	}
	return search.TeamMargin(results[v.Round-1].Teams, v.Team)
}

// roundOver reports whether s's round has been scored.
func roundOver(s handfoot.State) bool {
	ph := s.Phase()
	return ph == handfoot.RoundOver || ph == handfoot.GameOver
}

// turnEnded reports whether the turn a search player changed is over at
// v: another seat's turn, or the start of its own next one.
func turnEnded(v handfoot.View) bool { return v.Phase == handfoot.Drawing || v.Turn != v.Seat }
