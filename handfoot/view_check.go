package handfoot

import (
	"errors"

	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/play"
)

// check returns an error naming what no game under v's rules shows in v,
// or nil. The rules are valid. The checks are [family.ViewTable.Check]'s:
// seats and teams of the table, counts not below zero, rounds the rules
// play, legal actions only for the seat to act and of its phase. Then the
// answer is one, the seat's hand and foot are its entry's in the players,
// and packets show only while the seat chooses, of its entry's sizes. Every
// card is a card of the shoe, and the cards shown with the cards face down
// make the shoe, as a Determinize reads them; the pile's cards, when
// shown, are as many as its size, the upcard among them. While packets are chosen the
// pile is the upcard alone, and a foot seen is the foot's size. (A foot
// seen under rules that keep it face down reads: earlier versions showed
// it.)
func (v *View) check() error {
	r := &v.Rules
	t := family.ViewTable{
		Players: r.Players, Teams: r.Teams, Rounds: play.Rounds(r.Rounds, MaxRounds), Kinds: kinds,
		Seat: v.Seat, Team: v.Team, ToAct: v.ToAct, Turn: v.Turn,
		Round: v.Round, Results: len(v.Results), Phase: family.Phase(v.Phase),
		Seats:       make([]family.ViewSeat, len(v.Players)),
		TeamNumbers: make([]int, len(v.Teams)),
		Counts: []family.Count{{Name: "pileSize", N: v.PileSize}, {Name: "stockSize", N: v.StockSize}, {Name: "foot", N: v.Foot},
			{Name: "laidThisTurn", N: v.LaidThisTurn}, {Name: "fixedLaid", N: v.FixedLaid}},
		Legal: make([]family.Action, len(v.Legal)),
	}
	for i, p := range v.Players {
		t.Seats[i] = family.ViewSeat{Seat: p.Seat, Team: p.Team, Hand: p.Hand, Foot: p.Foot}
	}
	for i, team := range v.Teams {
		t.TeamNumbers[i] = team.Team
		t.Counts = append(t.Counts, family.Count{Name: "minimum of team " + itoa(i), N: team.Minimum})
	}
	for i, a := range v.Legal {
		t.Legal[i] = a.f
	}
	if problem := t.Check(); problem != "" {
		return errors.New(problem)
	}
	me := v.Players[v.Seat]
	choosing := v.Phase == Choosing && v.Hand.IsEmpty() && v.Foot == 0 // the seat has yet to choose
	switch {
	case v.Answer < -1 || v.Answer > 1:
		return errors.New("the View's answer is " + itoa(v.Answer) + ": 1 is yes, -1 no, 0 none yet")
	case !choosing && (v.Hand.Len() != me.Hand || v.Foot != me.Foot):
		return errors.New("the View's hand and foot hold " + itoa(v.Hand.Len()) + " and " + itoa(v.Foot) +
			" cards, and its seat's entry in players " + itoa(me.Hand) + " and " + itoa(me.Foot))
	case !v.Packets[0].IsEmpty() || !v.Packets[1].IsEmpty():
		if !choosing || v.Packets[0].Len() != me.Hand || v.Packets[1].Len() != me.Foot {
			return errors.New("the View shows packets the seat is not choosing between, or not of its entry's sizes in players")
		}
	}
	if problem := family.PileProblem(v.PileCards, v.PileSize, v.Upcard); problem != "" {
		return errors.New(problem)
	}
	if problem := v.seen().Counted(); problem != "" {
		return errors.New(problem)
	}
	switch {
	case v.Phase == Choosing && v.PileSize != 1:
		return errors.New("while packets are chosen the pile is the upcard alone")
	case !v.FootSeen.IsEmpty() && v.FootSeen.Len() != v.Foot:
		return errors.New("the View's footSeen holds " + itoa(v.FootSeen.Len()) + " cards for a foot of " + itoa(v.Foot))
	}
	return nil
}
