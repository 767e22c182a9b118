package handfoot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/internal/record/recordtest"
)

// The decoders refuse what no game holds before they allocate for it, and
// allocate at most a small multiple of their input (issue 37). The inputs
// are of about 2 MB under CARDRULES_FULL; the quick loop reads 256 KB and
// 384 KB, and checks what the extra 128 KB allocate against the same bound
// a byte (see recordtest.RunScaled). The bounds are those BENCHMARKS.md
// lists.
func TestDecodersBound(t *testing.T) {
	s, err := handfoot.New(handfoot.RulesA(), 1)
	if err != nil {
		t.Fatal(err)
	}
	state, _ := json.Marshal(s)
	view, _ := json.Marshal(s.View(0))
	readState := func(b []byte) error { return json.Unmarshal(b, new(handfoot.State)) }
	readView := func(b []byte) error { return json.Unmarshal(b, new(handfoot.View)) }
	readRecord := func(b []byte) error { return new(handfoot.Record).UnmarshalText(b) }
	readAction := func(b []byte) error { _, err := handfoot.ParseAction(string(b)); return err }
	oneRound := handfoot.RulesA()
	oneRound.Rounds = 1
	rules, _ := json.Marshal(oneRound)
	const list = "more than any list a game holds"
	rt := recordtest.Refuse
	const big = 2 << 20 // inputs a cap refuses only at about this size stay this long
	recordtest.RunScaled(t, func(size int) []recordtest.Case {
		draws := strings.Repeat("1: draw\n", size/8) // seat 1 plays first
		longer := strings.Repeat("1: draw\n", big/8)
		return []recordtest.Case{
			rt("a State's stock", recordtest.Lengthen(state, "stock", `"7C"`, size), readState, recordtest.JSON, handfoot.ErrPosition, list),
			rt("a State's melds", recordtest.Lengthen(state, "melds", `{"team":0,"meld":["7C","7D","7H"]}`, size), readState, recordtest.JSON, handfoot.ErrPosition, list),
			rt("a View's hand", recordtest.Lengthen(view, "hand", `"7C"`, big), readView, recordtest.JSON, handfoot.ErrView, list),
			rt("a View's actions since", recordtest.Lengthen(view, "since", `"draw"`, big), readView, recordtest.JSON, handfoot.ErrView, list),
			rt("an action's text", []byte("meld "+strings.Repeat("7C ", size/3)), readAction, recordtest.Action, handfoot.ErrMalformed, "longer than any action"),
			rt("a record's shoe lines", []byte("handfoot record\nrules A 4x2\n"+strings.Repeat("shoe 1 "+strings.Repeat("7C ", int(int64(size)*100_000/(2<<20)))+"\n", 7)),
				readRecord, recordtest.Record, handfoot.ErrRecord, "and a shoe holds at most 672"),
			rt("a record's actions, beyond one round's", []byte("handfoot record\nrules "+string(rules)+"\n"+longer),
				readRecord, recordtest.Record, handfoot.ErrRecord, "action lines: a game of the record's rules lasts at most"),
			recordtest.Read("a record's actions, each read", []byte("handfoot record\nrules A 4x2\n"+draws), readRecord, recordtest.Record),
		}
	})
}
