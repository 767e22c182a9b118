package doublets

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/internal/conform"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// Every View a game gives, at any point of a game under any preset,
// reads back from its JSON: the checks refuse no real View.
func TestViewChecksPassRealViews(t *testing.T) {
	games := 100
	if conform.Full() {
		games = 400
	}
	forgetest.Read(t, Presets(), New, games, 400, 1, (*View).check)
}

// A View forged in one field no game shows is an error wrapping ErrView
// that names the problem.
func TestViewChecksRefuseForgeries(t *testing.T) {
	s, err := New(Aisleriot(), 5)
	if err != nil {
		t.Fatal(err)
	}
	s = forgetest.Until(t, s, 5, 400, func(s State) bool { return len(s.View(0).Waste) > 2 && len(s.View(0).Foundation) > 0 })
	data, err := json.Marshal(s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	forgetest.Refused[View](t, data, []forgetest.Field{
		{Key: "seat", Value: "3", Want: "seat"},
		{Key: "toAct", Value: "-1", Want: "toAct"},
		{Key: "stockSize", Value: "-3", Want: "stock"},
		{Key: "pass", Value: "9", Want: "pass"},
		{Key: "waste", Value: "[]", Want: "stock"},
		{Key: "reserve", Value: `["","","","","","",""]`, Want: "stock"},
		{Key: "foundation", Value: `["KS"]`, Want: "stock"},
		{Key: "score", Value: "40", Want: "score"},
		{Key: "over", Value: "true", Want: "over"},
		{Key: "legal", Value: `["play 7"]`, Want: "legal"},
	})
}
