package cardrules_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
)

func TestShapeSize(t *testing.T) {
	for _, c := range []struct {
		dims []int
		want int
	}{{nil, 0}, {[]int{7}, 7}, {[]int{3, 4}, 12}, {[]int{2, 3, 4}, 24}, {[]int{5, 0}, 0}} {
		if got := (cardrules.Shape{Observation: c.dims}).Size(); got != c.want {
			t.Errorf("Shape%v.Size() = %d, want %d", c.dims, got, c.want)
		}
	}
}

// The zero Table has no encodings: every method says so with ErrGame.
func TestZeroTableEncoding(t *testing.T) {
	var tb cardrules.Table
	if _, err := tb.Shape(); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("Shape: %v", err)
	}
	if err := tb.Encode(0, nil, nil); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("Encode: %v", err)
	}
	if _, err := tb.ActionID("draw"); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("ActionID: %v", err)
	}
	if _, err := tb.ActionOf(0); !errors.Is(err, cardrules.ErrGame) {
		t.Errorf("ActionOf: %v", err)
	}
}

// Every shipped game has encodings, reached through the registry and a
// Table alike: one loop serves all four. Over random games of every
// preset, every seat's mask is the set of the legal actions' ids, each
// legal action's id names an action with that id, and the observation has
// the Shape's size.
func TestTableEncodingsEveryGame(t *testing.T) {
	for _, game := range []string{"canasta", "doublets", "handfoot", "rummy"} {
		g, ok := cardrules.Lookup(game)
		if !ok {
			t.Fatalf("%s is not registered", game)
		}
		if g.Shape == nil {
			t.Errorf("%s: the registry has no Shape", game)
			continue
		}
		for _, preset := range g.Presets {
			name, _ := json.Marshal(preset)
			shape, err := g.Shape(name)
			if err != nil {
				t.Fatalf("%s %s: Shape: %v", game, preset, err)
			}
			if shape.Actions <= 0 || shape.Actions >= 10000 || shape.Size() <= 0 {
				t.Fatalf("%s %s: Shape %+v", game, preset, shape)
			}
			tb, err := cardrules.Open(game, preset, 0, 5)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := tb.Shape(); err != nil || !slices.Equal(got.Observation, shape.Observation) || got.Actions != shape.Actions {
				t.Fatalf("%s %s: Table.Shape = %+v, %v; the registry's %+v", game, preset, got, err, shape)
			}
			obs, mask := make([]float32, shape.Size()), make([]bool, shape.Actions)
			for step := 0; !tb.Over() && step < 60; step++ {
				legal := tb.Legal()
				ids := map[int]bool{}
				for _, a := range legal {
					id, err := tb.ActionID(a)
					if err != nil || id < 0 || id >= shape.Actions {
						t.Fatalf("%s %s: ActionID(%q) = %d, %v", game, preset, a, id, err)
					}
					ids[id] = true
					back, err := tb.ActionOf(id)
					if err != nil {
						t.Fatalf("%s %s: ActionOf(%d) of %q: %v", game, preset, id, a, err)
					}
					if again, _ := tb.ActionID(back); again != id || !slices.Contains(legal, back) {
						t.Fatalf("%s %s: ActionOf(%d) = %q, id %d, legal %v", game, preset, id, back, again, slices.Contains(legal, back))
					}
				}
				for seat := range tb.Seats() {
					if err := tb.Encode(seat, obs, mask); err != nil {
						t.Fatalf("%s %s: Encode(%d): %v", game, preset, seat, err)
					}
					for id, on := range mask {
						want := seat == tb.ToAct() && ids[id]
						if on != want {
							t.Fatalf("%s %s step %d seat %d: mask[%d] = %v, want %v", game, preset, step, seat, id, on, want)
						}
					}
				}
				if tb, err = tb.Apply(legal[(step*7)%len(legal)]); err != nil {
					t.Fatal(err)
				}
			}
			if err := tb.Encode(0, obs[:len(obs)-1], nil); !errors.Is(err, cardrules.ErrEncoding) {
				t.Errorf("%s %s: Encode into a short buffer: %v", game, preset, err)
			}
			if err := tb.Encode(0, nil, mask[:len(mask)-1]); !errors.Is(err, cardrules.ErrEncoding) {
				t.Errorf("%s %s: a short mask: %v", game, preset, err)
			}
			if _, err := tb.ActionOf(-1); !errors.Is(err, cardrules.ErrEncoding) {
				t.Errorf("%s %s: ActionOf(-1): %v", game, preset, err)
			}
			if _, err := tb.ActionOf(shape.Actions); !errors.Is(err, cardrules.ErrEncoding) {
				t.Errorf("%s %s: ActionOf(N): %v", game, preset, err)
			}
		}
	}
}
