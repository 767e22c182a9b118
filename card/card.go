// Package card defines playing cards as small comparable values, their
// notation, and a multiset of cards for hands and piles.
//
// A [Card] is a single byte: one of the 52 suited cards or the [Joker]. The
// zero Card is invalid and detectable with [Card.IsValid], like the zero
// netip.Addr. Cards of the same rank and suit are interchangeable: no rule in
// this library ever depends on which physical deck a card came from, so a
// Card names a kind of card, not one piece of pasteboard.
//
// # Notation
//
// [Card.String] writes a rank followed by a suit letter: "7H", "10S", "QD",
// "AS", and "JK" for the joker. [Parse] and [ParseCards] read that form and
// are lenient in what they accept: lower case ("qd"), "T" for ten ("TS"),
// and the suit symbols ♣ ♦ ♥ ♠ ("Q♦"). Whatever Parse accepts, String writes
// back in the canonical form, and Parse(c.String()) == c for every valid card.
// Cards implement [encoding.TextMarshaler], so JSON carries the notation.
//
// # Multisets
//
// A [Multiset] counts cards by kind. It is a comparable value holding a small
// array: copying a Multiset copies the counts, and two multisets holding the
// same cards are ==. Hands in the canasta family (Hand and Foot, Canasta) are
// multisets, so a game state that holds them is cheap to copy and compare.
//
// # Errors
//
// Every error reads on one line as "card: rule: detail", where the rule is
// the text of a sentinel the error wraps: parse errors wrap [ErrSyntax] and
// name the bad input, quoted and cut to 64 bytes; removing a card a multiset
// does not hold wraps [ErrMissing]. Match them with [errors.Is].
package card

import (
	"encoding/json"
	"strconv"

	"github.com/cardrules/cardrules/internal/errs"
)

// Rank is the rank of a suited card: [Ace] (1) through [King] (13).
// The zero Rank is invalid; the joker has no rank.
type Rank uint8

// The thirteen ranks, numbered by their face value (Ace is 1, Jack 11,
// Queen 12, King 13). The numbering is part of the API and never changes.
const (
	Ace   Rank = 1
	Two   Rank = 2
	Three Rank = 3
	Four  Rank = 4
	Five  Rank = 5
	Six   Rank = 6
	Seven Rank = 7
	Eight Rank = 8
	Nine  Rank = 9
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// IsValid reports whether r is one of the thirteen ranks Ace..King.
func (r Rank) IsValid() bool { return r >= Ace && r <= King }

// MarshalText writes the rank's notation, as [Rank.String] does ("A",
// "10", "K"), and "" for the zero Rank (no rank): JSON writes a rank as a
// word, as every enum of the library's JSON. Any other invalid rank is an
// error wrapping [ErrSyntax].
func (r Rank) MarshalText() ([]byte, error) {
	switch {
	case r == 0:
		return []byte{}, nil
	case !r.IsValid():
		return nil, syntaxError(strconv.Itoa(int(r)), 0, "not a rank")
	}
	return []byte(rankText[r]), nil
}

// UnmarshalText reads a rank as card notation writes it ("A", "2" to "10"
// or "T", "J", "Q", "K", either case), and "" as the zero Rank. On error r
// is unchanged and the error wraps [ErrSyntax].
func (r *Rank) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*r = 0
		return nil
	}
	c, reason := parse(append(text[:len(text):len(text)], 'C'))
	if reason != "" || c == Joker {
		return syntaxError(errs.QuoteBytes(text), 0, "not a rank (A, 2 to 10, J, Q, K)")
	}
	*r = c.Rank()
	return nil
}

// UnmarshalJSON reads a rank as [Rank.UnmarshalText] does from a JSON
// string, or the number earlier versions wrote (1 for the ace to 13 for
// the king, 0 for none); null leaves r as it is. On error r is unchanged
// and the error wraps [ErrSyntax].
func (r *Rank) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var n int
	if err := json.Unmarshal(data, &n); err == nil {
		if n != 0 && !Rank(n).IsValid() || n < 0 {
			return syntaxError(strconv.Itoa(n), 0, "not a rank")
		}
		*r = Rank(n)
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return syntaxError(errs.QuoteBytes(data), 0, "a rank is a string, such as \"A\" or \"10\"")
	}
	return r.UnmarshalText([]byte(text))
}

