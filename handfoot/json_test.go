package handfoot

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
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
// and a partner's answer (old_view_answer.json). It was written before
// packets were chosen face down: its rules have no "lookAtPackets" (it
// reads as off), and its packets and foot seen are those a look at both
// packets shows (oldView).
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
		{"old_view.json", oldView(mid, mid.ToAct())},
		{"old_view_house.json", oldView(viewWalk(t, house, 3, 0), 1)},
		{"old_view_over.json", oldView(viewWalk(t, RulesB(), 4, 100000), 0)},
		{"old_view_answer.json", oldView(scDo(t, asked, Answer(false)), 2)},
	} {
		got := conform.Old[View](t, "testdata/"+tt.file)
		if diff := cmp.Diff(tt.want, got, cmpOpts); diff != "" {
			t.Errorf("%s (-want +loaded):\n%s", tt.file, diff)
		}
	}
}

// oldView returns seat's View of s as the library gave it before packets
// were chosen face down: with the packets and the foot seen that
// LookAtPackets shows wherever the rules choose packets, and the rules
// without LookAtPackets; and before the View showed the turn's fixed
// point.
func oldView(s State, seat int) View {
	rd := *s.r
	rd.rules.LookAtPackets = rd.rules.ChoosePacket
	s.r = &rd
	v := s.View(seat)
	v.Rules.LookAtPackets = false
	// Nor did it show the turn's fixed point, or the pile's cards.
	v.Late, v.Since, v.FixedMelds, v.FixedLaid, v.LaidCards = false, nil, nil, 0, card.Multiset{}
	v.PileCards = card.Multiset{}
	return v
}

// The library's JSON convention in a View, as Canasta's View writes it:
// lowerCamel keys, the rules first and by name when they are a rule set's,
// enums as words, cards as card strings (a hand too), empty lists as [],
// each meld its ref and its cards.
func TestViewJSONConvention(t *testing.T) {
	s := surveyed(t)
	conform.ViewJSON(t, s.View(0), `{"rules":"A","seat":0,"team":0,"round":1,"phase":"drawing","toAct":1,"turn":1,"hand":["`,
		`"packets":[[],[]],"footSeen":[],"players":[{"seat":0,"team":0,"name":"","hand":`,
		`"canastas":{"clean":0,"dirty":0},"down":false,`, `"answer":0,`, `"legal":[]`, `"results":[]`)
	melded := viewWalk(t, RulesA(), 3, 150)
	conform.ViewJSON(t, melded.View(0), `{"rules":"A","seat":0,`, `"melds":[{"ref":"4","cards":["4H","4H","4H","4S","JK","JK","JK"]},`)
	house := withChoice(RulesB())
	house.Names[0] = "Ann"
	conform.ViewJSON(t, viewWalk(t, house, 1, 0).View(1), `{"rules":{"name":"B with choice","names":["Ann","","","","","","",""],"players":4,"teams":2,`,
		`"choosePacket":true,"lookAtPackets":true,`, `"phase":"choosing",`, `"packets":[["`)
}
