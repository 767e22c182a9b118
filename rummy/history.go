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

// history is the State's log of the game's actions: an entry is a word.
type history = eventlog.Words

// entry is one action in the State's log, in one word, written on every
// action: its kind (bits 0-7), seat (8-15), round (16-23), the card drawn
// from the stock or the pile (24-31), its flags (32-39) and the rest of
// the action (40-55): a meld's cards (their mcode), a lay off's card and
// meld number (the number in the high byte), a discard's card.
type entry uint64

// newEntry returns the entry of a, played by seat in round.
func newEntry(a Action, seat, round int) entry {
	return entry(a.kind) | entry(uint8(seat))<<8 | entry(uint8(round))<<16 | entry(a.arg())<<40
}

// withDrawn returns e with the card drawn c.
func (e entry) withDrawn(c card.Card) entry { return e | entry(c)<<24 }

// withFlags returns e with the flags f added.
func (e entry) withFlags(f uint8) entry { return e | entry(f)<<32 }

func (e entry) kind() Kind       { return Kind(e) }
func (e entry) seat() int        { return int(uint8(e >> 8)) }
func (e entry) round() int       { return int(uint8(e >> 16)) }
func (e entry) drawn() card.Card { return card.Card(e >> 24) }
func (e entry) flags() uint8     { return uint8(e >> 32) }
func (e entry) arg() uint16      { return uint16(e >> 40) }

// arg returns what the entry of a keeps of it besides its kind.
func (a Action) arg() uint16 {
	if a.kind == KindMeld {
		return uint16(encode(a.cards, 0))
	}
	// A lay-off's card and meld, a discard's card; 0 for the other kinds,
	// which have neither (a well-formed action).
	return uint16(a.card) | uint16(a.target)<<8
}

// action returns the action e logs.
func (e entry) action() Action {
	a := Action{kind: e.kind()}
	switch a.kind {
	case KindMeld:
		a.cards = mcode(e.arg()).set()
	case KindLayOff, KindDiscard:
		arg := e.arg()
		a.card, a.target = card.Card(arg), uint8(arg>>8)
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
func (e entry) event(i, seat int) Event {
	f := e.flags()
	ev := Event{
		Seq: i + 1, Round: e.round(), Seat: e.seat(), Action: e.action(),
		Rebuilt: f&rebuilt != 0, RoundOver: f&roundOver != 0, GameOver: f&gameOver != 0,
	}
	if e.kind() == KindDrawStock && e.seat() == seat {
		ev.Drawn = []card.Card{e.drawn()}
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
	return eventlog.CollectWords(s.h, since, func(i int, e uint64) Event { return entry(e).event(i, seat) })
}

// Seq returns how many actions the game has had: the last Event's Seq.
func (s State) Seq() int { return s.h.Len() }
