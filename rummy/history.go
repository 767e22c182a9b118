package rummy

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/eventlog"
)

// Event is an action of the game as a seat saw it.
type Event struct {
	Seq    int    `json:"seq"` // counts the game's actions from 1
	Round  int    `json:"round"`
	Seat   int    `json:"seat"`
	Action Action `json:"action"`
	// Drawn is the cards a stock draw took (one), in the drawer's own
	// events only (nil for everyone else), a list as in every game's
	// Event; a pile draw's card is the Action's seat's to see and
	// everyone's: see [State.Known].
	Drawn []card.Card `json:"drawn,omitempty"`
	// Rebuilt: after the action the stock, used up, was rebuilt from the
	// pile below its top card.
	Rebuilt   bool `json:"rebuilt"`
	RoundOver bool `json:"roundOver"` // the round was scored after it: see [State.Results]
	GameOver  bool `json:"gameOver"`  // and the game ended
}

// history is the State's log of the game's actions. An entry being
// small, the log keeps the last four itself and writes them to its shared
// chunks four at a time.
type history = eventlog.Log[entry, batch]

// batch is the array the log keeps its last entries in.
type batch = [4]entry

// entry is one action in the State's log, in eight bytes: the log is
// written on every action.
type entry struct {
	kind  Kind
	seat  uint8
	round uint8
	drawn card.Card // the card drawn: from the stock or the pile
	flags uint8
	// arg is the rest of the action: a meld's cards (their mcode), a lay
	// off's card and meld number (the number in the high byte), a
	// discard's card.
	arg uint16
}

// newEntry returns the entry of a, played by seat in round.
func newEntry(a Action, seat, round int) entry {
	return entry{kind: a.kind, seat: uint8(seat), round: uint8(round), arg: a.arg()}
}

// arg returns what the entry of a keeps of it besides its kind.
func (a Action) arg() uint16 {
	switch a.kind {
	case KindMeld:
		return uint16(encode(a.cards, 0))
	case KindLayOff, KindDiscard:
		return uint16(a.card) | uint16(a.target)<<8
	}
	return 0
}

// action returns the action e logs.
func (e *entry) action() Action {
	a := Action{kind: e.kind}
	switch e.kind {
	case KindMeld:
		a.cards = mcode(e.arg).set()
	case KindLayOff, KindDiscard:
		a.card, a.target = card.Card(e.arg), uint8(e.arg>>8)
	}
	return a
}

// The flags of an entry.
const (
	rebuilt        uint8 = 1 << iota // the stock was rebuilt after the action
	roundOver                        // the round ended
	gameOver                         // the game ended
	dealtFromOrder                   // a next dealt by DealNext
)

// event is e, the i-th action, as seat sees it.
func (e *entry) event(i, seat int) Event {
	ev := Event{
		Seq: i + 1, Round: int(e.round), Seat: int(e.seat), Action: e.action(),
		Rebuilt: e.flags&rebuilt != 0, RoundOver: e.flags&roundOver != 0, GameOver: e.flags&gameOver != 0,
	}
	if e.kind == KindDrawStock && int(e.seat) == seat {
		ev.Drawn = []card.Card{e.drawn}
	}
	return ev
}

// Happened returns the events seat may know of, after the first since
// actions of the game (since 0: from the start), oldest first. A State
// built by [FromPosition] knows the actions from its position on. It costs
// in proportion to the events it returns.
func (s State) Happened(seat, since int) []Event {
	if !s.validSeat(seat) {
		return nil
	}
	return eventlog.Collect(s.h, since, func(i int, e *entry) Event { return e.event(i, seat) })
}

// Seq returns how many actions the game has had: the last Event's Seq.
func (s State) Seq() int { return s.h.Len() }
