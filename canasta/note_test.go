package canasta

import "testing"

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
