package record

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
)

var errRule = errors.New("not a record")

// A record's lines are written and read back, blank lines and comments
// ignored, each action with its line.
func TestMarshalParse(t *testing.T) {
	in := Text{Rules: "classic", Seed: 7, Shoes: [][]card.Card{nil, card.MustParseCards("AC 2D")}, Start: `{"x":1}`,
		Seats: []int{0, -1}, Actions: []string{"draw", "discard KH"}}
	text := in.Marshal("game")
	want := "game record\nrules classic\nseed 7\nshoe 2 AC 2D\nstart {\"x\":1}\n0: draw\n?: discard KH\n"
	if string(text) != want {
		t.Fatalf("Marshal:\n%s\nwant\n%s", text, want)
	}
	out, err := Parse([]byte("# a comment\n\n"+string(text)), "game", "pkg", errRule, testLimits)
	if err != nil {
		t.Fatal(err)
	}
	if out.Rules != "classic" || out.Seed != 7 || len(out.Shoes) != 2 || out.Shoes[0] != nil || out.Start != `{"x":1}` ||
		!slices.Equal(out.Actions, in.Actions) || !slices.Equal(out.Lines, []int{8, 9}) || out.Seats[0] != 0 {
		t.Errorf("Parse = %+v", out)
	}
}

// testLimits are the limits of the tests' records.
var testLimits = TextLimits{Rounds: 5, Shoe: 4, Actions: 3}

// Text that is not a record is refused, naming the line, with the rule.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty text"},
		{"other record\n", "line 1: a record begins with"},
		{"game record\nseed x\n", "line 2: the seed"},
		{"game record\nshoe 9 AC\n", "line 2: the shoe's round"},
		{"game record\nshoe 1 ZZ\n", "line 2: the shoe of round 1"},
		{"game record\nhello\n", "line 2: \"hello\" is not an action line"},
		{"game record\nx: draw\n", "line 2"},
		{"game record\nshoe 1 AC 2C 3C 4C 5C\n", "line 2: the shoe of round 1 lists 5 cards, and a shoe holds at most 4"},
		{"game record\nshoe 1 AC\nshoe 1 2C\n", "line 3: a second shoe for round 1"},
		{"game record\n0: a\n# a comment\n0: b\n0: c\n0: d\n", "4 action lines: a game of the record's rules lasts at most 3 actions"},
		{"game record\n0: a record\n0: b record\n0: c record\n0: d record\n", "4 action lines"},
	} {
		_, err := Parse([]byte(tc.text), "game", "pkg", errRule, testLimits)
		if !errors.Is(err, errRule) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// Seats replays as far as the steps go; CheckSeats names the first action
// whose seat is wrong; Body reads the start and the actions.
func TestSeatsAndBody(t *testing.T) {
	step := func(s int, a string) (int, error) {
		if a == "bad" {
			return s, errors.New("refused")
		}
		return s + 1, nil
	}
	got := Seats(0, []string{"a", "b", "bad", "c"}, func(s int) int { return s % 2 }, step)
	if !slices.Equal(got, []int{0, 1, 0}) {
		t.Errorf("Seats = %v", got)
	}
	tx := Text{Seats: []int{0, 0}, Actions: []string{"a", "b"}, Lines: []int{3, 4}, Start: `{"N":2}`}
	if err := CheckSeats(tx, []int{0, 1}, "pkg", errRule); !errors.Is(err, errRule) || !strings.Contains(err.Error(), "line 4: action 2") {
		t.Errorf("CheckSeats: %v", err)
	}
	type pos struct{ N int }
	start, actions, err := Body[pos](tx, func(s string) (string, error) { return strings.ToUpper(s), nil }, "pkg", errRule)
	if err != nil || start == nil || start.N != 2 || !slices.Equal(actions, []string{"A", "B"}) {
		t.Errorf("Body = %v, %v, %v", start, actions, err)
	}
	if _, _, err := Body[pos, string](Text{Start: "{"}, nil, "pkg", errRule); !errors.Is(err, errRule) {
		t.Errorf("Body of a bad start: %v", err)
	}
	if _, err := Actions(Text{Actions: []string{"x"}, Lines: []int{9}}, func(string) (int, error) { return 0, errors.New("no") }, "pkg", errRule); err == nil || !strings.Contains(err.Error(), "line 9") {
		t.Errorf("Actions: %v", err)
	}
	if _, err := JSON(func() {}, "pkg", errRule, "the rules"); !errors.Is(err, errRule) {
		t.Errorf("JSON of a func: %v", err)
	}
}
