package conform

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// The checks below are the round trips every game's fuzz targets make,
// written once.

// ActionText checks an action a game's ParseAction read from s: its text
// parses back to the same action, and its JSON reads back to it.
func ActionText[A interface {
	comparable
	fmt.Stringer
}](t testing.TB, s string, a A, parse func(string) (A, error)) {
	t.Helper()
	back, err := parse(a.String())
	if err != nil || back != a {
		t.Fatalf("%q -> %q -> %v, %v", s, a, back, err)
	}
	j, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var b A
	if err := json.Unmarshal(j, &b); err != nil || b != a {
		t.Fatalf("%q: JSON %s -> %v, %v", s, j, b, err)
	}
}

// Refused checks an error a game returned for bad input wraps one of
// rules.
func Refused(t testing.TB, input any, err error, rules ...error) {
	t.Helper()
	for _, r := range rules {
		if errors.Is(err, r) {
			return
		}
	}
	t.Fatalf("%q: %v wraps none of the sentinels %v", input, err, rules)
}

// StateJSON reads data as a game's State s, as a fuzz target does: it
// returns false when the JSON is refused, with rule or JSON's own syntax
// error (which comes first); a State read must write JSON that reads back
// to an equal State.
func StateJSON[S any](t testing.TB, data []byte, s *S, rule error, equal func(a, b S) bool) bool {
	t.Helper()
	if err := json.Unmarshal(data, s); err != nil {
		var syntax *json.SyntaxError
		if !errors.Is(err, rule) && !errors.As(err, &syntax) {
			t.Fatalf("%v wraps no %v", err, rule)
		}
		return false
	}
	j, err := json.Marshal(*s)
	if err != nil {
		t.Fatal(err)
	}
	var back S
	if err := json.Unmarshal(j, &back); err != nil || !equal(back, *s) {
		t.Fatalf("the State read writes JSON that reads back to another: %v", err)
	}
	return true
}

// Largest returns the largest n from 0 to math.MaxInt that ok accepts,
// found by bisection, where ok accepts every number up to some bound and
// none above it (and accepts 0): the largest Seq a FromPosition accepts,
// say.
func Largest(ok func(n int) bool) int {
	lo, hi := 0, math.MaxInt // lo accepted
	for lo < hi {
		mid := lo + (hi-lo)/2 + 1
		if ok(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// NothingDropped checks that the JSON of s reads back, and that the JSON
// with what its fields cannot hold is refused with an error wrapping rule
// rather than read with the excess dropped: an unknown field, and the
// value extra (JSON) after the last of array, a field filled by a
// fixed-size Go array (the seats' names, say), which encoding/json alone
// would drop.
func NothingDropped[S any](t testing.TB, s S, rule error, array, extra string) {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, new(S)); err != nil {
		t.Fatalf("the JSON of a State: %v", err)
	}
	text := string(data)
	at := strings.Index(text, `"`+array+`":[`)
	end := strings.Index(text[max(at, 0):], "]")
	if at < 0 || end < 0 {
		t.Fatalf("no %s in %s", array, text)
	}
	end += at
	for what, bad := range map[string]string{
		"an unknown field":                 strings.Replace(text, "{", `{"Extra":1,`, 1),
		"a value past the end of " + array: text[:end] + "," + extra + text[end:],
	} {
		if err := json.Unmarshal([]byte(bad), new(S)); !errors.Is(err, rule) {
			t.Errorf("%s: %v, want an error wrapping %v", what, err, rule)
		}
	}
}
