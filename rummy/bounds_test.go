package rummy_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/record/recordtest"
	"github.com/cardrules/cardrules/rummy"
)

// The decoders refuse what no game holds before they allocate for it, and
// allocate at most a small multiple of their input (issue 37). The inputs
// are of about 2 MB under CARDRULES_FULL; the quick loop reads 256 KB and
// 384 KB, and checks what the extra 128 KB allocate against the same bound
// a byte (see recordtest.RunScaled). The bounds are those BENCHMARKS.md
// lists.
func TestDecodersBound(t *testing.T) {
	s, err := rummy.New(rummy.Basic(), 1)
	if err != nil {
		t.Fatal(err)
	}
	state, _ := json.Marshal(s)
	view, _ := json.Marshal(s.View(0))
	readState := func(b []byte) error { return json.Unmarshal(b, new(rummy.State)) }
	readView := func(b []byte) error { return json.Unmarshal(b, new(rummy.View)) }
	readRecord := func(b []byte) error { return new(rummy.Record).UnmarshalText(b) }
	readAction := func(b []byte) error { _, err := rummy.ParseAction(string(b)); return err }
	hand := "[" + strings.Repeat(`"7C",`, 3999) + `"7C"]`
	const list = "more than any list a game holds"
	rt := recordtest.Refuse
	const big = 2 << 20 // inputs a cap refuses only at about this size stay this long
	recordtest.RunScaled(t, func(size int) []recordtest.Case {
		return []recordtest.Case{
			rt("a State's stock", recordtest.Lengthen(state, "stock", `"7C"`, size), readState, recordtest.JSON, rummy.ErrPosition, list),
			rt("a State's hands of 4,000 cards", recordtest.Lengthen(state, "hands", hand, size), readState, recordtest.JSON, rummy.ErrPosition, "Hands"),
			rt("a View's pile", recordtest.Lengthen(view, "pile", `"7C"`, big), readView, recordtest.JSON, rummy.ErrView, list),
			rt("a View's legal actions", recordtest.Lengthen(view, "legal", `"draw stock"`, big), readView, recordtest.JSON, rummy.ErrView, list),
			rt("an action's text", []byte("meld "+strings.Repeat("7C ", size/3)), readAction, recordtest.Action, rummy.ErrMalformed, "longer than any action"),
			rt("a record's shoe lines", []byte("rummy record\nrules basic\n"+strings.Repeat("shoe 1 "+strings.Repeat("7C ", int(int64(size)*100_000/(2<<20)))+"\n", 7)),
				readRecord, recordtest.Record, rummy.ErrRecord, "and a shoe holds at most 52"),
			rt("a record's actions", []byte("rummy record\nrules basic\n"+strings.Repeat("0: draw stock\n", size/14)),
				readRecord, recordtest.Record, rummy.ErrRecord, "action lines: a game of the record's rules lasts at most 4053 actions"),
		}
	})
}
