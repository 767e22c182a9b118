package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
)

// View is all that one seat may know of the game, as a value a server can
// send to that seat's client: the seat's own hand; every other hand as a
// count; each team's melds, red threes, minimum and total; the upcard, the
// pile's size and whom it is frozen for; the stock's size; the turn and
// where it stands; the lone hand, under Cutthroat; the finished rounds;
// and, when the seat is to act, its legal actions.
//
// What the seat cannot see — the other hands, the stock's order, the cards
// under the upcard — never shows: two States that differ only there give
// the seat equal Views.
type View struct {
	Seat, Team   int
	Rules        Rules
	Round        int
	Phase        Phase
	ToAct, Turn  int           // the seat to act (-1 once the game is over) and the seat whose turn it is
	Hand         card.Multiset // the seat's own cards
	Upcard       card.Card     // the zero Card when the pile is empty or being taken
	PileSize     int
	StockSize    int
	Players      []PlayerView
	Teams        []TeamView
	Asked        bool // "May I go out?" has been asked this turn
	Answer       int  // and answered: 1 yes, -1 no, 0 not yet
	LaidThisTurn int  // points laid this turn toward the team's minimum
	// LoneHand is, under Cutthroat, the seat of the lone hand, -1 while
	// no one has taken the pile ([State.LoneHand]); the partners' Teams
	// then show the partnership's melds, both alike.
	LoneHand int
	Legal    []Action      // the seat's legal actions, when it is to act
	Results  []RoundResult // the rounds played
}

// PlayerView is one player as every seat sees it: seat, team, name, how
// many cards it holds, and whether it has melded this round
// ([State.Melded]: it can no longer go out concealed).
type PlayerView struct {
	Seat, Team, Hand int
	Name             string
	Melded           bool
}

// TeamView is one team as every seat sees it.
type TeamView struct {
	Team      int
	Melds     []meld.RankMeld // oldest first
	Canastas  Canastas
	RedThrees []card.Card
	Down      bool // the team has made its first melds this round
	Frozen    bool // the discard pile is frozen for it
	Minimum   int  // what its first melds must still reach: 0 once down
	Total     int  // its game total before this round, after it once scored
}

// View returns what seat may know of s: the zero View for a seat not at
// the table or the zero State.
func (s State) View(seat int) View {
	if !s.validSeat(seat) {
		return View{}
	}
	r := s.r.rules
	v := View{Seat: seat, Team: r.teamOf(seat), Rules: r, Round: s.r.number, Phase: s.Phase(),
		ToAct: s.ToAct(), Turn: s.Turn(), Hand: s.Hand(seat),
		Upcard: s.Upcard(), PileSize: s.PileSize(), StockSize: s.StockSize(),
		Asked: s.t.Question.Posed(), LaidThisTurn: s.t.Laid, Results: s.Results()}
	v.Answer, v.LoneHand = s.t.Question.Answer(), s.LoneHand()
	totals := s.Totals()
	for team := range r.Teams {
		v.Teams = append(v.Teams, TeamView{Team: team, Melds: s.Melds(team), Canastas: s.canastas(team),
			RedThrees: s.RedThrees(team), Down: s.Down(team), Frozen: s.Frozen(team),
			Minimum: s.Minimum(team), Total: totals[team]})
	}
	for p := range r.Players {
		v.Players = append(v.Players, PlayerView{Seat: p, Team: r.teamOf(p), Hand: s.t.Hands[p].Len(), Name: r.Names[p], Melded: s.Melded(p)})
	}
	if seat == s.ToAct() {
		v.Legal = Legal(s)
	}
	return v
}
