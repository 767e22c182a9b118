package handfoot

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/errs"
	"github.com/cardrules/cardrules/internal/family"
	"pgregory.net/rapid"
)

// textCards parses card notation for the text tests.
func textCards(s string) []card.Card { return card.MustParseCards(s) }

// textMeld and textAdd build actions for the text tests, failing on error.
func textMeld(t *testing.T, cs string) Action {
	t.Helper()
	a, err := Meld(textCards(cs)...)
	if err != nil {
		t.Fatalf("Meld(%s): %v", cs, err)
	}
	return a
}

func textAdd(t *testing.T, ref Ref, cs string) Action {
	t.Helper()
	a, err := Add(ref, textCards(cs)...)
	if err != nil {
		t.Fatalf("Add(%v, %s): %v", ref, cs, err)
	}
	return a
}

func TestActionStringCanonical(t *testing.T) {
	c := card.MustParse
	tests := []struct {
		a    Action
		want string
	}{
		{Draw(), "draw"},
		{Take(), "take"},
		{must(TakeTo(0)), "take to #1"},
		{must(TakeTo(1)), "take to #2"},
		{must(TakeTo(2)), "take to #3"},
		{must(TakeTo(254)), "take to #255"},
		{must(TakeToMeld(Ref{card.Nine, 0})), "take to 9#1"},
		{must(TakeToMeld(Ref{card.King, 1})), "take to K#2"},
		{must(TakeToMeld(Ref{card.Ten, 254})), "take to 10#255"},
		{textMeld(t, "7H JK 2S 7C"), "meld 7C 7H 2S JK"},
		{textMeld(t, "AS AD AS"), "meld AD AS AS"},
		{textMeld(t, "10H 10C 10D"), "meld 10C 10D 10H"},
		{textMeld(t, "JK KS 2D 2C KS JK KH"), "meld KH KS KS 2C 2D JK JK"},
		{textAdd(t, Ref{card.Nine, 0}, "2C 9S"), "add 9S 2C to 9"},
		{textAdd(t, Ref{card.Nine, 1}, "9S"), "add 9S to 9#2"},
		{textAdd(t, Ref{card.King, 0}, "JK"), "add JK to K"},
		{textAdd(t, Ref{card.Queen, 3}, "2H 2H"), "add 2H 2H to Q#4"},
		{must(LayRed(c("3H"), Ref{card.Nine, 0})), "lay 3H on 9"},
		{must(LayRed(c("3D"), Ref{card.Nine, 1})), "lay 3D on 9#2"},
		{Ask(), "ask"},
		{TakeBack(), "back"},
		{Answer(true), "yes"},
		{Answer(false), "no"},
		{must(Choose(0)), "packet 1"},
		{must(Choose(1)), "packet 2"},
		{Next(), "next"},
		{must(Discard(c("KH"))), "discard KH"},
		{must(Discard(c("10S"))), "discard 10S"},
		{must(Discard(card.Joker)), "discard JK"},
		{must(Discard(c("3C"))), "discard 3C"},
	}
	seen := map[Kind]bool{}
	for _, tt := range tests {
		if !tt.a.f.WellFormed() {
			t.Fatalf("test action for %q is not well-formed: %#v", tt.want, tt.a)
		}
		seen[tt.a.Kind()] = true
		if got := tt.a.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.a, got, tt.want)
		}
		got, err := ParseAction(tt.want)
		if err != nil || got != tt.a {
			t.Errorf("ParseAction(%q) = %#v, %v; want %#v", tt.want, got, err, tt.a)
		}
		text, err := tt.a.MarshalText()
		if err != nil || string(text) != tt.want {
			t.Errorf("%v.MarshalText() = %q, %v", tt.a, text, err)
		}
		b, err := tt.a.AppendText([]byte("x:"))
		if err != nil || string(b) != "x:"+tt.want {
			t.Errorf("%v.AppendText(x:) = %q, %v", tt.a, b, err)
		}
	}
	for k := KindDraw; k <= KindNext; k++ {
		if !seen[k] {
			t.Errorf("no test of kind %v", k)
		}
	}
}

