package doublets

import (
	"testing"

	"github.com/cardrules/cardrules/internal/reuse/reusetest"
)

// ViewInto over the View of another position is that position's View,
// and hands out none of the State's storage.
func TestViewIntoIsView(t *testing.T) {
	reusetest.Property(t, []Rules{Aisleriot(), PySol()}, New, 200, State.ViewInto, nil)
}

// ViewInto into a reused View allocates nothing in the middle of a game.
func TestViewIntoAllocs(t *testing.T) {
	s, _ := New(Aisleriot(), 3)
	reusetest.Allocs(t, s, 30, 3, State.ViewInto, func(s State) bool { return !s.Over() && s.w > 0 })
}
