package handfoot

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// Every View a game gives, of any seat at any point of a game under any
// preset, reads back from its JSON: the checks refuse no real View.
func TestViewChecksPassRealViews(t *testing.T) {
	games := 1
	if conform.Full() {
		games = 20
	}
	forgetest.Read(t, conformPresets(), New, games, 300, 5, (*View).check)
}

// A View forged in one field no game shows is an error wrapping ErrView
// that names the problem.
func TestViewChecksRefuseForgeries(t *testing.T) {
	s, err := New(RulesA(), 5)
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
		{Key: "toAct", Value: "-1", Want: "to act is -1"},
		{Key: "players", Value: "[]", Want: "players"},
		{Key: "teams", Value: "[]", Want: "teams"},
		{Key: "stockSize", Value: "-3", Want: "stockSize is -3"},
		{Key: "foot", Value: "-2", Want: "foot is -2"},
		{Key: "stockSize", Value: "400", Want: "do not add up"},
		{Key: "hand", Value: `["AS"]`, Want: "hand and foot hold"},
		{Key: "legal", Value: `["packet 1"]`, Want: "packet among its legal actions"},
		{Key: "round", Value: "0", Want: "round 0"},
		{Key: "results", Value: `[{"teams":[]}]`, Want: "rounds scored"},
		{Key: "answer", Value: "5", Want: "answer is 5"},
		{Key: "packets", Value: `[["AS"],[]]`, Want: "packets"},
	})
}
