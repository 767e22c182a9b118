package family

import "github.com/cardrules/cardrules/internal/eventlog"

// History is what a game's State remembers of how it was reached: the log
// of the actions played (entries of the game's type E), and where the
// turn's last fixed point is among them, which a Position describes with
// the actions since.
//
// A State copies its History with every action: the log keeps its last
// entry itself, and writes the others to the shared chunks one at a time.
// The games' entries are an [Entry]: two words with no pointer.
type History[E comparable] struct {
	Log eventlog.Log[E]
	Fix int // the number of actions played at the turn's last fixed point
	// Late: at that fixed point the going-out question could no longer be
	// asked this turn.
	Late bool
}

// HistoryFrom returns the history of a game restored at a fixed point after
// seq actions, which knows none of them.
func HistoryFrom[E comparable](seq int) History[E] {
	return History[E]{Log: eventlog.From[E](seq), Fix: seq}
}

// Push logs e, the entry of the action that led to a table whose question
// stands at q, in place; fixed says that table is a fixed point, which
// then becomes the turn's last.
func (h *History[E]) Push(e E, q Question, fixed bool) {
	h.Log.Append(e)
	if fixed {
		h.Fix, h.Late = h.Log.Len(), q == TooLate
	}
}

// AtFix returns h as it was at the turn's last fixed point.
func (h History[E]) AtFix() History[E] {
	h.Log = h.Log.Truncate(h.Fix)
	return h
}

// NoteOut points t.Note at the word kept with h's last entry, where the
// player may ask the partner and so CanGoOut may be asked: t is the game's
// own copy of the table of the State h belongs to, and the game clears
// t.Note before keeping the copy. Legal and Apply then solve going out
// once for the State.
func NoteOut[E comparable, H Hands](h *History[E], t *TableOf[H]) {
	if t.Phase == Melding && t.Question == NotAsked && t.IsFinal(int(t.Turn)) {
		t.Note = h.Log.Note()
	}
}

// AppendSince appends f of each entry h logs since the turn's last fixed
// point to dst, oldest first: the actions a View lists as played since.
func AppendSince[E comparable, A any](dst []A, h *History[E], f func(E) A) []A {
	for i := h.Fix; i < h.Log.Len(); i++ {
		dst = append(dst, f(*h.Log.At(i)))
	}
	return dst
}

// PileBefore returns the number of cards in t's pile, for a game's record
// to tell how many of them an action on t takes into the hand: a take, or a
// meld step while Opening, the only actions that take any. Elsewhere it
// returns -1 and leaves the pile uncounted.
func PileBefore[H Hands](t *TableOf[H]) int {
	if t.Phase != Drawing && t.Phase != Opening {
		return -1
	}
	return t.Pile.Len()
}
