package rummy

import (
	"testing"

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
