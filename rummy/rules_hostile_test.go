package rummy

import "testing"

func TestRulesCorners(t *testing.T) {
	var tables []Rules
	for _, n := range []int{2, 6} {
		for _, hs := range []int{1, 0, 50 / n} {
			for _, rb := range []int{0, 20} {
				for _, keep := range []bool{true, false} {
					r := Basic()
					r.Players, r.HandSize, r.Rebuilds, r.KeepTaken = n, hs, rb, keep
					tables = append(tables, r)
				}
			}
		}
	}
	r := Basic()
	r.Rounds, r.Target = 0, 1
	tables = append(tables, r)
	r.Target = MaxValue * 52 * MaxRounds
	tables = append(tables, r)
	for i, r := range tables {
		if err := r.Validate(); err != nil {
			t.Logf("%d refused: %v", i, err)
			continue
		}
		for seed := range uint64(3) {
			s, err := New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			playOutQuick(t, s, int(seed)+2)
		}
	}
}
