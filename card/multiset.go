package card

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"iter"
	"math/bits"
	"strconv"

	"github.com/cardrules/cardrules/internal/errs"
)

// ErrMissing is wrapped by the error a [Multiset] returns when asked to remove
// a card it does not hold.
var ErrMissing = errors.New("card not held")

// ErrInvalid is wrapped by the error a [Multiset] returns when given an
// invalid Card (the zero Card, or a value above [Joker]).
var ErrInvalid = errors.New("invalid card")

// ErrTooMany is wrapped by the error a [Multiset] returns when a count would
// pass [MaxCount].
var ErrTooMany = errors.New("too many copies of one card")

// MaxCount is the most copies of one card kind a [Multiset] holds: enough for
// a shoe of 127 decks with two jokers each.
const MaxCount = 255

// Multiset is a multiset of cards: how many of each of the 53 kinds. It is a
// comparable value of 56 bytes holding no pointers, so assignment copies it
// and == compares contents. The zero Multiset is empty and ready to use.
//
// Methods that change a Multiset take a pointer receiver; a method that
// returns an error leaves the multiset exactly as it was.
type Multiset struct {
	n     uint16
	count [Kinds]uint8
}

// MultisetOf returns a multiset holding the given cards. It fails, naming the
// card, if one of them is invalid.
func MultisetOf(cards ...Card) (Multiset, error) {
	var m Multiset
	err := m.AddCards(cards)
	return m, err
}

// Len returns the number of cards in m, counting copies.
func (m Multiset) Len() int { return int(m.n) }

// IsEmpty reports whether m holds no card.
func (m Multiset) IsEmpty() bool { return m.n == 0 }

// Count returns how many copies of c the multiset holds (0 for an invalid card).
func (m Multiset) Count(c Card) int {
	if c >= Kinds {
		return 0
	}
	return int(m.count[c])
}

// CountRank returns how many suited cards of rank r the multiset holds.
func (m Multiset) CountRank(r Rank) int {
	if !r.IsValid() {
		return 0
	}
	c := m.count[4*r-3:][:4] // the rank's four suits, clubs first: one bounds check, and cheap enough to inline
	return int(c[0]) + int(c[1]) + int(c[2]) + int(c[3])
}

// CountSuits returns how many cards of rank r the multiset holds in each
// suit, in suit order (clubs, diamonds, hearts, spades): index s-1 for
// suit s. It is all zeros for an invalid rank.
func (m Multiset) CountSuits(r Rank) [4]uint8 {
	if !r.IsValid() {
		return [4]uint8{}
	}
	return [4]uint8(m.count[4*r-3:][:4])
}

// Counts returns how many copies of each card m holds, indexed by the
// card. Index 0, the zero Card, is always 0. A loop that reads many counts
// reads them faster from this one copy than by a call of Count each.
func (m Multiset) Counts() [Kinds]uint8 { return m.count }

// Add adds one copy of c.
func (m *Multiset) Add(c Card) error { return m.AddN(c, 1) }

// AddN adds n copies of c. n must not be negative.
func (m *Multiset) AddN(c Card, n int) error {
	switch {
	case !c.IsValid():
		return errs.New("card", ErrInvalid, "cannot add card value "+strconv.Itoa(int(c)))
	case n < 0:
		return errs.New("card", ErrInvalid, "cannot add "+strconv.Itoa(n)+" copies of "+c.String()+": the count is negative")
	case n > MaxCount-int(m.count[c]):
		return errs.New("card", ErrTooMany, "cannot add "+c.String()+": a multiset holds at most "+strconv.Itoa(MaxCount))
	}
	m.count[c] += uint8(n)
	m.n += uint16(n)
	return nil
}

// AddCards adds every card of cs. If any card is invalid, or a count would
// pass MaxCount, m is unchanged and the error names the card.
func (m *Multiset) AddCards(cs []Card) error {
	next := *m
	for _, c := range cs {
		if err := next.Add(c); err != nil {
			return err
		}
	}
	*m = next
	return nil
}

