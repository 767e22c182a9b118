package bot_test

import (
	"encoding/json"
	"testing"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/internal/forgetest"
)

// A View of the partner asked "May I go out?", its legal actions narrowed
// to one answer, gets that answer from every player: a player chooses
// only what the View lists.
func TestChooseNarrowedAnswer(t *testing.T) {
	s, err := canasta.New(canasta.Classic(), 11)
	if err != nil {
		t.Fatal(err)
	}
	s = forgetest.Until(t, s, 11, 20000, func(s canasta.State) bool { return s.Phase() == canasta.Answering })
	data, err := json.Marshal(s.View(s.ToAct()))
	if err != nil {
		t.Fatal(err)
	}
	narrowed := forgetest.Narrow(data)
	if len(narrowed) == 0 {
		t.Fatal("no answer to narrow to")
	}
	for _, view := range narrowed {
		forgetest.Choose(t, view, legal, forgeryPlayers())
	}
}
