package handfoot

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/meld"
)

// MaxPlayers is the most players a table seats.
const MaxPlayers = 8

// Phase is where a round stands: whose move it is and what kind of move.
type Phase uint8

const (
	// Choosing: players choose which packet is their hand ([Rules].ChoosePacket).
	Choosing Phase = iota + 1
	// Drawing: the player to act must draw from the stock or take the pile.
	Drawing
	// Opening: the player took the pile for the team's first melds. The
	// upcard is melded with the pair; the rest of the pile joins the hand
	// once the turn's melds reach the minimum ("Only the top card of the
	// discard pile can be counted toward an initial meld"). Taking back
	// returns the upcard to the pile.
	Opening
	// Melding: the player has drawn and may meld, then discards.
	Melding
	// Answering: the partner answers the going-out question (rule set B).
	Answering
	// RoundOver: the round has been scored; [Next] deals the next one.
	RoundOver
	// GameOver: the game has ended.
	GameOver
)

var phaseNames = [...]string{"invalid", "choosing", "drawing", "opening", "melding", "answering", "round over", "game over"}

// String names the phase.
func (p Phase) String() string {
	if int(p) >= len(phaseNames) {
		return phaseNames[0]
	}
	return phaseNames[p]
}

// question is the state of the going-out question this turn.
type question uint8

const (
	notAsked question = iota
	asked             // waiting for the partner
	answeredYes
	answeredNo
)

// tableMeld is a meld on the table and the team it belongs to.
type tableMeld struct {
	team uint8
	m    meld.Meld
}

// round is the part of a game that stays fixed for a whole round. States of
// one round share it; it is never written after it is built.
type round struct {
	rules   Rules
	number  int                          // 1-based
	shoe    []card.Card                  // the round's shoe, top first: the stock is shoe[State.stock:]
	packets [MaxPlayers][2]card.Multiset // the two packets dealt to each seat: hand and foot
	first   int                          // seat that plays first this round
	start   int                          // seat that plays first in round 1 (drawn for)
	draws   []card.Card                  // the cards drawn to choose the first player, in draw order
	totals  [MaxPlayers]int              // team totals before this round
	results []RoundResult                // earlier rounds
	rng     deck.RNG                     // shuffles the next round
}

// State is a Hand and Foot game at one moment: an immutable value. [Apply]
// returns a new State and never changes the one it is given, so a State may
// be kept, compared with [State.Equal], and shared between goroutines.
//
// The zero State is not a game: its methods return zero values, and Apply
// rejects every action on it.
type State struct {
	r *round
	core
	melds []tableMeld // in the order laid; never appended in place (copy on write)
	// The turn's fixed point, for TakeBack: the melds as they were after the
	// draw, after the pile joined the hand, or after playing in.
	backMelds []tableMeld
}

// core is the comparable part of a State.
type core struct {
	phase    Phase
	back     Phase // the phase to return to after Answering
	toAct    uint8
	turn     uint8 // seat whose turn it is (toAct differs while the partner answers)
	question question
	chosen   uint8 // Choosing: bit s set once seat s has chosen
	swapped  uint8 // bit s: seat s keeps packet 2 as the hand
	inFoot   uint8 // bit s: seat s has picked up the foot
	down     uint8 // bit t: team t has made its first melds this round
	wentOut  int8  // seat that went out, or -1
	stock    uint16
	upcard   card.Card     // the top of the pile; while Opening, the upcard being taken
	pile     card.Multiset // every card of the discard pile (while Opening, but the upcard)
	hands    [MaxPlayers]card.Multiset
	backHand card.Multiset // the hand at the turn's fixed point
	laid     int           // points laid this turn toward the team's first-meld minimum
	backLaid int
}

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
func (s State) Phase() Phase { return s.phase }

// ToAct returns the seat to act: the player whose turn it is, or the
// partner while a going-out question is open. It is -1 when the game is
// over or the State is the zero State.
func (s State) ToAct() int {
	if s.r == nil || s.phase == GameOver {
		return -1
	}
	return int(s.toAct)
}

// Turn returns the seat whose turn it is.
func (s State) Turn() int {
	if s.r == nil {
		return -1
	}
	return int(s.turn)
}

// Over reports whether the game has ended.
func (s State) Over() bool { return s.phase == GameOver }

// Hand returns the cards in the hand of seat (a copy).
func (s State) Hand(seat int) card.Multiset {
	if !s.validSeat(seat) {
		return card.Multiset{}
	}
	return s.hands[seat]
}

// Foot returns the foot of seat while it is still face down on the table,
// and an empty multiset once it has been picked up.
func (s State) Foot(seat int) card.Multiset {
	if !s.validSeat(seat) || s.isInFoot(seat) {
		return card.Multiset{}
	}
	return s.foot(seat)
}

// InFoot reports whether seat has picked up the foot.
func (s State) InFoot(seat int) bool { return s.isInFoot(seat) }

func (s *State) isInFoot(seat int) bool { return s.validSeat(seat) && s.inFoot&(1<<seat) != 0 }

// Upcard returns the top card of the discard pile, or the zero Card when
// the pile is empty (or being taken).
func (s State) Upcard() card.Card {
	if s.phase == Opening {
		return 0
	}
	return s.upcard
}

// PileSize returns the number of cards in the discard pile.
func (s State) PileSize() int { return s.pile.Len() }

// StockSize returns the number of cards left in the stock.
func (s State) StockSize() int { return s.stockLeft() }

func (s *State) stockLeft() int {
	if s.r == nil {
		return 0
	}
	return len(s.r.shoe) - int(s.stock)
}

