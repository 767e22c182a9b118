package cardrules_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/rummy"
)

// The zero Table holds no game: it is over, no seat acts, and every method
// that can fail says so with an error wrapping ErrGame, never a panic.
func TestZeroTable(t *testing.T) {
	var tb cardrules.Table
	if tb.Game() != "" || tb.Seats() != 0 || tb.ToAct() != -1 || !tb.Over() || tb.Seq() != 0 || tb.Legal() != nil || tb.Outcomes() != nil || tb.State() != nil {
		t.Errorf("the zero Table: game %q, %d seats, seat %d to act, over %v, seq %d, legal %v, outcomes %v, state %v",
			tb.Game(), tb.Seats(), tb.ToAct(), tb.Over(), tb.Seq(), tb.Legal(), tb.Outcomes(), tb.State())
	}
	_, err1 := tb.Apply("draw")
	_, err2 := tb.View(0)
	_, err3 := tb.Happened(0, 0)
	_, err4 := tb.Record()
	_, err5 := tb.MarshalJSON()
	_, err6 := json.Marshal(tb)
	for i, err := range []error{err1, err2, err3, err4, err5, err6} {
		if !errors.Is(err, cardrules.ErrGame) {
			t.Errorf("method %d of the zero Table: %v, want ErrGame", i+1, err)
		}
	}
}

// A Table's JSON names its game: Load reads it back without being told
// the game, and json.Unmarshal into a Table does too. The JSON of a bare
// State, as Tables wrote it before, loads when the game is given.
func TestTableJSONNamesItsGame(t *testing.T) {
	for _, game := range cardrules.Games() {
		tb, err := cardrules.Open(game, "", 0, 3)
		if err != nil {
			t.Fatal(err)
		}
		if tb, err = tb.Apply(tb.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		data, err := tb.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Game  string          `json:"game"`
			State json.RawMessage `json:"state"`
		}
		if err := json.Unmarshal(data, &head); err != nil || head.Game != game {
			t.Fatalf("%s: the JSON names %q (%v)", game, head.Game, err)
		}
		state, _ := json.Marshal(tb.State())
		if !bytes.Equal(head.State, state) {
			t.Errorf("%s: the JSON's state is not the State's JSON", game)
		}
		for name, load := range map[string]func() (cardrules.Table, error){
			"Load without the game":    func() (cardrules.Table, error) { return cardrules.Load("", data) },
			"Load with the game":       func() (cardrules.Table, error) { return cardrules.Load(game, data) },
			"Load of the State's JSON": func() (cardrules.Table, error) { return cardrules.Load(game, state) },
			"json.Unmarshal": func() (cardrules.Table, error) {
				var back cardrules.Table
				err := json.Unmarshal(data, &back)
				return back, err
			},
		} {
			back, err := load()
			if err != nil || back.Game() != game || !sameJSON(t, back, tb) || strings.Join(back.Legal(), ";") != strings.Join(tb.Legal(), ";") {
				t.Errorf("%s: %s: %v, a table of %q", game, name, err, back.Game())
			}
		}
		other := "rummy"
		if game == other {
			other = "canasta"
		}
		if _, err := cardrules.Load(other, data); !errors.Is(err, cardrules.ErrGame) || !strings.Contains(err.Error(), `"`+game+`"`) {
			t.Errorf("%s: Load as %s: %v, want ErrGame naming %s", game, other, err, game)
		}
		if _, err := cardrules.Load("", state); !errors.Is(err, cardrules.ErrGame) {
			t.Errorf("%s: Load of a State's JSON without its game: %v", game, err)
		}
	}
	var tb cardrules.Table
	for _, bad := range []string{`{"game":"rummy"}`, `{"game":"poker","state":{}}`, `{"game":"rummy","state":{"seq":"x"}}`, `[`, `null`} {
		before := tb
		if err := json.Unmarshal([]byte(bad), &tb); err == nil {
			t.Errorf("json.Unmarshal(%s) into a Table succeeded", bad)
		}
		if tb != before {
			t.Errorf("json.Unmarshal(%s) changed the Table", bad)
		}
	}
}

// A game the program does not import is named with the import that
// registers it; a name that is no game says so.
func TestUnknownGameSaysWhatToDo(t *testing.T) {
	_, err := cardrules.Open("chess", "", 0, 1)
	if !errors.Is(err, cardrules.ErrGame) || !strings.Contains(err.Error(), "no game has this name") {
		t.Errorf("Open(chess): %v", err)
	}
	// A name in another case is no game either; the error lists the games.
	_, err = cardrules.Open("Rummy", "", 0, 1)
	if !errors.Is(err, cardrules.ErrGame) || !strings.Contains(err.Error(), "the games registered are canasta, doublets, handfoot, rummy") {
		t.Errorf("Open(Rummy): %v", err)
	}
}

// A program's own type around a Table, for logging say, passes the Table
// it holds to a computer player, which plays it: Table is a concrete
// value, not an interface a wrapper could satisfy and break.
func TestWrappedTablePlays(t *testing.T) {
	type logged struct {
		cardrules.Table
		lines []string
	}
	tb, _ := cardrules.Open("rummy", "", 2, 1)
	w := logged{Table: tb}
	c, _ := cardrules.NewComputer("rummy", "heuristic", 1)
	next, action, err := c.Play(w.Table)
	if err != nil || next.Seq() != 1 {
		t.Fatalf("Play of a wrapped table: %v, %q", err, action)
	}
	w.lines = append(w.lines, action)
	if _, ok := next.State().(rummy.State); !ok || len(w.lines) != 1 {
		t.Errorf("the table after Play holds a %T", next.State())
	}
}
