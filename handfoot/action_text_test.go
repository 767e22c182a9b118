package handfoot

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
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
		{Take(), "take 7 new"},
		{Take(), "take 10 new"},
		{must(TakeTo(0)), "take 7 to 7"},
		{must(TakeTo(1)), "take 7 to 7#2"},
		{must(TakeTo(2)), "take 10 to 10#3"},
		{must(TakeTo(254)), "take A to A#255"},
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
		{must(Choose(1)), "packet 1"},
		{must(Choose(2)), "packet 2"},
		{Next(), "next"},
		{must(Discard(c("KH"))), "discard KH"},
		{must(Discard(c("10S"))), "discard 10S"},
		{must(Discard(card.Joker)), "discard JK"},
		{must(Discard(c("3C"))), "discard 3C"},
	}
	seen := map[Kind]bool{}
	for _, tt := range tests {
		if !tt.a.wellFormed() {
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
	for _, a := range []Action{
		{},
		must(Choose(3)),
		TakePileTo(Ref{}),
		must(LayRed(card.MustParse("3C"), Ref{card.Nine, 0})),
		must(LayRed(card.MustParse("3H"), Ref{card.Nine, -1})),
		must(Discard(0)),
		must(Discard(54)),
		{kind: KindDraw, rank: card.Five},
		{kind: KindMeld, rank: card.Three, nat: [4]uint8{1, 1, 1}},
		{kind: KindAdd, rank: card.Nine, nat: [4]uint8{1}},
		{kind: KindAnswer, target: 2},
		{kind: KindNext + 1},
		{kind: 255},
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
	if _, err := (Action{kind: KindDraw, rank: 5}).MarshalText(); err == nil || err.Error() != "handfoot: not a well-formed action: a forged draw action has no text form" {
		t.Errorf("forged MarshalText error = %v", err)
	}
	if _, err := (Action{kind: 12}).MarshalText(); err == nil || err.Error() != "handfoot: not a well-formed action: an action of unknown kind 12 has no text form" {
		t.Errorf("unknown kind MarshalText error = %v", err)
	}
	if _, err := ParseAction("invalid"); !errors.Is(err, ErrMalformed) {
		t.Errorf(`ParseAction("invalid") error = %v, want ErrMalformed`, err)
	}
}

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
		{"take 10 to T#2", must(TakeTo(1))},
		{"take t new", Take()},
		{"TAKE 7 TO 7", must(TakeTo(0))},
		{"take q to Q#1", must(TakeTo(0))},
		{"take a New", Take()},
		{"lay 3h on 9#1", must(LayRed(c("3H"), Ref{card.Nine, 0}))},
		{"Lay 3♦ to j#3", must(LayRed(c("3D"), Ref{card.Jack, 2}))},
		{"discard kh", must(Discard(c("KH")))},
		{"discard K♥", must(Discard(c("KH")))},
		{"KindDiscard\tJK", must(Discard(card.Joker))},
		{"take back", TakeBack()},
		{"Take  BACK", TakeBack()},
		{"takeback", TakeBack()},
		{"KindTakeBack", TakeBack()},
		{"undo", TakeBack()},
		{"y", Answer(true)},
		{"Y", Answer(true)},
		{"YES", Answer(true)},
		{"n", Answer(false)},
		{"No", Answer(false)},
		{"PACKET 1", must(Choose(1))},
		{"packet  2", must(Choose(2))},
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
		{"add 9S to 3", ErrMeld},
		{"add 2C to 3", ErrMeld},
		{"add 2C to 2", ErrMeld},
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
		{"take", ErrMalformed},
		{"take 7", ErrMalformed},
		{"take 7 to 8", ErrMalformed},
		{"take 7 to", ErrMalformed},
		{"take 7 new now", ErrMalformed},
		{"take 7 to 7 now", ErrMalformed},
		{"take 7H new", ErrMalformed},
		{"take 7 over 7", ErrMalformed},
		{"take 7 to 7#0", ErrMalformed},
		{"take JK new", ErrMalformed},
		{"discard", ErrMalformed},
		{"discard 1X", ErrMalformed},
		{"discard KH QH", ErrMalformed},
		{"discard KH,", ErrMalformed},
		{"packet", ErrMalformed},
		{"packet 3", ErrMalformed},
		{"packet 0", ErrMalformed},
		{"packet 01", ErrMalformed},
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
		var re *RuleError
		if !errors.As(err, &re) || re.Rule != tt.rule || !errors.Is(err, tt.rule) {
			t.Errorf("ParseAction(%q) error = %v (%T), want a *RuleError for %v", tt.in, err, err, tt.rule)
			continue
		}
		if !strings.Contains(err.Error(), strconv.Quote(tt.in)) {
			t.Errorf("ParseAction(%q) error %q does not quote the input", tt.in, err)
		}
		other := ErrMeld
		if tt.rule == ErrMeld {
			other = ErrMalformed
		}
		if errors.Is(err, other) {
			t.Errorf("ParseAction(%q) error %v also wraps %v", tt.in, err, other)
		}
	}
}

