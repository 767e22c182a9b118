package record

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
)

type boundInner struct {
	Cards []card.Card `json:"cards"`
	Name  string      `json:"name"`
}

type boundOuter struct {
	Inner  []boundInner    `json:"inner"`
	Counts map[string]int  `json:"counts"`
	Ptr    *boundInner     `json:"ptr"`
	Any    any             `json:"any"`
	Fixed  [2]int          `json:"fixed"`
	Wide   [][]boundInner  `json:"wide"`
	Hand   card.Multiset   `json:"hand"`
	Deep   [][][][]float64 `json:"deep"`
}

var lim = Limits{List: 4, Text: 8, Depth: 4, PerByte: 2, Base: 256}

// Check refuses a list, an object, a string or a nesting beyond the
// limits, and Go values beyond the budget, naming where; it takes JSON
// within them, and leaves JSON it cannot read to the decoder.
func TestCheck(t *testing.T) {
	for _, ok := range []string{
		`{}`, `null`, `{"inner":[{"cards":["7C","7D","7H","7S"],"name":"12345678"}],"counts":{"a":1,"b":2},"ptr":null}`,
		`{"any":[1,2,3,4],"fixed":[1,2],"hand":"7C 7D","unknown":[1,2]}`,
		`{"deep":[[[1]]]}`, `{"inner":[{"name":"\"\u00e9"}]}`,
		`{"inner":[`, `{"inner":[1 2 3 4 5]}`, // the decoder's to refuse
	} {
		if err := Check[boundOuter]([]byte(ok), lim, "pkg", errStrictRule); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []struct{ json, where string }{
		{`{"inner":[{},{},{},{},{}]}`, "the value.inner holds more than 4 values"},
		{`{"inner":[{"cards":["7C","7C","7C","7C","7C"]}]}`, "the value.inner[0].cards holds more than 4 values"},
		{`{"counts":{"a":1,"b":2,"c":3,"d":4,"e":5}}`, "the value.counts holds more than 4 members"},
		{`{"ptr":{"name":"123456789"}}`, "the value.ptr.name is a string of 9 bytes"},
		{`{"any":{"x":[[[[]]]]}}`, "the value.any.x[0][0] nests arrays and objects 5 deep"},
		{`[1,2,3,4,5,6]`, "the value holds more than 4 values"},
		{`{"Fixed":[1,2,3]}`, "the value.fixed holds 3 values, and at most 2 are read"},
		{`{"123456789":1}`, "has a key of 9 bytes"},
	} {
		err := Check[boundOuter]([]byte(bad.json), lim, "pkg", errStrictRule)
		if !errors.Is(err, errStrictRule) || !strings.Contains(err.Error(), bad.where) {
			t.Errorf("%s: %v, want an error saying %q", bad.json, err, bad.where)
		}
	}
	// Go values beyond the budget: a tight one here, so that the values'
	// sizes exceed it with 32-bit pointers too.
	tight := Limits{List: 4, Text: 8, Depth: 4, PerByte: 1, Base: 16}
	wide := `{"wide":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	if err := Check[boundOuter]([]byte(wide), tight, "pkg", errStrictRule); !errors.Is(err, errStrictRule) || !strings.Contains(err.Error(), "would take more than") {
		t.Errorf("%s: %v, want an error saying %q", wide, err, "would take more than")
	}
}

// Check allocates nothing for JSON within the limits.
func TestCheckAllocatesNothing(t *testing.T) {
	data := []byte(`{"inner":[{"cards":["7C","7D"],"name":"x"}],"counts":{"a":1},"Ptr":{"name":"y"},"fixed":[1,2]}`)
	if n := testing.AllocsPerRun(10, func() { _ = Check[boundOuter](data, lim, "pkg", errStrictRule) }); n != 0 {
		t.Errorf("Check allocates %v times", n)
	}
}

// Check never panics, and JSON it takes that encoding/json reads holds no
// array longer than its limits.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{`{"inner":[{"cards":["7C"],"name":"x"}],"fixed":[1,2]}`, `[[[[[`, `{"a":"\`, `{"counts":{"a":1}}`, `"\\u00e9"`, `-1.5e+10`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if Check[boundOuter](data, lim, "pkg", errStrictRule) != nil {
			return
		}
		var v any
		if json.Unmarshal(data, &v) == nil {
			if a, ok := v.([]any); ok && len(a) > lim.List {
				t.Errorf("%s: Check took a list of %d values", data, len(a))
			}
		}
	})
}
