package main

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardrules/cardrules"
)

// apiErr is an error of the server's own: the rule it breaks, one of the
// server's sentinels, and what was wrong. It reads "server: rule: detail",
// as the library's errors read "pkg: rule: detail".
type apiErr struct {
	rule   error
	detail string
}

// fail returns the server's error for rule, saying what was wrong.
func fail(rule error, detail string) error { return &apiErr{rule: rule, detail: detail} }

func (e *apiErr) Error() string { return "server: " + e.message() }

// Unwrap returns the rule, for errors.Is.
func (e *apiErr) Unwrap() error { return e.rule }

// message is the error without the "server: " prefix.
func (e *apiErr) message() string {
	if e.detail == "" {
		return e.rule.Error()
	}
	return e.rule.Error() + ": " + e.detail
}

// maxQuoted is the most bytes of a request's text an error quotes.
const maxQuoted = 64

// quote quotes s for an error, cut to maxQuoted bytes.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// describe returns what an error response says of err, an error of the
// server's own or of the game named: whether it is the server's own, the
// name of the rule it breaks ("NotYourTurn", or the game's sentinel with
// the game's name, "handfoot.ErrNotNow", which cardrules.Rule reads), and
// its message without the game's prefix.
func describe(game string, err error) (own bool, rule, message string) {
	var e *apiErr
	if errors.As(err, &e) {
		return true, serverErrors[e.rule], e.message()
	}
	if name := cardrules.Rule(err); name != "" && game != "" {
		rule = game + "." + name
	}
	return false, rule, strings.TrimPrefix(err.Error(), game+": ")
}
