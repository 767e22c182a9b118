package canasta

import (
	"slices"
	"testing"
)

// "May I go out?" is solved once for a State and kept with its log
// (family.Table.Note): Legal and Apply agree with a State rebuilt from its
// Position, which knows no log; the answer found for one State is never
// read for another, whether Legal or Apply found it; and no State Apply
// returns keeps the note.
func TestAskNoted(t *testing.T) {
	var s State
	asks := 0
	for step := range uint64(6000) {
		if s.r == nil || s.Over() {
			s, _ = New(Classic(), step)
		}
		fresh, err := FromPosition(s.Position())
		if err != nil {
			t.Fatal(err)
		}
		_, want := Apply(fresh, Ask())
		listed := false
		for _, a := range Legal(s) {
			listed = listed || a.Kind() == KindAsk
		}
		next, err := Apply(s, Ask())
		switch {
		case listed != (want == nil) || (err == nil) != (want == nil):
			t.Fatalf("step %d: Legal lists ask %v, Apply says %v, a rebuilt State %v", step, listed, err, want)
		case next.t.Note != nil || s.t.Note != nil:
			t.Fatalf("step %d: a State keeps the note", step)
		case err == nil:
			asks++
		}
		s = playRandom(t, s, step, 1)
	}
	if asks == 0 {
		t.Error("no position to ask from")
	}
}

// Goroutines listing and playing from the same States at once, each first
// to solve some of them, all find the answers a rebuilt State gives (run
// under -race: the notes and the log's slots are shared).
func TestAskNotedConcurrent(t *testing.T) {
	type pos struct {
		s   State
		ask bool
	}
	var ps []pos
	s, _ := New(Classic(), 3)
	replay, _ := New(Classic(), 3) // the same game, played by Apply alone
	for step := range uint64(600) {
		fresh, err := FromPosition(s.Position())
		if err != nil {
			t.Fatal(err)
		}
		_, err = Apply(fresh, Ask())
		ps = append(ps, pos{replay, err == nil})
		next := playRandom(t, s, step, 1)
		if next.Over() {
			break
		}
		a := next.Happened(0, s.Seq())[0].Action
		if replay, err = Apply(replay, a); err != nil {
			t.Fatal(err)
		}
		s = next
	}
	if !slices.ContainsFunc(ps, func(p pos) bool { return p.ask }) {
		t.Fatal("no position to ask from")
	}
	errs := make(chan string, 8)
	for g := range 8 {
		go func() {
			for i := range ps {
				p := ps[(i*(g+1))%len(ps)]
				_, err := Apply(p.s, Ask())
				listed := false
				for _, a := range Legal(p.s) {
					listed = listed || a.Kind() == KindAsk
				}
				if listed != p.ask || (err == nil) != p.ask {
					errs <- "a shared State answers the question otherwise"
					return
				}
			}
			errs <- ""
		}()
	}
	for range 8 {
		if e := <-errs; e != "" {
			t.Fatal(e)
		}
	}
}
