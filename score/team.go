package score

import "slices"

// TeamScore is one team's (or one player's) score for a round, with the
// breakdown that produced it: Points is Breakdown.Total(), and Total is the
// team's game total after the round.
type TeamScore struct {
	Team      int       `json:"team"`
	Breakdown Breakdown `json:"breakdown"`
	Points    int       `json:"points"`
	Total     int       `json:"total"`
}

// Equal reports whether t and u are the same score, line by line.
func (t TeamScore) Equal(u TeamScore) bool {
	return t.Team == u.Team && t.Points == u.Points && t.Total == u.Total && slices.Equal(t.Breakdown, u.Breakdown)
}

// Clone returns ts with every breakdown copied, so that the result shares
// no memory with ts.
func Clone(ts []TeamScore) []TeamScore {
	out := make([]TeamScore, len(ts))
	for i, t := range ts {
		out[i] = t
		out[i].Breakdown = slices.Clone(t.Breakdown)
	}
	return out
}

// Leaders returns the indexes of the highest of totals (more than one on a
// tie), in order; nil for no totals.
func Leaders(totals []int) []int {
	if len(totals) == 0 {
		return nil
	}
	best := slices.Max(totals)
	var w []int
	for i, t := range totals {
		if t == best {
			w = append(w, i)
		}
	}
	return w
}

// PlayerScore is one player's score for a round, in the games where each
// player plays alone and the game's own word is the seat (rummy, and the
// one seat of a patience): the same as a [TeamScore] whose Team is the
// Seat. Points is Breakdown.Total(), and Total is the player's game total
// after the round.
type PlayerScore struct {
	Seat      int       `json:"seat"`
	Points    int       `json:"points"`
	Breakdown Breakdown `json:"breakdown"`
	Total     int       `json:"total"`
}

// Equal reports whether p and q are the same score, line by line.
func (p PlayerScore) Equal(q PlayerScore) bool {
	return p.Seat == q.Seat && p.Points == q.Points && p.Total == q.Total && slices.Equal(p.Breakdown, q.Breakdown)
}
