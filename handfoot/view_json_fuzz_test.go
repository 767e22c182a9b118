package handfoot

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzViewJSON: decoding arbitrary bytes as a View never panics; a refusal
// is one error of the package's shape wrapping ErrView and leaves the View
// as it was; what it accepts writes JSON that reads back to the same View
// (a list null or empty alike: both write []) and writes the same bytes
// again. The seeds are Views of real games, the JSON of earlier versions,
// and broken JSON.
func FuzzViewJSON(f *testing.F) {
	house := RulesA().WithLayout(6, 3)
	house.Name, house.Names[0] = "house", "Ann"
	for i, r := range []Rules{RulesA(), RulesB(), withChoice(RulesB()), house} {
		for _, steps := range []int{0, 1, 60, 250} {
			s := viewWalk(f, r, uint64(i+1), steps)
			for _, seat := range []int{s.Turn(), (s.Turn() + 1) % r.Players} {
				data, err := json.Marshal(s.View(seat))
				if err != nil {
					f.Fatal(err)
				}
				f.Add(data)
				f.Add(data[:len(data)/2])
			}
		}
	}
	for _, s := range []string{`null`, `{}`, `[]`, `{"rules":"A"}`, `{"rules":{}}`, `"A"`, `{"rules":"A","phase":"drawing","players":[{},{}],"teams":[{},{}]}`,
		`{"rules":"A","players":[{},{}],"teams":[{},{}]}`, `{"rules":"B","phase":"drawing","players":[{},{}],"teams":[{},{}],"results":[{"teams":[{"breakdown":null}]}]}`} {
		f.Add([]byte(s))
	}
	for _, file := range []string{"old_view.json", "old_view_house.json", "old_view_over.json", "old_view_answer.json"} {
		data, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	base, err := New(RulesB(), 3)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v := base.View(0)
		if err := v.UnmarshalJSON(data); err != nil {
			if why := errPrefixShape(err, ErrView); why != "" {
				t.Fatalf("decoding failed with %v: %s", err, why)
			}
			if !cmp.Equal(v, base.View(0), cmpOpts) {
				t.Fatal("a failed decode changed the View")
			}
			return
		}
		viewRoundTrip(t, v, cmpopts.EquateEmpty())
	})
}
