package canasta

import (
	"errors"

	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/play"
)

// check returns an error naming what no game under v's rules shows in v,
// or nil. The rules are valid. The checks are [family.ViewTable.Check]'s:
// seats and teams of the table, counts not below zero, rounds the rules
// play, legal actions only for the seat to act and of its phase. Then the
// lone hand is a seat, under Cutthroat alone, and the answer is one. The
// red threes are red threes. Every card is a card of the shoe, and the
// cards shown with the cards face down make the shoe, as a Determinize
// reads them. The pile's cards, when shown, are as many as its size, the
// upcard among them. The pile is not frozen for one team that has melded and
// open for another.
func (v *View) check() error {
	r := &v.Rules
	t := family.ViewTable{
		Players: r.Players, Teams: r.Teams, Rounds: play.Rounds(r.Rounds, MaxRounds), Kinds: kinds,
		Seat: v.Seat, Team: v.Team, ToAct: v.ToAct, Turn: v.Turn,
		Round: v.Round, Results: len(v.Results), Phase: family.Phase(v.Phase),
		Seats:       make([]family.ViewSeat, len(v.Players)),
		TeamNumbers: make([]int, len(v.Teams)),
		Counts: []family.Count{{Name: "pileSize", N: v.PileSize}, {Name: "stockSize", N: v.StockSize},
			{Name: "laidThisTurn", N: v.LaidThisTurn}, {Name: "fixedLaid", N: v.FixedLaid}},
		Legal: make([]family.Action, len(v.Legal)),
	}
	for i, p := range v.Players {
		t.Seats[i] = family.ViewSeat{Seat: p.Seat, Team: p.Team, Hand: p.Hand}
	}
	for i, team := range v.Teams {
		t.TeamNumbers[i] = team.Team
		t.Counts = append(t.Counts, family.Count{Name: "minimum of team " + itoa(i), N: team.Minimum})
		for _, c := range team.RedThrees {
			if !isRedThree(c) {
				return errors.New("team " + itoa(i) + "'s red threes hold " + c.String())
			}
		}
	}
	for i, a := range v.Legal {
		t.Legal[i] = a.f
	}
	if problem := t.Check(); problem != "" {
		return errors.New(problem)
	}
	switch {
	case v.LoneHand < -1 || v.LoneHand >= r.Players || v.LoneHand >= 0 && !r.Cutthroat:
		return errors.New("the View's lone hand is seat " + itoa(v.LoneHand))
	case v.Answer < -1 || v.Answer > 1:
		return errors.New("the View's answer is " + itoa(v.Answer) + ": 1 is yes, -1 no, 0 none yet")
	case v.Hand.Len() != v.Players[v.Seat].Hand:
		return errors.New("the View's hand holds " + itoa(v.Hand.Len()) + " cards, and its seat's entry in players " + itoa(v.Players[v.Seat].Hand))
	}
	if problem := family.PileProblem(v.PileCards, v.PileSize, v.Upcard); problem != "" {
		return errors.New(problem)
	}
	if problem := v.seen().Counted(); problem != "" {
		return errors.New(problem)
	}
	if _, _, problem := v.frozen(); problem != "" {
		return errors.New(problem)
	}
	return nil
}
