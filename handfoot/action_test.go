package handfoot

import (
	"testing"
	"unsafe"

	"github.com/cardrules/cardrules/internal/family"
)

// AppendLegal views a slice of Actions as the engine's: the two types must
// share one layout.
func TestActionLayout(t *testing.T) {
	var a Action
	var f family.Action
	if unsafe.Sizeof(a) != unsafe.Sizeof(f) || unsafe.Alignof(a) != unsafe.Alignof(f) || unsafe.Offsetof(a.f) != 0 {
		t.Fatalf("Action (size %d, align %d) and family.Action (size %d, align %d) differ in layout",
			unsafe.Sizeof(a), unsafe.Alignof(a), unsafe.Sizeof(f), unsafe.Alignof(f))
	}
	buf := make([]Action, 1, 8)
	buf[0] = Draw()
	fs := toEngine(buf)
	fs = append(fs, family.NewAnswer(true))
	back := fromEngine(fs)
	if len(back) != 2 || back[0] != Draw() || back[1] != Answer(true) || &back[0] != &buf[0] {
		t.Errorf("the views do not share the buffer: %v", back)
	}
	if toEngine(nil) != nil || fromEngine(nil) != nil {
		t.Error("a nil slice is not viewed as nil")
	}
}
