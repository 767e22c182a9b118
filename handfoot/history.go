package handfoot

import (
	"sync/atomic"

	"github.com/cardrules/cardrules/card"
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
	// Drawn is, for a draw and only in the drawer's own events, the cards
	// drawn, top of the stock first; every seat learns how many (Draws).
	Drawn []card.Card
	Draws int
	// Took is the number of cards of the discard pile that joined the
	// player's hand: on a take when the team is down, or on the meld step
	// that reached the first-meld minimum after a take.
	Took int
	// Foot: the player picked up the foot, by melding the whole hand or by
	// discarding its last card.
	Foot bool
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
	since = max(since, s.h.log.base())
	if since >= s.h.log.n {
		return nil
	}
	var out []Event
	for i := s.h.log.n - 1; i >= since; i-- {
		out = append(out, s.h.log.at(i).event(i, seat))
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Seq returns the number of actions played in the game so far: the Seq of
// the last [Event].
func (s State) Seq() int { return s.h.log.n }

// history is what a State remembers of how it was reached: the actions
// played, and where the turn's last fixed point is among them.
type history struct {
	log eventLog
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
	drawn uint8  // cards drawn from the stock
	stock uint16 // the index of the stock's top before the action
	took  uint16 // cards of the pile that joined the hand
}

const (
	flagFoot uint8 = 1 << iota
	flagRoundOver
	flagGameOver
)

func (e *entry) event(i, seat int) Event {
	ev := Event{
		Seq: i + 1, Round: e.rd.number, Seat: int(e.seat), Action: Action{f: e.a},
		Draws: int(e.drawn), Took: int(e.took),
		Foot:      e.flags&flagFoot != 0,
		RoundOver: e.flags&flagRoundOver != 0, GameOver: e.flags&flagGameOver != 0,
	}
	if e.drawn > 0 && seat == int(e.seat) {
		ev.Drawn = append([]card.Card(nil), e.rd.cfg.Shoe[e.stock:int(e.stock)+int(e.drawn)]...)
	}
	return ev
}

// Chunk sizes: a log's first chunk, and one begun where two States branch,
// holds firstChunk entries; each next chunk twice as many, up to maxChunk.
// A game played straight on allocates a chunk per maxChunk actions; a
// search that plays many actions from one State allocates a small chunk
// for each.
const (
	firstChunk = 4
	maxChunk   = 64
)

// chunk is one block of a log. Entries are written once, each by the one
// Apply that claims its slot with used, and never changed: States that
// share a chunk read only the entries below their own length, so a later
// Apply on any of them never disturbs another.
type chunk struct {
	prev *chunk
	base int          // the index of e[0] in the game
	used atomic.Int32 // slots claimed
	e    []entry
}

// eventLog is a State's view of the log: the chunk holding its last entry
// and its length. A zero eventLog is empty.
type eventLog struct {
	c *chunk
	n int
}

// base returns the index of the first entry the log holds.
func (l eventLog) base() int {
	if l.c == nil {
		return l.n
	}
	c := l.c
	for c.prev != nil {
		c = c.prev
	}
	return c.base
}

// at returns entry i, which the log holds.
func (l eventLog) at(i int) *entry {
	c := l.c
	for i < c.base {
		c = c.prev
	}
	return &c.e[i-c.base]
}

// push returns the log with e appended. It writes in place when the slot
// after l's last entry is free; otherwise it starts a chunk after this one:
// twice as large when this one is full, small when another State has
// claimed the slot (a branch: the entries before it stay shared, and the
// later ones of this chunk are never read through the new one).
func (l eventLog) push(e entry) eventLog {
	c := l.c
	size := firstChunk
	if c != nil {
		k := l.n - c.base
		if k < len(c.e) && c.used.CompareAndSwap(int32(k), int32(k+1)) {
			c.e[k] = e
			return eventLog{c: c, n: l.n + 1}
		}
		if k == len(c.e) {
			size = min(2*len(c.e), maxChunk)
		}
	}
	nc := newChunk(size)
	nc.prev, nc.base = c, l.n
	nc.e[0] = e
	nc.used.Store(1)
	return eventLog{c: nc, n: l.n + 1}
}

// newChunk returns a chunk of size entries in one allocation.
func newChunk(size int) *chunk {
	switch size {
	case 4:
		x := new(struct {
			c chunk
			a [4]entry
		})
		x.c.e = x.a[:]
		return &x.c
	case 8:
		x := new(struct {
			c chunk
			a [8]entry
		})
		x.c.e = x.a[:]
		return &x.c
	case 16:
		x := new(struct {
			c chunk
			a [16]entry
		})
		x.c.e = x.a[:]
		return &x.c
	case 32:
		x := new(struct {
			c chunk
			a [32]entry
		})
		x.c.e = x.a[:]
		return &x.c
	}
	x := new(struct {
		c chunk
		a [maxChunk]entry
	})
	x.c.e = x.a[:]
	return &x.c
}

// mark is what record needs of the State an action was applied to, taken
// before Apply plays on its copy.
type mark struct {
	rd     *round
	seat   int
	stock  uint16
	pile   int
	inFoot bool
	over   bool
	h      history
}

func (s *State) mark() mark {
	seat := s.ToAct()
	return mark{rd: s.r, seat: seat, stock: s.t.Stock, pile: s.t.Pile.Len(), inFoot: s.InFoot(seat),
		over: s.roundOver(), h: s.h}
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
		e.took = uint16(max(took, 0))
	}
	if !m.inFoot && s.InFoot(m.seat) {
		e.flags |= flagFoot
	}
	if s.roundOver() && !m.over {
		e.flags |= flagRoundOver
	}
	if s.t.Phase == family.GameOver {
		e.flags |= flagGameOver
	}
	s.h.log = m.h.log.push(e)
	s.h.fix, s.h.late = m.h.fix, m.h.late
	if s.atFixedPoint() {
		s.h.fix, s.h.late = s.h.log.n, s.t.Question == family.TooLate
	}
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
	switch t.Phase {
	case family.Choosing:
		for seat := range s.r.rules.Players {
			t.Hands[seat] = s.r.packets[seat][0]
		}
		f.chosen, f.swapped = 0, 0
		t.Turn, t.ToAct = uint8(s.r.first), uint8(s.r.first)
	case family.Opening:
		_ = t.Pile.Add(t.Upcard)
		t.Phase = family.Drawing
	case family.Answering:
		t.Phase, t.Back = t.Back, 0
	}
	if t.Phase == family.Drawing || t.Phase == family.Melding {
		t.Hands[t.Turn], t.Melds, t.Laid = t.BackHand, t.BackMelds, t.BackLaid
		t.Question, t.ToAct = family.NotAsked, t.Turn
		if s.h.late {
			t.Question = family.TooLate
		}
	}
	f.h.log.n = s.h.fix
	return f
}

// atFixedPoint reports whether s is a turn's fixed point: a State that
// [State.Position] describes as it stands, with no actions to replay. That
// is the deal before anyone has chosen a packet, the start of a turn, the
// moment after the draw (or after the pile joined the hand, or the foot was
// picked up) with nothing laid since or all of it taken back, and the end
// of a round.
func (s *State) atFixedPoint() bool {
	t := &s.t
	switch t.Phase {
	case family.Choosing:
		return s.chosen == 0
	case family.Drawing, family.Melding:
		// A question closed by laying cards stays closed after taking them
		// back: the position says so (Late).
		return (t.Question == family.NotAsked || t.Question == family.TooLate) && t.Hands[t.Turn] == t.BackHand &&
			t.Laid == t.BackLaid && family.SameMelds(t.Melds, t.BackMelds)
	case family.RoundOver, family.GameOver:
		return true
	}
	return false // opening, answering
}
