package score_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/score"
)

// JSON decoding echoes bad input only quoted and capped: a huge key or value
// makes a short message, and a line break in a key never reaches it raw.
func TestJSONErrorsHugeOrMultiLine(t *testing.T) {
	huge := strings.Repeat("Z", 1<<20) // a megabyte: far past any bound on what an error quotes
	hugeNumber := strings.Repeat("9", 1<<20)
	check := func(what, in string, err, sentinel error) {
		t.Helper()
		if !errors.Is(err, sentinel) {
			t.Errorf("%s(%.40q) = %v, want an error wrapping %v", what, in, err, sentinel)
			return
		}
		if msg := err.Error(); len(msg) > 300 || strings.ContainsAny(msg, "\r\n") {
			t.Errorf("%s(%.40q) error is %d bytes or has a line break: %.300q", what, in, len(msg), msg)
		}
	}
	for _, in := range []string{
		`{"` + huge + `":1}`,
		`{"7\nH":1}`,
		`{"AC":` + hugeNumber + `}`,
		`{"AC":"` + huge + `"}`,
		hugeNumber,
		`{"AC\r\n` + huge + `":1}`,
	} {
		var tab score.Table
		check("Table.UnmarshalJSON", in, tab.UnmarshalJSON([]byte(in)), score.ErrTable)
	}
	for _, in := range []string{
		`[{"` + huge + `":1}]`,
		`[{"from\n":1,"minimum":5}]`,
		`[{"minimum":` + hugeNumber + `}]`,
		`[{"minimum":"` + huge + `"}]`,
		hugeNumber,
	} {
		var b score.Bands
		check("Bands.UnmarshalJSON", in, b.UnmarshalJSON([]byte(in)), score.ErrBands)
	}
	// Through encoding/json too.
	var holder struct{ Points score.Table }
	err := json.Unmarshal([]byte(`{"Points":{"`+huge+`":1}}`), &holder)
	check("json.Unmarshal", huge, err, score.ErrTable)
}
