package meld_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/record/recordtest"
	"github.com/cardrules/cardrules/meld"
)

// A meld read from text allocates at most 2 bytes for each byte of it,
// and one read from JSON at most 4 (issue 37: 35 MB of canasta melds
// allocated 1.5 GB). The inputs are of 1 MB: no meld holds their 350,000
// sevens, and they are refused.
func TestReadBound(t *testing.T) {
	const size = 1 << 20
	text := []byte(strings.Repeat("7C ", size/3))
	str := []byte(`"` + string(text) + `"`)
	list := []byte("[" + strings.Repeat(`"7C",`, size/5) + `"7C"]`)
	fromJSON := recordtest.Limit{PerByte: 4, Base: 1 << 10}
	fromText := recordtest.Limit{PerByte: 2, Base: 1 << 10}
	var r meld.RankMeld
	var c meld.Combination
	decode := func(v any) func([]byte) error { return func(b []byte) error { return json.Unmarshal(b, v) } }
	var cases []recordtest.Case
	for _, tc := range []struct {
		what string
		data []byte
		read func([]byte) error
		want string
	}{
		{"RankMeld.UnmarshalText", text, r.UnmarshalText, "more than 255 copies of 7C"},
		{"RankMeld.UnmarshalJSON of a string", str, decode(&r), "more than 255 copies of 7C"},
		{"RankMeld.UnmarshalJSON of a list", list, decode(&r), "more than 255 copies of 7C"},
		{"Combination.UnmarshalText", text, c.UnmarshalText, "7C appears 349525 times"},
		{"Combination.UnmarshalJSON of a string", str, decode(&c), "7C appears 349525 times"},
		{"Combination.UnmarshalJSON of a list", list, decode(&c), "7C appears 209716 times"},
	} {
		bound := fromJSON
		if strings.HasSuffix(tc.what, "UnmarshalText") {
			bound = fromText
		}
		cases = append(cases, recordtest.Refuse(tc.what, tc.data, tc.read, bound, nil, tc.want))
	}
	recordtest.Run(t, cases)
}
