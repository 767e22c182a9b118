package handfoot

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/family"
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

// round is the part of a game that stays fixed for a whole round. States of
// one round share it; it is never written after it is built.
type round struct {
	rules   Rules
	cfg     family.Config                // the engine's view of the rules this round; cfg.Shoe is the round's shoe
	number  int                          // 1-based
	packets [MaxPlayers][2]card.Multiset // the two packets dealt to each seat: hand and foot
	first   int                          // seat that plays first this round
	start   int                          // seat that plays first in round 1 (drawn for)
	draws   []card.Card                  // the cards drawn to choose the first player, in draw order
	totals  [MaxPlayers]int              // team totals before this round
	results []RoundResult                // earlier rounds
	rng     deck.RNG                     // shuffles the next round
	game    *origin                      // how the game began, for its record
	// prev is the round before, and begins the number of the round's first
	// action in the game: the log's entries find their round by them.
	prev   *round
	begins int
}

// of returns the round action number i of the game was played in: rd or
// one before it. A game restored by FromPosition knows no round before
// its own.
func (rd *round) of(i int) *round {
	for i < rd.begins && rd.prev != nil {
		rd = rd.prev
	}
	return rd
}

// origin is how a game began: what its [Record] needs besides the actions.
// Rounds share it; it is never written after it is built.
type origin struct {
	seed  uint64              // shuffles every round not dealt from an explicit order
	shoes map[int][]card.Card // the rounds dealt from an explicit order, by number
	start *State              // the fixed point a game restored with FromPosition began from
}

// State is a Hand and Foot game at one moment: an immutable value. [Apply]
// returns a new State and never changes the one it is given, so a State may
// be kept, compared with [State.Equal], and shared between goroutines.
//
// The zero State holds no game: [State.IsValid] reports false, it is
// Over, and Apply refuses every action on it with an error wrapping
// [ErrNotNow]. States do not compare with ==: [State.Equal] compares two
// positions.
type State struct {
	r *round
	t family.Table // the turn, hands, pile and melds; Final marks a seat in its foot
	hf
	h history // how the State was reached: no part of the position ([State.Equal] ignores it)
}

// hf is what a State holds of Hand and Foot's own, beyond the family's table.
type hf struct {
	chosen  uint8 // Choosing: bit s set once seat s has chosen
	swapped uint8 // bit s: seat s keeps packet 2 as the hand
	wentOut int8  // seat that went out, or -1
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
func (s State) Phase() Phase { return Phase(s.t.Phase) }

// ToAct returns the seat to act: the player whose turn it is, or the
// partner while a going-out question is open. It is -1 when the game is
// over or the State is the zero State.
func (s State) ToAct() int { return s.toAct() }

// toAct is [State.ToAct], read in place.
func (s *State) toAct() int {
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

// IsValid reports whether s holds a game. The zero State holds none: it
// is Over, its ToAct is -1 and its Seats 0, and Apply refuses every
// action on it with an error wrapping [ErrNotNow].
func (s State) IsValid() bool { return s.r != nil }

// Over reports whether the game has ended (or s is the zero State).
func (s State) Over() bool { return s.r == nil || s.t.Phase == family.GameOver }

// Hand returns the cards in the hand of seat (a copy).
func (s State) Hand(seat int) card.Multiset {
	if !s.validSeat(seat) {
		return card.Multiset{}
	}
	return s.t.Hands[seat]
}

// Foot returns the foot of seat while it is still face down on the table,
// and an empty multiset once it has been picked up.
func (s State) Foot(seat int) card.Multiset {
	if !s.validSeat(seat) || s.t.IsFinal(seat) {
		return card.Multiset{}
	}
	return s.foot(seat)
}

// InFoot reports whether seat has picked up the foot.
func (s State) InFoot(seat int) bool { return s.validSeat(seat) && s.t.IsFinal(seat) }

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

// StockSize returns the number of cards left in the stock.
func (s State) StockSize() int {
	if s.r == nil {
		return 0
	}
	return s.t.StockLeft(&s.r.cfg)
}

// Melds returns the melds of team in the order laid (a new slice).
func (s State) Melds(team int) []meld.RankMeld { return s.t.MeldsOf(team) }

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
	t := s.totals()
	return slices.Clone(t[:s.r.rules.Teams])
}

// totals returns Totals in an array, for a State of a game.
func (s *State) totals() [MaxPlayers]int {
	t := s.r.totals
	if s.roundOver() {
		last := s.r.results[len(s.r.results)-1]
		for i := range s.r.rules.Teams {
			t[i] = last.Teams[i].Total
		}
	}
	return t
}

func (s *State) roundOver() bool {
	return s.t.Phase == family.RoundOver || s.t.Phase == family.GameOver
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
	a, b := s.t.Core, t.t.Core
	ha, hb := s.hf, t.hf
	// Which dealt packet became the hand does not matter once chosen: the
	// feet are compared below.
	ha.swapped, hb.swapped = 0, 0
	if a.Phase != family.Choosing {
		ha.chosen, hb.chosen = 0, 0
	}
	a.Stock, b.Stock = 0, 0 // the stocks' contents are compared below
	if a != b || ha != hb || !family.SameMelds(s.t.Melds, t.t.Melds) || !family.SameMelds(s.t.BackMelds, t.t.BackMelds) {
		return false
	}
	if s.r == t.r {
		return s.t.Stock == t.t.Stock
	}
	x, y := s.r, t.r
	if x.rules != y.rules || x.number != y.number || x.first != y.first ||
		x.start != y.start || x.totals != y.totals || x.rng != y.rng ||
		s.StockSize() != t.StockSize() || len(x.results) != len(y.results) || len(x.draws) != len(y.draws) {
		return false
	}
	for seat := range x.rules.Players {
		unchosen := a.Phase == family.Choosing && s.chosen&(1<<seat) == 0
		if s.Foot(seat) != t.Foot(seat) || (unchosen && x.packets[seat] != y.packets[seat]) {
			return false
		}
	}
	for i := range s.StockSize() {
		if x.cfg.Shoe[int(s.t.Stock)+i] != y.cfg.Shoe[int(t.t.Stock)+i] {
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

// Cards returns every card the state holds, in every zone: hands, feet not
// yet picked up, the stock, the discard pile and the melds. It is always the
// round's whole shoe, which makes card conservation checkable from outside.
func (s State) Cards() card.Multiset {
	var all card.Multiset
	if s.r == nil {
		return all
	}
	for seat := range s.r.rules.Players {
		_ = all.AddAll(s.t.Hands[seat])
		_ = all.AddAll(s.Foot(seat))
	}
	_ = all.AddCards(s.r.cfg.Shoe[s.t.Stock:])
	_ = all.AddAll(s.t.Pile)
	for _, tm := range s.t.Melds {
		_ = all.AddAll(tm.M.Multiset())
	}
	return all
}

func (s *State) validSeat(seat int) bool {
	return s.r != nil && seat >= 0 && seat < s.r.rules.Players
}

// footLen is the number of cards of [State.Foot], for a seat known valid,
// read in place (Foot takes a copy of the large State).
func (s *State) footLen(seat int) int {
	if s.t.IsFinal(seat) {
		return 0
	}
	return s.foot(seat).Len()
}

// foot returns the packet that is seat's foot.
func (s *State) foot(seat int) card.Multiset {
	if s.swapped&(1<<seat) != 0 {
		return s.r.packets[seat][0]
	}
	return s.r.packets[seat][1]
}
