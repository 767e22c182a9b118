package cardrules_test

import (
	"errors"
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
