package score_test

import (
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/record/recordtest"
	"github.com/cardrules/cardrules/score"
)

// String of many lines and one long item is at most the items' bytes plus
// 88 bytes a line, and allocates only that: the long item does not pad the
// other lines to its width (issue 37: 2,001 lines and one item of 100 KB
// made a string of 200 MB).
func TestBreakdownStringBound(t *testing.T) {
	b := make(score.Breakdown, 2001)
	items := 0
	for i := range b {
		b[i] = score.Line{Item: "cards melded", Points: -i * 1_003} // the total fits 32 bits
		if i == 1000 {
			b[i].Item = strings.Repeat("x", 100_000)
		}
		items += len(b[i].Item)
	}
	most := items + 88*(len(b)+1)
	var s string
	recordtest.Bound(t, "Breakdown.String", items, 1, uint64(88*(len(b)+1)), func() { s = b.String() })
	if len(s) > most {
		t.Errorf("String is %d bytes, above the %d of the items plus 88 a line", len(s), most)
	}
	lines := strings.Split(s, "\n")
	width := len(lines[len(b)]) // the total's line
	for i, l := range lines {
		if i != 1000 && len(l) != width {
			t.Fatalf("line %d is %d bytes wide, the total's %d", i, len(l), width)
		}
	}
	if total := strings.TrimSpace(strings.TrimPrefix(lines[len(b)], "Total")); width != 64+2+len(total) {
		t.Errorf("the lines are %d bytes wide, not a column of 64 runes, two spaces and the total: %q", width, lines[len(b)])
	}
	if !strings.HasPrefix(lines[1000], strings.Repeat("x", 100_000)+"  ") {
		t.Errorf("the long item is not written whole, then two spaces")
	}
}
