package bot

import (
	"github.com/cardrules/cardrules/internal/play"
	"time"

	"github.com/cardrules/cardrules/internal/search"
	"github.com/cardrules/cardrules/rummy"
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
// package documentation names them for Rummy) it imagines deals its
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
	return &searchPlayer{h: Heuristic(seed).(*heuristic), s: search.New(search.Game[rummy.State, rummy.Action, rummy.View]{
		Heuristic: Heuristic,
		Done:      roundOver,
		Score:     roundMargin,
		Limit:     100_000,
		Playouts:  searchPlayouts,
		Actions:   searchActions,
		Race:      race,
	}, seed, search.Budget(b))}
}

// searchPlayouts is the default budget's play-outs a decision, and
// searchActions its bound on the actions they play
// (search.Budget.Actions). A Rummy action of a play-out takes about 1.1
// to 2.2 µs on one core of the machine BENCHMARKS.md names, so 26,000
// actions keep a decision within 50 ms (the slowest measured took 39 to
// 48 ms, and once 62 ms); where play-outs are long the
// decision samples fewer deals, and where they are short (late in a
// hand) it samples up to 4,096 play-outs. The search races its
// candidates (search.Game.Race, race standard errors): a choice that
// trails beyond the noise is dropped early, and the decision ends when
// one is left. Over 1000 games the search wins 66.7% against the
// heuristic so; at 512 play-outs and 9,000 actions without racing, 61.4%.
const (
	searchPlayouts = 4096
	searchActions  = 26_000
	race           = 2
)

// discardsSearched is how many discards a decision compares at most: the
// heuristic's and the next best by its rating.
const discardsSearched = 4

// The Rummy search player: at each decision of its turn with a choice it
// compares a few actions, each followed by the heuristic's play to the
// hand's end:
//
//   - drawing: from the stock or the pile;
//   - discarding: the heuristic's discard and the next best by its
//     rating, discardsSearched in all;
//   - melding or laying off: the heuristic's meld or lay-off, or holding
//     the cards and discarding one of the best two by the heuristic's
//     rating.
//
// [rummy.Determinize] samples the middle of a turn too.
type searchPlayer struct {
	s     *search.Searcher[rummy.State, rummy.Action, rummy.View]
	h     *heuristic
	cands []search.Candidate[rummy.View, rummy.Action]
}

func (p *searchPlayer) Choose(v rummy.View) rummy.Action { return play.Listed(p.choose(v), v.Legal) }

// choose is Choose before the choice is checked against v's list.
func (p *searchPlayer) choose(v rummy.View) rummy.Action {
	if !readable(&v) {
		return p.h.Choose(v)
	}
	if (v.Phase != rummy.Drawing && v.Phase != rummy.Playing) || v.Turn != v.Seat || len(v.Legal) < 2 {
		return p.h.Choose(v)
	}
	if v.Phase == rummy.Drawing {
		p.cands = search.Actions(p.cands[:0], v.Legal)
		return v.Legal[p.s.Best(v, p.cands)]
	}
	a := p.h.Choose(v)
	p.cands = append(p.cands[:0], search.Candidate[rummy.View, rummy.Action]{Action: a})
	t := &p.h.t
	t.read(&v)
	options, _ := ratedDiscards(&v, t, p.h.s.bestPlan(t).left)
	k := discardsSearched
	if a.Kind() != rummy.KindDiscard {
		k = 2
	}
	for _, o := range options {
		if len(p.cands) > k || (len(p.cands) == k && a.Kind() == rummy.KindDiscard) {
			break
		}
		if o.a != a {
			p.cands = append(p.cands, search.Candidate[rummy.View, rummy.Action]{Action: o.a})
		}
	}
	return p.cands[p.s.Best(v, p.cands)].Action
}

// roundOver reports whether s's round has been scored.
func roundOver(s rummy.State) bool {
	ph := s.Phase()
	return ph == rummy.RoundOver || ph == rummy.GameOver
}

// roundMargin returns the score of v's round in s for v's seat less the
// best other seat's.
func roundMargin(s rummy.State, v rummy.View) int {
	results := s.Results()
	if len(results) < v.Round {
		return search.Failed
	}
	m := search.PlayerMargin(results[v.Round-1].Players, v.Seat)
	if s.Over() {
		// The game decided: winning it is what counts most.
		m += winBonus * sign(search.Margin(s.Totals(), v.Seat))
	}
	return m
}

// winBonus is what a play-out that wins the game scores more than one
// that loses it by the same round score: the game's win is what counts,
// so the search weighs a choice by how often it wins far more than by
// how many points (a round scores tens of points, seldom more than 100).
// At 50 rather than 1000 the search won 1.1 to 1.4 points fewer games
// in 100 (1000 games each), though by more points a game.
const winBonus = 1000

// sign returns -1, 0 or 1 as x is negative, zero or positive.
func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
