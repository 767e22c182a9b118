package handfoot

import (
	"testing"

	"github.com/cardrules/cardrules/internal/family"
	"github.com/cardrules/cardrules/internal/reuse/reusetest"
	"pgregory.net/rapid"
)

// ViewInto over the View of another position is that position's View,
// and hands out none of the State's storage; the View's canastas are
// every team's.
func TestViewIntoIsView(t *testing.T) {
	reusetest.Property(t, conformPresets(), New, 1500, State.ViewInto, func(t *rapid.T, s State) {
		// The View counts the canastas of every team in one pass; counted
		// one team at a time, they are the same.
		for team, tv := range s.View(0).Teams {
			if want := Canastas(family.CountCanastas(s.r.rules.Meld, s.t.Melds, team)); tv.Canastas != want {
				t.Fatalf("team %d: the View counts %+v canastas, want %+v", team, tv.Canastas, want)
			}
		}
	})
}

// ViewInto into a reused View allocates nothing in the middle of a round
// with melds on the table.
func TestViewIntoAllocs(t *testing.T) {
	for _, r := range []Rules{RulesA(), RulesB()} {
		s, _ := New(r, 3)
		reusetest.Allocs(t, s, 80, 3, State.ViewInto, func(s State) bool {
			return (s.Phase() == Melding || s.Phase() == Drawing) && len(s.t.Melds) > 0
		})
	}
}
