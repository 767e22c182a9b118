package doublets

import (
	"errors"
	"math"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// largestSeq returns the largest Seq FromPosition accepts in p.
func largestSeq(p Position) int {
	return conform.Largest(func(n int) bool {
		p.Seq = n
		_, err := FromPosition(p)
		return err == nil
	})
}

// A Seq near the largest int was accepted, and the first action made the
// count of actions overflow below 0: the State reached had a Position
// FromPosition refused ("Seq below 0"). FromPosition now refuses a Seq the
// actions left could carry past 2^30, so a position at the largest Seq it
// accepts plays to the end with every check of the harness (one deal of
// four for each table under -race).
func TestHostileSeqOverflow(t *testing.T) {
	for _, r := range []Rules{Aisleriot(), {Name: "ten", Passes: MaxPasses}} {
		for seed := range uint64(4) {
			s, err := New(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			p := s.Position()
			p.Seq = math.MaxInt
			if _, err := FromPosition(p); !errors.Is(err, ErrPosition) {
				t.Errorf("Seq %d: FromPosition gave %v, want ErrPosition", p.Seq, err)
			}
			p.Seq = largestSeq(p)
			if s, err = FromPosition(p); err != nil {
				t.Fatal(err)
			}
			if conform.Sampled(int(seed)) {
				conform.From(t, conformGame(), r, s, 1, 0)
			}
		}
	}
}

// JSON a Position cannot hold is refused, not read with the excess
// dropped: encoding/json took a reserve slot more than Position.Reserve
// holds.
func TestHostileJSONNothingDropped(t *testing.T) {
	s, err := New(Aisleriot(), 1)
	if err != nil {
		t.Fatal(err)
	}
	conform.NothingDropped(t, s, ErrPosition, "reserve", `"KS"`)
}
