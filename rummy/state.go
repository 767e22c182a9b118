package rummy

import (
	"slices"
	"sync"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/score"
)

// maxMelds is the most melds one deck makes: 52 cards in melds of three.
const maxMelds = 17

// Phase is where a round stands.
type Phase uint8

// The phases. The zero Phase belongs to the zero State only.
const (
	Drawing   Phase = 1 + iota // the player to act draws from the stock or the pile
	Playing                    // it melds, lays off, and discards to end the turn
	RoundOver                  // the round is scored; Next deals the next one
	GameOver                   // the game has ended
)

var phaseNames = [...]string{"", "drawing", "playing", "round over", "game over"}

// String returns the phase's name, such as "drawing", or "Phase(N)".
func (p Phase) String() string {
	if p >= 1 && int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "Phase(" + itoa(int(p)) + ")"
}

// MarshalText implements [encoding.TextMarshaler]: the phase's name.
func (p Phase) MarshalText() ([]byte, error) {
	if p < Drawing || p > GameOver {
		return nil, fail(ErrPosition, "the phase "+p.String()+" has no name")
	}
	return []byte(p.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]; on error p is
// unchanged.
func (p *Phase) UnmarshalText(text []byte) error {
	for q := Drawing; q <= GameOver; q++ {
		if string(text) == q.String() {
			*p = q
			return nil
		}
	}
	return fail(ErrPosition, "the phase "+errs.Quote(string(text))+": the phases are drawing, playing, round over and game over")
}

// State is a game of rummy at one moment: an immutable value. [Apply]
// returns a new State and never changes the one it is given, so a State may
// be kept, compared with [State.Equal] and shared between goroutines.
//
// The zero State holds no game: [State.IsValid] reports false, it is
// Over, and Apply refuses every action on it with an error wrapping
// [ErrNotNow]. States do not compare with ==: [State.Equal] compares two
// positions.
type State struct {
	_     [0]func() // not comparable: == would compare the history's storage; use Equal
	state           // the position, and its history
}

// state is what a State holds: a comparable value, which Equal compares
// with == once the history is set aside.
type state struct {
	g *game // the rules and the game's past rounds: shared, never written

	hands [MaxPlayers]set
	// laid says which seat melded or laid off each card on the table
	// this round: the card's bits in the three words spell the seat
	// plus one (see laidBy); a card not laid has 0.
	laid [3]set
	// known is the cards the seats drew from the pile and still hold:
	// a seat's own are those of its hand (see knownBy).
	known set
	melds [maxMelds]mcode // the melds on the table, in the order laid
	// cards holds the stock, its top card at nstock-1, from the front,
	// and the discard pile, its bottom card at 51 and its top at
	// 52-npile, from the back: the two together are never more than the
	// deck.
	cards [52]card.Card
	rng   deck.RNG // shuffles the rebuilt stocks and the next rounds
	h     history

	nmelds, npile, nstock uint8
	turn                  uint8     // the seat whose turn it is
	phase                 Phase     //
	taken                 card.Card // the card drawn from the pile this turn and still held, or 0
	rebuilds              uint16    // the stock's rebuilds this round: at most one a turn
	wentOut               int8      // the seat that went out, once the round is over; -1 for none
	turns                 uint16    // the turns ended this round
}

// laidBy returns the cards seat melded or laid off this round.
func (s *state) laidBy(seat int) set {
	v := seat + 1
	x := s.laid[0] | s.laid[1] | s.laid[2] // the cards laid
	for k, plane := range s.laid {
		if v>>k&1 != 0 {
			x &= plane
		} else {
			x &^= plane
		}
	}
	return x
}

// credit records the cards x, none of them laid before, as laid by seat.
func (s *state) credit(seat int, x set) {
	v := seat + 1
	for k := range s.laid {
		if v>>k&1 != 0 {
			s.laid[k] |= x
		}
	}
}

// knownBy returns the cards seat drew from the pile and still holds.
func (s *state) knownBy(seat int) set { return s.known & s.hands[seat] }

// game is what rounds share: the rules, the rounds played, how the game
// began. A new round makes a new one; it is never written once built.
type game struct {
	rules   Rules
	round   int           // the round in play (or last played), from 1
	results []RoundResult // the rounds scored
	totals  [MaxPlayers]int
	origin  *origin
}

// Rules returns the table's rules (the zero Rules for the zero State).
func (s State) Rules() Rules {
	if s.g == nil {
		return Rules{}
	}
	return s.g.rules
}

// Phase returns where the round stands (0 for the zero State).
func (s State) Phase() Phase { return s.phase }

// IsValid reports whether s holds a game. The zero State holds none: it
// is Over, its ToAct is -1 and its Seats 0, and Apply refuses every
// action on it with an error wrapping [ErrNotNow].
func (s State) IsValid() bool { return s.g != nil }

// Over reports whether the game has ended (or s is the zero State).
func (s State) Over() bool { return s.g == nil || s.phase == GameOver }

// Round returns the number of the round in play, or of the last one played
// once the game is over, from 1.
func (s State) Round() int {
	if s.g == nil {
		return 0
	}
	return s.g.round
}

// Turn returns the seat whose turn it is, or whose turn it was when the
// round ended; -1 for the zero State.
func (s State) Turn() int {
	if s.g == nil {
		return -1
	}
	return int(s.turn)
}

// ToAct returns the seat to act: the player whose turn it is, seat 0
// (which plays first in every round) between rounds, and -1 once the game
// is over.
func (s State) ToAct() int {
	switch {
	case s.g == nil || s.phase == GameOver:
		return -1
	case s.phase == RoundOver:
		return 0
	}
	return int(s.turn)
}

// validSeat reports whether seat is a seat of the table.
func (s State) validSeat(seat int) bool { return s.g != nil && seat >= 0 && seat < s.g.rules.Players }

// Hand returns seat's cards as a card.Multiset, as every game gives a
// hand (a deck holds one of each card, so each count is 0 or 1); the
// empty Multiset for no such seat. Its Cards lists them by rank; sort them
// by suit for a rummy player's eye.
func (s State) Hand(seat int) card.Multiset {
	if !s.validSeat(seat) {
		return card.Multiset{}
	}
	return s.hands[seat].multiset()
}

// HandSize returns how many cards seat holds (0 for no such seat).
func (s State) HandSize(seat int) int {
	if !s.validSeat(seat) {
		return 0
	}
	return s.hands[seat].len()
}

// Laid returns the cards seat has melded or laid off this round, by suit
// and rank: the cards it scores for, on its own melds or on others'.
func (s State) Laid(seat int) []card.Card {
	if !s.validSeat(seat) {
		return nil
	}
	return s.laidBy(seat).cards()
}

// Known returns the cards seat drew from the pile and still holds: cards
// every player saw it take.
func (s State) Known(seat int) []card.Card {
	if !s.validSeat(seat) {
		return nil
	}
	return s.knownBy(seat).cards()
}

// TableMeld is a meld on the table and the seat that laid it down. Melds
// are numbered from 1 in the order they were laid; a lay-off names that
// number.
type TableMeld struct {
	Seat int              `json:"seat"`
	Meld meld.Combination `json:"meld"`
}

// Melds returns the melds on the table in the order laid, as a new slice:
// index i is the LayOff target i, "on i+1" in text.
func (s State) Melds() []TableMeld { return s.appendMelds(make([]TableMeld, 0, s.nmelds)) }

// appendMelds appends the melds on the table, in the order laid, to dst.
func (s *State) appendMelds(dst []TableMeld) []TableMeld {
	t := combinations()
	for _, m := range s.melds[:s.nmelds] {
		dst = append(dst, TableMeld{Seat: m.owner(), Meld: t[m&meldBits]})
	}
	return dst
}

// meldBits are the bits of a meld's code that say which meld it is (all
// but the seat that laid it).
const meldBits mcode = 1<<11 - 1

// combinations returns the meld package's value of the meld of every
// code, by the code's meldBits: what combination makes of its set, built
// once, so that a View's melds are looked up rather than checked anew.
var combinations = sync.OnceValue(func() *[meldBits + 1]meld.Combination {
	var t [meldBits + 1]meld.Combination
	for code := range t {
		t[code] = combination(mcode(code).set())
	}
	return &t
})

// combination returns the meld m as the meld package's value.
func combination(m set) meld.Combination {
	var buf [13]card.Card
	c, _ := meld.NewCombination(m.appendCards(buf[:0]))
	return c
}

// Upcard returns the top card of the discard pile, or 0 when it is empty.
func (s State) Upcard() card.Card {
	if s.npile == 0 {
		return 0
	}
	return s.cards[52-int(s.npile)]
}

// Pile returns the discard pile, bottom first, as a new slice. Every card
// of it was seen when it was discarded.
func (s State) Pile() []card.Card { return s.appendPile(make([]card.Card, 0, s.npile)) }

// appendPile appends the discard pile, bottom first, to dst.
func (s *State) appendPile(dst []card.Card) []card.Card {
	for i := range int(s.npile) {
		dst = append(dst, s.cards[51-i])
	}
	return dst
}

// PileSize returns how many cards the discard pile holds.
func (s State) PileSize() int { return int(s.npile) }

// StockSize returns how many cards the stock holds.
func (s State) StockSize() int { return int(s.nstock) }

// Rebuilds returns how many times the stock has been rebuilt from the pile
// this round.
func (s State) Rebuilds() int { return int(s.rebuilds) }

// Taken returns the card the player to act drew from the pile this turn
// and still holds (the card it may not discard with [Rules].KeepTaken),
// or 0.
func (s State) Taken() card.Card { return s.taken }

// Cards returns every card of the round, wherever it is: hands, melds,
// discard pile and stock. It is always the whole deck (for the zero State,
// no cards), so conservation can be checked from outside.
func (s State) Cards() card.Multiset {
	var m card.Multiset
	if s.g == nil {
		return m
	}
	var all set
	for seat := range s.g.rules.Players {
		all |= s.hands[seat]
	}
	for _, x := range s.melds[:s.nmelds] {
		all |= x.set()
	}
	_ = m.AddCards(all.cards())
	_ = m.AddCards(s.cards[:s.nstock])
	_ = m.AddCards(s.cards[52-int(s.npile):])
	return m
}

// Results returns the rounds scored so far, oldest first, as a new slice.
func (s State) Results() []RoundResult {
	if s.g == nil {
		return nil
	}
	out := make([]RoundResult, len(s.g.results))
	for i, r := range s.g.results {
		out[i] = r.clone()
	}
	return out
}

// Totals returns each seat's total over the rounds scored.
func (s State) Totals() []int {
	if s.g == nil {
		return nil
	}
	return slices.Clone(s.g.totals[:s.g.rules.Players])
}

// Winners returns the seats with the highest total once the game is over
// (several on a tie), and nil before.
func (s State) Winners() []int {
	if s.phase != GameOver {
		return nil
	}
	return score.Leaders(s.Totals())
}

// Equal reports whether s and t are the same position: the same rules,
// rounds, cards in the same places and the same generator state. How they
// were reached (their [State.Happened]) is not compared.
func (s State) Equal(t State) bool {
	if (s.g == nil) != (t.g == nil) {
		return false
	}
	if s.g == nil {
		return true
	}
	a, b := s.state, t.state
	a.g, b.g, a.h, b.h = nil, nil, history{}, history{}
	if a != b {
		return false
	}
	x, y := s.g, t.g
	return x == y || x.rules == y.rules && x.round == y.round && x.totals == y.totals &&
		slices.EqualFunc(x.results, y.results, RoundResult.equal)
}
