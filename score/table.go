package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"strconv"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
)

// ErrTable is wrapped by the errors of [Table.UnmarshalJSON] for JSON that
// is not a point table.
var ErrTable = errors.New("invalid point table")

// MinPoints and MaxPoints bound the points a [Table] holds for one card kind:
// a Table stores each value in an int16. Values outside the range given to
// [NewTable], [Table.With] or [Table.WithRank] are clamped to it.
const (
	MinPoints = math.MinInt16 // -32768
	MaxPoints = math.MaxInt16 // 32767
)

// Table gives the points of each of the 53 card kinds: the 52 suited cards
// and the joker. It is a comparable value of 108 bytes with no pointers, so
// assignment copies it and == compares every entry.
//
// The zero Table gives 0 points for every card. Tables are built with
// [NewTable], and changed by methods that return a
// changed copy ([Table.With], [Table.WithRank], [Table.Negated]); a Table
// never changes once made.
//
// JSON carries a Table as an object keyed by card notation, in card order:
// {"AC":20,"AD":20,...,"KS":10,"JK":50}.
type Table struct{ points [card.Kinds]int16 }

// clamp16 clamps p into [MinPoints, MaxPoints].
func clamp16(p int) int16 {
	switch {
	case p < MinPoints:
		return MinPoints
	case p > MaxPoints:
		return MaxPoints
	}
	return int16(p)
}

// NewTable returns the table that gives each card the points f returns for
// it. NewTable calls f once for each of the 53 valid cards, in card order
// (AC AD AH AS 2C ... KS, then JK). A value outside [MinPoints, MaxPoints] is
// clamped to that range.
func NewTable(f func(card.Card) int) Table {
	var t Table
	for c := card.Card(1); c <= card.Joker; c++ {
		t.points[c] = clamp16(f(c))
	}
	return t
}

// Points returns the points t gives card c, or 0 if c is not a valid card.
func (t Table) Points(c card.Card) int {
	if c >= card.Kinds {
		return 0
	}
	return int(t.points[c]) // index 0, the invalid card, is always 0
}

// With returns a copy of t in which card c is worth points (clamped to
// [MinPoints, MaxPoints]). Only that one card kind changes: With(AH, 5)
// leaves AC, AD and AS as they were. If c is not a valid card, With returns
// an unchanged copy.
func (t Table) With(c card.Card, points int) Table {
	if c.IsValid() {
		t.points[c] = clamp16(points)
	}
	return t
}

// WithRank returns a copy of t in which the four cards of rank r (one per
// suit) are worth points (clamped to [MinPoints, MaxPoints]). If r is not a
// valid rank, WithRank returns an unchanged copy.
func (t Table) WithRank(r card.Rank, points int) Table {
	if !r.IsValid() {
		return t
	}
	p := clamp16(points)
	for s := card.Clubs; s <= card.Spades; s++ {
		t.points[card.New(r, s)] = p
	}
	return t
}

// Negated returns a copy of t in which every card is worth the opposite of
// its points in t: the table of what cards held in a hand cost, made from
// the table of what they earn on the table. The one value with no opposite
// in range, [MinPoints], becomes [MaxPoints].
func (t Table) Negated() Table {
	for i, p := range t.points {
		t.points[i] = clamp16(-int(p))
	}
	return t
}

// Sum returns the total points of the cards in m, counting every copy. It
// allocates nothing.
func (t Table) Sum(m card.Multiset) int {
	// The counts and points are read from arrays, not through the value
	// methods, which would copy m or t at every card.
	counts := m.Counts()
	sum := 0
	for c := card.Card(1); c <= card.Joker; c++ {
		sum += int(t.points[c]) * int(counts[c])
	}
	return sum
}

// SumCards returns the total points of the cards in cs, counting repeats.
// Invalid cards count 0.
func (t Table) SumCards(cs []card.Card) int {
	sum := 0
	for _, c := range cs {
		if c < card.Kinds { // as Points reads it, without copying t
			sum += int(t.points[c])
		}
	}
	return sum
}

