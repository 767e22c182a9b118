package handfoot

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/meld"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// viewWalk plays steps random legal actions from a new game under r.
func viewWalk(tb testing.TB, r Rules, seed uint64, steps int) State {
	tb.Helper()
	s, err := New(r, seed)
	if err != nil {
		tb.Fatalf("New(%s): %v", r.Name, err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for range steps {
		if s.Over() {
			break
		}
		legal := Legal(s)
		if s, err = Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// viewRoundTrip checks that v's JSON reads back to v (compared with
// cmpOpts and opts) and writes the same bytes again, and returns the JSON.
func viewRoundTrip(tb testing.TB, v View, opts ...cmp.Option) []byte {
	tb.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		tb.Fatalf("json.Marshal(View): %v", err)
	}
	var back View
	if err := json.Unmarshal(data, &back); err != nil {
		tb.Fatalf("json.Unmarshal(View): %v\n%s", err, data)
	}
	if diff := cmp.Diff(v, back, cmpOpts, cmp.Options(opts)); diff != "" {
		tb.Fatalf("View JSON round trip (-sent +received):\n%s\n%s", diff, data)
	}
	again, err := json.Marshal(back)
	if err != nil || !bytes.Equal(again, data) {
		tb.Fatalf("the View read back writes other JSON (%v):\n%s\n%s", err, data, again)
	}
	return data
}

// houseRules changes r in ways a table might: every change keeps it
// playable, and any change makes it no preset.
func houseRules(t *rapid.T, r Rules) Rules {
	switch rapid.IntRange(0, 6).Draw(t, "house") {
	case 1:
		r.Name = "Friday night"
	case 2:
		r.CleanBonus, r.DirtyBonus = 600, 250
	case 3:
		r.Decks++
	case 4:
		r.Meld.Ratio = meld.AtLeastAsMany
		r.SecondMeld = false
	case 5:
		r.Names[MaxPlayers-1] = "a name past the players"
		if r.Players == MaxPlayers {
			r.Values.Held = r.Values.Held.With(card.Joker, -100)
		}
	case 6:
		r.Meld.Ranks = r.Meld.Ranks.Without(card.Ace)
		r.Meld.MaxWilds = 3
	}
	for i := range r.Players {
		if rapid.Bool().Draw(t, "named") {
			r.Names[i] = rapid.SampledFrom([]string{"Ann", "Bo", "Zoë", `"quoted"`, ""}).Draw(t, "name")
		}
	}
	return r
}

// The JSON of a View from any moment of a random game, for any seat, under
// the rule sets at every layout and under house rules, reads back to the
// same View and writes the same bytes again; the rules travel by name
// exactly when they are a preset's.
func TestViewJSONRoundTripRapid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		r := houseRules(rt, propDrawRules(rt))
		if err := r.Validate(); err != nil {
			rt.Fatalf("house rules: %v", err)
		}
		s := viewWalk(t, r, rapid.Uint64().Draw(rt, "seed"), rapid.IntRange(0, 300).Draw(rt, "steps"))
		v := s.View(rapid.IntRange(0, r.Players-1).Draw(rt, "seat"))
		data := viewRoundTrip(t, v)
		var w struct{ Rules json.RawMessage }
		if err := json.Unmarshal(data, &w); err != nil {
			rt.Fatal(err)
		}
		named := w.Rules[0] == '"'
		if want := presetName(r) != ""; named != want {
			rt.Fatalf("rules %q travel by name: %v, want %v", r.Name, named, want)
		}
	})
}

// Names the rules by their preset's name, at the table's layout, and
// rebuilds the identical Rules (players' names included) from it.
func TestViewJSONPresetName(t *testing.T) {
	for _, tt := range []struct {
		rules Rules
		want  string
	}{
		{RulesA(), `"A"`},
		{RulesB(), `"B"`},
		{RulesA().WithLayout(6, 3), `"A"`},
		{RulesB().WithLayout(2, 2), `"B"`},
		{RulesB().WithLayout(8, 4), `"B"`},
	} {
		r := tt.rules
		for i := range r.Players {
			r.Names[i] = []string{"Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"}[i]
		}
		s := viewWalk(t, r, 5, 40)
		data := viewRoundTrip(t, s.View(1))
		if !bytes.Contains(data, []byte(`"rules":`+tt.want+`,`)) {
			t.Errorf("%s %dx%d: the JSON does not name the rules %s:\n%.200s", r.Name, r.Players, r.Teams, tt.want, data)
		}
		if !bytes.Contains(data, []byte(`"name":"Bo"`)) {
			t.Errorf("%s %dx%d: the players' names are not in the JSON", r.Name, r.Players, r.Teams)
		}
		var v View
		if err := json.Unmarshal(data, &v); err != nil || v.Rules != r {
			t.Errorf("%s %dx%d: read back rules %+v (%v)", r.Name, r.Players, r.Teams, v.Rules, err)
		}
	}
}

