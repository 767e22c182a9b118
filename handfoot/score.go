package handfoot

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// TeamScore is one team's score for a round, with the breakdown that
// produced it ([score.TeamScore]).
type TeamScore = score.TeamScore

// RoundResult is a finished round: its number (from 1), who went out (-1
// when the stock ran out and no one did) and every team's score.
type RoundResult struct {
	Number  int         `json:"number"`
	WentOut int         `json:"wentOut"`
	Teams   []TeamScore `json:"teams"`
}

// clone returns r with its team scores copied, so that it shares no
// memory with r.
func (r RoundResult) clone() RoundResult {
	r.Teams = score.Clone(r.Teams)
	return r
}

// line returns r as the family's engine checks a round's result.
func (r RoundResult) line() family.Result {
	return family.Result{Number: r.Number, WentOut: r.WentOut, Teams: r.Teams}
}

func (a RoundResult) equal(b RoundResult) bool {
	return a.Number == b.Number && a.WentOut == b.WentOut && slices.EqualFunc(a.Teams, b.Teams, TeamScore.Equal)
}

// The items of a score breakdown, in the order a round is scored. First
// come the completed canastas (and red threes on clean ones, rule set A).
// Then every card on the table counts for the team. Then every card left in
// a hand or foot counts against it. Last comes the going-out bonus.
const (
	ItemClean     = "clean canastas"
	ItemDirty     = "dirty canastas"
	ItemRedThrees = "red threes on clean canastas"
	ItemTable     = "cards on the table"
	ItemHeld      = "cards in hand and foot"
	ItemGoingOut  = "going out"
)

// Score returns every team's score for the current round as it stands: the
// final score once the round is over, and until then what the round would
// score if it ended now with no one going out.
func (s State) Score() []TeamScore {
	if s.r == nil {
		return nil
	}
	if s.t.Phase == family.RoundOver || s.t.Phase == family.GameOver {
		return score.Clone(s.r.results[len(s.r.results)-1].Teams)
	}
	return s.scoreRound(-1)
}

// Results returns the results of the finished rounds, oldest first.
func (s State) Results() []RoundResult {
	if s.r == nil {
		return nil
	}
	out := make([]RoundResult, len(s.r.results))
	for i, r := range s.r.results {
		out[i] = r.clone()
	}
	return out
}

// Winners returns the teams with the highest total once the game is over
// (more than one on a tie), and nil before.
func (s State) Winners() []int {
	if s.t.Phase != family.GameOver {
		return nil
	}
	return score.Leaders(s.Totals())
}

// scoreRound scores the round as it stands, wentOut being the seat that
// went out or -1.
func (s State) scoreRound(wentOut int) []TeamScore {
	r := s.r.rules
	out := make([]TeamScore, r.Teams)
	for team := range r.Teams {
		var tableCards, held card.Multiset
		var clean, dirty, reds int
		for _, tm := range s.t.Melds {
			if int(tm.Side) != team {
				continue
			}
			switch r.Meld.Class(tm.M) {
			case meld.Clean:
				clean++
				reds += tm.M.RedThrees()
			case meld.Dirty:
				dirty++
			}
			_ = tableCards.AddAll(tm.M.Multiset())
		}
		for seat := team; seat < r.Players; seat += r.Teams {
			_ = held.AddAll(s.t.Hands[seat])
			_ = held.AddAll(s.Foot(seat))
		}
		b := score.Breakdown{
			{Item: ItemClean, Points: clean * r.CleanBonus},
			{Item: ItemDirty, Points: dirty * r.DirtyBonus},
		}
		if r.RedThreeBonus != 0 {
			b = append(b, score.Line{Item: ItemRedThrees, Points: reds * r.RedThreeBonus})
		}
		b = append(b,
			score.Line{Item: ItemTable, Points: r.Values.Melded.Sum(tableCards)},
			score.Line{Item: ItemHeld, Points: r.Values.Held.Sum(held)},
		)
		bonus := 0
		if wentOut >= 0 && r.teamOf(wentOut) == team {
			bonus = r.GoOutBonus
		}
		b = append(b, score.Line{Item: ItemGoingOut, Points: bonus})
		out[team] = TeamScore{Team: team, Breakdown: b, Points: b.Total(), Total: s.r.totals[team] + b.Total()}
	}
	return out
}
