package canasta

import (
	"errors"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/family"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// playRandom plays n seeded random actions (fewer if the game ends) from s.
func playRandom(t *testing.T, s State, seed uint64, n int) State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	for range n {
		if s.Over() {
			break
		}
		legal := Legal(s)
		a := legal[rng.IntN(len(legal))]
		if a.Kind() == KindTakeBack && len(legal) > 1 {
			a = legal[0]
		}
		next, err := Apply(s, a)
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		s = next
	}
	return s
}

// A record replays to the same State, through its text form too, for a
// game from a seed, from an explicit order, and from a position.
func TestRecordReplays(t *testing.T) {
	fromSeed, err := New(Classic(), 5)
	if err != nil {
		t.Fatal(err)
	}
	order := fromSeed.Cards().Cards()
	rand.New(rand.NewPCG(2, 2)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	dealt, err := Deal(TwoPlayer(), append(order[:0:0], order...), 9)
	if err != nil {
		t.Fatal(err)
	}
	mid := playRandom(t, fromSeed, 3, 57)
	restored, err := FromPosition(mid.Position())
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]State{
		"seed":     playRandom(t, fromSeed, 1, 700),
		"order":    playRandom(t, dealt, 2, 300),
		"position": playRandom(t, restored, 4, 90),
	} {
		rec := s.Record()
		back, err := Replay(rec)
		if err != nil {
			t.Fatalf("%s: Replay: %v", name, err)
		}
		if !back.Equal(s) || back.Seq() != s.Seq() {
			t.Errorf("%s: the replay is not the game", name)
		}
		text, err := rec.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var read Record
		if err := read.UnmarshalText(text); err != nil {
			t.Fatalf("%s: reading its text: %v\n%s", name, err, text)
		}
		again, err := Replay(read)
		if err != nil || !again.Equal(s) {
			t.Errorf("%s: the text's replay differs (%v)", name, err)
		}
		if name == "seed" && !strings.HasPrefix(string(text), "canasta record\nrules classic\nseed 5\n0: ") {
			t.Errorf("the text begins %q", text[:min(len(text), 60)])
		}
	}
}

// A record whose text names the wrong seat for an action, or holds an
// action the replay refuses, is refused with ErrRecord naming the line.
func TestRecordTextErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty text"},
		{"handfoot record\n", "line 1"},
		{"canasta record\nrules nine\n", "the rules"},
		{"canasta record\nrules classic\nseed 1\n1: draw\n", "line 4: action 1"},
		{"canasta record\nrules classic\nseed 1\n0: fly\n", "line 4: the action"},
		{"canasta record\nrules classic\nseed x\n", "line 3: the seed"},
	} {
		var rec Record
		err := rec.UnmarshalText([]byte(tc.text))
		if !errors.Is(err, ErrRecord) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want ErrRecord with %q", tc.text, err, tc.want)
		}
	}
	bad := Record{Rules: Classic(), Seed: 1, Actions: []Action{Next()}}
	if _, err := Replay(bad); !errors.Is(err, ErrRecord) || !errors.Is(err, ErrNotNow) {
		t.Errorf("Replay of a refused action: %v", err)
	}
}

// Phases write their names and read them back; Hand and Foot's choosing
// and values that are no phase are refused.
func TestPhaseText(t *testing.T) {
	for _, p := range []Phase{Drawing, Opening, Melding, Answering, RoundOver, GameOver} {
		text, err := p.MarshalText()
		var back Phase
		if err != nil || back.UnmarshalText(text) != nil || back != p {
			t.Errorf("%v: %q, %v -> %v", p, text, err, back)
		}
	}
	for _, p := range []Phase{0, 1, 8, 200} {
		if _, err := p.MarshalText(); !errors.Is(err, ErrPosition) || p.String() != "invalid" {
			t.Errorf("phase %d: %v, %q", p, err, p.String())
		}
	}
	for _, text := range []string{"choosing", "", "Drawing", "invalid"} {
		p := Melding
		if err := p.UnmarshalText([]byte(text)); !errors.Is(err, ErrPosition) || p != Melding {
			t.Errorf("%q: %v, %v", text, err, p)
		}
	}
}

// DealNext deals a later round from an explicit order; the record keeps
// every explicit order and replays through them, also from its text.
func TestDealNextRecord(t *testing.T) {
	s, _ := New(TwoPlayer(), 3)
	for s.Phase() != RoundOver {
		s = playRandom(t, s, uint64(s.Seq()), 1)
	}
	if _, err := DealNext(s, cs("AC AD")); !errors.Is(err, ErrDeal) {
		t.Errorf("DealNext of a short order: %v", err)
	}
	order := s.Cards().Cards()
	next, err := DealNext(s, order)
	if err != nil {
		t.Fatal(err)
	}
	if next.Round() != 2 || next.Turn() != 1 || next.Happened(0, s.Seq())[0].Action != Next() {
		t.Fatalf("round %d, first seat %d", next.Round(), next.Turn())
	}
	if _, err := DealNext(next, order); !errors.Is(err, ErrDeal) {
		t.Errorf("DealNext in the middle of a round: %v", err)
	}
	end := playRandom(t, next, 5, 40)
	rec := end.Record()
	if len(rec.Shoes) != 2 || rec.Shoes[0] != nil || !slices.Equal(rec.Shoes[1], order) {
		t.Fatalf("record shoes %d", len(rec.Shoes))
	}
	text, _ := rec.MarshalText()
	if !strings.Contains(string(text), "\nshoe 2 ") {
		t.Errorf("the text lacks the second round's shoe")
	}
	var read Record
	if err := read.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	// Round 1 was shuffled from the seed, round 2 dealt from its order.
	back, err := Replay(read)
	if err != nil || !back.Equal(end) {
		t.Errorf("the record does not replay to the game: %v", err)
	}

	// A game restored from a Position and continued with DealNext: its
	// record starts there and gives round 2's shoe.
	restored, err := FromPosition(s.Position())
	if err != nil {
		t.Fatal(err)
	}
	if next, err = DealNext(restored, order); err != nil {
		t.Fatal(err)
	}
	rec = next.Record()
	if back, err := Replay(rec); rec.Start == nil || err != nil || !back.Equal(next) {
		t.Errorf("the record of a restored game continued with DealNext does not replay: %v", err)
	}
	rec.Shoes = [][]card.Card{order}
	if _, err := Replay(rec); !errors.Is(err, ErrRecord) {
		t.Errorf("a restored game's record with a shoe for its own round: %v", err)
	}
}

// The kinds and phases are the engine's values, which the package converts
// to and from.
func TestKindAndPhaseValues(t *testing.T) {
	for k, f := range map[Kind]family.Kind{KindDraw: family.Draw, KindTake: family.Take, KindMeld: family.Meld, KindAdd: family.Add,
		KindAsk: family.Ask, KindTakeBack: family.TakeBack, KindDiscard: family.Discard, KindAnswer: family.Answer, KindNext: family.Next} {
		if family.Kind(k) != f || k.String() != f.String() {
			t.Errorf("kind %d (%v) is not the engine's %d (%v)", k, k, f, f)
		}
	}
	for p, f := range map[Phase]family.Phase{Drawing: family.Drawing, Opening: family.Opening, Melding: family.Melding,
		Answering: family.Answering, RoundOver: family.RoundOver, GameOver: family.GameOver} {
		if family.Phase(p) != f {
			t.Errorf("phase %d (%v) is not the engine's %d", p, p, f)
		}
	}
}
