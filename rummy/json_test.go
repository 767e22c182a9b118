package rummy

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// surveyed is the game the JSON files of testdata/old_*.json were written
// from before the JSON convention: seed 1, the last legal action six times.
func surveyed(t *testing.T) State {
	t.Helper()
	s, err := New(Basic(), 1)
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

// The library's JSON convention: lowerCamel keys, enums as words, cards
// as card strings (a hand too), empty lists as [], and a View's rules as
// the preset's name when they are one of the presets, in full otherwise.
func TestViewJSONConvention(t *testing.T) {
	s := surveyed(t)
	v := s.View(0)
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"rules":"basic","seat":0,"round":1,"phase":"drawing","turn":1,"toAct":1,"hand":["2C",`,
		`"players":[{"seat":0,"name":"","hand":10,"known":["5C"],"laid":[],"melded":0,"total":0},`, `"melds":[]`, `"legal":[]`, `"results":[]`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("View JSON %s lacks %s", data, want)
		}
	}
	var back View
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, v) {
		t.Errorf("View read back = %+v, %v; want %+v", back, err, v)
	}

	// Rules that are no preset are written in full, and read back.
	r := Basic()
	r.Names[0] = "Ann"
	if s, err = New(r, 1); err != nil {
		t.Fatal(err)
	}
	v = s.View(1)
	if data, err = json.Marshal(v); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), `{"rules":{"name":"basic","names":["Ann","","","","",""],"players":2,"handSize":0,`) {
		t.Errorf("View JSON of other rules = %.200s", data)
	}
	back = View{}
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, v) {
		t.Errorf("View read back = %+v, %v; want %+v", back, err, v)
	}
	if err := json.Unmarshal([]byte(`{"rules":"nope","seat":0}`), &back); err == nil || !reflect.DeepEqual(back, v) {
		t.Errorf("a View with unknown rules: %v, and the View became %+v", err, back)
	}
}

// JSON written before the convention (keys in Go's spelling, the hand as
// one string, the rules in full) still loads: a State and a View.
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
	if data, err = os.ReadFile("testdata/old_view.json"); err != nil {
		t.Fatal(err)
	}
	var v View
	want := s.View(s.ToAct())
	if err := json.Unmarshal(data, &v); err != nil || !reflect.DeepEqual(v.Hand, want.Hand) || v.StockSize != want.StockSize || v.Rules != want.Rules {
		t.Errorf("old View JSON = %+v, %v; want %+v", v, err, want)
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

// A record written before the JSON convention (its rules in Go's
// spelling, as testdata/old_record.txt holds them) still loads.
func TestOldRecordLoads(t *testing.T) {
	data, err := os.ReadFile("testdata/old_record.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rec Record
	if err := rec.UnmarshalText(data); err != nil {
		t.Fatal(err)
	}
	want := Basic()
	want.Name, want.Players, want.Rounds, want.Target = "to150", 3, 0, 150
	if rec.Rules != want || rec.Seed != 2026 {
		t.Errorf("old record's rules = %+v, seed %d; want %+v, 2026", rec.Rules, rec.Seed, want)
	}
}

// A table the registry opens for three seats plays the preset basic-3, so
// its Views name their rules rather than spell them out.
func TestOpenNamesThePreset(t *testing.T) {
	tb, err := open("", 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	v, err := tb.View(0)
	if err != nil || !strings.HasPrefix(string(v), `{"rules":"basic-3",`) {
		t.Errorf("the View of a table of 3 = %.80s, %v", v, err)
	}
	if _, err = open("basic", 7, 1); !errors.Is(err, ErrRules) {
		t.Errorf("open for 7 seats: %v, want ErrRules", err)
	}
}
