package rummy

import (
	"slices"

	"github.com/cardrules/cardrules/score"
)

// The items of a player's score for a round, in its breakdown's order.
const (
	ItemLaid = "cards melded and laid off" // the values of the cards the player put on the table, on any meld
	ItemHeld = "cards in hand"             // less the values of the cards left in its hand
)

// PlayerScore is one seat's score for a round: the points, the breakdown
// that adds up to them, and the seat's total after the round
// ([score.PlayerScore]). Each rummy player plays alone, so a score names
// its seat where the partnership games' [score.TeamScore] names a team.
type PlayerScore = score.PlayerScore

// RoundResult is a round scored: its number (from 1), the seat that went
// out (-1 when the round ended with no one out, the stock used up) and
// every seat's score, seat 0 first.
type RoundResult struct {
	Number  int           `json:"number"`
	WentOut int           `json:"wentOut"`
	Players []PlayerScore `json:"players"`
}

func (r RoundResult) clone() RoundResult {
	r.Players = slices.Clone(r.Players)
	for i := range r.Players {
		r.Players[i].Breakdown = slices.Clone(r.Players[i].Breakdown)
	}
	return r
}

func (r RoundResult) equal(o RoundResult) bool {
	return r.Number == o.Number && r.WentOut == o.WentOut &&
		slices.EqualFunc(r.Players, o.Players, PlayerScore.Equal)
}

// Score returns each seat's score: for a round in play, what the round
// would score if it ended now, with the seat's total so far; once a round
// is over, its result.
func (s State) Score() []PlayerScore {
	if s.g == nil {
		return nil
	}
	if s.phase == RoundOver || s.phase == GameOver {
		if n := len(s.g.results); n > 0 {
			return s.g.results[n-1].clone().Players
		}
	}
	return s.tally(s.g.totals)
}

// tally scores the round as the table stands: each seat adds the values
// of the cards it melded or laid off (on anyone's meld) and takes off the
// values of the cards in its hand. before is each seat's total before the
// round.
func (s State) tally(before [MaxPlayers]int) []PlayerScore {
	r := &s.g.rules
	out := make([]PlayerScore, r.Players)
	for seat := range out {
		laid, held := s.sum(&r.Values.Melded, s.laidBy(seat)), s.sum(&r.Values.Held, s.hands[seat])
		out[seat] = PlayerScore{
			Seat:      seat,
			Points:    laid + held,
			Breakdown: score.Breakdown{{Item: ItemLaid, Points: laid}, {Item: ItemHeld, Points: held}},
			Total:     before[seat] + laid + held,
		}
	}
	return out
}

// sum is the value of the cards of x under t.
func (s State) sum(t *score.Table, x set) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n += t.Points(x.first())
	}
	return n
}

// endRound scores the round and ends it, or the game: after Rules.Rounds
// rounds, or with Rounds 0 once a seat's total reaches Target (or after
// MaxRounds).
func (s *State) endRound(wentOut int) {
	g := *s.g
	res := RoundResult{Number: g.round, WentOut: wentOut, Players: s.tally(g.totals)}
	g.results = append(slices.Clip(g.results), res)
	reached := false
	for _, p := range res.Players {
		g.totals[p.Seat] = p.Total
		reached = reached || p.Total >= g.rules.Target
	}
	s.g = &g
	s.wentOut = int8(wentOut)
	s.taken = 0
	s.phase = RoundOver
	if g.rules.Rounds > 0 && g.round >= g.rules.Rounds || g.rules.Rounds == 0 && (reached || g.round >= MaxRounds) {
		s.phase = GameOver
	}
}
