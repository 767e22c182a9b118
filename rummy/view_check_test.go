package rummy

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// Every View a game gives, of any seat at any point of a game under any
// preset, reads back from its JSON: the checks refuse no real View.
func TestViewChecksPassRealViews(t *testing.T) {
	games := 3
	if conform.Full() {
		games = 60
	}
	forgetest.Read(t, conformPresets(), New, games, 400, 2, (*View).check)
}

// A View forged in one field no game shows is an error wrapping ErrView
// that names the problem.
func TestViewChecksRefuseForgeries(t *testing.T) {
	s, err := New(Basic(), 5)
	if err != nil {
		t.Fatal(err)
	}
	s = forgetest.Until(t, s, 5, 400, func(s State) bool { return s.Phase() == Playing && len(s.Melds()) > 0 })
	v := s.View(s.ToAct())
	held := v.Hand.Cards()[0].String()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	forgetest.Refused[View](t, data, []forgetest.Field{
		{Key: "seat", Value: "-1", Want: "seat -1"},
		{Key: "seat", Value: "2", Want: "seat 2"},
		{Key: "turn", Value: "9", Want: "turn is seat 9"},
		{Key: "toAct", Value: "-1", Want: "to act is -1"},
		{Key: "players", Value: "[]", Want: "0 players"},
		{Key: "stockSize", Value: "-3", Want: "below zero"},
		{Key: "stockSize", Value: "40", Want: "do not add up"},
		{Key: "hand", Value: `["AS"]`, Want: "hand holds"},
		{Key: "pile", Value: `["AS","AS"]`, Want: "shown twice"},
		{Key: "pile", Value: `["JK"]`, Want: "not a card of the deck"},
		{Key: "legal", Value: `["next"]`, Want: "next among its legal actions"},
		{Key: "legal", Value: `["lay ` + held + ` on 17"]`, Want: "melds"},
		{Key: "round", Value: "0", Want: "round 0"},
		{Key: "round", Value: "2", Want: "round 2"},
		{Key: "results", Value: `[{"players":[]}]`, Want: "rounds scored"},
		{Key: "melds", Value: `[{"seat":7,"meld":["AS","2S","3S"]}]`, Want: "seat 7"},
		{Key: "taken", Value: `"KD"`, Want: "taken card"},
		{Key: "phase", Value: `"game over"`, Want: "over"},
	})
}
