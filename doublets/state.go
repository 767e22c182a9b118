package doublets

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/score"
)

// MaxScore is the best score a game can reach, which wins it: the 48
// cards that are not kings. The foundation never takes a king (doubling
// never gives thirteen), so a score of 52 cannot be reached.
const MaxScore = 48

// State is a game of Doublets at one moment: an immutable value. [Apply]
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
	g *game // the rules and how the game began: shared, never written

	// talon holds the waste, bottom card first, then the stock, top card
	// first: waste talon[:w], stock talon[w:n]. Turning a card moves w up
	// by one; a redeal sets it back to 0, which keeps the order.
	talon   [52]card.Card
	reserve [Slots]card.Card // 0 for an empty slot
	// found is the foundation, its first card first.
	found [MaxScore]card.Card

	n, w  uint8 // the talon's cards; those in the waste
	count uint8 // cards on the foundation
	pass  uint8 // the pass through the stock, from 1
	over  bool  // won, or no move is left

	h history // last: the bytes above fill the word before it
}

// game is what a game's States share: the rules and how it began.
type game struct {
	rules Rules
	seed  uint64
	order []card.Card // the order it was dealt from, when given
	start *Position   // the position it was restored at
}

// Rules returns the table's rules (the zero Rules for the zero State).
func (s State) Rules() Rules {
	if s.g == nil {
		return Rules{}
	}
	return s.g.rules
}

// IsValid reports whether s holds a game. The zero State holds none: it
// is Over, its ToAct is -1 and its Seats 0, and Apply refuses every
// action on it with an error wrapping [ErrNotNow].
func (s State) IsValid() bool { return s.g != nil }

// Over reports whether the game has ended: won, or no move left (and for
// the zero State).
func (s State) Over() bool { return s.g == nil || s.over }

// Won reports whether every card but the kings is on the foundation.
func (s State) Won() bool { return s.count == MaxScore }

// ItemFoundation is the one line of a Doublets score's breakdown.
const ItemFoundation = "cards on the foundation" // one point for each, its first card included

// PlayerScore is the player's score ([score.PlayerScore]), the same shape
// as rummy's: Doublets is played alone, at seat 0.
type PlayerScore = score.PlayerScore

// Score returns the score of the one seat, as every game's Score returns
// each side's. It is the cards on the foundation, its first card included,
// one point each (48 for a won game). The breakdown has one line
// ([ItemFoundation]). A patience is one deal, so Points and Total are the
// same. The zero State gives nil.
func (s State) Score() []PlayerScore {
	if s.g == nil {
		return nil
	}
	n := s.points()
	return []PlayerScore{{Seat: 0, Points: n, Breakdown: score.Breakdown{{Item: ItemFoundation, Points: n}}, Total: n}}
}

// Totals returns the one seat's total, the cards on the foundation, as
// every game's Totals returns each side's (nil for the zero State).
func (s State) Totals() []int {
	if s.g == nil {
		return nil
	}
	return []int{s.points()}
}

// Winners returns []int{0}, the one seat, once the game is won, and nil
// otherwise: a patience is won or lost, not won on points, so a game over
// with cards left has no winner. (Every game's Winners is nil before the
// game is over.)
func (s State) Winners() []int {
	if !s.Won() {
		return nil
	}
	return []int{0}
}

// points is the cards on the foundation.
func (s State) points() int { return int(s.count) }

// ToAct returns 0, the one seat, while the game goes on, and -1 once it is
// over.
func (s State) ToAct() int {
	if s.Over() {
		return -1
	}
	return 0
}

// Foundation returns the foundation's cards, its first card first, as a
// new slice.
func (s State) Foundation() []card.Card { return slices.Clone(s.found[:s.count]) }

// Needed returns the rank the foundation takes next: twice its top card's
// rank, less thirteen when that is over thirteen (A 2 4 8 3 6 Q J 9 5 10
// 7 and again), or 0 once the game is won or for the zero State.
func (s State) Needed() card.Rank { return s.needed() }

// needed is [State.Needed]. Play calls it through a pointer: a method of
// the State value would copy the whole State at each call, even inlined.
func (s *state) needed() card.Rank {
	if s.count == 0 || s.count == MaxScore {
		return 0
	}
	return needAfter[s.found[s.count-1]]
}

// needAfter is the rank the foundation takes after each card: next of
// its rank, looked up rather than worked out at each move.
var needAfter = func() (t [256]card.Rank) {
	for c := card.Card(1); c < card.Joker; c++ {
		t[c] = next(c.Rank())
	}
	return t
}()

// next is the rank that follows r on the foundation.
func next(r card.Rank) card.Rank { return card.Rank(2 * int(r) % 13) }

// Reserve returns the reserve's seven slots, indexed 0 to 6 (slot 1 in
// text is index 0); 0 marks an empty slot. A slot holding a king is
// frozen: a king never moves.
func (s State) Reserve() [Slots]card.Card { return s.reserve }

// Waste returns the waste, its bottom card first (the top card, the one
// that may be played, last), as a new slice.
func (s State) Waste() []card.Card { return slices.Clone(s.talon[:s.w]) }

// Stock returns the stock, its top card first, as a new slice. A player
// does not see it: [State.View] shows its size.
func (s State) Stock() []card.Card { return slices.Clone(s.talon[s.w:s.n]) }

// StockSize returns how many cards the stock holds.
func (s State) StockSize() int { return int(s.n - s.w) }

// Pass returns the pass through the stock the player is on, from 1 to
// Rules.Passes.
func (s State) Pass() int { return int(s.pass) }

// Cards returns every card of the game, wherever it is: the stock, the
// waste, the reserve and the foundation. It is always the whole deck (no
// cards for the zero State), so conservation can be checked from outside.
func (s State) Cards() card.Multiset {
	var m card.Multiset
	if s.g == nil {
		return m
	}
	_ = m.AddCards(s.talon[:s.n])
	_ = m.AddCards(s.found[:s.count])
	for _, c := range s.reserve {
		if c != 0 {
			_ = m.Add(c)
		}
	}
	return m
}

// Equal reports whether s and t are the same position: the same rules and
// cards in the same places, the same pass. How they were reached is not
// compared.
func (s State) Equal(t State) bool {
	if (s.g == nil) != (t.g == nil) {
		return false
	}
	if s.g == nil {
		return true
	}
	a, b := s.state, t.state
	a.g, b.g, a.h, b.h = nil, nil, history{}, history{}
	return a == b && s.g.rules == t.g.rules
}
