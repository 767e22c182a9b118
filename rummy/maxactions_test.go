package rummy

import "testing"

// TestMaxActions checks that random games of every preset end within
// MaxActions, and that refused rules have none.
func TestMaxActions(t *testing.T) {
	for _, r := range Presets() {
		n := r.MaxActions()
		for seed := uint64(1); seed <= 4; seed++ {
			s, err := New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; !s.Over(); i++ {
				legal := Legal(s)
				if s, err = Apply(s, legal[(i*7+int(seed))%len(legal)]); err != nil {
					t.Fatal(err)
				}
				if s.Seq() > n {
					t.Fatalf("%s seed %d: %d actions, over MaxActions %d", r.Name, seed, s.Seq(), n)
				}
			}
		}
	}
	var zero Rules
	if n := zero.MaxActions(); n != 0 {
		t.Errorf("MaxActions of the zero Rules, which Validate refuses: %d, want 0", n)
	}
}
