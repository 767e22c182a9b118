package handfoot

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
	Seq    int    `json:"seq"`    // the action's number in the game, from 1
	Round  int    `json:"round"`  // the round it was played in
	Seat   int    `json:"seat"`   // the seat that played it
	Action Action `json:"action"` // what was played
	// Drawn is, for a draw and only in the drawer's own events, the cards
	// drawn, top of the stock first; every seat learns how many (Draws).
	Drawn []card.Card `json:"drawn,omitempty"`
	Draws int         `json:"draws"`
	// Took is the number of cards of the discard pile that joined the
	// player's hand: on a take when the team is down, or on the meld step
	// that reached the first-meld minimum after a take.
	Took int `json:"took"`
	// Foot: the player picked up the foot, by melding the whole hand or by
	// discarding its last card.
	Foot bool `json:"foot"`
	// RoundOver: the round ended with this action (its result is the last of
	// [State.Results]); GameOver: so did the game.
	RoundOver bool `json:"roundOver"`
	GameOver  bool `json:"gameOver"`
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
	return eventlog.Collect(s.h.Log, since, func(i int, e *entry) Event { return event(s.r.of(i), e, i, seat) })
}

// actions returns every action the log holds, oldest first: what the
// game's [Record] replays.
func (s State) actions() []Action {
	return eventlog.Collect(s.h.Log, 0, func(_ int, e *entry) Action { return Action{f: e.Action()} })
}

// Seq returns the number of actions played in the game so far: the Seq of
// the last [Event].
func (s State) Seq() int { return s.h.Log.Len() }

// history is the State's record of how it was reached.
type history = family.History[entry]

// entry is one action in the log, with what Happened needs to tell it.
type entry = family.Entry

// event is the Event of e, action number i of the game, played in round
// rd, as seat is told it.
func event(rd *round, e *entry, i, seat int) Event {
	flags, drawn := e.Flags(), e.Drawn()
	ev := Event{
		Seq: i + 1, Round: rd.number, Seat: e.Seat(), Action: Action{f: e.Action()},
		Draws: drawn, Took: e.Took(),
		Foot:      flags&family.EntryFoot != 0,
		RoundOver: flags&family.EntryRoundOver != 0, GameOver: flags&family.EntryGameOver != 0,
	}
	if drawn > 0 && seat == e.Seat() {
		ev.Drawn = append([]card.Card(nil), rd.cfg.Shoe[e.Stock():e.Stock()+drawn]...)
	}
	return ev
}

// mark is what record needs of the State an action was applied to, taken
// before Apply plays on its copy.
type mark struct {
	rd     *round
	seat   int
	stock  uint16
	pile   int // the cards in the pile; -1 where no action takes any (see family.PileBefore)
	inFoot bool
	over   bool
}

func (s *State) mark() mark {
	// Through s.t, not ToAct and InFoot: their value receivers would copy
	// the whole State, twice an action.
	seat := int(s.t.ToAct)
	if s.t.Phase == family.GameOver {
		seat = -1
	}
	return mark{rd: s.r, seat: seat, stock: s.t.Stock, pile: family.PileBefore(&s.t), inFoot: s.t.IsFinal(seat),
		over: s.roundOver()}
}

// record logs the action a that took the State m was taken from to s, and
// moves the turn's fixed point when s is one.
func (s *State) record(m *mark, a family.Action) {
	var drawn, took int
	var flags uint8
	if s.r.number == m.rd.number {
		drawn = int(s.t.Stock - m.stock)
		if m.pile >= 0 {
			took = m.pile - s.t.Pile.Len()
			if a.Kind == family.Take {
				took-- // the upcard went to a meld
			}
			took = max(took, 0)
		}
	}
	if !m.inFoot && s.t.IsFinal(m.seat) {
		flags |= family.EntryFoot
	}
	if s.roundOver() && !m.over {
		flags |= family.EntryRoundOver
	}
	if s.t.Phase == family.GameOver {
		flags |= family.EntryGameOver
	}
	// s holds the history of the State m was taken from.
	s.h.Push(family.NewEntry(a, m.seat, int(m.stock), took, drawn, flags, [2]uint8{}), s.t.Question, s.atFixedPoint())
}

// fixedPoint returns the State at the turn's last fixed point. Between two
// fixed points only the player's hand, the melds, the points laid, the
// going-out question and (while a pile is being taken for the first melds)
// the upcard change, and the table keeps each as it was at the fixed point
// for TakeBack; before the first choice of packets, the packets are as
// dealt.
func (s *State) fixedPoint() State {
	f := *s
	t := &f.t
	if t.Phase == family.Choosing {
		for seat := range s.r.rules.Players {
			t.Hands[seat] = s.r.packets[seat][0]
		}
		f.chosen, f.swapped = 0, 0
		t.Turn, t.ToAct = uint8(s.r.first), uint8(s.r.first)
	}
	t.BackToFixedPoint(s.h.Late)
	f.h = s.h.AtFix()
	return f
}

// atFixedPoint reports whether s is a turn's fixed point: a State that
// [State.Position] describes as it stands, with no actions to replay. That
// is the deal before anyone has chosen a packet, the start of a turn, the
// moment after the draw (or after the pile joined the hand, or the foot was
// picked up) with nothing laid since or all of it taken back, and the end
// of a round.
func (s *State) atFixedPoint() bool {
	switch s.t.Phase {
	case family.Choosing:
		return s.chosen == 0
	case family.RoundOver, family.GameOver:
		return true
	}
	return s.t.AtFixedPoint() // not while opening or answering
}
