package canasta

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// Every View a game gives, of any seat at any point of a game under any
// preset, reads back from its JSON: the checks refuse no real View.
func TestViewChecksPassRealViews(t *testing.T) {
	games := 2
	if conform.Full() {
		games = 40
	}
	forgetest.Read(t, conformPresets(), New, games, 400, 3, (*View).check)
}

// A View forged in one field no game shows is an error wrapping ErrView
// that names the problem.
func TestViewChecksRefuseForgeries(t *testing.T) {
	s, err := New(Classic(), 5)
	if err != nil {
		t.Fatal(err)
	}
	s = forgetest.Until(t, s, 5, 400, func(s State) bool { return s.Phase() == Melding && len(s.t.Melds) > 0 })
	data, err := json.Marshal(s.View(s.ToAct()))
	if err != nil {
		t.Fatal(err)
	}
	forgetest.Refused[View](t, data, []forgetest.Field{
		{Key: "seat", Value: "-1", Want: "seat -1"},
		{Key: "seat", Value: "4", Want: "seat 4"},
		{Key: "team", Value: "3", Want: "team is 3"},
		{Key: "turn", Value: "9", Want: "turn is seat 9"},
		{Key: "toAct", Value: "7", Want: "to act is 7"},
		{Key: "players", Value: "[]", Want: "0 players"},
		{Key: "teams", Value: "[]", Want: "0 teams"},
		{Key: "stockSize", Value: "-3", Want: "stockSize is -3"},
		{Key: "pileSize", Value: "-1", Want: "pileSize is -1"},
		{Key: "stockSize", Value: "200", Want: "do not add up"},
		{Key: "hand", Value: `["AS","AS","AS","AS","AS"]`, Want: "hand holds"},
		{Key: "legal", Value: `["next"]`, Want: "next among its legal actions"},
		{Key: "round", Value: "0", Want: "round 0"},
		{Key: "round", Value: "101", Want: "round 101"},
		{Key: "results", Value: `[{"teams":[]}]`, Want: "rounds scored"},
		{Key: "loneHand", Value: "2", Want: "lone hand"},
		{Key: "answer", Value: "5", Want: "answer is 5"},
		{Key: "phase", Value: `"choosing"`, Want: "phase"},
	})
}
