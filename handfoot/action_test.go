package handfoot

import (
	"testing"
	"unsafe"

	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/family/famtest"
)

// AppendLegal views a slice of Actions as the engine's: the two types must
// share one layout.
func TestActionLayout(t *testing.T) {
	var a Action
	var f family.Action
	if unsafe.Sizeof(a) != unsafe.Sizeof(f) || unsafe.Alignof(a) != unsafe.Alignof(f) || unsafe.Offsetof(a.f) != 0 {
		t.Fatalf("Action (size %d, align %d) and family.Action (size %d, align %d) differ in layout",
			unsafe.Sizeof(a), unsafe.Alignof(a), unsafe.Sizeof(f), unsafe.Alignof(f))
	}
	s, err := New(RulesA(), 1)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]Action, 1, 64)
	buf[0] = Answer(true)
	got := AppendLegal(buf, s)
	if len(got) < 2 || got[0] != Answer(true) || got[1] != Draw() || &got[0] != &buf[0] {
		t.Errorf("AppendLegal does not append into the caller's buffer: %v", got)
	}
}

// The kinds are the engine's values.
func TestKindValues(t *testing.T) {
	for k, f := range map[Kind]family.Kind{
		KindDraw: family.Draw, KindTake: family.Take, KindMeld: family.Meld, KindAdd: family.Add,
		KindLayRed: family.LayRed, KindAsk: family.Ask, KindTakeBack: family.TakeBack, KindDiscard: family.Discard,
		KindAnswer: family.Answer, KindChoose: family.Choose, KindNext: family.Next,
	} {
		if family.Kind(k) != f || k.String() != f.String() {
			t.Errorf("kind %d (%v) is not the engine's %d (%v)", k, k, f, f)
		}
	}
}

// The phases are the engine's values.
func TestPhaseValues(t *testing.T) {
	for p, f := range map[Phase]family.Phase{
		Choosing: family.Choosing, Drawing: family.Drawing, Opening: family.Opening, Melding: family.Melding,
		Answering: family.Answering, RoundOver: family.RoundOver, GameOver: family.GameOver,
	} {
		if family.Phase(p) != f {
			t.Errorf("phase %d (%v) is not the engine's %d", p, p, f)
		}
	}
}

// AppendCards appends exactly the cards Cards returns, after what dst holds,
// and Counts counts them, for every action Legal lists along a few games
// played at random.
func TestActionCards(t *testing.T) {
	var starts []State
	for seed := uint64(1); seed <= 4; seed++ {
		for _, rules := range []Rules{RulesA(), RulesB()} {
			s, err := New(rules, seed)
			if err != nil {
				t.Fatal(err)
			}
			starts = append(starts, s)
		}
	}
	famtest.CheckActionCardsAlong(t, starts, State.Over, Legal, Apply)
}
