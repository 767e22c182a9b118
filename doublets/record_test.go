package doublets

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// playRandom plays s with random legal moves, up to limit (0: to the end).
func playRandom(t *testing.T, s State, seed uint64, limit int) State {
	t.Helper()
	pick := rand.New(rand.NewPCG(seed, 5))
	for n := 0; !s.Over() && (limit == 0 || n < limit); n++ {
		legal := Legal(s)
		var err error
		if s, err = Apply(s, legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// A game's record, in text and in JSON, replays to the same State with
// the same history; so does a game dealt from an order, and one restored
// from a Position.
func TestRecordRoundTrip(t *testing.T) {
	order := card.All()
	dealt, err := Deal(PySol(), order[:52], 9)
	if err != nil {
		t.Fatal(err)
	}
	if rec := dealt.Record(); rec.Seed != 9 || len(rec.Shoes) != 1 || !slices.Equal(rec.Shoes[0], order[:52]) {
		t.Errorf("Deal's seed and order are not recorded: Record() = seed %d, %d shoes; want 9, the order", rec.Seed, len(rec.Shoes))
	}
	// Every game's Record names its shoes; a patience is dealt from one.
	two := dealt.Record()
	two.Shoes = append(two.Shoes, order[:52])
	if _, err := Replay(two); !errors.Is(err, ErrRecord) {
		t.Errorf("Replay of a record with two shoes: %v; want ErrRecord", err)
	}
	s0, _ := New(Aisleriot(), 4)
	restored, err := FromPosition(playRandom(t, s0, 4, 20).Position())
	if err != nil {
		t.Fatal(err)
	}
	for i, start := range []State{s0, dealt, restored} {
		s := playRandom(t, start, uint64(i), 0)
		text, err := s.Record().MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var rec Record
		if err := rec.UnmarshalText(text); err != nil {
			t.Fatal(err)
		}
		back, err := Replay(rec)
		if err != nil || !back.Equal(s) || !slices.Equal(back.Happened(0, 0), s.Happened(0, 0)) {
			t.Fatalf("game %d: the record replays to another game: %v", i, err)
		}
		j, _ := json.Marshal(s.Record())
		var fromJSON Record
		if err := json.Unmarshal(j, &fromJSON); err != nil {
			t.Fatal(err)
		}
		if back, err := Replay(fromJSON); err != nil || !back.Equal(s) {
			t.Fatalf("game %d: the record's JSON replays to another game: %v", i, err)
		}
	}
}

// A bad record is refused with ErrRecord, saying where.
func TestRecordRefused(t *testing.T) {
	s0, _ := New(Aisleriot(), 1)
	good, _ := playRandom(t, s0, 1, 10).Record().MarshalText()
	for _, tt := range []struct{ name, text, want string }{
		{"no header", strings.Replace(string(good), "doublets record", "rummy record", 1), "doublets record"},
		{"unknown rules", strings.Replace(string(good), "rules aisleriot", "rules klondike", 1), "the rules"},
		{"a bad move", strings.Replace(string(good), "0: turn", "0: fly", 1), "line"},
		{"a second seat", strings.Replace(string(good), "0: turn", "1: turn", 1), "one player"},
	} {
		var rec Record
		if err := rec.UnmarshalText([]byte(tt.text)); !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want ErrRecord naming %q", tt.name, err, tt.want)
		}
	}
	rec := Record{Rules: Aisleriot(), Seed: 1, Actions: []Action{Redeal()}}
	if _, err := Replay(rec); !errors.Is(err, ErrRecord) || !errors.Is(err, ErrTurn) || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("a refused move: %v", err)
	}
}

// What an accessor returns is a copy.
func TestAccessorsCopy(t *testing.T) {
	s0, _ := New(Aisleriot(), 9)
	s := playRandom(t, s0, 9, 30)
	before, _ := json.Marshal(s)
	for _, cs := range [][]card.Card{s.Waste(), s.Stock(), s.Foundation(), s.View(0).Waste, s.View(0).Foundation} {
		for i := range cs {
			cs[i] = card.Joker
		}
	}
	if after, _ := json.Marshal(s); string(after) != string(before) {
		t.Fatal("changing what the accessors returned changed the State")
	}
}
