package card_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/internal/record/recordtest"
)

// ParseCards allocates the list alone, at most half a byte for each byte
// of its text, and a Multiset read from text or JSON at most 3 bytes for
// each, 2 from text (issue 37: an action's list of 12 MB allocated 482 MB). A Multiset
// holds at most 255 of a card: these lists are refused.
func TestParseBound(t *testing.T) {
	const size = 2 << 20
	text := strings.Repeat("7C ", size/3)
	list := "[" + strings.Repeat(`"7C",`, size/5) + `"7C"]`
	var m card.Multiset
	bound := recordtest.Limit{PerByte: 3, Base: 1 << 10}
	text2 := recordtest.Limit{PerByte: 2, Base: 1 << 10}
	recordtest.Bound(t, "ParseCards", len(text), 0.5, 1<<10, func() { _, _ = card.ParseCards(text) })
	recordtest.Run(t, []recordtest.Case{
		recordtest.Refuse("Multiset.UnmarshalText", []byte(text), m.UnmarshalText, text2, card.ErrTooMany, "at most 255"),
		recordtest.Refuse("Multiset.UnmarshalJSON of a string", []byte(`"`+text+`"`), func(b []byte) error { return json.Unmarshal(b, &m) }, bound, card.ErrTooMany, "at most 255"),
		recordtest.Refuse("Multiset.UnmarshalJSON of a list", []byte(list), func(b []byte) error { return json.Unmarshal(b, &m) }, bound, card.ErrTooMany, "at most 255"),
	})
}