func TestActionStringInvalid(t *testing.T) {
	c := card.MustParse
	for _, a := range []Action{
		{},
		// The values the constructors refuse to build (TestConstructorErrors).
		{family.Action{Kind: family.Choose, Target: 3}},
		{family.Action{Kind: family.Choose}},
		{family.Action{Kind: family.Take, Rank: card.Seven}},
		{family.Action{Kind: family.Take, Rank: card.Two, Target: 1}},
		{family.Action{Kind: family.Take, Rank: card.Seven, Target: 1, Card: card.Joker}},
		{family.Action{Kind: family.LayRed, Card: c("3C"), Rank: card.Nine, Target: 1}},
		{family.Action{Kind: family.LayRed, Card: c("3H"), Rank: card.Nine}},
		{family.Action{Kind: family.LayRed, Card: c("3H"), Rank: card.Three, Target: 1}},
		{family.Action{Kind: family.Discard}},
		{family.Action{Kind: family.Discard, Card: 54}},
		{family.Action{Kind: family.Draw, Rank: card.Five}},
		{family.Action{Kind: family.Meld, Rank: card.Three, Nat: [4]uint8{1, 1, 1}}},
		{family.Action{Kind: family.Meld, Rank: card.Seven, Twos: [4]uint8{1, 1, 1}}},
		{family.Action{Kind: family.Add, Rank: card.Nine, Nat: [4]uint8{1}}},
		{family.Action{Kind: family.Add, Rank: card.Nine, Target: 1}},
		{family.Action{Kind: family.Answer, Target: 2}},
		{family.Action{Kind: family.Next + 1}},
		{family.Action{Kind: 255}},
	} {
		if got := a.String(); got != "invalid" {
			t.Errorf("%#v.String() = %q, want invalid", a, got)
		}
		text, err := a.MarshalText()
		if !errors.Is(err, ErrMalformed) || text != nil {
			t.Errorf("%#v.MarshalText() = %q, %v; want an error wrapping ErrMalformed", a, text, err)
		}
		b, err := a.AppendText([]byte("keep"))
		if !errors.Is(err, ErrMalformed) || string(b) != "keep" {
			t.Errorf("%#v.AppendText(keep) = %q, %v; want keep and ErrMalformed", a, b, err)
		}
	}
	if _, err := (Action{}).MarshalText(); err == nil || err.Error() != "handfoot: not a well-formed action: the zero Action has no text form" {
		t.Errorf("zero MarshalText error = %v", err)
	}
	if _, err := (Action{family.Action{Kind: family.Draw, Rank: 5}}).MarshalText(); err == nil || err.Error() != "handfoot: not a well-formed action: a forged draw action has no text form" {
		t.Errorf("forged MarshalText error = %v", err)
	}
	// An unknown kind has no verb to name: the message gives its number.
	if _, err := (Action{family.Action{Kind: 12}}).MarshalText(); err == nil || err.Error() != "handfoot: not a well-formed action: an action of unknown kind 12 has no text form" {
		t.Errorf("unknown kind MarshalText error = %v", err)
	}
	if _, err := ParseAction("invalid"); !errors.Is(err, ErrMalformed) {
		t.Errorf(`ParseAction("invalid") error = %v, want ErrMalformed`, err)
	}
}

