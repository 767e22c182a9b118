package doublets

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// Scenario tests of what Happened reports and of the actions' text forms,
// from exact positions (basePosition: the foundation on AC, the reserve
// 2D 5C KS 9H 3D 7S 4H, the waste 6D 2H with 2H on top, the stock the rest
// in card order).

// lastEvent returns the last event of s, checking that Happened gives one
// event after s's Seq less one.
func lastEvent(t *testing.T, s State) Event {
	t.Helper()
	evs := s.Happened(0, s.Seq()-1)
	if len(evs) != 1 {
		t.Fatalf("Happened after %d of %d actions: %v", s.Seq()-1, s.Seq(), evs)
	}
	return evs[0]
}

// A turn shows the card turned: the stock's top, now on the waste's top.
func TestEventTurn(t *testing.T) {
	s := position(t, basePosition(t))
	top := s.Stock()[0]
	s = play(t, s, "turn")
	want := Event{Seq: 1, Action: Turn(), Card: top}
	if ev := lastEvent(t, s); ev != want || s.Waste()[len(s.Waste())-1] != top {
		t.Fatalf("turn: %+v, want %+v", ev, want)
	}
}

// A play from the waste shows the card played and no refill; a play from a
// slot shows the card and the card that filled the slot: the waste's top,
// the stock's top when the waste is empty, or none when both are.
func TestEventPlays(t *testing.T) {
	s := play(t, position(t, basePosition(t)), "play waste")
	if ev, want := lastEvent(t, s), (Event{Seq: 1, Action: PlayWaste(), Card: card.MustParse("2H")}); ev != want {
		t.Fatalf("play waste: %+v, want %+v", ev, want)
	}
	s = play(t, position(t, basePosition(t)), "play 1")
	if ev, want := lastEvent(t, s), (Event{Seq: 1, Action: mustReserve(t, 0), Card: card.MustParse("2D"), Refill: card.MustParse("2H")}); ev != want {
		t.Fatalf("play 1, refilled from the waste: %+v, want %+v", ev, want)
	}
	p := basePosition(t)
	p.Stock, p.Waste = append(p.Waste, p.Stock...), nil
	s = position(t, p)
	top := s.Stock()[0]
	s = play(t, s, "play 1")
	if ev, want := lastEvent(t, s), (Event{Seq: 1, Action: mustReserve(t, 0), Card: card.MustParse("2D"), Refill: top}); ev != want {
		t.Fatalf("play 1, refilled from the stock: %+v, want %+v", ev, want)
	}
	// No talon: the slot stays empty; the third play wins, the last move
	// marked Over.
	s = position(t, endgame(t))
	s = play(t, s, "play 1")
	if ev, want := lastEvent(t, s), (Event{Seq: 1, Action: mustReserve(t, 0), Card: card.MustParse("5S")}); ev != want {
		t.Fatalf("play 1 with no talon: %+v, want %+v", ev, want)
	}
	s = play(t, play(t, s, "play 2"), "play 3")
	evs := s.Happened(0, 0)
	if len(evs) != 3 || evs[0].GameOver || evs[1].GameOver || !evs[2].GameOver || evs[2].Card != card.MustParse("7S") || !s.Won() {
		t.Fatalf("the winning line: %+v", evs)
	}
}

// endgame is the position of 45 cards on the foundation (three whole
// cycles in clubs, diamonds and hearts, A to 9 in spades), the reserve 5S
// 10S 7S and the four kings, and no talon.
func endgame(t *testing.T) Position {
	t.Helper()
	cycle := []card.Rank{card.Ace, card.Two, card.Four, card.Eight, card.Three, card.Six, card.Queen, card.Jack,
		card.Nine, card.Five, card.Ten, card.Seven}
	q := Position{Rules: Aisleriot(), Pass: 3}
	for suit := card.Clubs; suit <= card.Spades; suit++ {
		for i, r := range cycle {
			if suit == card.Spades && i >= 9 {
				break
			}
			q.Foundation = append(q.Foundation, card.New(r, suit))
		}
	}
	copy(q.Reserve[:], card.MustParseCards("5S 10S 7S KC KD KH KS"))
	return q
}

