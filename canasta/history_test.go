package canasta

import (
	"slices"
	"testing"

	"github.com/cardrules/cardrules/card"
)

// Happened tells each seat every action, in order, with the cards drawn
// only in the drawer's own events; red threes laid out and cards taken
// from the pile are public; a round's end is marked.
func TestHappened(t *testing.T) {
	s, err := New(Classic(), 11)
	if err != nil {
		t.Fatal(err)
	}
	end := playRandom(t, s, 7, 400)
	for seat := range 4 {
		evs := end.Happened(seat, 0)
		if len(evs) != end.Seq() {
			t.Fatalf("seat %d: %d events for %d actions", seat, len(evs), end.Seq())
		}
		replay := s
		rounds := 0
		for i, ev := range evs {
			if ev.Seq != i+1 || ev.Seat != replay.ToAct() || ev.Round != replay.Round() {
				t.Fatalf("event %d: %+v, want seat %d round %d", i, ev, replay.ToAct(), replay.Round())
			}
			next, err := Apply(replay, ev.Action)
			if err != nil {
				t.Fatal(err)
			}
			if ev.Action.Kind() == KindDraw {
				if ev.Draws != replay.StockSize()-next.StockSize() {
					t.Errorf("event %d: %d draws, the stock went from %d to %d", i, ev.Draws, replay.StockSize(), next.StockSize())
				}
				switch {
				case ev.Seat == seat && len(ev.Drawn) != ev.Draws:
					t.Errorf("event %d: the drawer sees %v of %d cards", i, ev.Drawn, ev.Draws)
				case ev.Seat != seat && ev.Drawn != nil:
					t.Errorf("event %d: seat %d sees seat %d's cards %v", i, seat, ev.Seat, ev.Drawn)
				}
			}
			if next.Round() == replay.Round() {
				team := ev.Seat % 2
				laid := len(next.RedThrees(team)) - len(replay.RedThrees(team))
				if len(ev.RedThrees) != laid {
					t.Errorf("event %d: red threes %v, the team laid %d", i, ev.RedThrees, laid)
				}
				for _, c := range ev.RedThrees {
					if c.Rank() != card.Three || !c.IsRed() {
						t.Errorf("event %d: %v among the red threes", i, c)
					}
				}
			}
			if ev.RoundOver {
				rounds++
			}
			replay = next
		}
		if rounds != len(end.Results()) {
			t.Errorf("seat %d: %d round ends marked, %d rounds finished", seat, rounds, len(end.Results()))
		}
		if !replay.Equal(end) {
			t.Errorf("seat %d: replaying the events does not reach the game", seat)
		}
	}
	since := end.Happened(0, end.Seq()-3)
	if len(since) != 3 || since[0].Seq != end.Seq()-2 {
		t.Errorf("Happened since %d: %d events from %d", end.Seq()-3, len(since), since[0].Seq)
	}
	if end.Happened(4, 0) != nil || end.Happened(0, end.Seq()) != nil || (State{}).Happened(0, 0) != nil {
		t.Error("Happened of no seat, of nothing new, or of the zero State is not empty")
	}
	// A restored game knows the actions from its position on.
	r, err := FromPosition(end.Position())
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Happened(0, 0); len(got) != len(end.Position().Actions) {
		t.Errorf("a restored game tells %d events, its position replays %d", len(got), len(end.Position().Actions))
	}
	if !slices.Equal(r.Position().Actions, end.Position().Actions) {
		t.Error("the restored position differs")
	}
}
