package handfoot

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/family/famtest"
)

// Determinize, at the start of a turn, keeps all the seat sees and deals
// the rest anew from the seed: the View of what it builds is the View it
// was given, its own hand is kept, and the hidden cards differ by seed.
// Under rule set B ("Player can pick up either hand") the seat chose its
// hand face down, so its foot is dealt anew too; with LookAtPackets it
// looked at both packets to choose, so its foot is kept.
func TestDeterminizeKeepsWhatTheSeatSees(t *testing.T) {
	look := withChoice(RulesB())
	for _, r := range []Rules{RulesA(), RulesB(), look} {
		t.Run(r.Name, func(t *testing.T) {
			s, err := New(r, 11)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(11, 2))
			for turns := 0; turns < 12; {
				legal := Legal(s)
				if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				if s.Phase() == Drawing {
					turns++
				}
			}
			seat := (s.Turn() + 1) % s.Rules().Players // not the seat to play
			v := s.View(seat)
			if seen := !v.FootSeen.IsEmpty(); seen != (r.LookAtPackets && !s.InFoot(seat)) || seen && v.FootSeen != s.Foot(seat) {
				t.Fatalf("seat %d sees its foot as [%v]; its foot is [%v]", seat, v.FootSeen, s.Foot(seat))
			}
			differ, footAnew := 0, 0
			for seed := range uint64(20) {
				d, err := Determinize(v, seed)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if w := d.View(seat); !reflect.DeepEqual(v, w) {
					t.Fatalf("seed %d: the View of the State built is another View", seed)
				}
				if d.Cards() != s.Cards() {
					t.Fatalf("seed %d: the State built holds other cards", seed)
				}
				if d.Hand(s.Turn()) != s.Hand(s.Turn()) {
					differ++
				}
				if !v.FootSeen.IsEmpty() && d.Foot(seat) != s.Foot(seat) {
					t.Fatalf("seed %d: the foot the seat saw was dealt anew", seed)
				}
				if d.Foot(seat) != s.Foot(seat) {
					footAnew++
				}
			}
			if v.FootSeen.IsEmpty() && !s.InFoot(seat) && footAnew < 15 {
				t.Errorf("the seat's unseen foot came back as dealt in %d of 20 samples", 20-footAnew)
			}
			if differ < 15 {
				t.Errorf("the player to act got its real hand in %d of 20 samples", 20-differ)
			}
		})
	}
}

// A View in the middle of a turn, of another phase, whose counts do not
// add up, or that shows a foot its rules keep face down is refused.
func TestDeterminizeRefuses(t *testing.T) {
	s, err := New(RulesA(), 5)
	if err != nil {
		t.Fatal(err)
	}
	for s.Phase() != Drawing {
		s, _ = Apply(s, Legal(s)[0])
	}
	v := s.View(0)
	if _, err := Determinize(v, 1); err != nil {
		t.Fatalf("the start of a turn: %v", err)
	}
	bad := v
	bad.StockSize--
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("a stock one card short: %v", err)
	}
	bad = v
	bad.Phase = Melding
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("the middle of a turn: %v", err)
	}
	bad = v
	bad.Players = bad.Players[1:]
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("a player missing: %v", err)
	}
	if _, err := Determinize(View{}, 1); !errors.Is(err, ErrPosition) {
		t.Errorf("the zero View: %v", err)
	}
	// A foot seen under rules that keep it face down: no game shows it.
	bad = v
	bad.FootSeen = s.Foot(0)
	if _, err := Determinize(bad, 1); !errors.Is(err, ErrPosition) || !strings.Contains(err.Error(), "LookAtPackets") {
		t.Errorf("a foot seen without LookAtPackets: %v", err)
	}
}

// A turn that begins with the stock empty tells every seat that the
// player to draw can take the pile, or the round would be over:
// Determinize deals that player's hidden hand so that it can, and the
// State it builds plays on (Legal lists a take).
func TestDeterminizeEmptyStock(t *testing.T) {
	canTake := func(s State) bool {
		return slices.ContainsFunc(Legal(s), func(a Action) bool { return a.Kind() == KindTake })
	}
	found := 0
	for seed := uint64(1); seed <= 200 && found < 20; seed++ {
		rules := RulesA().WithLayout(2, 2)
		s := famtest.Must[State](t)(New(rules, seed))
		more := func(s State) bool { return !s.Over() && s.Round() == 1 }
		err := famtest.Walk(s, rand.New(rand.NewPCG(seed, 3)), more, Legal, Apply, func(s State) {
			if s.Phase() == Drawing && s.StockSize() == 0 {
				found++
				v := s.View(1 - s.Turn())
				famtest.CheckDeterminized(t, v, v.Seat, seed*10, Determinize, State.View, canTake)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if found < 10 {
		t.Errorf("the games met %d turns beginning with an empty stock; 10 or more are wanted", found)
	}
}
