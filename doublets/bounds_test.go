package doublets_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/internal/record/recordtest"
)

// The decoders refuse what no game holds before they allocate for it, and
// allocate at most a small multiple of their input (issue 37). The inputs
// are of about 2 MB under CARDRULES_FULL; the quick loop reads 256 KB and
// 384 KB, and checks what the extra 128 KB allocate against the same bound
// a byte (see recordtest.RunScaled). The bounds are those BENCHMARKS.md
// lists.
func TestDecodersBound(t *testing.T) {
	s, err := doublets.New(doublets.Aisleriot(), 1)
	if err != nil {
		t.Fatal(err)
	}
	state, _ := json.Marshal(s)
	view, _ := json.Marshal(s.View(0))
	readState := func(b []byte) error { return json.Unmarshal(b, new(doublets.State)) }
	readView := func(b []byte) error { return json.Unmarshal(b, new(doublets.View)) }
	readRecord := func(b []byte) error { return new(doublets.Record).UnmarshalText(b) }
	readAction := func(b []byte) error { _, err := doublets.ParseAction(string(b)); return err }
	const list = "more than any list a game holds"
	rt := recordtest.Refuse
	const big = 2 << 20 // inputs a cap refuses only at about this size stay this long
	recordtest.RunScaled(t, func(size int) []recordtest.Case {
		return []recordtest.Case{
			rt("a State's stock", recordtest.Lengthen(state, "stock", `"7C"`, size), readState, recordtest.JSON, doublets.ErrPosition, list),
			rt("a View's waste", recordtest.Lengthen(view, "waste", `"7C"`, big), readView, recordtest.JSON, doublets.ErrView, list),
			rt("an action's text", []byte("play "+strings.Repeat(" ", size)+"waste"), readAction, recordtest.Action, doublets.ErrMalformed, "longer than any action"),
			rt("a record's shoe lines", []byte("doublets record\nrules aisleriot\n"+strings.Repeat("shoe 1 "+strings.Repeat("7C ", int(int64(size)*100_000/(2<<20)))+"\n", 7)),
				readRecord, recordtest.Record, doublets.ErrRecord, "and a shoe holds at most 52"),
			rt("a record's actions", []byte("doublets record\nrules aisleriot\n"+strings.Repeat("0: turn\n", size/8)),
				readRecord, recordtest.Record, doublets.ErrRecord, "action lines: a game of the record's rules lasts at most 207 actions"),
		}
	})
}
