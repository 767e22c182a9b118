package bot

import (
	"math/rand/v2"

	"github.com/cardrules/cardrules/handfoot"
)

// SearchSamples is how many deals a [Search] player imagines for each
// decision it searches.
const SearchSamples = 16

// Search returns a player that looks ahead where the heuristic player only
// follows rules of thumb: at the start of its turn, when it may take the
// pile as well as draw, it imagines SearchSamples deals its View cannot
// tell from the real one ([handfoot.Determinize]: the hidden cards dealt
// anew), plays each of its choices in each of them, lets heuristic players
// finish the round for every seat, and takes the choice whose rounds end
// best for its team on average (its team's round score less the best other
// team's). Every other decision is the heuristic player's. This is flat
// Monte Carlo search over determinizations, the simplest kind of
// information-set search; each deal is seeded from seed, so the player is
// deterministic given its seed and the Views it is shown. A searched
// decision costs about SearchSamples times the choices times the rest of
// a round between heuristic players (a few milliseconds).
func Search(seed uint64) Player {
	return &searcher{rng: rand.New(rand.NewPCG(seed, 0x7365617263680000)), h: Heuristic(seed)}
}

type searcher struct {
	rng *rand.Rand
	h   Player
}

func (p *searcher) Choose(v handfoot.View) handfoot.Action {
	if v.Phase != handfoot.Drawing || len(v.Legal) < 2 {
		return p.h.Choose(v)
	}
	sum := make([]int, len(v.Legal))
	for range SearchSamples {
		d, err := handfoot.Determinize(v, p.rng.Uint64())
		if err != nil {
			return p.h.Choose(v)
		}
		seed := p.rng.Uint64()
		for i, a := range v.Legal {
			sum[i] += p.rollout(d, a, v, seed)
		}
	}
	best := 0
	for i := range sum {
		if sum[i] > sum[best] {
			best = i
		}
	}
	return v.Legal[best]
}

// rollout plays a in d, then the rest of the round with heuristic players
// seeded from seed, and returns the round's score for v's team less the
// best other team's. A failed rollout counts as a very bad round.
func (p *searcher) rollout(d handfoot.State, a handfoot.Action, v handfoot.View, seed uint64) int {
	const failed = -1 << 20
	s, err := handfoot.Apply(d, a)
	if err != nil {
		return failed
	}
	players := make([]Player, v.Rules.Players)
	for i := range players {
		players[i] = Heuristic(seed + uint64(i))
	}
	s, err = Play(s, players, Options{Limit: 100_000, Until: roundOver})
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
