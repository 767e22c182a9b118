package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/meld"
)

// Phase is where a round stands.
type Phase uint8

// The phases of a round. (Their values are the engine's.)
const (
	// Drawing: the player to act draws from the stock or takes the pile.
	Drawing = Phase(family.Drawing)
	// Opening: the pile is being taken for the team's first melds; the
	// player lays more cards from the hand until the melds reach the
	// minimum, when the pile joins the hand, or takes the take back.
	Opening = Phase(family.Opening)
	// Melding: the player has drawn; it melds, then discards.
	Melding = Phase(family.Melding)
	// Answering: the partner answers "May I go out?".
	Answering = Phase(family.Answering)
	// RoundOver: the round has been scored; [Next] deals the next.
	RoundOver = Phase(family.RoundOver)
	// GameOver: the game has ended.
	GameOver = Phase(family.GameOver)
)

var phaseNames = [...]string{"invalid", "choosing", "drawing", "opening", "melding", "answering", "round over", "game over"}

// String returns the phase's name, such as "melding".
func (p Phase) String() string {
	if int(p) >= len(phaseNames) || p == Phase(family.Choosing) {
		return phaseNames[0]
	}
	return phaseNames[p]
}

// Canastas is a number of natural and mixed canastas.
type Canastas struct {
	Natural, Mixed int
}

// round is the part of a game that stays fixed for a whole round. States of
// one round share it; it is never written after it is built.
type round struct {
	rules   Rules
	cfg     family.Config   // the engine's view of the rules this round; cfg.Shoe is the round's shoe
	number  int             // 1-based
	first   int             // seat that plays first this round
	totals  [MaxPlayers]int // team totals before this round
	results []RoundResult   // earlier rounds
	rng     deck.RNG        // shuffles the next round
	game    *origin         // how the game began, for its record
}

// State is a Canasta game at one moment: an immutable value. [Apply]
// returns a new State and never changes the one it is given, so a State may
// be kept, compared with [State.Equal], and shared between goroutines.
//
// The zero State is not a game: its methods return zero values, and Apply
// rejects every action on it.
type State struct {
	r *round
	t family.Table // the turn, hands, pile and melds
	cn
	h history // how the State was reached: no part of the position ([State.Equal] ignores it)
}

// cn is what a State holds of Canasta's own, beyond the family's table.
type cn struct {
	reds      [MaxPlayers][2]uint8 // red threes each team has laid out: diamonds, hearts
	wentOut   int8                 // seat that went out, or -1
	concealed bool                 // it went out concealed
}

var red3 = [2]card.Card{card.New(card.Three, card.Diamonds), card.New(card.Three, card.Hearts)}

// Rules returns the rules of the game.
func (s State) Rules() Rules {
	if s.r == nil {
		return Rules{}
	}
	return s.r.rules
}

// Round returns the number of the round being played, from 1.
func (s State) Round() int {
	if s.r == nil {
		return 0
	}
	return s.r.number
}

// Phase returns where the round stands.
func (s State) Phase() Phase { return Phase(s.t.Phase) }

// ToAct returns the seat to act: the player whose turn it is, or the
// partner while "May I go out?" waits for an answer; after a round, the
// seat that deals the next with [Next]. It is -1 when the game is over or
// the State is the zero State.
func (s State) ToAct() int {
	if s.r == nil || s.t.Phase == family.GameOver {
		return -1
	}
	return int(s.t.ToAct)
}

// Turn returns the seat whose turn it is.
func (s State) Turn() int {
	if s.r == nil {
		return -1
	}
	return int(s.t.Turn)
}

// Over reports whether the game has ended.
func (s State) Over() bool { return s.t.Phase == family.GameOver }

// Hand returns the cards in the hand of seat (a copy).
func (s State) Hand(seat int) card.Multiset {
	if !s.validSeat(seat) {
		return card.Multiset{}
	}
	return s.t.Hands[seat]
}

// Upcard returns the top card of the discard pile, or the zero Card when
// the pile is empty (or being taken).
func (s State) Upcard() card.Card {
	if s.t.Phase == family.Opening {
		return 0
	}
	return s.t.Upcard
}

// PileSize returns the number of cards in the discard pile.
func (s State) PileSize() int { return s.t.Pile.Len() }

// Frozen reports whether the discard pile is frozen for team: the team has
// not made its first melds this round, or the pile holds a wild card or a
// red three. A frozen pile is taken only with a natural pair of the
// upcard's rank from the hand.
func (s State) Frozen(team int) bool {
	if s.r == nil || team < 0 || team >= s.r.rules.Teams {
		return false
	}
	return s.t.Frozen(&s.r.cfg, team)
}

