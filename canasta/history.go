package canasta

import (
	"slices"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/eventlog"
	"github.com/cardrules/cardrules/internal/family"
)

// Event tells one seat about one action of the game: its number, the round,
// the seat that played it and the action. It also tells what the action
// itself does not say: the cards it took from the stock (shown to the drawer
// alone; the others learn how many), and the red threes it laid out. It tells
// how many cards of the pile joined the hand, and whether it ended the round
// or the game. A server sends each seat the events since it last looked
// ([State.Happened]).
type Event struct {
	Seq    int    `json:"seq"` // counts the game's actions from 1
	Round  int    `json:"round"`
	Seat   int    `json:"seat"`
	Action Action `json:"action"`

	Draws int         `json:"draws"`           // cards taken from the stock: the draw and the red threes' replacements
	Drawn []card.Card `json:"drawn,omitempty"` // those cards, top first, in the drawer's own events only
	// RedThrees are the red threes laid out for the player's team: drawn,
	// or found in the pile taken (all are seen by everyone).
	RedThrees []card.Card `json:"redThrees,omitempty"`
	Took      int         `json:"took"`      // cards of the discard pile that joined the hand
	RoundOver bool        `json:"roundOver"` // the round was scored after it: see [State.Results]
	GameOver  bool        `json:"gameOver"`  // and the game ended
}

// Happened returns the events seat may know of, after the first since
// actions of the game (since 0: from the start), oldest first. A State
// built by [FromPosition] knows the actions from its position's fixed point
// on. It costs in proportion to the events it returns.
func (s State) Happened(seat, since int) []Event {
	if s.validSeat(seat) {
		return eventlog.Collect(s.h.Log, since, func(i int, e *entry) Event { return event(s.r.of(i), e, i, seat) })
	}
	return nil
}

// Seq returns how many actions the game has had: the last Event's Seq.
func (s State) Seq() int { return s.h.Log.Len() }

// history is the State's record of how it was reached.
type history = family.History[entry]

// entry is what the log keeps of one action: enough to tell its Event,
// with the round it was played in (rd.of).
type entry = family.Entry

// event is the Event of e, action number i of the game, played in round
// rd, as seat is told it.
func event(rd *round, e *entry, i, seat int) Event {
	flags, drawn := e.Flags(), e.Drawn()
	ev := Event{Seq: i + 1, Round: rd.number, Seat: e.Seat(), Action: Action{f: e.Action()},
		Draws: drawn, Took: e.Took(), RoundOver: flags&family.EntryRoundOver != 0, GameOver: flags&family.EntryGameOver != 0}
	if e.Seat() == seat && drawn > 0 {
		ev.Drawn = slices.Clone(rd.cfg.Shoe[e.Stock() : e.Stock()+drawn])
	}
	for i, n := range e.Reds() {
		for range n {
			ev.RedThrees = append(ev.RedThrees, red3[i])
		}
	}
	return ev
}

// before is what record needs of the State an action was played on.
type before struct {
	r     *round
	seat  int      // the seat that acted
	team  int      // its team
	stock uint16   // the stock's top
	reds  [2]uint8 // the red threes the seat (its team) had laid out
	pile  int      // the cards in the pile; -1 where no action takes any (see family.PileBefore)
	over  bool     // the round was over
}

// mark returns what record needs of s, before an action is played on it.
func (s *State) mark() before {
	seat := int(s.t.ToAct)
	if s.t.Phase == family.GameOver {
		seat = -1
	}
	b := before{r: s.r, seat: seat, stock: s.t.Stock, pile: family.PileBefore(&s.t), over: s.roundOver()}
	if seat >= 0 {
		b.team = s.r.rules.teamOf(seat)
		b.reds = s.reds[b.team]
	}
	return b
}

// record logs a, which was played on prev and led to s, and moves the
// turn's fixed point when s is one. s holds prev's history, which it
// extends in place.
func (s *State) record(prev *before, a family.Action) {
	seat := prev.seat
	var (
		drawn, took int
		reds        [2]uint8
		flags       uint8
	)
	if s.r.number == prev.r.number {
		team := prev.team
		drawn = int(s.t.Stock - prev.stock)
		reds = [2]uint8{s.reds[team][0] - prev.reds[0], s.reds[team][1] - prev.reds[1]}
		if prev.pile >= 0 {
			// What left the pile went to the hand, but for the upcard taken
			// to a meld and the pile's red threes, laid out.
			left := prev.pile - s.t.Pile.Len()
			if a.Kind == family.Take {
				left--
			}
			if a.Kind != family.Draw {
				left -= int(reds[0]) + int(reds[1])
			}
			took = max(left, 0)
		}
	}
	switch {
	case s.t.Phase == family.GameOver:
		flags = family.EntryRoundOver | family.EntryGameOver
	case s.roundOver() && !prev.over:
		flags = family.EntryRoundOver
	}
	s.h.Push(family.NewEntry(a, seat, int(prev.stock), took, drawn, flags, reds), s.t.Question, s.atFixedPoint())
}

// fixedPoint returns s as it stood at its turn's last fixed point: the
// table keeps the hand, melds and points of that moment for TakeBack, and
// nothing else changes between fixed points.
func (s *State) fixedPoint() State {
	f := *s
	f.t.BackToFixedPoint(s.h.Late)
	f.h = s.h.AtFix()
	return f
}

// atFixedPoint reports whether s is a turn's fixed point: a State that
// [State.Position] describes as it stands, with no actions to replay.
func (s *State) atFixedPoint() bool {
	return s.roundOver() || s.t.AtFixedPoint()
}
