package doublets

import (
	"testing"

	"github.com/cardrules/cardrules/card"
	"pgregory.net/rapid"
)

// The memo never holds more keys than its most, however many it is given;
// the key just added is always found, and a key is found until the memo is
// full. (This is what bounds Solve's memory: 2^23 keys of 8 bytes.)
func TestMemoBounded(t *testing.T) {
	const most = 1 << 10
	m := newMemo(most)
	var added []uint64
	for i := uint64(1); i <= 20*most; i++ {
		k := 1<<63 | i*0x9E3779B97F4A7C15>>12 // distinct keys, spread
		if m.has(k) {
			t.Fatalf("key %d found before it was added", i)
		}
		m.add(k)
		added = append(added, k)
		if len(m.keys) > most {
			t.Fatalf("after %d keys the memo holds %d places, more than %d", i, len(m.keys), most)
		}
		if !m.has(k) {
			t.Fatalf("key %d not found just after it was added", i)
		}
		if len(added) == most/2 {
			for j, a := range added {
				if !m.has(a) {
					t.Fatalf("key %d of %d lost while the memo has room", j+1, len(added))
				}
			}
		}
	}
	if len(m.keys) != most {
		t.Errorf("the memo holds %d places, want %d", len(m.keys), most)
	}
}

// A memo too small for the search forgets positions, which are searched
// again when met again: the verdict and the best score are those of a memo
// that forgets nothing. Seeds 975 and 2307 cannot be won (best 19 and 14
// cards); the exhaustive search of seed 975 meets some 17,000 positions,
// and a memo of 256 keys forgets most of them.
func TestSolveForgetfulMemo(t *testing.T) {
	for _, seed := range []uint64{975, 2307, 7} {
		s, err := New(Aisleriot(), seed)
		if err != nil {
			t.Fatal(err)
		}
		want := Solve(s)
		got, ok := solveWithin(s, 0, 256)
		if !ok || got.Score != want.Score || got.Winnable != want.Winnable {
			t.Fatalf("seed %d: a memo of 256 keys finds %d (winnable %v), a full one %d (winnable %v)",
				seed, got.Score, got.Winnable, want.Score, want.Winnable)
		}
		checkLine(t, s, got)
		if seed == 975 && got.Positions <= want.Positions {
			t.Errorf("seed %d: a memo of 256 keys met %d positions, a full one %d: it forgot none", seed, got.Positions, want.Positions)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		p := genPosition(bruteTalon()).Draw(t, "position")
		s, err := FromPosition(p)
		if err != nil {
			t.Fatalf("FromPosition refused a generated position: %v", err)
		}
		got, _ := solveWithin(s, 0, 256)
		if want := (brute{}).best(s); got.Score != want {
			t.Fatalf("a memo of 256 keys: score %d, the plain search %d", got.Score, want)
		}
		checkLine(t, s, got)
	})
}

// The key of a position is the same for reserves that differ only in
// suits or slots, and differs for a different talon, waste, pass, or, the
// talon empty, a different count of cards on the foundation.
func TestSolverKey(t *testing.T) {
	s := position(t, basePosition(t)) // the foundation AC, the waste 6D 2H
	sv := newSolver(&s)
	root := sv.root(&s)
	other := root
	other.reserve = root.reserve&^(1<<card.MustParse("2D")) | 1<<card.MustParse("2S")
	if key(root) != key(other) {
		t.Error("reserves that differ in a suit have different keys")
	}
	turned, _ := sv.move(root)
	played, _ := sv.play(root)
	redealt := root
	redealt.pass++
	keys := map[uint64]string{}
	for name, n := range map[string]node{"root": root, "turned": turned, "played": played, "pass 2": redealt} {
		if was, ok := keys[key(n)]; ok {
			t.Errorf("%s and %s have the same key", was, name)
		}
		keys[key(n)] = name
	}
	// The talon empty: seven cards in the reserve, or six.
	a := node{reserve: root.reserve, pass: 1}
	b := a
	b.reserve &= b.reserve - 1
	if key(a) == key(b) {
		t.Error("with the talon empty, reserves of 7 and 6 cards have the same key")
	}
}