// TestConstructorErrors checks that a constructor given arguments no action
// can carry returns the zero Action and an error of the package for the
// rule, and never an action Apply would have to reject as malformed.
func TestConstructorErrors(t *testing.T) {
	c := card.MustParse
	many := make([]card.Card, 256)
	for i := range many {
		many[i] = c("7H")
	}
	tests := []struct {
		name string
		a    Action
		err  error
		rule error
	}{
		{"TakeTo(-1)", fst(TakeTo(-1)), snd(TakeTo(-1)), ErrMalformed},
		{"TakeTo(255)", fst(TakeTo(255)), snd(TakeTo(255)), ErrMalformed},
		{"TakeTo(MaxInt)", fst(TakeTo(math.MaxInt)), snd(TakeTo(math.MaxInt)), ErrMalformed},
		{"Meld()", fst(Meld()), snd(Meld()), ErrMalformed},
		{"Meld(0)", fst(Meld(0)), snd(Meld(0)), ErrMalformed},
		{"Meld(7H 8H 9H)", fst(Meld(textCards("7H 8H 9H")...)), snd(Meld(textCards("7H 8H 9H")...)), ErrMeld},
		{"Meld(3H 3D 3C)", fst(Meld(textCards("3H 3D 3C")...)), snd(Meld(textCards("3H 3D 3C")...)), ErrMeld},
		{"Meld(2C 2D JK)", fst(Meld(textCards("2C 2D JK")...)), snd(Meld(textCards("2C 2D JK")...)), ErrMeld},
		{"Meld(256 x 7H)", fst(Meld(many...)), snd(Meld(many...)), ErrMalformed},
		{"Add(9#0)", fst(Add(Ref{card.Nine, -1}, c("9S"))), snd(Add(Ref{card.Nine, -1}, c("9S"))), ErrMalformed},
		{"Add(9#256)", fst(Add(Ref{card.Nine, 255}, c("9S"))), snd(Add(Ref{card.Nine, 255}, c("9S"))), ErrMalformed},
		{"Add(9) of no cards", fst(Add(Ref{card.Nine, 0})), snd(Add(Ref{card.Nine, 0})), ErrMalformed},
		{"Add(9) of 8S", fst(Add(Ref{card.Nine, 0}, c("8S"))), snd(Add(Ref{card.Nine, 0}, c("8S"))), ErrMeld},
		{"Add(3)", fst(Add(Ref{card.Three, 0}, c("3C"))), snd(Add(Ref{card.Three, 0}, c("3C"))), ErrNoMeld},
		{"Add(2)", fst(Add(Ref{card.Two, 0}, c("2C"))), snd(Add(Ref{card.Two, 0}, c("2C"))), ErrNoMeld},
		{"Add(zero rank)", fst(Add(Ref{}, c("9S"))), snd(Add(Ref{}, c("9S"))), ErrNoMeld},
		{"LayRed(3C)", fst(LayRed(c("3C"), Ref{card.Nine, 0})), snd(LayRed(c("3C"), Ref{card.Nine, 0})), ErrMalformed},
		{"LayRed(9H)", fst(LayRed(c("9H"), Ref{card.Nine, 0})), snd(LayRed(c("9H"), Ref{card.Nine, 0})), ErrMalformed},
		{"LayRed(9#0)", fst(LayRed(c("3H"), Ref{card.Nine, -1})), snd(LayRed(c("3H"), Ref{card.Nine, -1})), ErrMalformed},
		{"LayRed(on 3)", fst(LayRed(c("3H"), Ref{card.Three, 0})), snd(LayRed(c("3H"), Ref{card.Three, 0})), ErrNoMeld},
		{"Discard(0)", fst(Discard(0)), snd(Discard(0)), ErrMalformed},
		{"Discard(54)", fst(Discard(54)), snd(Discard(54)), ErrMalformed},
		{"Choose(2)", fst(Choose(2)), snd(Choose(2)), ErrMalformed},
		{"Choose(3)", fst(Choose(3)), snd(Choose(3)), ErrMalformed},
		{"Choose(-1)", fst(Choose(-1)), snd(Choose(-1)), ErrMalformed},
	}
	for _, tt := range tests {
		if tt.a != (Action{}) {
			t.Errorf("%s = %#v with its error, want the zero Action", tt.name, tt.a)
		}
		if why := errShape(tt.err, tt.rule); why != "" {
			t.Errorf("%s: error %v: %s", tt.name, tt.err, why)
		}
	}
	// A rejection reads as the rule and what was wrong, in a player's words.
	for _, tt := range []struct {
		err  error
		want string
	}{
		{snd(TakeTo(-1)), "handfoot: not a well-formed action: no meld number 0: the melds of a rank are numbered 1 to 255"},
		{snd(Choose(2)), "handfoot: not a well-formed action: no packet 3: packet 1 or packet 2"},
		{snd(LayRed(c("9H"), Ref{card.Nine, 0})), "handfoot: not a well-formed action: only a red three is laid on a meld, not 9H"},
		{snd(Meld(textCards("7H 8H")...)), "handfoot: that breaks a meld rule: a meld holds one rank, not sevens and eights"},
		{snd(Meld(textCards("6H 8H")...)), "handfoot: that breaks a meld rule: a meld holds one rank, not sixes and eights"},
	} {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("error\n got %v\nwant %s", tt.err, tt.want)
		}
	}
	// The edges that do build.
	for _, a := range []Action{must(TakeTo(0)), must(TakeTo(254)), must(Add(Ref{card.Nine, 254}, c("2C"))), must(Meld(many[:255]...))} {
		if !a.f.WellFormed() {
			t.Errorf("%#v is not well-formed", a)
		}
	}
}

// fst and snd split a constructor's results for tables.
func fst(a Action, _ error) Action  { return a }
func snd(_ Action, err error) error { return err }