// StockSize returns the number of cards left in the stock.
func (s State) StockSize() int {
	if s.r == nil {
		return 0
	}
	return s.t.StockLeft(&s.r.cfg)
}

// Melds returns the melds of team in the order laid (a new slice).
func (s State) Melds(team int) []meld.RankMeld {
	var out []meld.RankMeld
	for _, tm := range s.t.Melds {
		if int(tm.Side) == team {
			out = append(out, tm.M)
		}
	}
	return out
}

// RedThrees returns the red threes team has laid out this round, diamonds
// first (a new slice).
func (s State) RedThrees(team int) []card.Card {
	if s.r == nil || team < 0 || team >= s.r.rules.Teams {
		return nil
	}
	var out []card.Card
	for i, n := range s.reds[team] {
		for range n {
			out = append(out, red3[i])
		}
	}
	return out
}

// Down reports whether team has made its first melds this round.
func (s State) Down(team int) bool { return s.t.IsDown(team) }

// Minimum returns the meld minimum team must reach with its first melds
// this round (0 once the team is down).
func (s State) Minimum(team int) int {
	if s.r == nil {
		return 0
	}
	return s.t.Minimum(&s.r.cfg, team)
}

// LaidThisTurn returns the points the player to act has laid this turn
// toward the team's first-meld minimum.
func (s State) LaidThisTurn() int { return s.t.Laid }

// Totals returns each team's total score before the current round (after
// it, once the round is over).
func (s State) Totals() []int {
	if s.r == nil {
		return nil
	}
	t := make([]int, s.r.rules.Teams)
	copy(t, s.r.totals[:])
	if s.roundOver() {
		last := s.r.results[len(s.r.results)-1]
		for i := range t {
			t[i] = last.Teams[i].Total
		}
	}
	return t
}

func (s *State) roundOver() bool {
	return s.t.Phase == family.RoundOver || s.t.Phase == family.GameOver
}

// Equal reports whether s and t are the same game position: the same rules,
// round, cards in every place, and turn. States reached by different paths
// may be Equal.
func (s State) Equal(t State) bool {
	if (s.r == nil) != (t.r == nil) {
		return false
	}
	if s.r == nil {
		return true
	}
	a, b := s.t.Core, t.t.Core
	a.Stock, b.Stock = 0, 0 // the stocks' contents are compared below
	if a != b || s.cn != t.cn || !family.SameMelds(s.t.Melds, t.t.Melds) || !family.SameMelds(s.t.BackMelds, t.t.BackMelds) {
		return false
	}
	if s.r == t.r {
		return s.t.Stock == t.t.Stock
	}
	x, y := s.r, t.r
	if x.rules != y.rules || x.number != y.number || x.first != y.first || x.totals != y.totals || x.rng != y.rng ||
		s.StockSize() != t.StockSize() || len(x.results) != len(y.results) {
		return false
	}
	for i := range s.StockSize() {
		if x.cfg.Shoe[int(s.t.Stock)+i] != y.cfg.Shoe[int(t.t.Stock)+i] {
			return false
		}
	}
	for i := range x.results {
		if !x.results[i].equal(y.results[i]) {
			return false
		}
	}
	return true
}

// Cards returns every card the state holds, in every zone: hands, the
// stock, the discard pile, the melds and the red threes laid out. It is
// always the round's whole shoe, which makes card conservation checkable
// from outside.
func (s State) Cards() card.Multiset {
	var all card.Multiset
	if s.r == nil {
		return all
	}
	for seat := range s.r.rules.Players {
		_ = all.AddAll(s.t.Hands[seat])
	}
	_ = all.AddCards(s.r.cfg.Shoe[s.t.Stock:])
	_ = all.AddAll(s.t.Pile)
	for _, tm := range s.t.Melds {
		_ = all.AddAll(tm.M.Multiset())
	}
	for team := range s.r.rules.Teams {
		_ = all.AddCards(s.RedThrees(team))
	}
	return all
}

func (s *State) validSeat(seat int) bool {
	return s.r != nil && seat >= 0 && seat < s.r.rules.Players
}

// canastas counts team's natural and mixed canastas.
func (s *State) canastas(team int) Canastas {
	c := family.CountCanastas(s.r.rules.Meld, s.t.Melds, team)
	return Canastas{Natural: c.Clean, Mixed: c.Dirty}
}
