package card

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrSyntax is wrapped by every error that reports malformed card notation.
var ErrSyntax = errors.New("invalid card notation")

// ParseError reports card notation that could not be read. It names the
// input and what is wrong with it, and wraps [ErrSyntax].
type ParseError struct {
	Input  string // the text that was given, as given
	Reason string // what is wrong, e.g. "unknown suit X"
}

// Error returns a message such as `card: "1X": unknown suit X`.
func (e *ParseError) Error() string {
	return "card: " + strconv.Quote(e.Input) + ": " + e.Reason
}

// Unwrap returns [ErrSyntax].
func (e *ParseError) Unwrap() error { return ErrSyntax }

// Parse reads one card in notation: a rank (A, 2-9, 10 or T, J, Q, K) then a
// suit (C, D, H, S or ♣ ♦ ♥ ♠), in either case, or "JK" for the joker. The
// input must be exactly one card with no surrounding space. The error is a
// [*ParseError] naming the bad input.
func Parse(s string) (Card, error) {
	return parse(s)
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
// error names the first bad card and its position in the list.
func ParseCards(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	cards := make([]Card, 0, len(fields))
	for i, f := range fields {
		c, err := parse(f)
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				pe.Reason += " (card " + strconv.Itoa(i+1) + " of the list)"
			}
			return nil, err
		}
		cards = append(cards, c)
	}
	return cards, nil
}

// MustParseCards is like [ParseCards] but panics on bad input; for tests.
func MustParseCards(s string) []Card {
	cs, err := ParseCards(s)
	if err != nil {
		panic(err)
	}
	return cs
}

// parse is generic over string and []byte so that UnmarshalText does not
// convert (and allocate) on the success path.
func parse[T string | []byte](in T) (Card, error) {
	if len(in) == 0 {
		return 0, &ParseError{Input: string(in), Reason: "empty card"}
	}
	if len(in) == 2 && (in[0] == 'J' || in[0] == 'j') && (in[1] == 'K' || in[1] == 'k') {
		return Joker, nil
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
			return 0, &ParseError{Input: string(in), Reason: "missing suit"}
		}
		return 0, &ParseError{Input: string(in), Reason: "unknown suit " + shown(string(in[len(in)-size:]))}
	}
	if len(rankText) == 0 {
		return 0, &ParseError{Input: string(in), Reason: "missing rank"}
	}
	rank := rankOf(rankText)
	if rank == 0 {
		return 0, &ParseError{Input: string(in), Reason: "unknown rank " + shown(string(rankText))}
	}
	return New(rank, suit), nil
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

// shown writes bad input as it is when it is a single printable character
// or a short word of them ("X", "11"), and quoted otherwise (" 7", "\xff").
func shown(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || r <= ' ' || r == '"' || r == 0x7f {
			return strconv.Quote(s)
		}
	}
	return s
}
