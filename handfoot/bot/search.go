package bot

import (
	"errors"
	"slices"
	"time"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
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
	p := &searchPlayer{h: newHeuristic(seed)}
	p.s = search.New(search.Game[handfoot.State, handfoot.Action, handfoot.View]{
		Sample:    p.sample,
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
// The last three come in the middle of a turn, where [handfoot.Determinize]
// cannot sample (a View does not say which melds the turn laid): the
// player remembers the Views of its turn and its actions, and each sample
// is the turn's start determinized with the cards the turn brought to
// light put back where they came from, and the turn's actions replayed
// (rebuild).
type searchPlayer struct {
	s *search.Searcher[handfoot.State, handfoot.Action, handfoot.View]
	h *heuristic // decides what the search leaves alone
	// The player's turn so far: the Views it was shown from the turn's
	// start (a Drawing View) on, and the actions it chose at each.
	views []handfoot.View
	acts  []handfoot.Action
	// What this turn has searched already.
	laySearched, outSearched bool
	cands                    []search.Candidate[handfoot.View, handfoot.Action]
}

func (p *searchPlayer) Choose(v handfoot.View) handfoot.Action {
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

func (p *searchPlayer) choose(v handfoot.View) handfoot.Action {
	switch {
	case v.Turn != v.Seat || len(v.Legal) < 2:
		return p.h.Choose(v)
	case v.Phase == handfoot.Drawing:
		p.cands = search.Actions(p.cands[:0], v.Legal)
		return v.Legal[p.s.Best(v, p.cands)]
	case v.Phase != handfoot.Melding || len(p.views) == 0:
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

// sample is the search's sampler: rebuild, or an error where it fails.
func (p *searchPlayer) sample(w handfoot.View, seed uint64) (handfoot.State, error) {
	s, ok := p.rebuild(w, seed)
	if !ok {
		return s, errNoSample
	}
	return s, nil
}

// errNoSample is the error of a sample rebuild could not make; the search
// leaves it out.
var errNoSample = errors.New("handfoot/bot: no position rebuilt")

// rebuild returns a State the player's View w could be of: a deal of the
// turn's start ([handfoot.Determinize]) with the cards this turn brought
// to light put where they came from (the stock's top for a draw, the pile
// for a take, the foot for a foot picked up), and the turn's actions
// replayed. ok is false where that fails or does not give w back.
//
// It is the search's sampler: at the turn's start it is Determinize.
func (p *searchPlayer) rebuild(w handfoot.View, seed uint64) (handfoot.State, bool) {
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
