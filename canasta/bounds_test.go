package canasta_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/record/recordtest"
)

// The decoders refuse what no game holds before they allocate for it, and
// allocate at most a small multiple of their input (issue 37: a 20 MB
// stock allocated 626 MB, 35 MB of melds 1.5 GB, a 90 MB record of shoe
// lines 3.4 GB, a 12 MB action text 482 MB). The inputs are of about 2 MB,
// shaped like those.
func TestDecodersBound(t *testing.T) {
	const size = 2 << 20
	s, err := canasta.New(canasta.Classic(), 1)
	if err != nil {
		t.Fatal(err)
	}
	state, _ := json.Marshal(s)
	view, _ := json.Marshal(s.View(0))
	hand := "[" + strings.Repeat(`"7C",`, 3999) + `"7C"]`
	for _, tc := range []struct {
		what, key, value string
		data             []byte
		into             any
		rule             error
	}{
		{"a State's stock", "stock", `"7C"`, state, new(canasta.State), canasta.ErrPosition},
		{"a State's melds", "melds", `{"team":0,"meld":["7C","7D","7H"]}`, state, new(canasta.State), canasta.ErrPosition},
		{"a State's hands of 4,000 cards", "hands", hand, state, new(canasta.State), canasta.ErrPosition},
		{"a View's hand", "hand", `"7C"`, view, new(canasta.View), canasta.ErrView},
		{"a View's melds", "melds", `{"team":0,"meld":["7C","7D","7H"]}`, view, new(canasta.View), canasta.ErrView},
	} {
		data := recordtest.Lengthen(tc.data, tc.key, tc.value, size)
		var err error
		recordtest.Bound(t, tc.what, len(data), 8, 1<<20, func() { err = json.Unmarshal(data, tc.into) })
		if !errors.Is(err, tc.rule) {
			t.Errorf("%s: %v, want an error wrapping %v", tc.what, err, tc.rule)
		}
	}

	action := "meld " + strings.Repeat("7C ", size/3)
	recordtest.Bound(t, "an action's text", len(action), 0, 1<<14, func() { _, err = canasta.ParseAction(action) })
	if !errors.Is(err, canasta.ErrMalformed) || !strings.Contains(err.Error(), "longer than any action") {
		t.Errorf("a long action: %v", err)
	}

	oneRound := canasta.Classic()
	oneRound.Rounds = 1
	rules, _ := json.Marshal(oneRound)
	draws := strings.Repeat("0: draw\n", size/8)
	for _, tc := range []struct{ what, text, want string }{
		{"shoe lines", "rules classic\n" + strings.Repeat("shoe 1 "+strings.Repeat("7C ", 100_000)+"\n", 7), "and a shoe holds at most 224"},
		{"rules", "rules {\"names\":[" + strings.Repeat(`"",`, size/3) + "\"\"]}\n", "more than any list a game holds"},
		{"actions, beyond one round's", "rules " + string(rules) + "\n" + draws, "262144 action lines: a game of the record's rules lasts at most 24851 actions"},
		{"actions, each read", "rules classic\n" + draws, ""}, // the form is a record's; Replay refuses the second draw
	} {
		text := []byte("canasta record\nseed 1\n" + tc.text)
		var rec canasta.Record
		recordtest.Bound(t, "a record's "+tc.what, len(text), 12, 1<<20, func() { err = rec.UnmarshalText(text) })
		if tc.want == "" && err != nil || tc.want != "" && (!errors.Is(err, canasta.ErrRecord) || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("a record's %s: %v, want an error saying %q", tc.what, err, tc.want)
		}
	}
}