func TestParseActionLenient(t *testing.T) {
	c := card.MustParse
	tests := []struct {
		in   string
		want Action
	}{
		{"DRAW", Draw()},
		{"  draw\t", Draw()},
		{"\u00a0Draw\n", Draw()},
		{"Meld 7h 7d 2c", textMeld(t, "7H 7D 2C")},
		{"meld 7H,7D, 2C", textMeld(t, "7H 7D 2C")},
		{"meld   7h ,  7d,2c,", textMeld(t, "7H 7D 2C")},
		{"MELD th TD 10h", textMeld(t, "10H 10D 10H")},
		{"meld 10c, Tc t♥", textMeld(t, "10C 10C 10H")},
		{"meld Q♦ q♥ QS jk", textMeld(t, "QD QH QS JK")},
		{"meld 2C 7H 7D", textMeld(t, "7H 7D 2C")},
		{"add 9s, 2c to 9#1", textAdd(t, Ref{card.Nine, 0}, "9S 2C")},
		{"ADD 9S TO 9#2", textAdd(t, Ref{card.Nine, 1}, "9S")},
		{"add 9S on 9", textAdd(t, Ref{card.Nine, 0}, "9S")},
		{"add jk onto k", textAdd(t, Ref{card.King, 0}, "JK")},
		{"add tc to 10#02", textAdd(t, Ref{card.Ten, 1}, "10C")},
		{"take to #2", must(TakeTo(1))},
		{"take to 2", must(TakeTo(1))},
		{"TAKE", Take()},
		{" take\t", Take()},
		{"TAKE TO #1", must(TakeTo(0))},
		{"take on 1", must(TakeTo(0))},
		{"Take onto #01", must(TakeTo(0))},
		{"take  to\t#255", must(TakeTo(254))},
		{"lay 3h on 9#1", must(LayRed(c("3H"), Ref{card.Nine, 0}))},
		{"Lay 3♦ to j#3", must(LayRed(c("3D"), Ref{card.Jack, 2}))},
		{"discard kh", must(Discard(c("KH")))},
		{"discard K♥", must(Discard(c("KH")))},
		{"Discard\tJK", must(Discard(card.Joker))},
		{"take back", TakeBack()},
		{"Take  BACK", TakeBack()},
		{"takeback", TakeBack()},
		{"TakeBack", TakeBack()},
		{"undo", TakeBack()},
		{"y", Answer(true)},
		{"Y", Answer(true)},
		{"YES", Answer(true)},
		{"n", Answer(false)},
		{"No", Answer(false)},
		{"PACKET 1", must(Choose(0))},
		{"packet  2", must(Choose(1))},
		{"Next", Next()},
		{"ASK", Ask()},
	}
	for _, tt := range tests {
		got, err := ParseAction(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseAction(%q) = %#v, %v; want %v", tt.in, got, err, tt.want)
			continue
		}
		canon := got.String()
		if again, err := ParseAction(canon); err != nil || again != got {
			t.Errorf("ParseAction(%q) = %v, whose String %q parses to %#v, %v", tt.in, got, canon, again, err)
		}
	}
}

func TestParseActionRejects(t *testing.T) {
	tests := []struct {
		in   string
		rule error
	}{
		{"", ErrMalformed},
		{"   \t ", ErrMalformed},
		{"dance", ErrMalformed},
		{"invalid", ErrMalformed},
		{"answer", ErrMalformed},
		{"draw 2", ErrMalformed},
		{"draw draw", ErrMalformed},
		{"yes please", ErrMalformed},
		{"no thanks", ErrMalformed},
		{"ask now", ErrMalformed},
		{"back 2", ErrMalformed},
		{"take back now", ErrMalformed},
		{"next round", ErrMalformed},
		{"meld", ErrMalformed},
		{"meld , ,", ErrMalformed},
		{"meld 7H 8H 9H", ErrMeld},
		{"meld 3H 3D 3C", ErrMeld},
		{"meld 7H 7D 3C", ErrMeld},
		{"meld 2C 2D JK", ErrMeld},
		{"meld 7H 1X", ErrMalformed},
		{"meld 7H to 7", ErrMalformed},
		{"add 9S to", ErrMalformed},
		{"add 9S 9", ErrMalformed},
		{"add to 9", ErrMalformed},
		{"add", ErrMalformed},
		{"add 9S to 3", ErrNoMeld},
		{"add 2C to 3", ErrNoMeld},
		{"add 2C to 2", ErrNoMeld},
		{"add 9S to 8", ErrMeld},
		{"add 3H to 9", ErrMeld},
		{"add 9S to 9 9", ErrMalformed},
		{"add 9S to 9#0", ErrMalformed},
		{"add 9S to 9#256", ErrMalformed},
		{"add 9S to 9#", ErrMalformed},
		{"add 9S to 9#x", ErrMalformed},
		{"add 9S to 9#-1", ErrMalformed},
		{"add 9S to 9#99999999999999999999999", ErrMalformed},
		{"add 9X to 9", ErrMalformed},
		{"take 7", ErrMalformed},
		{"take new", ErrMalformed},
		{"take 7 new", ErrMalformed},
		{"take 7 to 7", ErrMalformed},
		{"take 7 to 7#2", ErrMalformed},
		{"take to", ErrMalformed},
		{"take to #0", ErrMalformed},
		{"take to 0", ErrMalformed},
		{"take to #256", ErrMalformed},
		{"take to #99999999999999999999999", ErrMalformed},
		{"take to x", ErrMalformed},
		{"take to #", ErrMalformed},
		{"take to ##1", ErrMalformed},
		{"take to #-1", ErrMalformed},
		{"take to 2#1", ErrNoMeld},
		{"take to 7#0", ErrMalformed},
		{"take to #1 now", ErrMalformed},
		{"take over #1", ErrMalformed},
		{"take #1", ErrMalformed},
		{"take now", ErrMalformed},
		{"discard", ErrMalformed},
		{"discard 1X", ErrMalformed},
		{"discard KH QH", ErrMalformed},
		{"discard KH,", ErrMalformed},
		{"packet", ErrMalformed},
		{"packet 3", ErrMalformed},
		{"packet 0", ErrMalformed},
		// The packet is "1" or "2" as written, as before the engine moved to
		// internal/family, which reads it with parseNumber ("01", "002").
		{"packet 01", ErrMalformed},
		{"packet 002", ErrMalformed},
		{"packet 1 2", ErrMalformed},
		{"lay", ErrMalformed},
		{"lay 7H on 9", ErrMalformed},
		{"lay 3C on 9", ErrMalformed},
		{"lay 3H", ErrMalformed},
		{"lay 3H on", ErrMalformed},
		{"lay 3H 9", ErrMalformed},
		{"lay 3H on 9 now", ErrMalformed},
		{"lay 3H on 9#0", ErrMalformed},
		{"lay 3X on 9", ErrMalformed},
		{"draw\x00", ErrMalformed},
		{"\xff", ErrMalformed},
	}
	for _, tt := range tests {
		a, err := ParseAction(tt.in)
		if err == nil {
			t.Errorf("ParseAction(%q) = %v, want an error", tt.in, a)
			continue
		}
		if a != (Action{}) {
			t.Errorf("ParseAction(%q) returned %#v with its error", tt.in, a)
		}
		if why := errShape(err, tt.rule); why != "" {
			t.Errorf("ParseAction(%q) error = %v (%T), want an error for %v: %s", tt.in, err, err, tt.rule, why)
			continue
		}
		if !strings.Contains(err.Error(), errs.Quote(tt.in)) {
			t.Errorf("ParseAction(%q) error %q does not quote the input", tt.in, err)
		}
		for _, other := range []error{ErrMalformed, ErrMeld, ErrNoMeld} {
			if other != tt.rule && errors.Is(err, other) {
				t.Errorf("ParseAction(%q) error %v also wraps %v", tt.in, err, other)
			}
		}
	}
}

