package conform

import (
	"encoding"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/cardrules/cardrules"
)

// LegalDigest plays s at random for at most steps actions or to the end
// of the game, choosing with pick among the legal actions (an action a
// random player would repeat for ever is replaced by sub, if not nil),
// and writes every position's Legal list to w, in order: each action's
// text and a ';', a newline after the list. It returns the State reached
// and the number of positions written. A hash of what it writes pins a
// game's behaviour while its code is made faster: the same Legal lists in
// the same order, position by position.
func LegalDigest[S cardrules.State[S, A, V], A cardrules.Action, V any](w io.Writer, s S, pick *rand.PCG, steps int, sub func(legal []A, a A) A) (S, int, error) {
	var buf []A
	var text []byte
	n := 0
	for ; !s.Over() && n < steps; n++ {
		buf = s.AppendLegal(buf[:0])
		text = text[:0]
		for _, a := range buf {
			text = append(text, a.String()...)
			text = append(text, ';')
		}
		text = append(text, '\n')
		if _, err := w.Write(text); err != nil {
			return s, n, err
		}
		a := buf[pick.Uint64()%uint64(len(buf))]
		if sub != nil {
			a = sub(buf, a)
		}
		next, err := s.Apply(a)
		if err != nil {
			return s, n, err
		}
		s = next
	}
	return s, n, nil
}

// HistoryDigest writes to w what s tells of its history: "seq" and
// s.Seq(), then the JSON of happened(s, seat, since) for each of seats and
// each of sinces, in order, and, with record not nil, the text and the
// JSON of record(s). A hash of what it writes pins what a game's history
// tells while the way it is kept changes. An error is the JSON encoder's,
// the record's or w's.
func HistoryDigest[S any, E any, R encoding.TextMarshaler](w io.Writer, s S, seq int, seats, sinces []int, happened func(s S, seat, since int) []E, record func(s S) R) error {
	if _, err := fmt.Fprintln(w, "seq", seq); err != nil {
		return err
	}
	for _, seat := range seats {
		for _, since := range sinces {
			b, err := json.Marshal(happened(s, seat, since))
			if err != nil {
				return err
			}
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
	}
	if record == nil {
		return nil
	}
	rec := record(s)
	b, err := rec.MarshalText()
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	if b, err = json.Marshal(rec); err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