// SumSeq returns the total points of the cards seq yields. Invalid cards
// count 0.
func (t Table) SumSeq(seq iter.Seq[card.Card]) int {
	sum := 0
	for c := range seq {
		sum += t.Points(c)
	}
	return sum
}

// MarshalJSON implements [json.Marshaler]. The table is written as an object
// with one key per card kind, all 53 in card order, each key the card's
// notation and each value its points:
//
//	{"AC":20,"AD":20,"AH":20,"AS":20,"2C":20,...,"KS":10,"JK":50}
func (t Table) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 512)
	b = append(b, '{')
	for c := card.Card(1); c <= card.Joker; c++ {
		if c > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b, _ = c.AppendText(b)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(t.points[c]), 10)
	}
	return append(b, '}'), nil
}

// cardByName maps the canonical notation of each valid card to the card.
var cardByName = func() map[string]card.Card {
	m := make(map[string]card.Card, card.Joker)
	for _, c := range card.All() {
		m[c.String()] = c
	}
	return m
}()

// UnmarshalJSON implements [json.Unmarshaler]. It reads the object
// [Table.MarshalJSON] writes, with its keys in any order. Every one of the 53
// cards must appear exactly once, keyed by its canonical notation ("10S", not
// "TS"; "QD", not "qd"), with a whole number of points from [MinPoints] to
// [MaxPoints]. An unknown, repeated or missing key, or a bad value, is an
// error wrapping [ErrTable] that names the key; on error t is unchanged. The JSON literal null
// leaves t unchanged, as is usual for encoding/json.
func (t *Table) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return errs.Wrap("score", ErrTable, "", err)
	}
	if tok != json.Delim('{') {
		return errs.New("score", ErrTable, `a point table must be a JSON object of card to points, such as {"AC":20,...}, not `+jsonText(tok))
	}
	var next Table
	var seen [card.Kinds]bool
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return errs.Wrap("score", ErrTable, "", err)
		}
		key, _ := tok.(string) // object keys are always strings
		c, ok := cardByName[key]
		if !ok {
			return errs.New("score", ErrTable, "unknown card "+errs.Quote(key)+` (keys are card notation such as "AC", "10S", "JK")`)
		}
		if seen[c] {
			return errs.New("score", ErrTable, "card "+errs.Quote(key)+" appears twice")
		}
		seen[c] = true
		tok, err = dec.Token()
		if err != nil {
			return errs.Wrap("score", ErrTable, "card "+errs.Quote(key), err)
		}
		num, ok := tok.(json.Number)
		if !ok {
			return errs.New("score", ErrTable, "card "+errs.Quote(key)+": points must be a number, not "+jsonText(tok))
		}
		p, err := strconv.ParseInt(string(num), 10, 16)
		if err != nil {
			return errs.New("score", ErrTable, fmt.Sprintf("card %s: points %s are not a whole number from %d to %d", errs.Quote(key), errs.Quote(string(num)), MinPoints, MaxPoints))
		}
		next.points[c] = int16(p)
	}
	if _, err := dec.Token(); err != nil { // the closing '}'
		return errs.Wrap("score", ErrTable, "", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errs.New("score", ErrTable, "unexpected data after the object")
	}
	missing, first := 0, card.Card(0)
	for c := card.Card(1); c <= card.Joker; c++ {
		if !seen[c] {
			if missing == 0 {
				first = c
			}
			missing++
		}
	}
	switch {
	case missing == 1:
		return errs.New("score", ErrTable, "card "+strconv.Quote(first.String())+" is missing (all 53 cards need points)")
	case missing > 1:
		return errs.New("score", ErrTable, "card "+strconv.Quote(first.String())+" and "+strconv.Itoa(missing-1)+" more are missing (all 53 cards need points)")
	}
	*t = next
	return nil
}

// jsonText describes a JSON token for an error message.
func jsonText(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case string:
		return errs.Quote(v)
	case json.Number:
		return "a number"
	case json.Delim:
		if v == '{' {
			return "an object"
		}
		return "an array"
	}
	return fmt.Sprint(tok)
}
