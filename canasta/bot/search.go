package bot

import (
	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/search"
)

// Budget is what a search player ([SearchWith]) may spend on one decision:
// how many play-outs at most, over every choice it compares, and
// optionally a time limit (which makes its decisions depend on the
// machine's speed). Its zero value is the game's default, which decides
// within 50 ms on one core.
type Budget = search.Budget

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
// spends at most b's play-outs on a decision (b's zero fields: the default
// budget); given its seed and b without a time limit, it decides the same
// way for the same View (in the middle of a turn, for the same Views since
// the turn began).
func SearchWith(seed uint64, b Budget) Player {
	return &searchPlayer{h: Heuristic(seed).(*heuristic), s: search.New(search.Game[canasta.State, canasta.Action, canasta.View]{
		Seat:      func(v canasta.View) int { return v.Seat },
		Sample:    canasta.Determinize,
		Heuristic: Heuristic,
		Done:      roundOver,
		Score:     roundMargin,
		Limit:     100_000,
		Playouts:  searchPlayouts,
		Keep:      keep,
	}, seed, b)}
}

// keep is how many standard errors another choice must beat the
// heuristic's by (search.Game.Keep): a round's score swings by hundreds of
// points from deal to deal, more than most choices change it.
const keep = 1.0

// searchPlayouts is the default budget's play-outs a decision.
const searchPlayouts = 64

// The Canasta search player: the heuristic player except at the start of
// its turn (which is where [canasta.Determinize] samples), where it
// compares each legal action (drawing, and each way of taking the pile
// when it may), each followed by the heuristic's play, and, once its team
// is down, the heuristic's turn changed: laying every meld step it can
// (wild cards too), as when going out; and, when its team has the
// canastas to go out, not going out this turn. A turn changed so is
// played so to its end.
type searchPlayer struct {
	s     *search.Searcher[canasta.State, canasta.Action, canasta.View]
	h     *heuristic
	cands []search.Candidate[canasta.View, canasta.Action]
	alts  []variant // the turns changed that cands ends with
}

func (p *searchPlayer) Choose(v canasta.View) canasta.Action {
	if v.Phase != canasta.Drawing || v.Turn != v.Seat || len(v.Legal) == 0 {
		return p.h.Choose(v)
	}
	p.h.begin(v) // the heuristic keeps track of the turn
	if p.h.noPile {
		return p.h.Choose(v) // took the pile back this turn: draws
	}
	// The heuristic's choice first: the search keeps it unless another
	// is better beyond the noise.
	h := p.h.Choose(v)
	p.cands = append(p.cands[:0], search.Candidate[canasta.View, canasta.Action]{Action: h})
	for _, a := range v.Legal {
		if a != h {
			p.cands = append(p.cands, search.Candidate[canasta.View, canasta.Action]{Action: a})
		}
	}
	p.alts = p.alts[:0]
	if team := v.Teams[v.Team]; team.Down {
		p.alts = append(p.alts, layAll)
		if team.Canastas.Natural+team.Canastas.Mixed >= v.Rules.GoOut {
			p.alts = append(p.alts, noOut)
		}
	}
	for _, alt := range p.alts {
		p.cands = append(p.cands, search.Candidate[canasta.View, canasta.Action]{Turn: func(seed uint64) Player {
			h := Heuristic(seed).(*heuristic)
			h.next = alt
			return h
		}})
	}
	i := p.s.Best(v, p.cands)
	if k := len(p.cands) - len(p.alts); i >= k {
		p.h.variant = p.alts[i-k]
		return h // the heuristic's draw, its turn changed
	}
	return p.cands[i].Action
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
