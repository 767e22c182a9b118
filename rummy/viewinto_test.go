package rummy

import (
	"reflect"
	"testing"

	"github.com/cardrules/cardrules/meld"

	"github.com/cardrules/cardrules/internal/reuse/reusetest"
)

// ViewInto over the View of another position is that position's View,
// and hands out none of the State's storage.
func TestViewIntoIsView(t *testing.T) {
	reusetest.Property(t, conformPresets(), New, 300, State.ViewInto, nil)
}

// ViewInto into a reused View allocates nothing in the middle of a hand
// with a discard pile.
func TestViewIntoAllocs(t *testing.T) {
	s, _ := New(Basic(), 3)
	reusetest.Allocs(t, s, 12, 3, State.ViewInto, func(s State) bool {
		return (s.Phase() == Playing || s.Phase() == Drawing) && s.npile > 0
	})
}

// The melds a View shows are looked up by their code: what combination
// makes of the code's cards, for every code whatever its seat.
func TestCombinations(t *testing.T) {
	t.Parallel()
	valid := map[meld.Combination]bool{}
	for code := range 1 << 16 {
		m := mcode(code)
		want := combination(m.set())
		if got := combinations()[m&meldBits]; got != want {
			t.Fatalf("code %#x: %v, want %v", code, got, want)
		}
		if want.IsValid() {
			valid[want] = true
		}
	}
	// Every meld has a code: the runs of each suit from each low rank to a
	// higher one two or more up, the groups of four and of three of each
	// rank.
	if want := 4*66 + 13*5; len(valid) != want {
		t.Errorf("the codes name %d melds, want %d", len(valid), want)
	}
}

// ViewInto sets the fields of a View and of its PlayerViews one by one:
// a field added to either must be set there too, and counted here.
func TestViewIntoSetsEveryField(t *testing.T) {
	if n := reflect.TypeFor[View]().NumField(); n != 15 {
		t.Errorf("View has %d fields; ViewInto sets 15", n)
	}
	if n := reflect.TypeFor[PlayerView]().NumField(); n != 7 {
		t.Errorf("PlayerView has %d fields; ViewInto sets 7", n)
	}
}
