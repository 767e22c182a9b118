package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// View is what one seat may know of a game, and nothing else: its own hand,
// the other players' hands as counts, every meld and red three on the
// table, the upcard, the size of the discard pile and whether it is frozen,
// the size of the stock, the scores, whose turn it is and where the turn
// stands, and the legal actions when it is this seat's move.
//
// Two states that differ only in what the seat cannot see (other hands,
// the order of the stock, the cards under the upcard) give that seat equal
// Views.
type View struct {
	Seat, Team int
	Rules      Rules
	Round      int
	Phase      Phase
	ToAct      int // seat to act; -1 once the game is over
	Turn       int // seat whose turn it is

	Hand card.Multiset // this seat's hand

	Players []PlayerView
	Teams   []TeamView

	Upcard    card.Card // the top of the discard pile (the zero Card when empty or being taken)
	PileSize  int
	StockSize int

	Asked  bool // the player whose turn it is has asked to go out this turn
	Answer int  // the partner's answer this turn: 0 none, 1 yes, -1 no
	Laid   int  // points the player whose turn it is has laid this turn toward the first-meld minimum

	Legal   []Action      // this seat's legal actions when it is to act
	Results []RoundResult // finished rounds
}

// PlayerView is what every seat sees of one player.
type PlayerView struct {
	Seat, Team int
	Name       string // from Rules.Names
	Hand       int    // cards in hand
}

// TeamView is what every seat sees of one team.
type TeamView struct {
	Team      int
	Melds     []meld.RankMeld // in the order laid
	Canastas  Canastas
	RedThrees []card.Card // laid out this round
	Down      bool        // has made its first melds this round
	Frozen    bool        // the discard pile is frozen for this team
	Minimum   int         // the first-meld minimum still to reach (0 once down)
	Total     int         // game total before this round (after it, once it is over)
}

// View returns what seat may know. For a seat outside the table, or the
// zero State, it returns the zero View.
func (s State) View(seat int) View {
	if !s.validSeat(seat) {
		return View{}
	}
	r := s.r.rules
	v := View{
		Seat: seat, Team: r.teamOf(seat), Rules: r, Round: s.r.number,
		Phase: Phase(s.t.Phase), ToAct: s.ToAct(), Turn: int(s.t.Turn),
		Hand:     s.t.Hands[seat],
		PileSize: s.t.Pile.Len(), StockSize: s.StockSize(),
		Upcard: s.Upcard(),
		Asked:  s.t.Question.Posed(),
		Laid:   s.t.Laid,
	}
	switch s.t.Question {
	case family.AnsweredYes:
		v.Answer = 1
	case family.AnsweredNo:
		v.Answer = -1
	}
	totals := s.Totals()
	for t := range r.Teams {
		v.Teams = append(v.Teams, TeamView{
			Team: t, Melds: s.Melds(t), Canastas: s.canastas(t), RedThrees: s.RedThrees(t),
			Down: s.Down(t), Frozen: s.Frozen(t), Minimum: s.Minimum(t), Total: totals[t],
		})
	}
	for p := range r.Players {
		v.Players = append(v.Players, PlayerView{Seat: p, Team: r.teamOf(p), Name: r.Names[p], Hand: s.t.Hands[p].Len()})
	}
	if s.ToAct() == seat {
		v.Legal = Legal(s)
	}
	v.Results = s.Results()
	return v
}
