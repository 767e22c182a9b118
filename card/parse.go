package card

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/cardrules/cardrules/internal/errs"
)

// ErrSyntax is wrapped by every error that reports malformed card notation.
var ErrSyntax = errors.New("invalid card notation")

// syntaxError returns the error for card notation that could not be read
// for reason; quoted is the input as [errs.Quote] or [errs.QuoteBytes] gives
// it (capped, so a huge or multi-line input makes a short, one-line message),
// and pos, when above 0, is the card's place in a list.
func syntaxError(quoted string, pos int, reason string) error {
	at := quoted
	if pos > 0 {
		at += " (card " + strconv.Itoa(pos) + " of the list)"
	}
	return errs.New("card", ErrSyntax, at+": "+reason)
}

// Parse reads one card in notation: a rank (A, 2-9, 10 or T, J, Q, K) then a
// suit (C, D, H, S or ♣ ♦ ♥ ♠), in either case, or "JK" for the joker. The
// input must be exactly one card with no surrounding space. The error wraps
// [ErrSyntax] and reads like `card: invalid card notation: "1X": unknown
// suit "X"`, the input quoted and cut to 64 bytes.
func Parse(s string) (Card, error) {
	c, reason := parse(s)
	if reason != "" {
		return 0, syntaxError(errs.Quote(s), 0, reason)
	}
	return c, nil
}

// MustParse is like [Parse] but panics on bad input. It is meant for tests
// and for package-level values built from constant text.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// ParseCards reads a list of cards separated by spaces and/or commas, such as
// "7H 7D 2C" or "AS,KS". An empty or blank list gives an empty slice. The
// error wraps [ErrSyntax] and names the first bad card and its position in
// the list. It allocates the list alone: a byte a card, at most half a
// byte for each byte of s.
func ParseCards(s string) ([]Card, error) {
	cards := make([]Card, 0, countFields(s))
	for i, rest := 0, s; ; i++ {
		f, next := nextField(rest)
		if f == "" {
			return cards, nil
		}
		c, reason := parse(f)
		if reason != "" {
			return nil, syntaxError(errs.Quote(f), i+1, reason)
		}
		cards = append(cards, c)
		rest = next
	}
}

// isSep reports whether b separates the cards of a list.
func isSep(b byte) bool { return b == ',' || b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// countFields counts the words of s between separators: the cards of a
// list, read or not.
func countFields(s string) int {
	n := 0
	for f, rest := nextField(s); f != ""; f, rest = nextField(rest) {
		n++
	}
	return n
}

// nextField returns the first word of s and what follows it, or "" when s
// holds only separators.
func nextField(s string) (word, rest string) {
	i := 0
	for i < len(s) && isSep(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isSep(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

// MustParseCards is like [ParseCards] but panics on bad input; for tests.
func MustParseCards(s string) []Card {
	cs, err := ParseCards(s)
	if err != nil {
		panic(err)
	}
	return cs
}

// parse reads one card, or says in reason what is wrong with in. It is
// generic over string and []byte so that UnmarshalText does not convert (and
// allocate) on the success path; the caller builds the error.
func parse[T string | []byte](in T) (c Card, reason string) {
	if len(in) == 0 {
		return 0, "empty card"
	}
	if len(in) == 2 && (in[0] == 'J' || in[0] == 'j') && (in[1] == 'K' || in[1] == 'k') {
		return Joker, ""
	}
	// The suit is the last rune: one byte for a letter, three for a symbol.
	var suitRune rune
	var size int
	if last := in[len(in)-1]; last < utf8.RuneSelf {
		suitRune, size = rune(last), 1
	} else {
		suitRune, size = utf8.DecodeLastRuneInString(string(in))
	}
	rankText := in[:len(in)-size]
	suit := suitOf(suitRune)
	if suit == 0 {
		if rankOf(in) != 0 {
			return 0, "missing suit"
		}
		return 0, "unknown suit " + errs.Quote(string(in[len(in)-size:]))
	}
	if len(rankText) == 0 {
		return 0, "missing rank"
	}
	rank := rankOf(rankText)
	if rank == 0 {
		return 0, "unknown rank " + errs.Quote(string(rankText[:min(len(rankText), errs.MaxQuoted+4)]))
	}
	return New(rank, suit), ""
}

func suitOf(r rune) Suit {
	switch r {
	case 'C', 'c', '♣', '♧':
		return Clubs
	case 'D', 'd', '♦', '♢':
		return Diamonds
	case 'H', 'h', '♥', '♡':
		return Hearts
	case 'S', 's', '♠', '♤':
		return Spades
	}
	return 0
}

func rankOf[T string | []byte](t T) Rank {
	switch len(t) {
	case 1:
		switch t[0] {
		case 'A', 'a':
			return Ace
		case 'T', 't':
			return Ten
		case 'J', 'j':
			return Jack
		case 'Q', 'q':
			return Queen
		case 'K', 'k':
			return King
		}
		if t[0] >= '2' && t[0] <= '9' {
			return Rank(t[0] - '0')
		}
	case 2:
		if t[0] == '1' && t[1] == '0' {
			return Ten
		}
	}
	return 0
}
