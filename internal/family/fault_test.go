package family

import (
	"errors"
	"github.com/cardrules/cardrules"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// Every code has a sentinel and its own message: one line, the package
// prefix once, never the fallback.
func TestFaultMessages(t *testing.T) {
	seen := map[string]Code{}
	for code := Code(1); code < numCodes; code++ {
		f := Fault{Code: code, Sub: GoOutCanastas, Rank: card.Six, Card: card.New(card.Three, card.Spades), N: [4]int32{1, 2, 3, 4}}
		var cause error
		if code == MeldRule || code == UpcardNoFit {
			cause = errors.New("meld: the cause")
		}
		err := f.err("pkgx", &Action{Kind: Meld, Rank: card.Six, Nat: [4]uint8{2}}, cause)
		if err == nil {
			t.Fatalf("code %d: no error", code)
		}
		msg := err.Error()
		if f.Sentinel() == nil || !errors.Is(err, f.Sentinel()) {
			t.Errorf("code %d: %q does not wrap a sentinel", code, msg)
		}
		if !strings.HasPrefix(msg, "pkgx: ") || strings.Count(msg, "pkgx:") != 1 || strings.ContainsAny(msg, "\n\r") {
			t.Errorf("code %d: %q is not one line with the prefix once", code, msg)
		}
		if strings.Contains(msg, "code ") {
			t.Errorf("code %d has no message of its own: %q", code, msg)
		}
		if prev, ok := seen[msg]; ok {
			t.Errorf("codes %d and %d share the message %q", prev, code, msg)
		}
		seen[msg] = code
	}
	if (Fault{}).Err("pkgx") != nil || !(Fault{}).OK() {
		t.Error("the zero Fault is an error")
	}
	if msg := (Fault{Code: TwoRanks, Rank: card.Six, Card: card.New(card.Ace, card.Clubs)}).Err("pkgx").Error(); !strings.Contains(msg, "sixes and aces") {
		t.Errorf("plural rank names: %q", msg)
	}
}

// The text form of every well-formed action reads back to it, and every
// constructor refuses what no action can carry.
func TestActionText(t *testing.T) {
	all := KindsOf(Draw, Take, Meld, Add, LayRed, Ask, TakeBack, Discard, Answer, Choose, Next)
	must := func(a Action, f Fault) Action {
		t.Helper()
		if !f.OK() {
			t.Fatalf("constructor: %v", f.Err("pkgx"))
		}
		return a
	}
	nine := Ref{Rank: card.Nine, Index: 1}
	for _, a := range []Action{
		{Kind: Draw}, {Kind: Take}, must(NewTakeTo(0)), must(NewTakeTo(254)),
		must(NewMeld(card.MustParseCards("7H 7D 2C JK"), false)), must(NewAdd(nine, card.MustParseCards("2S"), false)),
		must(NewLayRed(card.MustParse("3D"), nine)), {Kind: Ask}, {Kind: TakeBack}, must(NewDiscard(card.Joker)),
		NewAnswer(true), NewAnswer(false), must(NewChoose(2)), {Kind: Next},
	} {
		if !a.WellFormed() {
			t.Errorf("%+v is not well formed", a)
		}
		text := string(a.AppendText(nil))
		back, err := Parse("game", all, false, text)
		if err != nil || back != a {
			t.Errorf("%q reads back as %+v, %v; want %+v", text, back, err, a)
		}
	}
	for _, f := range []Fault{
		func() Fault { _, f := NewTakeTo(-1); return f }(),
		func() Fault { _, f := NewTakeTo(255); return f }(),
		func() Fault { _, f := NewMeld(nil, false); return f }(),
		func() Fault { _, f := NewMeld(card.MustParseCards("2C JK"), false); return f }(),
		func() Fault { _, f := NewMeld(card.MustParseCards("7C 8C"), false); return f }(),
		func() Fault { _, f := NewMeld(card.MustParseCards("3C 3S"), false); return f }(),
		func() Fault { _, f := NewAdd(Ref{Rank: card.Three}, card.MustParseCards("2C"), false); return f }(),
		func() Fault {
			_, f := NewAdd(Ref{Rank: card.Nine, Index: -1}, card.MustParseCards("2C"), false)
			return f
		}(),
		func() Fault { _, f := NewLayRed(card.MustParse("3C"), nine); return f }(),
		func() Fault { _, f := NewDiscard(0); return f }(),
		func() Fault { _, f := NewChoose(3); return f }(),
	} {
		if f.OK() {
			t.Errorf("a constructor accepted what no action carries")
		}
	}
	if _, err := Parse("game", KindsOf(Draw), false, "lay 3H on 9"); !errors.Is(err, cardrules.ErrMalformed) {
		t.Errorf("a kind the game does not know: %v", err)
	}
	long := "meld " + strings.Repeat("X", 1<<20)
	if _, err := Parse("game", all, false, long); err == nil || len(err.Error()) > 300 {
		t.Errorf("a huge bad input makes a message of %d bytes", len(err.Error()))
	}
}
