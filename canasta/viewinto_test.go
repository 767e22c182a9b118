package canasta

import (
	"testing"

	"github.com/cardrules/cardrules/internal/reuse/reusetest"
)

// ViewInto over the View of another position is that position's View,
// and hands out none of the State's storage.
func TestViewIntoIsView(t *testing.T) {
	reusetest.Property(t, conformPresets(), New, 1500, State.ViewInto, nil)
}

// ViewInto into a reused View allocates nothing in the middle of a round
// with melds on the table.
func TestViewIntoAllocs(t *testing.T) {
	s, _ := New(Classic(), 3)
	reusetest.Allocs(t, s, 80, 3, State.ViewInto, func(s State) bool {
		return (s.Phase() == Melding || s.Phase() == Drawing) && len(s.t.Melds) > 0
	})
}
