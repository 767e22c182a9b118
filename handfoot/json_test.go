package handfoot

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/google/go-cmp/cmp"
)

// surveyed is the game testdata/old_state.json was written from before the
// JSON convention: rule set A for two, seed 1, the last legal action six
// times.
func surveyed(t *testing.T) State {
	t.Helper()
	s, err := New(RulesA().WithLayout(2, 2), 1)
	return conform.PlayLast[State, Action, View](t, s, err, 6)
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
	if old := conform.Old[State](t, "testdata/old_state.json"); !reflect.DeepEqual(old.Position(), s.Position()) {
		t.Errorf("old State JSON = %+v, want %+v", old.Position(), s.Position())
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

// View JSON written before the View's codec was struct tags, with the
// keys and shapes it had then: each meld an object with its counts
// ("naturals", "canasta", ...), the answer a word ("no"), a house rule
// set's names cut after the last one set. It loads to the same View:
// mid-game under rule set A with players' names (old_view.json), house
// rules written whole while a seat chooses its packets
// (old_view_house.json), a game over with its results (old_view_over.json)
// and a partner's answer (old_view_answer.json).
func TestOldViewJSONLoads(t *testing.T) {
	a := RulesA()
	a.Names[0], a.Names[2] = "Ann", "Cy"
	mid := viewWalk(t, a, 3, 150)
	house := withChoice(RulesB())
	house.CleanBonus = 600
	asked := scDo(t, scOutMelds(scPos(t, RulesB()).seat(0, "7S 4C", "").inFoot(0).seat(1, "5C", ""), 0, 1, 1).
		phase(Melding).build(), Ask())
	for _, tt := range []struct {
		file string
		want View
	}{
		{"old_view.json", mid.View(mid.ToAct())},
		{"old_view_house.json", viewWalk(t, house, 3, 0).View(1)},
		{"old_view_over.json", viewWalk(t, RulesB(), 4, 100000).View(0)},
		{"old_view_answer.json", scDo(t, asked, Answer(false)).View(2)},
	} {
		got := conform.Old[View](t, "testdata/"+tt.file)
		if diff := cmp.Diff(tt.want, got, cmpOpts); diff != "" {
			t.Errorf("%s (-want +loaded):\n%s", tt.file, diff)
		}
	}
}
