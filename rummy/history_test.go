package rummy

import (
	"math/rand/v2"
	"testing"
)

// The log keeps an action in eight bytes: every action of random games,
// of every kind, comes back from its entry as it was played, and the
// game's Happened and Record tell it so.
func TestEntryKeepsTheAction(t *testing.T) {
	r := Basic()
	r.Players, r.Rounds, r.Target = 3, 0, 150
	seen := map[Kind]int{}
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := New(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := rand.NewPCG(seed, 11)
		var played []Action
		for !s.Over() {
			legal := Legal(s)
			a := legal[pick.Uint64()%uint64(len(legal))]
			if e := newEntry(a, int(s.turn), s.g.round); e.action() != a {
				t.Fatalf("seed %d: %v comes back from its entry as %v", seed, a, e.action())
			}
			seen[a.kind]++
			played = append(played, a)
			if s, err = Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
		evs := s.Happened(0, 0)
		if len(evs) != len(played) {
			t.Fatalf("seed %d: %d events for %d actions", seed, len(evs), len(played))
		}
		for i, ev := range evs {
			if ev.Action != played[i] {
				t.Fatalf("seed %d: event %d is %v, played %v", seed, i+1, ev.Action, played[i])
			}
		}
	}
	for k := KindDrawStock; k <= KindNext; k++ {
		if seen[k] == 0 {
			t.Errorf("no %v played", k)
		}
	}
}
