package canasta

import (
	"reflect"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
)

// surveyed is the game the JSON files of testdata/old_*.json were written
// from before the JSON convention: the two-player preset, seed 1, the last
// legal action six times.
func surveyed(t *testing.T) State {
	t.Helper()
	s, err := New(TwoPlayer(), 1)
	return conform.PlayLast[State, Action, View](t, s, err, 6)
}

// The library's JSON convention: lowerCamel keys, enums as words, cards
// as card strings (a hand too), empty lists as [], and a View's rules as
// the preset's name when they are one of the presets, in full otherwise.
func TestViewJSONConvention(t *testing.T) {
	conform.ViewJSON(t, surveyed(t).View(1), `{"rules":"two","seat":1,"team":1,"round":1,"phase":"drawing","toAct":0,"turn":0,"hand":["`,
		`"teams":[{"team":0,"melds":[],"canastas":{"natural":0,"mixed":0},"redThrees":["3H"],`, `"legal":[]`, `"results":[]`)
	r := Classic()
	r.Names[0] = "Ann"
	s, err := New(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	conform.ViewJSON(t, s.View(1), `{"rules":{"name":"classic","names":["Ann","","",""],"players":4,"teams":2,`)
}

// JSON written before the convention (keys in Go's spelling, the hand as
// one string, the rules in full) still loads: a State and a View.
func TestOldJSONLoads(t *testing.T) {
	s := surveyed(t)
	if old := conform.Old[State](t, "testdata/old_state.json"); !reflect.DeepEqual(old.Position(), s.Position()) {
		t.Errorf("old State JSON = %+v, want %+v", old.Position(), s.Position())
	}
	v, want := conform.Old[View](t, "testdata/old_view.json"), s.View(s.ToAct())
	if !reflect.DeepEqual(v.Hand, want.Hand) || v.StockSize != want.StockSize || v.Rules != want.Rules || !reflect.DeepEqual(v.Legal, want.Legal) {
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