func TestParseActionErrorText(t *testing.T) {
	const hint = " (try draw, take, meld, add, lay, discard, back, ask, yes, no, packet, next)"
	tests := []struct{ in, want string }{
		{"dance", `handfoot: not a well-formed action: "dance": unknown action "dance"` + hint},
		{"", `handfoot: not a well-formed action: "": no action` + hint},
		{"meld 3H 3D 3C", `handfoot: that breaks a meld rule: "meld 3H 3D 3C": threes are never melded`},
		{"meld 7H 8H 9H", `handfoot: that breaks a meld rule: "meld 7H 8H 9H": a meld holds one rank, not 7 and 8`},
		{"take 7 to 8", `handfoot: not a well-formed action: "take 7 to 8": the upcard's rank 7 is not the rank of meld 8`},
		{"discard 1X", `handfoot: not a well-formed action: "discard 1X": card: "1X": unknown suit X`},
		{"meld 7H, 1X", `handfoot: not a well-formed action: "meld 7H, 1X": card: "1X": unknown suit X (card 2 of the list)`},
		{"packet 3", `handfoot: not a well-formed action: "packet 3": no packet "3": "packet 1" or "packet 2"`},
		{"Yes please", `handfoot: not a well-formed action: "Yes please": unexpected "please" after "Yes"`},
		{"take back now", `handfoot: not a well-formed action: "take back now": unexpected "now" after "take back"`},
		{"lay 7H on 9", `handfoot: not a well-formed action: "lay 7H on 9": only a red three is laid on a meld, not 7H: "lay 3H on 9"`},
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
		{Ref{card.Nine, -1}, "9#0"},
		{Ref{card.Nine, -2}, "9#-2"},
		{Ref{}, "?#0"},
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
	if _, err := ParseRef("9#x"); err == nil || err.Error() != `handfoot: not a well-formed action: "9#x": not a meld: "9#x" (name a meld by its rank, as in 9, or 9#2 for the second meld of nines)` {
		t.Errorf(`ParseRef("9#x") error = %v`, err)
	}
	for r := card.Ace; r <= card.King; r++ {
		for _, n := range []int{1, 2, 3, 10, 254, 255} {
			ref := Ref{r, n}
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
	const want = `{"move":"meld 7C 7H 2S JK","history":["draw","take 7 to 7#2","yes","discard 10S"]}`
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
	if err := json.Unmarshal([]byte(`["DRAW", "take back", "meld 7h,7d,2c", "y"]`), &lenient); err != nil {
		t.Fatal(err)
	}
	wantLenient := []Action{Draw(), TakeBack(), textMeld(t, "7H 7D 2C"), Answer(true)}
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

// genTextRef draws a ref of rank from ranks, numbered 1-3 mostly, up to 255.
func genTextRef(t *rapid.T, ranks []card.Rank) Ref {
	n := rapid.OneOf(rapid.IntRange(1, 3), rapid.IntRange(1, 255)).Draw(t, "n")
	return Ref{rapid.SampledFrom(ranks).Draw(t, "rank"), n}
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
			return TakePileNew(rapid.SampledFrom(textMeldRanks).Draw(t, "rank"))
		}
		return TakePileTo(genTextRef(t, textMeldRanks))
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
		return DiscardCard(card.Card(rapid.IntRange(1, int(card.Joker)).Draw(t, "card")))
	case KindAnswer:
		return Answer(rapid.Bool().Draw(t, "yes"))
	case ChoosePacket:
		return Choose(rapid.IntRange(1, 2).Draw(t, "packet"))
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
		if !a.wellFormed() {
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
		if ref, ok := a.Target(); ok {
			if got, err := ParseRef(ref.String()); err != nil || got != ref {
				t.Fatalf("ParseRef(%q) = %v, %v; want %v", ref.String(), got, err, ref)
			}
		}
	})
}

// TestActionTextForgedProperty checks String and MarshalText on arbitrary
// Action values, forged ones included: the text form exists exactly for
// the well-formed ones, and reads back to them.
func TestActionTextForgedProperty(t *testing.T) {
	small := rapid.OneOf(rapid.Uint8Range(0, 2), rapid.Uint8())
	rapid.Check(t, func(t *rapid.T) {
		a := Action{
			kind:   Kind(rapid.Uint8Range(0, uint8(KindNext)+1).Draw(t, "kind")),
			rank:   card.Rank(rapid.Uint8Range(0, 14).Draw(t, "rank")),
			target: small.Draw(t, "target"),
			card:   card.Card(rapid.OneOf(rapid.Just(uint8(0)), rapid.Uint8Range(0, 54)).Draw(t, "card")),
			jokers: small.Draw(t, "jokers"),
		}
		for i := range 4 {
			a.nat[i] = small.Draw(t, "nat")
			a.twos[i] = small.Draw(t, "twos")
		}
		s := a.String()
		text, err := a.MarshalText()
		if !a.wellFormed() {
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
