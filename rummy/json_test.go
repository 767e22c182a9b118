package rummy

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// surveyed is the game the JSON files of testdata/old_*.json were written
// from before the JSON convention: seed 1, the last legal action six times.
func surveyed(t *testing.T) State {
	t.Helper()
	s, err := New(Basic(), 1)
	return conform.PlayLast[State, Action, View](t, s, err, 6)
}

// The library's JSON convention: lowerCamel keys, enums as words, cards
// as card strings (a hand too), empty lists as [], and a View's rules as
// the preset's name when they are one of the presets, in full otherwise.
func TestViewJSONConvention(t *testing.T) {
	conform.ViewJSON(t, surveyed(t).View(0), `{"rules":"basic","seat":0,"round":1,"phase":"drawing","turn":1,"toAct":1,"hand":["2C",`,
		`"players":[{"seat":0,"name":"","hand":10,"known":["5C"],"laid":[],"melded":0,"total":0},`, `"melds":[]`, `"legal":[]`, `"results":[]`)
	r := Basic()
	r.Names[0] = "Ann"
	s, err := New(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	conform.ViewJSON(t, s.View(1), `{"rules":{"name":"basic","names":["Ann","","","","",""],"players":2,"handSize":0,`)
}

// JSON written before the convention (keys in Go's spelling, the hand as
// one string, the rules in full) still loads: a State and a View.
func TestOldJSONLoads(t *testing.T) {
	s := surveyed(t)
	if old := conform.Old[State](t, "testdata/old_state.json"); !reflect.DeepEqual(old.Position(), s.Position()) {
		t.Errorf("old State JSON = %+v, want %+v", old.Position(), s.Position())
	}
	v, want := conform.Old[View](t, "testdata/old_view.json"), s.View(s.ToAct())
	if !reflect.DeepEqual(v.Hand, want.Hand) || v.StockSize != want.StockSize || v.Rules != want.Rules {
		t.Errorf("old View JSON = %+v; want %+v", v, want)
	}
}

// An Event's JSON has lowerCamel keys, and the cards drawn only in the
// drawer's own events: another seat's event leaves them out.
func TestEventJSON(t *testing.T) {
	s := surveyed(t)
	seat := s.ToAct()
	s, err := Apply(s, Legal(s)[0]) // a draw from the stock
	if err != nil {
		t.Fatal(err)
	}
	conform.EventJSON(t, s.Happened(seat, s.Seq()-1)[0], s.Happened((seat+1)%s.Seats(), s.Seq()-1)[0])
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
	if v, err := tb.View(0); err != nil || !strings.HasPrefix(string(v), `{"rules":"basic-3",`) {
		t.Errorf("the View of a table of 3 = %.80s, %v", v, err)
	}
	if _, err = open("basic", 7, 1); !errors.Is(err, ErrRules) {
		t.Errorf("open for 7 seats: %v, want ErrRules", err)
	}
}
