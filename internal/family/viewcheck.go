package family

import (
	"strconv"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// ViewTable is what a seat's View in a game of the family lists of its
// table, as [ViewTable.Check] reads it: every View decoded from JSON is
// checked this way before a player reads it.
type ViewTable struct {
	Players, Teams int   // at the table, by the rules; seat s plays for team s % Teams
	Rounds         int   // the most rounds the rules play
	Kinds          Kinds // the actions the game knows
	Seat, Team     int
	ToAct, Turn    int
	Round, Results int // the round's number, and the rounds scored
	Phase          Phase
	Seats          []ViewSeat // the players the View lists, in order
	TeamNumbers    []int      // the team each of the View's teams names
	Counts         []Count    // the View's counts, none below zero
	Legal          []Action
}

// ViewSeat is one player a View lists: its seat and team, and how many
// cards it holds in its hand and its foot.
type ViewSeat struct{ Seat, Team, Hand, Foot int }

// Count is a count a View holds, by the name its JSON gives it.
type Count struct {
	Name string
	N    int
}

// kindsOf are the kinds of action a seat may be offered in each phase.
var kindsOf = [...]Kinds{
	Choosing:  KindsOf(Choose),
	Drawing:   KindsOf(Draw, Take),
	Opening:   KindsOf(Meld, Add, LayRed, TakeBack),
	Melding:   KindsOf(Meld, Add, LayRed, Ask, TakeBack, Discard),
	Answering: KindsOf(Answer),
	RoundOver: KindsOf(Next),
}

// Check returns what no View of a game under the rules can show, or "".
// The seat, the turn and the seat to act are seats at the table, and the
// seat's team is its own. The View lists the table's players and teams in
// order, each player on its team, and no count is below zero. The round
// is one the rules play, with the rounds before it scored. Legal actions
// are listed only for the seat to act, each of a kind the game plays in
// the View's phase.
func (t *ViewTable) Check() string {
	itoa := strconv.Itoa
	seat := func(s int) bool { return s >= 0 && s < t.Players }
	switch {
	case t.Phase < Choosing || t.Phase > GameOver || t.Phase == Choosing && !t.Kinds.Has(Choose):
		return "the View's phase is no phase of the game"
	case t.Players < 1 || t.Teams < 1:
		return "the rules seat no one"
	case !seat(t.Seat):
		return "the View is for seat " + itoa(t.Seat) + ", not one of the " + itoa(t.Players) + " seats"
	case t.Team != t.Seat%t.Teams:
		return "the View's team is " + itoa(t.Team) + ", and seat " + itoa(t.Seat) + " plays for team " + itoa(t.Seat%t.Teams)
	case !seat(t.Turn):
		return "the View's turn is seat " + itoa(t.Turn) + ", not one of the " + itoa(t.Players) + " seats"
	case t.Phase == GameOver && t.ToAct != -1:
		return "the game is over, and the View has seat " + itoa(t.ToAct) + " to act"
	case t.Phase != GameOver && !seat(t.ToAct):
		return "the View's seat to act is " + itoa(t.ToAct) + ", not one of the " + itoa(t.Players) + " seats"
	case len(t.Seats) != t.Players:
		return "the View lists " + itoa(len(t.Seats)) + " players for a table of " + itoa(t.Players)
	case len(t.TeamNumbers) != t.Teams:
		return "the View lists " + itoa(len(t.TeamNumbers)) + " teams for a table of " + itoa(t.Teams)
	case t.Round < 1 || t.Round > t.Rounds:
		return "the View is in round " + itoa(t.Round) + ", not one of the rules' 1 to " + itoa(t.Rounds)
	}
	scored := t.Round - 1
	if t.Phase >= RoundOver {
		scored = t.Round
	}
	if t.Results != scored {
		return "the View shows " + itoa(t.Results) + " rounds scored in round " + itoa(t.Round) + ", " + t.Phase.String()
	}
	for i, p := range t.Seats {
		switch {
		case p.Seat != i || p.Team != i%t.Teams:
			return "the View's player " + itoa(i) + " is seat " + itoa(p.Seat) + " of team " + itoa(p.Team) + ", not seat " + itoa(i) + " of team " + itoa(i%t.Teams)
		case p.Hand < 0 || p.Foot < 0:
			return "the View's seat " + itoa(i) + " holds fewer than no cards"
		}
	}
	for i, team := range t.TeamNumbers {
		if team != i {
			return "the View's team " + itoa(i) + " names itself team " + itoa(team)
		}
	}
	for _, c := range t.Counts {
		if c.N < 0 {
			return "the View's " + c.Name + " is " + itoa(c.N) + ", below zero"
		}
	}
	if len(t.Legal) > 0 && t.Seat != t.ToAct {
		return "the View lists legal actions for seat " + itoa(t.Seat) + ", which is not to act"
	}
	for _, a := range t.Legal {
		if !t.Kinds.Has(a.Kind) || int(t.Phase) >= len(kindsOf) || !kindsOf[t.Phase].Has(a.Kind) {
			return "the View lists " + a.Kind.String() + " among its legal actions, which is not played " + t.Phase.String()
		}
	}
	return ""
}

// Counted returns what is wrong with the cards s places and the cards
// face down, or "". In a round in play it is what [Seen.Unseen] finds
// wrong. Once the round is scored, the cards placed must be cards of the
// shoe, and with those face down make the shoe.
func (s Seen) Counted() string {
	if s.Phase >= RoundOver {
		_, problem := s.unseen()
		return problem
	}
	rng := deck.NewRNG(0)
	_, _, problem := s.Unseen(&rng)
	return problem
}

// PileProblem returns what is wrong with the pile's cards a View shows, or
// "": when it shows them (a View of an earlier version shows none), they
// are size cards, the upcard among them.
func PileProblem(pile card.Multiset, size int, upcard card.Card) string {
	switch {
	case pile.IsEmpty():
		return ""
	case pile.Len() != size:
		return "the View's pile shows " + strconv.Itoa(pile.Len()) + " cards, and its size is " + strconv.Itoa(size)
	case upcard != 0 && pile.Count(upcard) == 0:
		return "the View's upcard " + upcard.String() + " is not among the pile's cards"
	}
	return ""
}
