package doublets

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/eventlog"
)

// Event is a move of the game and what it showed.
type Event struct {
	Seq    int    `json:"seq"` // counts the game's actions from 1
	Action Action `json:"action"`
	// Card is the card turned onto the waste, or played to the foundation.
	Card card.Card `json:"card"`
	// Refill is the card that filled the reserve slot a play emptied, or
	// 0 (none left to fill it, or not a play from the reserve).
	Refill card.Card `json:"refill"`
	// GameOver: the game ended with this move.
	GameOver bool `json:"gameOver"`
}

// history is the State's log of the game's actions: an entry is a word.
type history = eventlog.Words

// entry is one action in the State's log, in one word, written on every
// move: the move's kind (bits 0-7) and reserve slot (8-15), the card it
// turned or played (16-23) and the card that refilled the reserve
// (24-31). Whether the move ended the game is not kept: the move that did
// is the last of a State that is over.
type entry uint64

// newEntry returns the entry of the move a, which turned or played c and
// refilled the reserve with refill.
func newEntry(a Action, c, refill card.Card) entry {
	return entry(a.kind) | entry(a.from)<<8 | entry(c)<<16 | entry(refill)<<24
}

func (e entry) action() Action    { return Action{kind: Kind(e), from: uint8(e >> 8)} }
func (e entry) card() card.Card   { return card.Card(e >> 16) }
func (e entry) refill() card.Card { return card.Card(e >> 24) }

// Happened returns the events of the game after its first since actions
// (since 0: from the start), oldest first, as seat 0, the one player, saw
// them; nil for another seat. A State built by [FromPosition] knows the
// actions from its position on.
func (s State) Happened(seat, since int) []Event {
	if s.g == nil || seat != 0 {
		return nil
	}
	last := s.h.Len() - 1
	return eventlog.CollectWords(s.h, since, func(i int, w uint64) Event {
		e := entry(w)
		return Event{Seq: i + 1, Action: e.action(), Card: e.card(), Refill: e.refill(), GameOver: s.over && i == last}
	})
}

// Seq returns how many actions the game has had: the last Event's Seq.
func (s State) Seq() int { return s.h.Len() }
