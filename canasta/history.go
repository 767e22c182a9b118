package canasta

import (
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/family"
)

// Event is one action played in a game, as one seat may know it: who played
// it, what it was, and what it did that the action does not say. A server
// sends a seat the events since it last looked ([State.Happened]) instead of
// working out what changed from two Views.
type Event struct {
	Seq    int    // the action's number in the game, from 1
	Round  int    // the round it was played in
	Seat   int    // the seat that played it
	Action Action // what was played
	// Drawn is, for a draw and only in the drawer's own events, every card
	// taken from the stock, top first: the cards drawn and the replacements
	// of red threes. Every seat learns how many (Draws).
	Drawn []card.Card
	Draws int
	// RedThrees are the red threes the action laid out for the player's
	// team: drawn from the stock, or found in the pile taken.
	RedThrees []card.Card
	// Took is the number of cards of the discard pile that joined the
	// player's hand.
	Took int
	// RoundOver: the round ended with this action (its result is the last of
	// [State.Results]); GameOver: so did the game.
	RoundOver, GameOver bool
}

// Happened returns what seat may know of the actions played after action
// number since (0 for all of them), oldest first: every action, with the
// cards drawn only in the drawer's own events. A State restored with
// [FromPosition] knows the actions from its position on. Its cost grows
// with the number of events returned, not with the length of the game.
func (s State) Happened(seat, since int) []Event {
	if !s.validSeat(seat) {
		return nil
	}
	return eventlog.Collect(s.h.log, since, func(i int, e *entry) Event { return e.event(i, seat) })
}

// Seq returns the number of actions played in the game so far: the Seq of
// the last [Event].
func (s State) Seq() int { return s.h.log.Len() }

// history is what a State remembers of how it was reached: the actions
// played, and where the turn's last fixed point is among them.
type history struct {
	log eventlog.Log[entry]
	fix int // the number of actions played at the turn's last fixed point
	// late: at that fixed point the question could no longer be asked.
	late bool
}

// entry is one action in the log, with what Happened needs to tell it.
type entry struct {
	rd    *round // the round it was played in (its shoe holds the cards drawn)
	a     family.Action
	seat  uint8
	flags uint8
	drawn uint8    // cards taken from the stock
	reds  [2]uint8 // red threes laid out: diamonds, hearts
	stock uint16   // the index of the stock's top before the action
	took  uint16   // cards of the pile that joined the hand
}

const (
	flagRoundOver uint8 = 1 << iota
	flagGameOver
)

func (e *entry) event(i, seat int) Event {
	ev := Event{
		Seq: i + 1, Round: e.rd.number, Seat: int(e.seat), Action: Action{f: e.a},
		Draws: int(e.drawn), Took: int(e.took),
		RoundOver: e.flags&flagRoundOver != 0, GameOver: e.flags&flagGameOver != 0,
	}
	if e.drawn > 0 && seat == int(e.seat) {
		ev.Drawn = append([]card.Card(nil), e.rd.cfg.Shoe[e.stock:int(e.stock)+int(e.drawn)]...)
	}
	for i, n := range e.reds {
		for range n {
			ev.RedThrees = append(ev.RedThrees, red3[i])
		}
	}
	return ev
}

// mark is what record needs of the State an action was applied to.
type mark struct {
	rd    *round
	seat  int
	stock uint16
	pile  int
	reds  [2]uint8
	over  bool
	h     history
}

func (s *State) mark() mark {
	m := mark{rd: s.r, seat: s.ToAct(), stock: s.t.Stock, pile: s.t.Pile.Len(), over: s.roundOver(), h: s.h}
	if m.seat >= 0 {
		m.reds = s.reds[s.r.rules.teamOf(m.seat)]
	}
	return m
}

// record logs the action a that took the State m was taken from to s, and
// moves the turn's fixed point when s is one.
func (s *State) record(m *mark, a family.Action) {
	e := entry{rd: m.rd, a: a, seat: uint8(m.seat), stock: m.stock}
	if s.r.number == m.rd.number {
		e.drawn = uint8(s.t.Stock - m.stock)
		took := m.pile - s.t.Pile.Len()
		if a.Kind == family.Take {
			took-- // the upcard went to a meld
		}
		reds := s.reds[m.rd.rules.teamOf(m.seat)]
		e.reds = [2]uint8{reds[0] - m.reds[0], reds[1] - m.reds[1]}
		if a.Kind != family.Draw {
			took -= int(e.reds[0]) + int(e.reds[1]) // the pile's red threes went to the team
		}
		e.took = uint16(max(took, 0))
	}
	if s.roundOver() && !m.over {
		e.flags |= flagRoundOver
	}
	if s.t.Phase == family.GameOver {
		e.flags |= flagGameOver
	}
	s.h.log = m.h.log.Push(e)
	s.h.fix, s.h.late = m.h.fix, m.h.late
	if s.atFixedPoint() {
		s.h.fix, s.h.late = s.h.log.Len(), s.t.Question == family.TooLate
	}
}

// fixedPoint returns the State at the turn's last fixed point. Between two
// fixed points only the player's hand, the melds, the points laid, the
// going-out question and (while a pile is being taken for the first melds)
// the upcard change, and the table keeps each as it was at the fixed point
// for TakeBack.
func (s *State) fixedPoint() State {
	f := *s
	f.t.BackToFixedPoint(s.h.late)
	f.h.log = s.h.log.Truncate(s.h.fix)
	return f
}

// atFixedPoint reports whether s is a turn's fixed point: a State that
// [State.Position] describes as it stands, with no actions to replay.
func (s *State) atFixedPoint() bool {
	return s.roundOver() || s.t.AtFixedPoint()
}
