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

// history is the State's log of the game's actions. An entry being
// small, the log keeps the last four itself and writes them to its shared
// chunks four at a time.
type history = eventlog.Log[entry, batch]

// batch is the array the log keeps its last entries in.
type batch = [4]entry

// entry is one action in the State's log, in four bytes: the log is
// written on every move. Whether the move ended the game is not kept: the
// move that did is the last of a State that is over.
type entry struct {
	a            Action
	card, refill card.Card
}

// Happened returns the events of the game after its first since actions
// (since 0: from the start), oldest first, as seat 0, the one player, saw
// them; nil for another seat. A State built by [FromPosition] knows the
// actions from its position on.
func (s State) Happened(seat, since int) []Event {
	if s.g == nil || seat != 0 {
		return nil
	}
	last := s.h.Len() - 1
	return eventlog.Collect(s.h, since, func(i int, e *entry) Event {
		return Event{Seq: i + 1, Action: e.a, Card: e.card, Refill: e.refill, GameOver: s.over && i == last}
	})
}

// Seq returns how many actions the game has had: the last Event's Seq.
func (s State) Seq() int { return s.h.Len() }
