package famtest

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/cardrules/cardrules"
)

// CheckIDs checks the action ids of a State or View, ids, against its legal
// actions: every legal action has an id in range, ActionOf of that id is
// the first legal action with it, Mask sets exactly the legal actions'
// ids, and ActionOf refuses ids no legal action has, with ErrEncoding.
func CheckIDs[A cardrules.Action](ids cardrules.ActionIDs[A], legal []A) error {
	sh, err := ids.Shape()
	if err != nil {
		return fmt.Errorf("shape: %w", err)
	}
	want := make([]bool, sh.Actions)
	idOf := make([]int, len(legal))
	for i, a := range legal {
		id, err := ids.ActionID(a)
		if err != nil || id < 0 || id >= sh.Actions {
			return fmt.Errorf("legal action %v has id %d of %d (%v)", a, id, sh.Actions, err)
		}
		idOf[i], want[id] = id, true
	}
	for i, a := range legal {
		b, err := ids.ActionOf(idOf[i])
		if err != nil {
			return fmt.Errorf("the ids: ActionOf(%d), the id of legal %v: %v", idOf[i], a, err)
		}
		if first := legal[slices.Index(idOf, idOf[i])]; b != first {
			return fmt.Errorf("the ids: ActionOf(%d) = %v, and the first legal action with that id is %v", idOf[i], b, first)
		}
	}
	mask := make([]bool, sh.Actions)
	if err := ids.Mask(mask); err != nil {
		return fmt.Errorf("mask: %w", err)
	}
	if !slices.Equal(mask, want) {
		return fmt.Errorf("the mask differs from the legal actions' ids at %d", diffAt(mask, want))
	}
	for _, id := range []int{-1, sh.Actions, slices.Index(want, false)} {
		if id == -1 && len(legal) > 0 {
			continue
		}
		if _, err := ids.ActionOf(id); !errors.Is(err, cardrules.ErrEncoding) {
			return fmt.Errorf("the ids: ActionOf(%d), no legal action's id: %v", id, err)
		}
	}
	if err := ids.Mask(make([]bool, sh.Actions+1)); !errors.Is(err, cardrules.ErrEncoding) {
		return fmt.Errorf("the ids: Mask into a buffer one too long: %v", err)
	}
	return nil
}

// diffAt returns the first index where a and b differ.
func diffAt(a, b []bool) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// Observed returns the observation of e, checked: it has the Shape's
// size, every value is finite, and a buffer of another size is refused
// with ErrEncoding.
func Observed[A cardrules.Action](e cardrules.Encoder[A]) ([]float32, error) {
	sh, err := e.Shape()
	if err != nil {
		return nil, err
	}
	obs := make([]float32, sh.Size())
	for i := range obs {
		obs[i] = float32(math.NaN()) // each value must be written
	}
	if err := e.Observe(obs); err != nil {
		return nil, err
	}
	for i, x := range obs {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("observation value %d is %v", i, x)
		}
	}
	if err := e.Observe(obs[:len(obs)-1]); !errors.Is(err, cardrules.ErrEncoding) {
		return nil, fmt.Errorf("the observation: Observe into a buffer one too short: %v", err)
	}
	return obs, nil
}

// NoAllocs fails t when one of the encoders' methods allocates, on e and
// the ids of its State s, for a legal action a.
func NoAllocs[A cardrules.Action](t *testing.T, s cardrules.ActionIDs[A], e cardrules.Encoder[A], a A) {
	t.Helper()
	sh, err := e.Shape()
	if err != nil {
		t.Fatal(err)
	}
	obs, mask := make([]float32, sh.Size()), make([]bool, sh.Actions)
	id, err := s.ActionID(a)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"Observe":        func() { _ = e.Observe(obs) },
		"View.Mask":      func() { _ = e.Mask(mask) },
		"State.Mask":     func() { _ = s.Mask(mask) },
		"ActionID":       func() { _, _ = s.ActionID(a) },
		"View.ActionID":  func() { _, _ = e.ActionID(a) },
		"State.ActionOf": func() { _, _ = s.ActionOf(id) },
		"View.ActionOf":  func() { _, _ = e.ActionOf(id) },
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s allocates %v times a call", name, n)
		}
	}
}