// House rules that are no preset's travel whole, as an object with a key
// for every field of Rules, and read back identical.
func TestViewJSONHouseRules(t *testing.T) {
	named := RulesA()
	named.Name = "house"
	bonus := RulesB()
	bonus.CleanBonus = 750
	ghost := RulesA()
	ghost.Names[6] = "not at the table"
	extra := RulesA()
	extra.Decks++
	policy := RulesA()
	policy.Meld.Ratio, policy.Meld.MaxWilds = meld.AtLeastAsMany, 2
	policy.Meld.Ranks = policy.Meld.Ranks.Without(card.King)
	for _, r := range []Rules{named, bonus, ghost, extra, policy, withChoice(RulesB())} {
		data := viewRoundTrip(t, viewWalk(t, r, 9, 60).View(0))
		var w struct{ Rules map[string]json.RawMessage }
		if err := json.Unmarshal(data, &w); err != nil {
			t.Fatalf("%q: the rules are not an object: %v\n%.300s", r.Name, err, data)
		}
		if len(w.Rules) != reflect.TypeFor[Rules]().NumField() {
			t.Errorf("%q: the rules object has %d keys for the %d fields of Rules", r.Name, len(w.Rules), reflect.TypeFor[Rules]().NumField())
		}
		for k := range w.Rules {
			if k == "" || strings.ToLower(k[:1]) != k[:1] {
				t.Errorf("%q: key %q is not lowerCamel", r.Name, k)
			}
		}
	}
	if got := string(mustMarshal(t, policy.Meld.Ranks)); got != `["A","4","5","6","7","8","9","10","J","Q"]` {
		t.Errorf("ranks = %s", got)
	}
	if got := string(mustMarshal(t, policy.Meld.Ratio)); got != `"at least as many natural as wild"` {
		t.Errorf("ratio = %s", got)
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The rules travel by name only when the View lists the players and
// teams they seat, with the names they give them: the name is read back
// from those lists. A View whose lists say otherwise writes its rules
// whole. A player named otherwise still reads back to itself; lists of
// another table are a View no State gives, and do not read.
func TestViewJSONNameNeedsItsTable(t *testing.T) {
	s := viewWalk(t, RulesA(), 2, 30)
	for _, tt := range []struct {
		name   string
		change func(*View)
		reads  bool
	}{
		{"two players listed for four", func(v *View) { v.Players = v.Players[:2] }, false},
		{"one team listed for two", func(v *View) { v.Teams = v.Teams[:1] }, false},
		{"a player named otherwise", func(v *View) { v.Players[1].Name = "Bo" }, true},
	} {
		v := s.View(0)
		v.Players = slices.Clone(v.Players)
		tt.change(&v)
		data := mustMarshal(t, v)
		if !bytes.Contains(data, []byte(`"rules":{"name":"A",`)) {
			t.Errorf("%s: the rules are not written whole:\n%.100s", tt.name, data)
		}
		if tt.reads {
			viewRoundTrip(t, v)
		} else if err := json.Unmarshal(data, new(View)); !errors.Is(err, ErrView) {
			t.Errorf("%s: reading it back: %v, want an error wrapping ErrView", tt.name, err)
		}
	}
}

// The zero View, which a seat outside the table gets, is null, and null
// leaves a View as it was; a View no State gives may have no JSON.
func TestViewJSONZeroAndNull(t *testing.T) {
	s, _ := New(RulesA(), 1)
	if data, err := json.Marshal(s.View(9)); err != nil || string(data) != "null" {
		t.Errorf("json.Marshal(zero View) = %s, %v; want null", data, err)
	}
	v := s.View(0)
	if err := json.Unmarshal([]byte("null"), &v); err != nil || !cmp.Equal(v, s.View(0), cmpOpts) {
		t.Errorf("null changed the View (%v)", err)
	}
	if err := v.UnmarshalJSON([]byte(" null\n")); err != nil || !cmp.Equal(v, s.View(0), cmpOpts) {
		t.Errorf("null changed the View (%v)", err)
	}
	for _, tt := range []struct {
		name   string
		change func(*View)
	}{
		{"no phase", func(v *View) { v.Phase = 0 }},
		{"a phase past the last", func(v *View) { v.Phase = 99 }},
		{"an invalid upcard", func(v *View) { v.Upcard = 99 }},
		{"a forged action", func(v *View) { v.Legal = []Action{{}} }},
	} {
		v := s.View(0)
		tt.change(&v)
		_, err := v.MarshalJSON()
		if why := errShape(err, ErrView); why != "" {
			t.Errorf("%s: MarshalJSON: %s (%v)", tt.name, why, err)
		}
		if _, err := json.Marshal(v); !errors.Is(err, ErrView) {
			t.Errorf("%s: json.Marshal: %v, want an error wrapping ErrView", tt.name, err)
		}
	}
}

// viewJSONMap returns a View's JSON as generic values to change.
func viewJSONMap(t *testing.T, v View) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(mustMarshal(t, v), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// Decoding refuses JSON that is broken or holds what no View field can
// (a bad card, phase, action or rules), with one error wrapping ErrView
// that says what is wrong, and leaves the destination as it was: no
// half-filled View.
func TestViewJSONRejects(t *testing.T) {
	a := viewWalk(t, RulesA(), 3, 150)
	base := a.View(a.ToAct())
	team := base.Team
	if len(base.Teams[team].Melds) == 0 {
		team = 1 - team
	}
	if len(base.Teams[team].Melds) == 0 || len(base.Legal) == 0 {
		t.Fatal("the walk reached no melds or the seat is not to act: pick another")
	}
	houseView := viewWalk(t, withChoice(RulesB()), 3, 0).View(1)
	firstMeld := func(m map[string]any) map[string]any {
		return m["teams"].([]any)[team].(map[string]any)["melds"].([]any)[0].(map[string]any)
	}
	for _, tt := range []struct {
		name string
		view View
		edit func(m map[string]any)
		want string // in the message
	}{
		{"a fraction", base, func(m map[string]any) { m["seat"] = 1.5 }, "cannot unmarshal number 1.5"},
		{"a string for a number", base, func(m map[string]any) { m["pileSize"] = "3" }, "cannot unmarshal string"},
		{"an unknown rule set", base, func(m map[string]any) { m["rules"] = "C" }, `"C": the rule sets are A and B`},
		{"rules as a number", base, func(m map[string]any) { m["rules"] = 4 }, "cannot unmarshal number"},
		{"rules for a layout no one plays", base, func(m map[string]any) { m["teams"] = append(m["teams"].([]any), m["teams"].([]any)[0]) }, "4 players cannot sit in 3 equal teams"},
		{"no players", base, func(m map[string]any) { m["players"] = []any{} }, "0 players"},
		{"more players than a table seats", base, func(m map[string]any) {
			p := m["players"].([]any)
			m["players"] = append(append(p, p...), p...)
		}, "12 players: at most 8"},
		{"unknown phase", base, func(m map[string]any) { m["phase"] = "dancing" }, `unknown phase "dancing"`},
		{"a bad card in hand", base, func(m map[string]any) { m["hand"] = []any{"1X"} }, `"1X"`},
		{"a meld of two ranks", base, func(m map[string]any) { firstMeld(m)["cards"] = []any{"7C", "7D", "8H"} }, "one rank"},
		{"a bad upcard", base, func(m map[string]any) { m["upcard"] = "ZZ" }, `"ZZ"`},
		{"an answer not a word", base, func(m map[string]any) { m["answer"] = "maybe" }, "cannot unmarshal string"},
		{"a legal action that is no action", base, func(m map[string]any) { m["legal"] = []any{"dance"} }, `"dance"`},
		{"house rules that cannot be played", houseView, func(m map[string]any) { m["rules"].(map[string]any)["drawCount"] = 0 }, "draws 1 to 5 cards"},
		{"house rules with an unknown rank", houseView, func(m map[string]any) {
			m["rules"].(map[string]any)["meld"].(map[string]any)["ranks"] = []any{"1"}
		}, "rank"},
		{"house rules with a bad table", houseView, func(m map[string]any) {
			m["rules"].(map[string]any)["values"].(map[string]any)["held"] = map[string]any{"XX": 1}
		}, `"XX"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := viewJSONMap(t, tt.view)
			tt.edit(m)
			viewRejects(t, mustMarshal(t, m), tt.want)
		})
	}
	whole := string(mustMarshal(t, base))
	for _, tt := range []struct{ name, data, want string }{
		{"truncated", whole[:len(whole)/2], "unexpected end of JSON input"},
		{"cut inside a meld", whole[:strings.Index(whole, `"cards":[`)+12], "unexpected end of JSON input"},
		{"more after the value", whole + " {}", "after top-level value"},
		{"not an object", `[1,2]`, "cannot unmarshal array"},
		{"empty", ``, "unexpected end of JSON input"},
		{"an empty object", `{}`, "the phase is missing"},
		{"no rules", `{"phase":"drawing"}`, "0 players"},
		{"a quote missing", strings.Replace(whole, `"hand":["`, `"hand":[`, 1), "invalid character"},
	} {
		t.Run(tt.name, func(t *testing.T) { viewRejects(t, []byte(tt.data), tt.want) })
	}
}

// viewRejects checks that decoding data fails with an error of the one
// shape, wrapping ErrView and saying want, and leaves the View as it was.
func viewRejects(t *testing.T, data []byte, want string) {
	t.Helper()
	s, _ := New(RulesB(), 2)
	v := s.View(1)
	err := v.UnmarshalJSON(data)
	if why := errPrefixShape(err, ErrView); why != "" {
		t.Fatalf("UnmarshalJSON: %s (%v)", why, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if len(err.Error()) > 400 {
		t.Errorf("error of %d bytes", len(err.Error()))
	}
	if !cmp.Equal(v, s.View(1), cmpOpts) {
		t.Error("a failed decode changed the View")
	}
	// Through json.Unmarshal the error is the same, but for text that is
	// not JSON, which the json package refuses first.
	via := s.View(1)
	if err2 := json.Unmarshal(data, &via); !json.Valid(data) {
		var syntax *json.SyntaxError
		if !errors.As(err2, &syntax) {
			t.Errorf("json.Unmarshal of broken JSON: %v, want a *json.SyntaxError", err2)
		}
	} else if err2 == nil || err2.Error() != err.Error() {
		t.Errorf("json.Unmarshal: %v, want %v", err2, err)
	}
	if !cmp.Equal(via, s.View(1), cmpOpts) {
		t.Error("a failed json.Unmarshal changed the View")
	}
}

// The JSON of a View holds what the View holds and nothing more: its keys
// are the documented ones, its cards are the seat's hand, the melds, the
// pile and the upcard, and two positions that differ only in what the seat cannot see
// give it the same bytes (TestViewSecrecy checks that too, over random
// positions).
func TestViewJSONNoLeak(t *testing.T) {
	keys := map[string]bool{}
	for _, k := range strings.Fields(`seat team rules round phase toAct turn hand foot packets footSeen players teams upcard
		pileSize pileCards stockSize asked answer laidThisTurn minimumMet legal results name inFoot melds canastas clean dirty
		down minimum total ref cards number
		wentOut breakdown item points late since fixedMelds fixedLaid laidCards`) {
		keys[k] = true
	}
	for _, r := range []Rules{RulesA(), withChoice(RulesB())} {
		for _, steps := range []int{0, 1, 80, 400} {
			s := viewWalk(t, r, 17, steps)
			for seat := range r.Players {
				v := s.View(seat)
				var m map[string]any
				if err := json.Unmarshal(viewRoundTrip(t, v), &m); err != nil {
					t.Fatal(err)
				}
				var inJSON card.Multiset
				var walk func(key string, x any)
				walk = func(key string, x any) {
					switch x := x.(type) {
					case map[string]any:
						for k, y := range x {
							if key == "rules" {
								continue // rules only; a preset's are a name
							}
							if !keys[k] {
								t.Errorf("unknown key %q in the JSON", k)
							}
							walk(k, y)
						}
					case []any:
						for _, y := range x {
							walk(key, y)
						}
					case string:
						if key == "hand" || key == "packets" || key == "footSeen" || key == "cards" || key == "pileCards" {
							_ = inJSON.Add(card.MustParse(x))
						}
					}
				}
				walk("", m)
				want := v.Hand
				_ = want.AddAll(v.PileCards) // the upcard among them
				_ = want.AddAll(v.Packets[0])
				_ = want.AddAll(v.Packets[1])
				_ = want.AddAll(v.FootSeen)
				for _, tv := range v.Teams {
					for _, ml := range tv.Melds {
						_ = want.AddAll(ml.Multiset())
					}
				}
				if inJSON != want {
					t.Errorf("%s after %d steps, seat %d: the JSON shows cards %v, the View %v", r.Name, steps, seat, inJSON, want)
				}
			}
		}
	}
}

// The going-out question travels as "asked" and the answer as a number (1
// yes, -1 no, 0 none, as in Canasta's View), in the answering phase and
// after it, and reads back.
func TestViewJSONQuestion(t *testing.T) {
	asked := scDo(t, scOutMelds(scPos(t, RulesB()).seat(0, "7S 4C", "").inFoot(0).seat(1, "5C", ""), 0, 1, 1).
		phase(Melding).build(), Ask())
	for _, tt := range []struct {
		s    State
		want string
	}{
		{asked, `"phase":"answering","toAct":2,"turn":0,`},
		{asked, `"asked":true,"answer":0,`},
		{scDo(t, asked, Answer(true)), `"asked":true,"answer":1,`},
		{scDo(t, asked, Answer(false)), `"asked":true,"answer":-1,`},
	} {
		for _, seat := range []int{0, 1, 2} {
			if data := viewRoundTrip(t, tt.s.View(seat)); !bytes.Contains(data, []byte(tt.want)) {
				t.Errorf("seat %d: the JSON does not say %s:\n%s", seat, tt.want, data)
			}
		}
	}
	if data := viewRoundTrip(t, asked.View(2)); !bytes.Contains(data, []byte(`"legal":["yes","no"]`)) {
		t.Errorf("the partner's legal answers are not in the JSON:\n%s", data)
	}
}

// The JSON of a View is small: a preset's rules are a name, not two point
// tables. Run with -v for the sizes, against the same View with its rules
// written whole.
func TestViewJSONSize(t *testing.T) {
	type goFields View // the fields by their tags, without View's MarshalJSON: the rules whole
	for _, r := range []Rules{RulesA(), RulesB()} {
		for _, at := range []struct {
			name  string
			steps int
		}{{"start of game", 0}, {"mid-game", 100}, {"late", 300}} {
			s := viewWalk(t, r, 7, at.steps)
			v := s.View(s.ToAct())
			data, old := mustMarshal(t, v), mustMarshal(t, goFields(v))
			after, before := len(data), len(old)
			t.Logf("rule set %s, 4 players, %-13s (%2d melds, %2d legal): %5d bytes, was %5d; gzipped %4d, was %4d",
				r.Name, at.name, len(v.Teams[0].Melds)+len(v.Teams[1].Melds), len(v.Legal), after, before, gzipSize(data), gzipSize(old))
			if at.steps == 0 && after > 1000 {
				t.Errorf("rule set %s: a View at the start of a game is %d bytes of JSON, want at most 1000", r.Name, after)
			}
		}
	}
}

func gzipSize(data []byte) int {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	_, _ = z.Write(data)
	_ = z.Close()
	return b.Len()
}

// viewLayouts are the layouts of the rule texts: players x teams.
var viewLayouts = [][2]int{{2, 2}, {3, 3}, {4, 4}, {4, 2}, {5, 5}, {6, 6}, {6, 3}, {6, 2}, {7, 7}, {8, 8}, {8, 4}, {8, 2}}

// propDrawRules draws rule set A or B at one of the rule texts' layouts,
// with or without the choice of packets, made face down or after a look
// at both.
func propDrawRules(t *rapid.T) Rules {
	r := RulesA()
	if rapid.SampledFrom([]string{"A", "B"}).Draw(t, "preset") == "B" {
		r = RulesB()
	}
	l := rapid.SampledFrom(viewLayouts).Draw(t, "layout")
	r = r.WithLayout(l[0], l[1])
	r.ChoosePacket = rapid.Bool().Draw(t, "choosePacket")
	if r.ChoosePacket {
		r.LookAtPackets = rapid.Bool().Draw(t, "lookAtPackets")
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("rules %s %dx%d: Validate: %v", r.Name, r.Players, r.Teams, err)
	}
	return r
}