// AddAll adds every card of o to m (the multiset sum). If a count would pass
// MaxCount, m is unchanged.
func (m *Multiset) AddAll(o Multiset) error {
	if int(m.n)+int(o.n) <= MaxCount {
		// No count can pass MaxCount, so no byte of a word carries into
		// the next: add them all at once, eight counts a word.
		i := 0
		for ; i+8 <= Kinds; i += 8 {
			binary.LittleEndian.PutUint64(m.count[i:], binary.LittleEndian.Uint64(m.count[i:])+binary.LittleEndian.Uint64(o.count[i:]))
		}
		for ; i < Kinds; i++ {
			m.count[i] += o.count[i]
		}
		m.n += o.n
		return nil
	}
	next := *m
	for c := Card(1); c <= Joker; c++ {
		if o.count[c] != 0 {
			if err := next.AddN(c, int(o.count[c])); err != nil {
				return err
			}
		}
	}
	*m = next
	return nil
}

// Remove removes one copy of c, or returns an error wrapping [ErrMissing] if m
// holds none.
func (m *Multiset) Remove(c Card) error { return m.RemoveN(c, 1) }

// RemoveN removes n copies of c, or returns an error wrapping [ErrMissing]
// (and changes nothing) if m holds fewer than n.
func (m *Multiset) RemoveN(c Card, n int) error {
	switch {
	case !c.IsValid():
		return errs.New("card", ErrInvalid, "cannot remove card value "+strconv.Itoa(int(c)))
	case n < 0:
		return errs.New("card", ErrInvalid, "cannot remove "+strconv.Itoa(n)+" copies of "+c.String()+": the count is negative")
	case int(m.count[c]) < n:
		if n == 1 {
			return errs.New("card", ErrMissing, "cannot remove "+c.String())
		}
		return errs.New("card", ErrMissing, "cannot remove "+strconv.Itoa(n)+"×"+c.String()+": holds "+strconv.Itoa(int(m.count[c])))
	}
	m.count[c] -= uint8(n)
	m.n -= uint16(n)
	return nil
}

// RemoveCards removes every card of cs, counting repeats. If m does not hold
// them all, m is unchanged and the error names the first missing card.
func (m *Multiset) RemoveCards(cs []Card) error {
	next := *m
	for _, c := range cs {
		if err := next.Remove(c); err != nil {
			return err
		}
	}
	*m = next
	return nil
}

// RemoveAll removes every card of o from m (the multiset difference). If o is
// not contained in m, m is unchanged and the error names a missing card.
func (m *Multiset) RemoveAll(o Multiset) error {
	next := *m
	for c := Card(1); c <= Joker; c++ {
		if o.count[c] != 0 {
			if err := next.RemoveN(c, int(o.count[c])); err != nil {
				return err
			}
		}
	}
	*m = next
	return nil
}

// Contains reports whether every card of o, with its copies, is in m.
func (m Multiset) Contains(o Multiset) bool {
	for c := Card(1); c <= Joker; c++ {
		if o.count[c] > m.count[c] {
			return false
		}
	}
	return true
}

// ContainsCards reports whether m holds all of cs, counting repeats.
func (m Multiset) ContainsCards(cs []Card) bool {
	var need Multiset
	if need.AddCards(cs) != nil {
		return false
	}
	return m.Contains(need)
}

// All returns an iterator over the cards of m in ascending [Card] order,
// each card as many times as m holds it. The iterator reads a copy of m
// taken when All is called.
func (m Multiset) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for c := Card(1); c <= Joker; c++ {
			for k := m.count[c]; k > 0; k-- {
				if !yield(c) {
					return
				}
			}
		}
	}
}

// Kinds returns an iterator over the distinct cards of m in ascending order,
// with how many copies of each m holds.
func (m Multiset) Kinds() iter.Seq2[Card, int] {
	return func(yield func(Card, int) bool) {
		for c := m.Next(1); c != 0; c = m.Next(c + 1) {
			if !yield(c, int(m.count[c])) {
				return
			}
		}
	}
}

// Next returns the first card from c on, in ascending order, of which m
// holds a copy, or 0 when there is none: the distinct cards of m are
// walked with
//
//	for c := m.Next(1); c != 0; c = m.Next(c + 1)
//
// without a call per card m does not hold (it skips eight kinds at a time).
func (m Multiset) Next(c Card) Card {
	i := max(int(c), 1)
	for ; i+8 <= Kinds; i += 8 {
		if w := binary.LittleEndian.Uint64(m.count[i:]); w != 0 {
			return Card(i + bits.TrailingZeros64(w)/8)
		}
	}
	for ; i < Kinds; i++ {
		if m.count[i] != 0 {
			return Card(i)
		}
	}
	return 0
}