var rankText = [...]string{"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

var rankNames = [...]string{"invalid rank", "ace", "two", "three", "four", "five", "six",
	"seven", "eight", "nine", "ten", "jack", "queen", "king"}

var rankPlurals = [...]string{"invalid ranks", "aces", "twos", "threes", "fours", "fives", "sixes",
	"sevens", "eights", "nines", "tens", "jacks", "queens", "kings"}

// String returns the rank's notation: "A", "2" ... "10", "J", "Q", "K",
// or "?" for an invalid rank.
func (r Rank) String() string {
	if !r.IsValid() {
		return "?"
	}
	return rankText[r]
}

// Name returns the rank's name in English: "ace", "two" ... "king".
func (r Rank) Name() string {
	if !r.IsValid() {
		return rankNames[0]
	}
	return rankNames[r]
}

// Plural returns the plural of the rank's name: "aces", "twos" ... "sixes"
// ... "kings", or "invalid ranks" for an invalid rank. Messages use it for a
// meld of one rank ("a meld of sixes").
func (r Rank) Plural() string {
	if !r.IsValid() {
		return rankPlurals[0]
	}
	return rankPlurals[r]
}

// Suit is one of the four suits. The zero Suit is invalid; the joker has no
// suit and is neither red nor black.
type Suit uint8

// The four suits in bridge order. The numbering is part of the API.
const (
	Clubs    Suit = 1
	Diamonds Suit = 2
	Hearts   Suit = 3
	Spades   Suit = 4
)

// IsValid reports whether s is one of the four suits.
func (s Suit) IsValid() bool { return s >= Clubs && s <= Spades }

// IsRed reports whether s is diamonds or hearts.
func (s Suit) IsRed() bool { return s == Diamonds || s == Hearts }

// IsBlack reports whether s is clubs or spades.
func (s Suit) IsBlack() bool { return s == Clubs || s == Spades }

var suitLetters = [...]string{"?", "C", "D", "H", "S"}
var suitSymbols = [...]string{"?", "♣", "♦", "♥", "♠"}
var suitNames = [...]string{"invalid suit", "clubs", "diamonds", "hearts", "spades"}

// String returns the suit's letter: "C", "D", "H" or "S", or "?" when invalid.
func (s Suit) String() string {
	if !s.IsValid() {
		return "?"
	}
	return suitLetters[s]
}

// Symbol returns the suit's symbol: "♣", "♦", "♥" or "♠", or "?" when invalid.
func (s Suit) Symbol() string {
	if !s.IsValid() {
		return "?"
	}
	return suitSymbols[s]
}

// Name returns the suit's name in English: "clubs", "diamonds", "hearts", "spades".
func (s Suit) Name() string {
	if !s.IsValid() {
		return suitNames[0]
	}
	return suitNames[s]
}

// Card is a playing card: one of the 52 suited cards or the [Joker].
//
// A valid Card's numeric value is 1..53 and is stable across releases: the
// suited cards are numbered rank-major, 1 + 4*(rank-1) + (suit-1), so 1 is
// the ace of clubs and 52 the king of spades; the joker is 53. Use the value
// to index arrays of length [Kinds]. The zero Card, and every value above 53,
// is invalid.
type Card uint8

// Joker is the joker. It has no rank and no suit.
const Joker Card = 53

// Kinds is one more than the largest valid Card value: arrays indexed by
// Card have this length (index 0, the invalid card, is unused).
const Kinds = 54

// New returns the card of rank r and suit s, or the zero (invalid) Card if
// either is invalid.
func New(r Rank, s Suit) Card {
	if !r.IsValid() || !s.IsValid() {
		return 0
	}
	return Card(1 + 4*(uint8(r)-1) + uint8(s) - 1)
}

// IsValid reports whether c is one of the 52 suited cards or the joker.
func (c Card) IsValid() bool { return c >= 1 && c <= Joker }

// IsJoker reports whether c is the joker.
func (c Card) IsJoker() bool { return c == Joker }

// Rank returns the rank of a suited card, or the zero Rank for the joker
// and for an invalid card.
func (c Card) Rank() Rank {
	if c < 1 || c >= Joker {
		return 0
	}
	return Rank((c-1)/4 + 1)
}

// Suit returns the suit of a suited card, or the zero Suit for the joker and
// for an invalid card.
func (c Card) Suit() Suit {
	if c < 1 || c >= Joker {
		return 0
	}
	return Suit((c-1)%4 + 1)
}

// IsRed reports whether c is a diamond or a heart. The joker is never red.
func (c Card) IsRed() bool { return c.Suit().IsRed() }

// IsBlack reports whether c is a club or a spade. The joker is never black.
func (c Card) IsBlack() bool { return c.Suit().IsBlack() }

// String returns the card's notation: rank then suit letter ("7H", "10S",
// "AS"), "JK" for the joker, and "??" for an invalid card.
func (c Card) String() string {
	switch {
	case c == Joker:
		return "JK"
	case !c.IsValid():
		return "??"
	}
	return rankText[c.Rank()] + suitLetters[c.Suit()]
}

// AppendText appends the card's notation to b. It implements
// [encoding.TextAppender]. Like the zero netip.Addr, the zero Card appends
// nothing, so a struct with an unset Card field still marshals; any other
// invalid value is an error wrapping [ErrInvalid].
func (c Card) AppendText(b []byte) ([]byte, error) {
	switch {
	case c == 0:
		return b, nil
	case !c.IsValid():
		return b, errs.New("card", ErrInvalid, "card value "+strconv.Itoa(int(c)))
	case c == Joker:
		return append(b, "JK"...), nil
	}
	b = append(b, rankText[c.Rank()]...)
	return append(b, suitLetters[c.Suit()]...), nil
}

// MarshalText implements [encoding.TextMarshaler]: JSON carries the notation,
// and the zero Card as "".
func (c Card) MarshalText() ([]byte, error) { return c.AppendText(make([]byte, 0, 3)) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [Parse], except
// that empty text gives the zero Card (as MarshalText writes it). On error c
// is unchanged.
func (c *Card) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*c = 0
		return nil
	}
	v, reason := parse(text)
	if reason != "" {
		return syntaxError(errs.QuoteBytes(text), 0, reason)
	}
	*c = v
	return nil
}

// All returns the 53 card kinds in numeric order: the 52 suited cards
// rank-major (AC AD AH AS 2C ... KS), then the joker.
func All() [Joker]Card {
	var a [Joker]Card
	for i := range a {
		a[i] = Card(i + 1)
	}
	return a
}
