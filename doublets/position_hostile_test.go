package doublets

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
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

// playOutChecked plays s to the end with random legal moves, checking that
// every State reached round-trips through its Position and JSON.
func playOutChecked(t *testing.T, s State, seed uint64) State {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 3))
	for step := 0; ; step++ {
		u, err := FromPosition(s.Position())
		if err != nil || !u.Equal(s) {
			t.Fatalf("step %d: the Position of a State reached does not round-trip: %v\n%+v", step, err, s.Position())
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var v State
		if err := json.Unmarshal(b, &v); err != nil || !v.Equal(s) {
			t.Fatalf("step %d: JSON round trip: %v", step, err)
		}
		l := Legal(s)
		if s.Over() {
			if len(l) != 0 {
				t.Fatalf("over with legal actions %v", l)
			}
			return s
		}
		if len(l) == 0 || step > 1000 {
			t.Fatalf("step %d: legal %v", step, l)
		}
		if s, err = Apply(s, l[rnd.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
}

// A Seq near the largest int was accepted, and the first action made the
// count of actions overflow below 0: the State reached had a Position
// FromPosition refused ("Seq below 0"). FromPosition now refuses a Seq the
// actions left could carry past 2^30, so a position at the largest Seq it
// accepts plays to the end with every State round-tripping.
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
			playOutChecked(t, s, seed)
		}
	}
}