func TestParseActionErrorText(t *testing.T) {
	const hint = " (try draw, take, meld, add, lay, discard, back, ask, yes, no, packet, next)"
	tests := []struct{ in, want string }{
		{"dance", `handfoot: not a well-formed action: "dance": unknown action "dance"` + hint},
		{"", `handfoot: not a well-formed action: "": no action` + hint},
		{"meld 3H 3D 3C", `handfoot: that breaks a meld rule: "meld 3H 3D 3C": threes are never melded`},
		{"meld 7H 8H 9H", `handfoot: that breaks a meld rule: "meld 7H 8H 9H": a meld holds one rank, not sevens and eights`},
		{"meld 6H 6D 9H", `handfoot: that breaks a meld rule: "meld 6H 6D 9H": a meld holds one rank, not sixes and nines`},
		{"take 7 to 8", `handfoot: not a well-formed action: "take 7 to 8": unexpected "7" after take: "take" for a new meld with your pair, "take to #1" onto your side's first meld of the upcard's rank, or "take to 9#1" to put a wild upcard on your side's first meld of nines`},
		{"take new", `handfoot: not a well-formed action: "take new": unexpected "new" after take: "take" for a new meld with your pair, "take to #1" onto your side's first meld of the upcard's rank, or "take to 9#1" to put a wild upcard on your side's first meld of nines`},
		{"take to", `handfoot: not a well-formed action: "take to": take needs a meld number after "to": "take" for a new meld with your pair, "take to #1" onto your side's first meld of the upcard's rank, or "take to 9#1" to put a wild upcard on your side's first meld of nines`},
		{"take to x", `handfoot: not a well-formed action: "take to x": not a meld: "x" (name a meld by its rank, as in 9, or 9#2 for the second meld of nines): "take" for a new meld with your pair, "take to #1" onto your side's first meld of the upcard's rank, or "take to 9#1" to put a wild upcard on your side's first meld of nines`},
		{"take to #0", `handfoot: not a well-formed action: "take to #0": no meld number "#0": the melds of a rank are numbered 1 to 255`},
		{"take to #256", `handfoot: not a well-formed action: "take to #256": no meld number "#256": the melds of a rank are numbered 1 to 255`},
		{"take to #1 now", `handfoot: not a well-formed action: "take to #1 now": unexpected "now" after "take to #1"`},
		{"discard 1X", `handfoot: not a well-formed action: "discard 1X": invalid card notation: "1X": unknown suit "X"`},
		{"meld 7H, 1X", `handfoot: not a well-formed action: "meld 7H, 1X": invalid card notation: "1X" (card 2 of the list): unknown suit "X"`},
		{"packet 3", `handfoot: not a well-formed action: "packet 3": no packet "3": "packet 1" or "packet 2"`},
		{"Yes please", `handfoot: not a well-formed action: "Yes please": unexpected "please" after "Yes"`},
		{"take back now", `handfoot: not a well-formed action: "take back now": unexpected "now" after "take back"`},
		{"lay 7H on 9", `handfoot: not a well-formed action: "lay 7H on 9": only a red three is laid on a meld, not 7H`},
		{"add 9S to 3", `handfoot: your side has no such meld: "add 9S to 3": 3 cannot be a meld's rank: twos are wild and threes are never melded`},
		{"add 9S to 9#0", `handfoot: not a well-formed action: "add 9S to 9#0": no meld "9#0": the melds of a rank are numbered 1 to 255`},
		{"add 9S to", `handfoot: not a well-formed action: "add 9S to": add needs a meld after "to": "add 9S 2C to 9"`},
	}
	for _, tt := range tests {
		_, err := ParseAction(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseAction(%q) error\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
	// A bad card's error also wraps the card package's error.
	if _, err := ParseAction("discard 1X"); !errors.Is(err, card.ErrSyntax) {
		t.Errorf(`ParseAction("discard 1X") error %v does not wrap card.ErrSyntax`, err)
	}
}

func TestRefText(t *testing.T) {
	strs := []struct {
		r    Ref
		want string
	}{
		{Ref{card.Nine, 0}, "9"},
		{Ref{card.Nine, 1}, "9#2"},
		{Ref{card.Ten, 2}, "10#3"},
		{Ref{card.Ace, 0}, "A"},
		{Ref{card.King, 254}, "K#255"},
		{Ref{card.Nine, 255}, "invalid"},
		{Ref{card.Three, 0}, "3"},
		{Ref{card.Nine, -1}, "invalid"},
		{Ref{card.Nine, -2}, "invalid"},
		{Ref{}, "invalid"},
		{Ref{Rank: 14}, "invalid"},
	}
	for _, tt := range strs {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.r, got, tt.want)
		}
	}
	parses := []struct {
		in   string
		want Ref
	}{
		{"9", Ref{card.Nine, 0}},
		{"9#1", Ref{card.Nine, 0}},
		{"9#2", Ref{card.Nine, 1}},
		{"10#3", Ref{card.Ten, 2}},
		{"t#3", Ref{card.Ten, 2}},
		{"T", Ref{card.Ten, 0}},
		{"q", Ref{card.Queen, 0}},
		{"a#255", Ref{card.Ace, 254}},
		{"K#007", Ref{card.King, 6}},
		{" 3 ", Ref{card.Three, 0}},
	}
	for _, tt := range parses {
		got, err := ParseRef(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseRef(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "#2", "9#", "9#0", "9#256", "9#-1", "9#+2", "9#2#3", "9 #2", "1", "11", "0", "JK", "9H", "X", "9#1x", "nine"} {
		got, err := ParseRef(in)
		if err == nil || !errors.Is(err, ErrMalformed) || got != (Ref{}) {
			t.Errorf("ParseRef(%q) = %v, %v; want an error wrapping ErrMalformed", in, got, err)
		}
	}
	if _, err := ParseRef("9#x"); err == nil || err.Error() != `handfoot: not a well-formed action: not a meld: "9#x" (name a meld by its rank, as in 9, or 9#2 for the second meld of nines)` {
		t.Errorf(`ParseRef("9#x") error = %v`, err)
	}
	for r := card.Ace; r <= card.King; r++ {
		for _, index := range []int{0, 1, 2, 9, 253, 254} {
			ref := Ref{r, index}
			if got, err := ParseRef(ref.String()); err != nil || got != ref {
				t.Errorf("ParseRef(%q) = %v, %v; want %#v", ref.String(), got, err, ref)
			}
		}
	}
}

func TestActionJSON(t *testing.T) {
	type record struct {
		Move    Action   `json:"move"`
		History []Action `json:"history"`
	}
	in := record{
		Move:    textMeld(t, "7H JK 2S 7C"),
		History: []Action{Draw(), must(TakeTo(1)), Answer(true), must(Discard(card.MustParse("10S")))},
	}
	in.History = append(in.History, Take())
	const want = `{"move":"meld 7C 7H 2S JK","history":["draw","take to #2","yes","discard 10S","take"]}`
	out, err := json.Marshal(in)
	if err != nil || string(out) != want {
		t.Fatalf("json.Marshal = %s, %v; want %s", out, err, want)
	}
	var back record
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", out, err)
	}
	if back.Move != in.Move || len(back.History) != len(in.History) {
		t.Fatalf("round trip = %+v, want %+v", back, in)
	}
	for i := range in.History {
		if back.History[i] != in.History[i] {
			t.Errorf("History[%d] = %v, want %v", i, back.History[i], in.History[i])
		}
	}

	if out, err := json.Marshal(Draw()); err != nil || string(out) != `"draw"` {
		t.Errorf("json.Marshal(Draw()) = %s, %v", out, err)
	}
	if out, err := json.Marshal(must(LayRed(card.MustParse("3D"), Ref{card.Nine, 1}))); err != nil || string(out) != `"lay 3D on 9#2"` {
		t.Errorf("json.Marshal(lay) = %s, %v", out, err)
	}

	// Lenient text decodes too.
	var lenient []Action
	if err := json.Unmarshal([]byte(`["DRAW", "take back", "meld 7h,7d,2c", "y", "Take", "take to 3"]`), &lenient); err != nil {
		t.Fatal(err)
	}
	wantLenient := []Action{Draw(), TakeBack(), textMeld(t, "7H 7D 2C"), Answer(true), Take(), must(TakeTo(2))}
	if len(lenient) != len(wantLenient) {
		t.Fatalf("lenient decode = %v", lenient)
	}
	for i := range lenient {
		if lenient[i] != wantLenient[i] {
			t.Errorf("lenient[%d] = %v, want %v", i, lenient[i], wantLenient[i])
		}
	}

	// A bad action is an error that leaves the value unchanged.
	a := Next()
	if err := json.Unmarshal([]byte(`"dance"`), &a); !errors.Is(err, ErrMalformed) || a != Next() {
		t.Errorf(`json.Unmarshal("dance") = %v, %v; want ErrMalformed and next unchanged`, a, err)
	}
	if err := a.UnmarshalText([]byte("meld 7H 8H")); !errors.Is(err, ErrMeld) || a != Next() {
		t.Errorf(`UnmarshalText("meld 7H 8H") = %v, %v; want ErrMeld and next unchanged`, a, err)
	}
	if err := json.Unmarshal([]byte(`7`), &a); err == nil || a != Next() {
		t.Errorf("json.Unmarshal(7) = %v, %v; want an error", a, err)
	}
	// The zero Action has no text form, so it does not marshal.
	if _, err := json.Marshal(record{}); !errors.Is(err, ErrMalformed) {
		t.Errorf("json.Marshal of a zero Action: error %v, want ErrMalformed", err)
	}
}

// genTextIndex draws a meld index, 0-2 mostly, up to 254.
func genTextIndex(t *rapid.T) int {
	return rapid.OneOf(rapid.IntRange(0, 2), rapid.IntRange(0, 254)).Draw(t, "index")
}

// genTextRef draws a ref of rank from ranks, with an index of genTextIndex.
func genTextRef(t *rapid.T, ranks []card.Rank) Ref {
	return Ref{rapid.SampledFrom(ranks).Draw(t, "rank"), genTextIndex(t)}
}

var (
	textMeldRanks = []card.Rank{card.Ace, 4, 5, 6, 7, 8, 9, 10, card.Jack, card.Queen, card.King}
	textSuits     = []card.Suit{card.Clubs, card.Diamonds, card.Hearts, card.Spades}
)

// genTextLaid draws the cards of a meld or an add of rank, shuffled: nat
// naturals, and wild cards.
func genTextLaid(t *rapid.T, rank card.Rank, minNat int) []card.Card {
	var cs []card.Card
	for range rapid.IntRange(minNat, 9).Draw(t, "naturals") {
		cs = append(cs, card.New(rank, rapid.SampledFrom(textSuits).Draw(t, "suit")))
	}
	for range rapid.IntRange(0, 4).Draw(t, "twos") {
		cs = append(cs, card.New(card.Two, rapid.SampledFrom(textSuits).Draw(t, "suit")))
	}
	for range rapid.IntRange(0, 3).Draw(t, "jokers") {
		cs = append(cs, card.Joker)
	}
	if len(cs) == 0 {
		cs = append(cs, card.Joker)
	}
	return rapid.Permutation(cs).Draw(t, "order")
}

// genTextAction draws a well-formed action of any kind, built with the
// constructors.
func genTextAction(t *rapid.T) Action {
	switch k := Kind(rapid.IntRange(int(KindDraw), int(KindNext)).Draw(t, "kind")); k {
	case KindDraw:
		return Draw()
	case KindTake:
		if rapid.Bool().Draw(t, "new") {
			return Take()
		}
		return must(TakeTo(genTextIndex(t)))
	case KindMeld:
		rank := rapid.SampledFrom(textMeldRanks).Draw(t, "rank")
		a, err := Meld(genTextLaid(t, rank, 1)...)
		if err != nil {
			t.Fatalf("Meld: %v", err)
		}
		return a
	case KindAdd:
		ref := genTextRef(t, textMeldRanks)
		a, err := Add(ref, genTextLaid(t, ref.Rank, 0)...)
		if err != nil {
			t.Fatalf("Add: %v", err)
		}
		return a
	case KindLayRed:
		three := rapid.SampledFrom([]card.Card{card.New(card.Three, card.Diamonds), card.New(card.Three, card.Hearts)}).Draw(t, "three")
		return must(LayRed(three, genTextRef(t, textMeldRanks)))
	case KindAsk:
		return Ask()
	case KindTakeBack:
		return TakeBack()
	case KindDiscard:
		return must(Discard(card.Card(rapid.IntRange(1, int(card.Joker)).Draw(t, "card"))))
	case KindAnswer:
		return Answer(rapid.Bool().Draw(t, "yes"))
	case KindChoose:
		return must(Choose(rapid.IntRange(0, 1).Draw(t, "packet")))
	default:
		return Next()
	}
}

// textMangle rewrites canonical text as a person might type it: random
// case, and runs of blanks between words.
func textMangle(t *rapid.T, s string) string {
	var b strings.Builder
	b.WriteString(rapid.SampledFrom([]string{"", " ", "\t", "  "}).Draw(t, "lead"))
	for i, w := range strings.Split(s, " ") {
		if i > 0 {
			b.WriteString(rapid.SampledFrom([]string{" ", "  ", "\t", " \u00a0"}).Draw(t, "gap"))
		}
		for _, r := range w {
			if r < 0x80 && rapid.Bool().Draw(t, "flip case") {
				b.WriteString(strings.ToLower(string(r)))
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteString(rapid.SampledFrom([]string{"", " ", "\n"}).Draw(t, "trail"))
	return b.String()
}

func TestActionTextProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genTextAction(t)
		if !a.f.WellFormed() {
			t.Fatalf("generated action %#v is not well-formed", a)
		}
		s := a.String()
		got, err := ParseAction(s)
		if err != nil || got != a {
			t.Fatalf("ParseAction(%q) = %#v, %v; want %#v", s, got, err, a)
		}
		text, err := a.MarshalText()
		if err != nil || string(text) != s {
			t.Fatalf("MarshalText = %q, %v; want %q", text, err, s)
		}
		var u Action
		if err := u.UnmarshalText(text); err != nil || u != a {
			t.Fatalf("UnmarshalText(%q) = %#v, %v; want %#v", text, u, err, a)
		}
		typed := textMangle(t, s)
		if got, err := ParseAction(typed); err != nil || got != a {
			t.Fatalf("ParseAction(%q) = %#v, %v; want %#v (from %q)", typed, got, err, a, s)
		}
		ref, ok := a.Target()
		switch k := a.Kind(); {
		case k == KindAdd || k == KindLayRed:
			if got, err := ParseRef(ref.String()); !ok || err != nil || got != ref || ref.Rank != a.Rank() {
				t.Fatalf("%v: Target %v, %v; ParseRef(%q) = %v, %v", a, ref, ok, ref.String(), got, err)
			}
		case k == KindTake:
			// A take's meld is the upcard's rank: the action holds only the index.
			if want := strings.TrimPrefix(s, "take to #"); ok != (want != s) || ref.Rank != 0 || (ok && itoa(ref.Index+1) != want) {
				t.Fatalf("%v: Target %#v, %v", a, ref, ok)
			}
		case ok:
			t.Fatalf("%v: Target %v, want none", a, ref)
		}
	})
}

// TestActionTextForgedProperty checks String and MarshalText on arbitrary
// Action values, forged ones included: the text form exists exactly for
// the well-formed ones (melding no threes), and reads back to them.
func TestActionTextForgedProperty(t *testing.T) {
	small := rapid.OneOf(rapid.Uint8Range(0, 2), rapid.Uint8())
	rapid.Check(t, func(t *rapid.T) {
		f := family.Action{
			Kind:   family.Kind(rapid.Uint8Range(0, uint8(KindNext)+1).Draw(t, "kind")),
			Rank:   card.Rank(rapid.Uint8Range(0, 14).Draw(t, "rank")),
			Target: small.Draw(t, "target"),
			Card:   card.Card(rapid.OneOf(rapid.Just(uint8(0)), rapid.Uint8Range(0, 54)).Draw(t, "card")),
			Jokers: small.Draw(t, "jokers"),
		}
		for i := range 4 {
			f.Nat[i] = small.Draw(t, "nat")
			f.Twos[i] = small.Draw(t, "twos")
		}
		a := Action{f}
		s := a.String()
		text, err := a.MarshalText()
		if !a.valid() {
			if s != "invalid" || !errors.Is(err, ErrMalformed) {
				t.Fatalf("malformed %#v: String %q, MarshalText %q, %v", a, s, text, err)
			}
			return
		}
		if err != nil || string(text) != s {
			t.Fatalf("%#v: MarshalText %q, %v; String %q", a, text, err, s)
		}
		if got, err := ParseAction(s); err != nil || got != a {
			t.Fatalf("ParseAction(%q) = %#v, %v; want %#v", s, got, err, a)
		}
	})
}
