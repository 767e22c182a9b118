package canasta_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/record/recordtest"
)

// The decoders refuse what no game holds before they allocate for it, and
// allocate at most a small multiple of their input (issue 37: a 20 MB
// stock allocated 626 MB, 35 MB of melds 1.5 GB, a 90 MB record of shoe
// lines 3.4 GB, a 12 MB action text 482 MB). The inputs, shaped like those, are
// of about 2 MB under CARDRULES_FULL; the quick loop reads 256 KB and
// 384 KB, and checks what the extra 128 KB allocate against the same bound
// a byte (see recordtest.RunScaled). The bounds are those BENCHMARKS.md
// lists.
func TestDecodersBound(t *testing.T) {
	s, err := canasta.New(canasta.Classic(), 1)
	if err != nil {
		t.Fatal(err)
	}
	state, _ := json.Marshal(s)
	view, _ := json.Marshal(s.View(0))
	readState := func(b []byte) error { return json.Unmarshal(b, new(canasta.State)) }
	readView := func(b []byte) error { return json.Unmarshal(b, new(canasta.View)) }
	readRecord := func(b []byte) error { return new(canasta.Record).UnmarshalText(b) }
	readAction := func(b []byte) error { _, err := canasta.ParseAction(string(b)); return err }
	oneRound := canasta.Classic()
	oneRound.Rounds = 1
	rules, _ := json.Marshal(oneRound)
	meld := `{"team":0,"meld":["7C","7D","7H"]}`
	const list = "more than any list a game holds"
	rt := recordtest.Refuse
	const big = 2 << 20 // inputs a cap refuses only at about this size stay this long
	recordtest.RunScaled(t, func(size int) []recordtest.Case {
		draws := strings.Repeat("0: draw\n", size/8)
		return []recordtest.Case{
			rt("a State's stock", recordtest.Lengthen(state, "stock", `"7C"`, size), readState, recordtest.JSON, canasta.ErrPosition, list),
			rt("a State's melds", recordtest.Lengthen(state, "melds", meld, size), readState, recordtest.JSON, canasta.ErrPosition, list),
			rt("a State's hands of 4,000 cards", recordtest.Lengthen(state, "hands", "["+strings.Repeat(`"7C",`, 3999)+`"7C"]`, size),
				readState, recordtest.JSON, canasta.ErrPosition, "hand"),
			rt("a View's hand", recordtest.Lengthen(view, "hand", `"7C"`, big), readView, recordtest.JSON, canasta.ErrView, list),
			rt("a View's melds", recordtest.Lengthen(view, "melds", `["7C","7D","7H"]`, big), readView, recordtest.JSON, canasta.ErrView, list),
			rt("an action's text", []byte("meld "+strings.Repeat("7C ", size/3)), readAction, recordtest.Action, canasta.ErrMalformed, "longer than any action"),
			rt("a record's shoe lines", []byte("canasta record\nrules classic\n"+strings.Repeat("shoe 1 "+strings.Repeat("7C ", int(int64(size)*100_000/(2<<20)))+"\n", 7)),
				readRecord, recordtest.Record, canasta.ErrRecord, "and a shoe holds at most 224"),
			rt("a record's rules", []byte("canasta record\nrules {\"names\":["+strings.Repeat(`"",`, size/3)+"\"\"]}\n"),
				readRecord, recordtest.Record, canasta.ErrRecord, list),
			rt("a record's actions, beyond one round's", []byte("canasta record\nrules "+string(rules)+"\n"+draws),
				readRecord, recordtest.Record, canasta.ErrRecord, fmt.Sprint(size/8)+" action lines: a game of the record's rules lasts at most 24851 actions"),
			// The form is a record's, read whole; Replay refuses the second draw.
			recordtest.Read("a record's actions, each read", []byte("canasta record\nrules classic\n"+draws), readRecord, recordtest.Record),
		}
	})
}
