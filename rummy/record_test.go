package rummy

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/deck"
)

// randomGame plays seed's game of r with random legal actions, up to
// limit actions (0: to the end).
func randomGame(t *testing.T, r Rules, seed uint64, limit int) State {
	t.Helper()
	s, err := New(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(seed, 17))
	for n := 0; !s.Over() && (limit == 0 || n < limit); n++ {
		legal := Legal(s)
		if s, err = Apply(s, legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func multiRound() Rules {
	r := Basic()
	r.Players, r.Rounds, r.Target = 3, 0, 120
	return r
}

// A game's record, in text, reads back and replays to the same State,
// with the same history.
func TestRecordRoundTrip(t *testing.T) {
	for seed := range uint64(6) {
		s := randomGame(t, multiRound(), seed, 0)
		text, err := s.Record().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var rec Record
		if err := rec.UnmarshalText(text); err != nil {
			t.Fatal(err)
		}
		back, err := Replay(rec)
		if err != nil || !back.Equal(s) {
			t.Fatalf("seed %d: the record replays to another game: %v", seed, err)
		}
		for seat := range 3 {
			if !reflect.DeepEqual(back.Happened(seat, 0), s.Happened(seat, 0)) {
				t.Fatalf("seed %d: seat %d's history differs after the replay", seed, seat)
			}
		}
		j, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON Record
		if err := json.Unmarshal(j, &fromJSON); err != nil {
			t.Fatal(err)
		}
		if back, err := Replay(fromJSON); err != nil || !back.Equal(s) {
			t.Fatalf("seed %d: the record's JSON replays to another game: %v", seed, err)
		}
	}
}

// A game dealt from explicit orders records them as shoes, and replays.
func TestRecordShoes(t *testing.T) {
	r := multiRound()
	first := deck.NewRNG(5)
	order := shuffled(&first)
	s, err := Deal(r, order, 9)
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(1, 2))
	dealtNext := false
	for !s.Over() {
		if s.Phase() == RoundOver && !dealtNext {
			next := deck.NewRNG(6)
			if s, err = DealNext(s, shuffled(&next)); err != nil {
				t.Fatal(err)
			}
			dealtNext = true
			continue
		}
		legal := Legal(s)
		if s, err = Apply(s, legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	rec := s.Record()
	if len(rec.Shoes) < 2 || !slices.Equal(rec.Shoes[0], order) || rec.Shoes[1] == nil {
		t.Fatalf("the record's shoes: %d", len(rec.Shoes))
	}
	text, _ := rec.MarshalText()
	if !strings.Contains(string(text), "\nshoe 1 ") || !strings.Contains(string(text), "\nshoe 2 ") {
		t.Fatal("the record's text has no shoe lines")
	}
	var back Record
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if got, err := Replay(back); err != nil || !got.Equal(s) {
		t.Fatalf("the dealt game replays to another: %v", err)
	}
}

// A game restored from a Position records it as its start, and its
// history counts on from the position's Seq.
func TestRecordStart(t *testing.T) {
	s := randomGame(t, Basic(), 3, 41)
	p := s.Position()
	restored, err := FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	if !restored.Equal(s) || restored.Seq() != s.Seq() {
		t.Fatalf("FromPosition(Position()) is another State (seq %d, %d)", restored.Seq(), s.Seq())
	}
	pick := rand.New(rand.NewPCG(3, 3))
	for n := 0; n < 30 && !restored.Over(); n++ {
		legal := Legal(restored)
		restored, _ = Apply(restored, legal[pick.IntN(len(legal))])
	}
	ev := restored.Happened(0, 0)
	if len(ev) == 0 || ev[0].Seq != s.Seq()+1 {
		t.Fatalf("the restored game's history starts at %v, want after %d", ev, s.Seq())
	}
	rec := restored.Record()
	if rec.Start == nil || rec.Start.Seq != s.Seq() {
		t.Fatal("the record of a restored game has no start")
	}
	text, _ := rec.MarshalText()
	var back Record
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if got, err := Replay(back); err != nil || !got.Equal(restored) {
		t.Fatalf("the restored game replays to another: %v", err)
	}
}

// A bad record is refused with ErrRecord, saying where.
func TestRecordRefused(t *testing.T) {
	good, _ := randomGame(t, Basic(), 1, 12).Record().MarshalText()
	lines := strings.Split(string(good), "\n")
	tests := []struct{ name, text, want string }{
		{"no header", strings.Join(lines[1:], "\n"), "rummy record"},
		{"unknown rules", strings.Replace(string(good), "rules basic", "rules nothing", 1), "the rules"},
		{"a bad action", strings.Replace(string(good), lines[4], "0: fly", 1), "line 5"},
		{"the wrong seat", strings.Replace(string(good), lines[5], "0:"+strings.SplitN(lines[5], ":", 2)[1], 1), "played by seat"},
		{"a seed that is no number", strings.Replace(string(good), "seed 1", "seed x", 1), "the seed"},
	}
	for _, tt := range tests {
		var rec Record
		err := rec.UnmarshalText([]byte(tt.text))
		if !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want ErrRecord naming %q", tt.name, err, tt.want)
		}
	}
	// An action the game refuses is named by its number.
	rec := Record{Rules: Basic(), Seed: 1, Actions: []Action{DrawStock(), DrawStock()}}
	if _, err := Replay(rec); !errors.Is(err, ErrRecord) || !errors.Is(err, ErrNotNow) || !strings.Contains(err.Error(), "action 2") {
		t.Errorf("a refused action: %v", err)
	}
}

// Happened shows a stock draw's card to the drawer alone, and flags the
// rebuilds and the round's end.
func TestHappened(t *testing.T) {
	s := randomGame(t, Basic(), 11, 0)
	var rebuilt, over bool
	for seat := range 2 {
		for _, e := range s.Happened(seat, 0) {
			switch {
			case e.Action.Kind() == KindDrawStock && (len(e.Drawn) == 1) != (e.Seat == seat):
				t.Fatalf("seat %d sees the stock draw of seat %d as %v", seat, e.Seat, e.Drawn)
			case e.Action.Kind() != KindDrawStock && e.Drawn != nil:
				t.Fatalf("event %d shows a drawn card", e.Seq)
			}
			rebuilt = rebuilt || e.Rebuilt
			over = over || e.RoundOver
		}
	}
	if !over {
		t.Fatal("no event ends the round")
	}
	n := s.Seq()
	if got := s.Happened(0, n-3); len(got) != 3 || got[0].Seq != n-2 {
		t.Fatalf("Happened since %d: %v", n-3, got)
	}
	if s.Happened(2, 0) != nil || s.Happened(-1, 0) != nil {
		t.Fatal("a seat that is not at the table sees events")
	}
	if rebuilt != (s.Rebuilds() > 0) {
		t.Fatalf("events say rebuilt %v, the State %d rebuilds", rebuilt, s.Rebuilds())
	}
}

// What an accessor returns is a copy: changing it does not change the
// State.
func TestAccessorsCopy(t *testing.T) {
	s := randomGame(t, Basic(), 5, 31)
	before := s.Position()
	for _, cs := range [][]card.Card{s.Laid(0), s.Known(1), s.Pile()} { // Hand is a Multiset, a value
		for i := range cs {
			cs[i] = card.Joker
		}
	}
	if ms := s.Melds(); len(ms) > 0 {
		ms[0].Seat = 5
	}
	if rs := s.Results(); len(rs) > 0 {
		rs[0].Players[0].Points = 1e6
	}
	v := s.View(0)
	v.Pile[0] = card.Joker
	after := s.Position()
	a, _ := json.Marshal(before)
	b, _ := json.Marshal(after)
	if string(a) != string(b) {
		t.Fatal("changing what the accessors returned changed the State")
	}
}

// The stock rebuilt from a pile of more than half the deck keeps every
// card (the stock and the pile share one array).
func TestRebuildLargePile(t *testing.T) {
	r := Basic()
	r.HandSize = 3
	// Seat 0 and seat 1 hold three cards each; the pile holds 44, the
	// stock 1: seat 0 draws it and discards, and the stock is rebuilt.
	all := full.cards()
	p := Position{
		Rules: r, Round: 1, Phase: Drawing,
		Hands: [][]card.Card{all[0:3], all[3:6]}, Laid: make([][]card.Card, 2), Known: make([][]card.Card, 2),
		Pile: all[6:51], Stock: all[51:],
	}
	s, err := FromPosition(p)
	if err != nil {
		t.Fatal(err)
	}
	s = mustApply(t, s, DrawStock())
	d, _ := Discard(s.Hand(0).Cards()[0])
	s = mustApply(t, s, d)
	if s.StockSize() != 45 || s.PileSize() != 1 || s.Upcard() != d.Card() || s.Rebuilds() != 1 || s.Cards() != deckOf() {
		t.Fatalf("stock %d, pile %d, upcard %v, rebuilds %d", s.StockSize(), s.PileSize(), s.Upcard(), s.Rebuilds())
	}
	if ev := s.Happened(0, 0); !ev[len(ev)-1].Rebuilt {
		t.Fatal("the discard's event does not say the stock was rebuilt")
	}
}

func mustApply(t *testing.T, s State, a Action) State {
	t.Helper()
	next, err := Apply(s, a)
	if err != nil {
		t.Fatalf("%v: %v", a, err)
	}
	return next
}

// Positions that cannot be played are refused with ErrPosition naming the
// problem.
func TestFromPositionRefuses(t *testing.T) {
	good := randomGame(t, Basic(), 8, 20).Position()
	if _, err := FromPosition(good); err != nil {
		t.Fatal(err)
	}
	clone := func() Position {
		var p Position
		j, _ := json.Marshal(good)
		_ = json.Unmarshal(j, &p)
		return p
	}
	tests := []struct {
		name   string
		change func(p *Position)
		want   string
	}{
		{"bad rules", func(p *Position) { p.Rules.Players = 9 }, "players"},
		{"a card missing", func(p *Position) { p.Stock = p.Stock[1:] }, "missing"},
		{"a card twice", func(p *Position) { p.Stock[0] = p.Hands[0][0] }, "two places"},
		{"a joker", func(p *Position) { p.Hands[0][0] = card.Joker }, "not a card of the deck"},
		{"an empty hand in play", func(p *Position) { p.Stock, p.Hands[1], p.Known[1] = append(p.Stock, p.Hands[1]...), nil, nil }, "went out"},
		{"no stock to start a turn", func(p *Position) {
			p.Phase, p.Taken = Drawing, 0
			p.Pile, p.Stock = append(p.Pile, p.Stock...), nil
		}, "turn starts"},
		{"a known card not held", func(p *Position) { p.Known[0] = p.Stock[:1] }, "known cards"},
		{"results in round 1", func(p *Position) { p.Results = []RoundResult{{Number: 1}} }, "results"},
		{"the turn of no seat", func(p *Position) { p.Turn = 2 }, "turn"},
		{"more rebuilds than the limit", func(p *Position) { p.Rules.Rebuilds, p.Rebuilds, p.Turns = 3, 4, 4 }, "the rules allow 3"},
		{"more rebuilds than turns", func(p *Position) { p.Rebuilds, p.Turns = 4, 3 }, "at most once a turn"},
		{"negative rebuilds", func(p *Position) { p.Rebuilds = -1 }, "rebuilt -1"},
		{"a round not in the game", func(p *Position) { p.Round = 2 }, "round 2"},
		{"laid cards not on the table", func(p *Position) { p.Laid[0] = p.Hands[0][:1] }, "laid"},
	}
	for _, tt := range tests {
		p := clone()
		tt.change(&p)
		if _, err := FromPosition(p); !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want ErrPosition naming %q", tt.name, err, tt.want)
		}
	}
}

// Rules written before Values was a score.Scheme (one table of card values)
// still load: the table is the values on the table, negated in hand.
func TestOldValuesLoad(t *testing.T) {
	r := Basic()
	r.Name, r.Target, r.Rounds = "old", 150, 0
	j, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	scheme, _ := json.Marshal(r.Values)
	table, _ := json.Marshal(BasicValues())
	old := strings.Replace(string(j), string(scheme), string(table), 1)
	if old == string(j) {
		t.Fatal("no Values in the Rules' JSON")
	}
	var rec Record
	if err := rec.UnmarshalText([]byte("rummy record\nrules " + old + "\nseed 1\n0: draw stock\n")); err != nil || rec.Rules != r {
		t.Fatalf("an old record's rules read as %+v, %v; want %+v", rec.Rules, err, r)
	}
}
