package canasta

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// TeamScore is a team's score for a round and its breakdown; with three
// players each is a team of one ([score.TeamScore]).
type TeamScore = score.TeamScore

// RoundResult is a finished round (a hand, in Canasta's words): its number
// (from 1), who went out (-1 when no one did: the stock ran out), whether
// it was concealed, and every team's score.
type RoundResult struct {
	Number    int         `json:"number"`
	WentOut   int         `json:"wentOut"`
	Concealed bool        `json:"concealed"`
	Teams     []TeamScore `json:"teams"`
}

func (a RoundResult) equal(b RoundResult) bool {
	return a.Number == b.Number && a.WentOut == b.WentOut && a.Concealed == b.Concealed &&
		slices.EqualFunc(a.Teams, b.Teams, TeamScore.Equal)
}

// The items of a score breakdown, in the order a round is scored: the
// canastas, the red threes, the cards melded, the cards left in hand, and
// the going-out bonus.
const (
	ItemNatural   = "natural canastas"
	ItemMixed     = "mixed canastas"
	ItemRedThrees = "red threes"
	ItemMelded    = "cards melded"
	ItemHeld      = "cards in hand"
	ItemGoingOut  = "going out"
)

// Score returns the teams' scores for this round: once it is over, its
// result; before, what it would score if it ended now with no one going
// out. Nil for the zero State.
func (s State) Score() []TeamScore {
	switch {
	case s.r == nil:
		return nil
	case !s.roundOver():
		now := s
		now.wentOut, now.concealed = -1, false
		return now.scoreRound()
	}
	return score.Clone(s.r.results[len(s.r.results)-1].Teams)
}

// Results returns the rounds scored so far, the first first (copies).
func (s State) Results() []RoundResult {
	out := slices.Clone(s.rd().results)
	for i := range out {
		out[i].Teams = score.Clone(out[i].Teams)
	}
	return out
}

// Winners returns, once the game is over, the team with the best total (or
// the teams tied for it); before, nil.
func (s State) Winners() []int {
	if !s.Over() {
		return nil
	}
	return score.Leaders(s.Totals())
}

// scoreRound scores the round as it stands, s.wentOut being the seat that
// went out or -1. Each team scores its canastas (natural and mixed), its
// red threes (100 each, 800 for all of the shoe's; against it if it has
// melded nothing), the cards it melded, less the cards left in its
// players' hands, and the bonus for going out (200 concealed). Under
// Cutthroat each player is a team, and everything but the red threes is
// its side's: a partner scores the partnership's canastas, melds, going
// out and both partners' cards in hand, with its own red threes, plus or
// minus by whether the partnership has melded.
func (s *State) scoreRound() []TeamScore {
	r := s.r.rules
	out := make([]TeamScore, r.Teams)
	for team := range r.Teams {
		var melded, held card.Multiset
		var natural, mixed int
		side := s.r.side(team) // team itself but for a Cutthroat partner
		for _, m := range s.t.MeldsOf(side) {
			natural += boolInt(r.Meld.Class(m) == meld.Clean)
			mixed += boolInt(r.Meld.Class(m) == meld.Dirty)
			_ = melded.AddAll(m.Multiset())
		}
		for seat := range r.Players {
			if s.r.side(seat) == side {
				_ = held.AddAll(s.t.Hands[seat])
			}
		}
		reds := int(s.reds[team][0]) + int(s.reds[team][1])
		redPoints := reds * r.RedThreeBonus
		if reds > 0 && reds == r.redThreesInShoe() {
			redPoints = r.AllRedThreesBonus
		}
		if melded.IsEmpty() {
			redPoints = -redPoints
		}
		bonus := 0
		if s.wentOut >= 0 && s.r.side(int(s.wentOut)) == side {
			bonus = r.GoOutBonus
			if s.concealed {
				bonus = r.ConcealedBonus
			}
		}
		b := score.Breakdown{
			{Item: ItemNatural, Points: natural * r.NaturalBonus},
			{Item: ItemMixed, Points: mixed * r.MixedBonus},
			{Item: ItemRedThrees, Points: redPoints},
			{Item: ItemMelded, Points: r.Values.Melded.Sum(melded)},
			{Item: ItemHeld, Points: r.Values.Held.Sum(held)},
			{Item: ItemGoingOut, Points: bonus},
		}
		out[team] = TeamScore{Team: team, Breakdown: b, Points: b.Total(), Total: s.r.totals[team] + b.Total()}
	}
	return out
}
