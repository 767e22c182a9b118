package handfoot

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// actionTextSeeds are good, lenient and bad action texts for the fuzz corpora.
var actionTextSeeds = []string{
	"draw", "take", "take to #1", "take to #2", "take to #255", "take to 3", "TAKE ONTO #01",
	"meld 7C 7H 2S JK", "add 9S 2C to 9", "add 9S to 9#2", "lay 3H on 9", "lay 3D on 9#2",
	"ask", "back", "yes", "no", "packet 1", "packet 2", "next", "discard KH",
	"DRAW", "Meld 7h 7d 2c", "meld 7H,7D, 2C", "meld th Q♦", "take back", "takeback", "undo",
	"y", "n", "add 9s to 9#1", "take  on\t#02", "  draw\t",
	"", "dance", "invalid", "meld", "meld 7H 8H 9H", "meld 3H 3D 3C", "add 9S to", "add 9S to 3",
	"add 2C to 2", "take 7 to 8", "take 7 new", "take 7 to 7", "take new", "take to", "take to #0",
	"take to #256", "take to x", "take to #1 now", "discard", "discard 1X", "packet 3", "lay 7H on 9",
	"yes please", "draw 2", "add 9S to 9#256", "add 9S to 9#0", "take 7 to 7#", "\xff", "meld 7H 7\xe2\x99",
}

func FuzzParseAction(f *testing.F) {
	for _, s := range actionTextSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			why := errPrefixShape(err, nil)
			if why == "" && !(errors.Is(err, ErrMalformed) || errors.Is(err, ErrMeld) || errors.Is(err, ErrNoMeld)) {
				why = "not a rejection for ErrMalformed, ErrMeld or ErrNoMeld"
			}
			if a != (Action{}) || why != "" {
				t.Fatalf("ParseAction(%q) = %#v, %v (%T): want the zero Action and an error of the package: %s", s, a, err, err, why)
			}
			return
		}
		if !a.f.WellFormed() {
			t.Fatalf("ParseAction(%q) = %#v, which is not well-formed", s, a)
		}
		canon := a.String()
		back, err := ParseAction(canon)
		if err != nil || back != a {
			t.Fatalf("ParseAction(%q) = %#v, but its String %q parses to %#v, %v", s, a, canon, back, err)
		}
		if again := back.String(); again != canon {
			t.Fatalf("ParseAction(%q): String %q, then %q", s, canon, again)
		}
		var u Action
		if err := u.UnmarshalText([]byte(s)); err != nil || u != a {
			t.Fatalf("UnmarshalText(%q) = %#v, %v; ParseAction gave %#v", s, u, err, a)
		}
	})
}

func FuzzActionJSON(f *testing.F) {
	for _, s := range actionTextSeeds {
		q, _ := json.Marshal(s)
		f.Add(q)
	}
	for _, s := range []string{`null`, ` null `, `7`, `{}`, `[]`, `"dr\u0061w"`, `"draw`, `true`, `"\ud800"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var a Action
		if err := json.Unmarshal(data, &a); err != nil {
			if a != (Action{}) {
				t.Fatalf("json.Unmarshal(%q) failed (%v) but set %#v", data, err, a)
			}
			return
		}
		if a == (Action{}) {
			// Only JSON null leaves the value alone.
			if !bytes.Equal(bytes.Trim(data, " \t\r\n"), []byte("null")) {
				t.Fatalf("json.Unmarshal(%q) accepted the zero Action", data)
			}
			return
		}
		if !a.f.WellFormed() {
			t.Fatalf("json.Unmarshal(%q) = %#v, which is not well-formed", data, a)
		}
		out, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("json.Unmarshal(%q) = %v, which does not marshal: %v", data, a, err)
		}
		var back Action
		if err := json.Unmarshal(out, &back); err != nil || back != a {
			t.Fatalf("json.Unmarshal(%q) = %#v; marshaled %s decodes to %#v, %v", data, a, out, back, err)
		}
		if want, _ := json.Marshal(a.String()); !bytes.Equal(out, want) {
			t.Fatalf("json.Marshal(%v) = %s, want %s", a, out, want)
		}
	})
}
