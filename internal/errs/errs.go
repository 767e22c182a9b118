// Package errs is the one error shape of the library, shared by every
// package and not public API.
//
// An error reads on one line as "pkg: rule: detail", where rule is the text
// of a sentinel the error wraps (matched with errors.Is) and detail says in a
// player's words what was wrong. A cause from another package of the library
// (a meld rule inside a game's rejection, a card notation error inside an
// action's) follows without its own package prefix, so the prefix appears
// once. Errors are values with unexported fields: a caller cannot change an
// error another caller receives, so fixed rejections may be built once and
// shared.
package errs

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is a rejection: a package, the sentinel rule it breaks, a detail and
// an optional cause.
type Error struct {
	pkg    string
	rule   error
	detail string
	cause  error
}

// New returns the error of package pkg for rule, with detail.
func New(pkg string, rule error, detail string) *Error {
	return &Error{pkg: pkg, rule: rule, detail: oneLine(detail)}
}

// Wrap is New with a cause, which errors.Is and errors.As also see.
func Wrap(pkg string, rule error, detail string, cause error) *Error {
	return &Error{pkg: pkg, rule: rule, detail: oneLine(detail), cause: cause}
}

// Error returns "pkg: rule: detail: cause", leaving out empty parts.
func (e *Error) Error() string { return e.pkg + ": " + e.Message() }

// Message returns the error's text without the package prefix.
func (e *Error) Message() string {
	s := ""
	if e.rule != nil {
		s = e.rule.Error()
	}
	if e.detail != "" {
		if s != "" {
			s += ": "
		}
		s += e.detail
	}
	if e.cause != nil {
		if s != "" {
			s += ": "
		}
		s += Unprefixed(e.cause)
	}
	return s
}

// Unwrap returns the rule and the cause.
func (e *Error) Unwrap() []error {
	if e.cause != nil {
		return []error{e.rule, e.cause}
	}
	return []error{e.rule}
}

// Rule returns the sentinel the error wraps.
func (e *Error) Rule() error { return e.rule }

// Detail returns what was wrong, without the rule or the cause.
func (e *Error) Detail() string { return e.detail }

// Pkg returns the package that made the error.
func (e *Error) Pkg() string { return e.pkg }

// Cause returns the error's cause, or nil.
func (e *Error) Cause() error { return e.cause }

// Unprefixed returns err's text without its package prefix when it is an
// error of this library, and whole otherwise.
func Unprefixed(err error) string {
	if m, ok := err.(interface{ Message() string }); ok {
		return m.Message()
	}
	return oneLine(err.Error())
}

// NotAGame is the detail of every game's error (wrapping ErrNotNow) for
// an action applied to the zero State, which is no game.
const NotAGame = "this is not a game: start one with New or Deal"

// MaxQuoted is the most bytes of caller input an error echoes.
const MaxQuoted = 64

// Quote returns s as a Go string literal for an error message, cut to its
// first MaxQuoted bytes (at a rune boundary) with "..." after the closing
// quote when it was longer, so that a huge input never makes a huge message
// and a newline in input never reaches a log line raw.
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	cut := MaxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// QuoteBytes is Quote for a byte slice; it copies at most MaxQuoted+4 bytes.
func QuoteBytes(b []byte) string {
	if len(b) > MaxQuoted+4 {
		return Quote(string(b[:MaxQuoted+4]))
	}
	return Quote(string(b))
}

// First returns the first of problems followed by how many more there are,
// on one line: "3 players: ... (and 2 more problems)". It returns "" for none.
func First(problems []string) string {
	switch len(problems) {
	case 0:
		return ""
	case 1:
		return problems[0]
	case 2:
		return problems[0] + " (and 1 more problem)"
	}
	return problems[0] + " (and " + strconv.Itoa(len(problems)-1) + " more problems)"
}

// oneLine replaces line breaks in s with spaces.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// DisplayName reports whether name can be shown and carried as it is, as a
// rule set's or a player's name: valid UTF-8, no control characters, at
// most max bytes.
func DisplayName(name string, max int) bool {
	if len(name) > max || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// NamesProblem returns what is wrong with the first of names that is not a
// DisplayName of at most max bytes, or "".
func NamesProblem(max int, names ...string) string {
	for _, name := range names {
		if !DisplayName(name, max) {
			return "the name " + Quote(name) + ": names are valid UTF-8 without control characters, at most " + strconv.Itoa(max) + " bytes"
		}
	}
	return ""
}