// Held returns the distinct cards of m as a set of bits: bit c is set when
// m holds at least one copy of card c (every card is below 64). Walking
// its bits lists the distinct cards in ascending order with no test per
// card m does not hold:
//
//	for held := m.Held(); held != 0; held &= held - 1 {
//		c := card.Card(bits.TrailingZeros64(held))
//	}
func (m Multiset) Held() uint64 {
	// Unrolled, eight counts a word: constant offsets need no bounds check.
	c := &m.count
	const tail = Kinds / 8 * 8 // the last 6 counts
	w := uint64(binary.LittleEndian.Uint32(c[tail:])) | uint64(binary.LittleEndian.Uint16(c[tail+4:]))<<32
	return heldByte(binary.LittleEndian.Uint64(c[0:])) |
		heldByte(binary.LittleEndian.Uint64(c[8:]))<<8 |
		heldByte(binary.LittleEndian.Uint64(c[16:]))<<16 |
		heldByte(binary.LittleEndian.Uint64(c[24:]))<<24 |
		heldByte(binary.LittleEndian.Uint64(c[32:]))<<32 |
		heldByte(binary.LittleEndian.Uint64(c[40:]))<<40 |
		heldByte(w)<<tail
}

// heldByte returns a bit for each byte of w that is not zero, byte i's as
// bit i, without a branch.
func heldByte(w uint64) uint64 {
	// The high bit of each byte that is not zero: its low seven bits plus
	// 0x7f carry into it when any is set.
	const low, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	x := (w | (w&low + low)) & high
	return (x >> 7) * 0x0102040810204080 >> 56
}

// Cards returns the cards of m as a new slice in ascending order.
func (m Multiset) Cards() []Card { return m.AppendCards(make([]Card, 0, m.n)) }

// AppendCards appends the cards of m to dst in ascending order and returns
// the extended slice.
func (m Multiset) AppendCards(dst []Card) []Card {
	for c := Card(1); c <= Joker; c++ {
		for k := m.count[c]; k > 0; k-- {
			dst = append(dst, c)
		}
	}
	return dst
}

// String lists the cards in ascending order separated by spaces, such as
// "7C 7H 7H JK"; the empty multiset gives "".
func (m Multiset) String() string {
	b, _ := m.AppendText(nil)
	return string(b)
}

// AppendText appends [Multiset.String]'s text to b. It implements
// [encoding.TextAppender] and never fails.
func (m Multiset) AppendText(b []byte) ([]byte, error) {
	first := true
	for c := Card(1); c <= Joker; c++ {
		for k := m.count[c]; k > 0; k-- {
			if !first {
				b = append(b, ' ')
			}
			first = false
			b, _ = c.AppendText(b)
		}
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: the card list as one
// string, such as "7C 7H JK" (what a map key of Multisets holds).
func (m Multiset) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// MarshalJSON implements [json.Marshaler]: the cards as an array of card
// strings in [Multiset.Cards]' order, such as ["7C","7H","JK"], and [] when
// there are none, as every card list of the library's JSON is written.
func (m Multiset) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+5*m.Len())
	b = append(b, '[')
	for c := Card(1); c <= Joker; c++ {
		for k := m.count[c]; k > 0; k-- {
			if len(b) > 1 {
				b = append(b, ',')
			}
			b = append(b, '"')
			b, _ = c.AppendText(b)
			b = append(b, '"')
		}
	}
	return append(b, ']'), nil
}

// UnmarshalJSON implements [json.Unmarshaler]: it reads an array of card
// strings, in any order, or the one string [Multiset.MarshalText] writes
// (the JSON of earlier versions); null leaves m as it is. On error m is
// unchanged. It allocates at most 3 bytes for each byte of data.
func (m *Multiset) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case string(data) == "null":
		return nil
	case len(data) > 0 && data[0] == '"':
		var text string
		if err := json.Unmarshal(data, &text); err != nil {
			return err
		}
		return m.UnmarshalText([]byte(text))
	}
	var cs []Card
	if err := json.Unmarshal(data, &cs); err != nil {
		return err
	}
	var next Multiset
	if err := next.AddCards(cs); err != nil {
		return err
	}
	*m = next
	return nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseCards], in
// any order. On error m is unchanged. It allocates at most 2 bytes for
// each byte of text.
func (m *Multiset) UnmarshalText(text []byte) error {
	cs, err := ParseCards(string(text))
	if err != nil {
		return err
	}
	var next Multiset
	if err := next.AddCards(cs); err != nil {
		return err
	}
	*m = next
	return nil
}