// A redeal shows no card; the events of a game that ends with no move
// left mark its last move Over, and only that one.
func TestEventRedealAndOver(t *testing.T) {
	p := basePosition(t)
	p.Waste, p.Stock = append(p.Waste, p.Stock...), nil
	s := play(t, position(t, p), "redeal")
	if ev, want := lastEvent(t, s), (Event{Seq: 1, Action: Redeal()}); ev != want || s.Pass() != 2 {
		t.Fatalf("redeal: %+v, want %+v (pass %d)", ev, want, s.Pass())
	}
	// Turn and redeal, never play, to the end: the foundation needs a two,
	// which the reserve lacks and which is not the last card of the stock
	// (in card order); three passes of its 44 cards and two redeals.
	q := Position{Rules: Aisleriot(), Foundation: card.MustParseCards("AC"), Pass: 1}
	copy(q.Reserve[:], card.MustParseCards("5C KS 9H 3D 7S 4H 6D"))
	for c := card.Card(1); c < card.Joker; c++ {
		if c != q.Foundation[0] && !slices.Contains(q.Reserve[:], c) {
			q.Stock = append(q.Stock, c)
		}
	}
	s = position(t, q)
	for !s.Over() {
		a := Turn()
		if s.StockSize() == 0 {
			a = Redeal()
		}
		s = play(t, s, a.String())
	}
	evs := s.Happened(0, 0)
	if len(evs) != s.Seq() || len(evs) != 3*44+2 {
		t.Fatalf("%d events of %d actions, want %d", len(evs), s.Seq(), 3*44+2)
	}
	for i, ev := range evs {
		if ev.Seq != i+1 || ev.GameOver != (i == len(evs)-1) || (ev.Action == Redeal()) != (ev.Card == 0) || ev.Refill != 0 {
			t.Fatalf("event %d: %+v", i, ev)
		}
	}
}

// since counts the actions already known: Happened returns those after
// it, none once it reaches Seq (or goes past), all of them from 0 or
// below; a State built by FromPosition goes on counting from its
// Position's Seq and knows nothing before it; another seat gets nil.
func TestEventSince(t *testing.T) {
	s := position(t, basePosition(t))
	for _, text := range []string{"turn", "turn", "play 1", "turn"} {
		s = play(t, s, text)
	}
	all := s.Happened(0, 0)
	if len(all) != 4 || !slices.Equal(s.Happened(0, -3), all) {
		t.Fatalf("from the start: %+v", all)
	}
	for since := 0; since <= 6; since++ {
		got := s.Happened(0, since)
		if want := all[min(since, 4):]; !slices.Equal(got, want) {
			t.Fatalf("since %d: %+v, want %+v", since, got, want)
		}
	}
	for _, seat := range []int{1, -1, 2} {
		if evs := s.Happened(seat, 0); evs != nil {
			t.Fatalf("seat %d sees %+v", seat, evs)
		}
	}
	if evs := (State{}).Happened(0, 0); evs != nil {
		t.Fatalf("the zero State: %+v", evs)
	}
	p := s.Position()
	if p.Seq != 4 {
		t.Fatalf("the Position's Seq %d", p.Seq)
	}
	r := position(t, p)
	if evs := r.Happened(0, 0); len(evs) != 0 || r.Seq() != 4 {
		t.Fatalf("restored: %+v, Seq %d", evs, r.Seq())
	}
	r = play(t, r, "turn")
	if evs := r.Happened(0, 0); len(evs) != 1 || evs[0].Seq != 5 || evs[0].Action != Turn() {
		t.Fatalf("restored, then a turn: %+v", evs)
	}
}

