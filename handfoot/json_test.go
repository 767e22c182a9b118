package handfoot

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// surveyed is the game testdata/old_state.json was written from before the
// JSON convention: rule set A for two, seed 1, the last legal action six
// times.
func surveyed(t *testing.T) State {
	t.Helper()
	s, err := New(RulesA().WithLayout(2, 2), 1)
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		l := Legal(s)
		if s, err = Apply(s, l[len(l)-1]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// The library's JSON convention, in a State's JSON (its Position):
// lowerCamel keys, enums as words, cards and hands as arrays of card
// strings.
func TestStateJSONConvention(t *testing.T) {
	data, err := json.Marshal(surveyed(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"rules":{"name":"A","names":[`, `"goOut":{"clean":1,"dirty":1}`, `"phase":"drawing"`,
		`"seats":[{"hand":["`, `"inFoot":false}`, `"melds":[]`, `"rng":"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("State JSON %.300s... lacks %s", data, want)
		}
	}
}

// JSON written before the convention (keys in Go's spelling, hands and
// feet as one string each) still loads.
func TestOldJSONLoads(t *testing.T) {
	s := surveyed(t)
	data, err := os.ReadFile("testdata/old_state.json")
	if err != nil {
		t.Fatal(err)
	}
	var old State
	if err := json.Unmarshal(data, &old); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(old.Position(), s.Position()) {
		t.Errorf("old State JSON = %+v, want %+v", old.Position(), s.Position())
	}
}

// An Event's JSON has lowerCamel keys, and the cards drawn only in the
// drawer's own events: another seat's event leaves them out.
func TestEventJSON(t *testing.T) {
	s := surveyed(t)
	s, err := Apply(s, Legal(s)[0]) // a draw from the stock
	if err != nil {
		t.Fatal(err)
	}
	var drawer, other []byte
	for seat := range s.Seats() {
		for _, e := range s.Happened(seat, 0) {
			if len(e.Drawn) > 0 && drawer == nil {
				drawer, _ = json.Marshal(e)
				other, _ = json.Marshal(s.Happened((e.Seat+1)%s.Seats(), e.Seq-1)[0])
			}
		}
	}
	if !strings.HasPrefix(string(drawer), `{"seq":`) || !strings.Contains(string(drawer), `"drawn":["`) || !strings.Contains(string(drawer), `"gameOver":false}`) {
		t.Errorf("the drawer's Event JSON = %s", drawer)
	}
	if !strings.HasPrefix(string(other), `{"seq":`) || strings.Contains(string(other), `"drawn"`) {
		t.Errorf("another seat's Event JSON = %s", other)
	}
}