// Melds returns the melds of team in the order laid (a new slice).
func (s State) Melds(team int) []meld.Meld {
	var out []meld.Meld
	for _, tm := range s.melds {
		if int(tm.team) == team {
			out = append(out, tm.m)
		}
	}
	return out
}

// Down reports whether team has made its first melds this round.
func (s State) Down(team int) bool { return s.isDown(team) }

func (s *State) isDown(team int) bool { return team >= 0 && team < MaxPlayers && s.down&(1<<team) != 0 }

// Minimum returns the meld minimum team must reach with its first melds
// this round (0 once the team is down).
func (s State) Minimum(team int) int { return s.minimum(team) }

func (s *State) minimum(team int) int {
	if s.r == nil || s.isDown(team) || team < 0 || team >= s.r.rules.Teams {
		return 0
	}
	return s.r.rules.minimum(s.r.number, s.r.totals[team])
}

// LaidThisTurn returns the points the player to act has laid this turn
// toward the team's first-meld minimum.
func (s State) LaidThisTurn() int { return s.laid }

// Totals returns each team's total score before the current round (after
// it, once the round is over).
func (s State) Totals() []int {
	if s.r == nil {
		return nil
	}
	t := make([]int, s.r.rules.Teams)
	copy(t, s.r.totals[:])
	if s.phase == RoundOver || s.phase == GameOver {
		last := s.r.results[len(s.r.results)-1]
		for i := range t {
			t[i] = last.Teams[i].Total
		}
	}
	return t
}

// FirstPlayer returns the seat that played first in round 1, chosen by
// drawing cards, and the cards drawn in order (seat by seat, again among
// the tied until one is highest).
func (s State) FirstPlayer() (seat int, draws []card.Card) {
	if s.r == nil {
		return -1, nil
	}
	return s.r.start, append([]card.Card(nil), s.r.draws...)
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
	a, b := s.core, t.core
	// Which dealt packet became the hand does not matter once chosen: the
	// feet are compared below.
	a.swapped, b.swapped = 0, 0
	if a.phase != Choosing {
		a.chosen, b.chosen = 0, 0
	}
	a.stock, b.stock = 0, 0 // the stocks' contents are compared below
	if a != b || !sameMelds(s.melds, t.melds) || !sameMelds(s.backMelds, t.backMelds) {
		return false
	}
	if s.r == t.r {
		return s.stock == t.stock
	}
	x, y := s.r, t.r
	if x.rules != y.rules || x.number != y.number || x.first != y.first ||
		x.start != y.start || x.totals != y.totals || x.rng != y.rng ||
		s.StockSize() != t.StockSize() || len(x.results) != len(y.results) || len(x.draws) != len(y.draws) {
		return false
	}
	for seat := range x.rules.Players {
		unchosen := s.phase == Choosing && s.chosen&(1<<seat) == 0
		if s.Foot(seat) != t.Foot(seat) || (unchosen && x.packets[seat] != y.packets[seat]) {
			return false
		}
	}
	for i := range s.StockSize() {
		if x.shoe[int(s.stock)+i] != y.shoe[int(t.stock)+i] {
			return false
		}
	}
	for i := range x.draws {
		if x.draws[i] != y.draws[i] {
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

func sameMelds(a, b []tableMeld) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Cards returns every card the state holds, in every zone: hands, feet not
// yet picked up, the stock, the discard pile and the melds. It is always the
// round's whole shoe, which makes card conservation checkable from outside.
func (s State) Cards() card.Multiset {
	var all card.Multiset
	if s.r == nil {
		return all
	}
	for seat := range s.r.rules.Players {
		_ = all.AddAll(s.hands[seat])
		_ = all.AddAll(s.Foot(seat))
	}
	_ = all.AddCards(s.r.shoe[s.stock:])
	_ = all.AddAll(s.pile)
	for _, tm := range s.melds {
		_ = all.AddAll(tm.m.Multiset())
	}
	return all
}

func (s *State) validSeat(seat int) bool {
	return s.r != nil && seat >= 0 && seat < s.r.rules.Players
}

// foot returns the packet that is seat's foot.
func (s *State) foot(seat int) card.Multiset {
	if s.swapped&(1<<seat) != 0 {
		return s.r.packets[seat][0]
	}
	return s.r.packets[seat][1]
}

func (s *State) team(seat int) int { return s.r.rules.teamOf(seat) }

// teamMelds calls yield for the index in s.melds of each meld of team and
// rank, in the order laid.
func (s *State) meldIndex(team int, ref Ref) int {
	n := 0
	for i, tm := range s.melds {
		if int(tm.team) == team && tm.m.Rank() == ref.Rank {
			n++
			if n == ref.N {
				return i
			}
		}
	}
	return -1
}

// canastas counts team's clean and dirty canastas.
func (s *State) canastas(team int) Canastas {
	return countCanastas(s.r.rules.Meld, s.melds, team)
}

func countCanastas(p meld.Policy, melds []tableMeld, team int) Canastas {
	var c Canastas
	for _, tm := range melds {
		if int(tm.team) != team {
			continue
		}
		switch p.Kind(tm.m) {
		case meld.Clean:
			c.Clean++
		case meld.Dirty:
			c.Dirty++
		}
	}
	return c
}

// partner returns the teammate who answers seat's going-out question: the
// next teammate in turn order, or -1 for a player without a partner.
func (s *State) partner(seat int) int {
	r := s.r.rules
	if r.teamSize() < 2 {
		return -1
	}
	return (seat + r.Teams) % r.Players
}