// Every action's text: String, MarshalText and ParseAction of it agree,
// in any case and spacing, with the short form "play w"; the zero Action
// is "none" and has no text to marshal; a value no constructor builds is
// "malformed".
func TestActionText(t *testing.T) {
	cases := map[Action][]string{
		PlayWaste(): {"play waste", "play w", "PLAY W", "Play Waste", "  play   waste "},
		Turn():      {"turn", "TURN", " turn"},
		Redeal():    {"redeal", "Redeal"},
	}
	for slot := range Slots { // index 0 is "play 1"
		a := mustReserve(t, slot)
		n := string(rune('1' + slot))
		cases[a] = []string{"play " + n, "PLAY " + n, "play\t" + n}
	}
	for a, forms := range cases {
		text, err := a.MarshalText()
		if err != nil || string(text) != forms[0] || a.String() != forms[0] {
			t.Fatalf("%v: text %q, %v; want %q", a, text, err, forms[0])
		}
		for _, f := range forms {
			if got, err := ParseAction(f); err != nil || got != a {
				t.Errorf("ParseAction(%q) = %v, %v; want %v", f, got, err, a)
			}
		}
		var b Action
		if err := b.UnmarshalText(text); err != nil || b != a {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, b, err)
		}
	}
	if (Action{}).String() != "none" || (Action{kind: KindTurn, from: 3}).String() != "malformed" || (Action{kind: 9}).String() != "malformed" {
		t.Errorf("zero %q, malformed %q and %q", Action{}, Action{kind: KindTurn, from: 3}, Action{kind: 9})
	}
	if _, err := (Action{}).MarshalText(); !errors.Is(err, ErrMalformed) {
		t.Errorf("the zero Action's text: %v", err)
	}
	for k, want := range map[Kind]string{KindPlayWaste: "play waste", KindPlayReserve: "play", KindTurn: "turn", KindRedeal: "redeal", 0: "Kind(0)", 7: "Kind(7)"} {
		if k.String() != want {
			t.Errorf("Kind %d: %q, want %q", k, k, want)
		}
	}
	if a := PlayWaste(); a.Kind() != KindPlayWaste || mustReserve(t, 6).Kind() != KindPlayReserve || a.Slot() != -1 || mustReserve(t, 6).Slot() != 6 || Turn().Slot() != -1 {
		t.Error("Kind and Slot")
	}
}

// Malformed text is refused with ErrMalformed, the message quoting the
// text and naming the problem: a slot out of 1 to 7, or no such action.
func TestActionTextErrors(t *testing.T) {
	slot := "play waste, or play a reserve slot 1 to 7"
	none := "the actions are play waste, play 1 to 7, turn and redeal"
	for text, problem := range map[string]string{
		"play 0": slot, "play 8": slot, "play -1": slot, "play x": slot, "play 3.5": slot, "play wastes": slot,
		"": none, "play": none, "turn 2": none, "draw": none, "play 1 2": none, "redeal now": none, "w": none,
	} {
		a, err := ParseAction(text)
		if !errors.Is(err, ErrMalformed) || a != (Action{}) {
			t.Errorf("%q: %v, %v; want ErrMalformed", text, a, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, `"`+text+`"`) || !strings.Contains(msg, problem) || strings.Contains(msg, "\n") {
			t.Errorf("%q: the message %q does not quote the text and say %q on one line", text, msg, problem)
		}
	}
	// Indices count from 0 in Go and from 1 in text: slot index 6 is
	// "play 7", and 7 is no slot.
	for _, n := range []int{7, 8, -1} {
		if _, err := PlayReserve(n); !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "the slots are 0 to 6") {
			t.Errorf("PlayReserve(%d): %v", n, err)
		}
	}
	if a, err := ParseAction("play 1"); err != nil || a != mustReserve(t, 0) || a.Slot() != 0 || mustReserve(t, 6).String() != "play 7" {
		t.Errorf(`"play 1" = %v (slot %d), %v; PlayReserve(6) = %v`, a, a.Slot(), err, mustReserve(t, 6))
	}
	a := Turn()
	if err := a.UnmarshalText([]byte("play 9")); !errors.Is(err, ErrMalformed) || a != Turn() {
		t.Errorf("UnmarshalText of bad text: %v, and the action became %v", err, a)
	}
}
