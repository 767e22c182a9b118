package handfoot

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
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

// viewRoundTrip checks that v's JSON reads back to v and writes the same
// bytes again, and returns the JSON.
func viewRoundTrip(tb testing.TB, v View) []byte {
	tb.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		tb.Fatalf("json.Marshal(View): %v", err)
	}
	var back View
	if err := json.Unmarshal(data, &back); err != nil {
		tb.Fatalf("json.Unmarshal(View): %v\n%s", err, data)
	}
	if diff := cmp.Diff(v, back, cmpOpts); diff != "" {
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
		if string(w.Rules["names"]) == `["","","","","","","",""]` {
			t.Errorf("%q: names are not cut after the last one set: %s", r.Name, w.Rules["names"])
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

// Every field of Rules (and of its meld policy and card values) has a key
// in the rules object: a field added to Rules without one fails here.
func TestViewJSONRulesCoverEveryField(t *testing.T) {
	var r Rules
	type place struct {
		addr uintptr
		size uintptr
	}
	covered := map[place]bool{}
	var collect func(o jsonObject)
	collect = func(o jsonObject) {
		for _, f := range o {
			if sub, ok := f.val.(jsonObject); ok {
				collect(sub)
				continue
			}
			p := reflect.ValueOf(f.val)
			covered[place{p.Pointer(), p.Type().Elem().Size()}] = true
		}
	}
	collect(rulesFields(&r))
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		for i := range v.NumField() {
			f := v.Field(i)
			name := path + v.Type().Field(i).Name
			switch {
			case covered[place{f.Addr().Pointer(), f.Type().Size()}]:
			case f.Kind() == reflect.Struct:
				walk(name+".", f)
			default:
				t.Errorf("Rules.%s has no key in the View's rules object", name)
			}
		}
	}
	walk("", reflect.ValueOf(&r).Elem())
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
		{"an empty meld", func(v *View) { v.Teams[0].Melds = []meld.RankMeld{{}} }},
		{"an invalid upcard", func(v *View) { v.Upcard = 99 }},
		{"an answer of 2", func(v *View) { v.Answer = 2 }},
		{"a forged action", func(v *View) { v.Legal = []Action{{}} }},
	} {
		v := s.View(0)
		tt.change(&v)
		_, err := v.MarshalJSON()
		if why := errShape(err, ErrView); why != "" {
			t.Errorf("%s: MarshalJSON: %s", tt.name, why)
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

// Decoding refuses JSON that is broken or describes no View a State could
// give, with one error wrapping ErrView that says what is wrong, and
// leaves the destination as it was.
func TestViewJSONRejects(t *testing.T) {
	a := viewWalk(t, RulesA(), 3, 150)
	seat := a.ToAct()
	base := a.View(seat)
	if len(base.Teams[0].Melds)+len(base.Teams[1].Melds) == 0 || len(base.Legal) == 0 {
		t.Fatal("the walk reached no melds or the seat is not to act: pick another")
	}
	team := base.Team
	if len(base.Teams[team].Melds) == 0 {
		team = 1 - team
	}
	house := withChoice(RulesB())
	houseView := viewWalk(t, house, 3, 0).View(1)
	over := viewWalk(t, RulesB(), 4, 100000)
	if !over.Over() {
		t.Fatal("the game did not end")
	}

	type edit = func(m map[string]any)
	firstMeld := func(m map[string]any) map[string]any {
		return m["teams"].([]any)[team].(map[string]any)["melds"].([]any)[0].(map[string]any)
	}
	for _, tt := range []struct {
		name string
		view View
		edit edit
		want string // in the message
	}{
		{"seat past the table", base, func(m map[string]any) { m["seat"] = 4 }, "seat 4"},
		{"packets outside choosing", base, func(m map[string]any) { m["packets"] = []any{m["hand"], []any{}} }, "packets are shown only while the seat chooses"},
		{"packets beside a hand", houseView, func(m map[string]any) { m["hand"] = []any{"7H"} }, "with no hand, foot or footSeen beside them"},
		{"a foot seen under rules that deal it unseen", base, func(m map[string]any) { m["footSeen"] = []any{"7H"} }, "footSeen is the seat's face-down foot under rules that choose packets"},
		{"team of another seat", base, func(m map[string]any) { m["team"] = 1 - base.Team }, "seat s playing for team"},
		{"a fraction", base, func(m map[string]any) { m["seat"] = 1.5 }, `"seat" holds a JSON number where a whole number belongs`},
		{"a string for a number", base, func(m map[string]any) { m["pileSize"] = "3" }, `"pileSize" holds a JSON string`},
		{"an unknown key", base, func(m map[string]any) { m["secret"] = "hands" }, `unknown key "secret"`},
		{"an unknown meld key", base, func(m map[string]any) { firstMeld(m)["owner"] = 1 }, `unknown key "owner"`},
		{"an unknown rule set", base, func(m map[string]any) { m["rules"] = "C" }, `rules "C" are no rule set's name`},
		{"a rule set's name in lower case", base, func(m map[string]any) { m["rules"] = "a" }, `rules "a"`},
		{"rules as a number", base, func(m map[string]any) { m["rules"] = 4 }, "a rule set's name or an object"},
		{"rules for a layout no one plays", base, func(m map[string]any) { m["teams"] = append(m["teams"].([]any), m["teams"].([]any)[0]) }, "rules cannot be played"},
		{"no players", base, func(m map[string]any) { m["players"] = []any{} }, "rules cannot be played"},
		{"unknown phase", base, func(m map[string]any) { m["phase"] = "dancing" }, `unknown phase "dancing"`},
		{"choosing without the choice", base, func(m map[string]any) { m["phase"] = "choosing" }, "do not choose packets"},
		{"no one to act mid-game", base, func(m map[string]any) { m["toAct"] = -1 }, "toAct is -1 exactly when the game is over"},
		{"legal actions for another seat", base, func(m map[string]any) { m["toAct"] = (seat + 1) % 4; m["turn"] = (seat + 1) % 4 }, "legal actions are listed exactly when"},
		{"round 0", base, func(m map[string]any) { m["round"] = 0 }, "round 0"},
		{"a result before the round ends", base, func(m map[string]any) {
			m["results"] = []any{map[string]any{"number": 1, "wentOut": -1, "teams": []any{}}}
		}, "1 results in round 1"},
		{"a bad card in hand", base, func(m map[string]any) { m["hand"] = []any{"1X"} }, `hand card 0: invalid card notation: "1X"`},
		{"an empty card in hand", base, func(m map[string]any) { m["hand"] = []any{""} }, "hand card 0"},
		{"hand not its count", base, func(m map[string]any) { m["hand"] = []any{"7C"} }, "own hand and foot are not its counts"},
		{"too many copies", base, func(m map[string]any) {
			many := make([]any, 300)
			for i := range many {
				many[i] = "7C"
			}
			m["hand"] = many
		}, "too many copies"},
		{"a player's foot picked up and on the table", base, func(m map[string]any) {
			m["players"].([]any)[(seat+1)%4].(map[string]any)["inFoot"] = true
		}, "a foot on the table once picked up"},
		{"players out of order", base, func(m map[string]any) {
			p := m["players"].([]any)
			p[0], p[1] = p[1], p[0]
		}, "player 0 is listed as seat 1"},
		{"a meld of two ranks", base, func(m map[string]any) {
			firstMeld(m)["cards"] = []any{"7C", "7D", "8H"}
		}, "a meld holds one rank"},
		{"a meld against the rules", base, func(m map[string]any) {
			firstMeld(m)["cards"] = []any{"7C", "2D", "JK"}
		}, "meld 0: too many wild cards"},
		{"a meld's count that its cards do not say", base, func(m map[string]any) {
			firstMeld(m)["naturals"] = 99
		}, "do not match its cards"},
		{"a meld called a canasta", base, func(m map[string]any) {
			f := firstMeld(m)
			f["canasta"] = !f["canasta"].(bool)
		}, "do not match its cards"},
		{"a wrong ref", base, func(m map[string]any) { firstMeld(m)["ref"] = "9#7" }, "do not match its cards"},
		{"canastas the melds do not hold", base, func(m map[string]any) {
			m["teams"].([]any)[team].(map[string]any)["canastas"] = map[string]any{"clean": 9, "dirty": 0}
		}, "canastas do not match"},
		{"a team down with a minimum", base, func(m map[string]any) {
			tm := m["teams"].([]any)[team].(map[string]any)
			tm["down"], tm["minimum"] = true, 50
		}, "0 once down"},
		{"a bad upcard", base, func(m map[string]any) { m["upcard"] = "ZZ" }, "upcard"},
		{"an answer not a word", base, func(m map[string]any) { m["answer"] = "maybe" }, "answer"},
		{"a legal action that is no action", base, func(m map[string]any) { m["legal"] = []any{"dance"} }, "legal action 0"},
		{"a negative count", base, func(m map[string]any) { m["stockSize"] = -1 }, "cannot be negative"},
		{"asking under rules that never ask", base, func(m map[string]any) { m["asked"] = true }, "do not ask the partner"},
		{"an answer with no question", houseView, func(m map[string]any) { m["answer"] = "yes" }, "no question asked"},
		{"house rules missing a key", houseView, func(m map[string]any) { delete(m["rules"].(map[string]any), "target") }, `rules: "target" is missing`},
		{"house rules with an unknown key", houseView, func(m map[string]any) { m["rules"].(map[string]any)["wild"] = 2 }, `rules: unknown key "wild"`},
		{"house rules with a bad nested value", houseView, func(m map[string]any) {
			m["rules"].(map[string]any)["meld"].(map[string]any)["ratio"] = "some"
		}, `meld."ratio"`},
		{"house rules with an unknown rank", houseView, func(m map[string]any) {
			m["rules"].(map[string]any)["meld"].(map[string]any)["ranks"] = []any{"1"}
		}, "unknown rank"},
		{"house rules with too many names", houseView, func(m map[string]any) {
			m["rules"].(map[string]any)["names"] = []any{"", "", "", "", "", "", "", "", "Ida"}
		}, "9 names"},
		{"house rules a player's name differs from", houseView, func(m map[string]any) {
			m["players"].([]any)[2].(map[string]any)["name"] = "Eve"
		}, `player 2 is named "Eve"`},
		{"house rules that cannot be played", houseView, func(m map[string]any) { m["rules"].(map[string]any)["drawCount"] = 0 }, "draws 1 to 5 cards"},
		{"house rules with a bad table", houseView, func(m map[string]any) {
			m["rules"].(map[string]any)["values"].(map[string]any)["held"] = map[string]any{"XX": 1}
		}, "invalid point table"},
		{"house rules with a bad schedule", houseView, func(m map[string]any) { m["rules"].(map[string]any)["minimums"] = []any{} }, "minimums"},
		{"house rules not an object inside", houseView, func(m map[string]any) { m["rules"].(map[string]any)["meld"] = 3 }, "rules: meld.not an object"},
		{"a result of no round", over.View(0), func(m map[string]any) {
			m["results"].([]any)[0].(map[string]any)["number"] = 7
		}, "result 0 is not round 1"},
		{"a result missing a team", over.View(0), func(m map[string]any) {
			m["results"].([]any)[1].(map[string]any)["teams"] = []any{}
		}, "result 1 is not round 2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := viewJSONMap(t, tt.view)
			tt.edit(m)
			viewRejects(t, mustMarshal(t, m), tt.want)
		})
	}
	for _, tt := range []struct{ name, data, want string }{
		{"truncated", string(mustMarshal(t, base))[:100], "unexpected EOF"},
		{"more after the value", string(mustMarshal(t, base)) + " {}", "more after the JSON value"},
		{"not an object", `[1,2]`, "holds a JSON array where an object belongs"},
		{"empty", ``, "EOF"},
		{"an empty object", `{}`, "a rule set's name or an object"},
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
	var via View
	if err2 := json.Unmarshal(data, &via); !json.Valid(data) {
		var syntax *json.SyntaxError
		if !errors.As(err2, &syntax) {
			t.Errorf("json.Unmarshal of broken JSON: %v, want a *json.SyntaxError", err2)
		}
	} else if err2 == nil || err2.Error() != err.Error() {
		t.Errorf("json.Unmarshal: %v, want %v", err2, err)
	}
}

// The JSON of a View holds what the View holds and nothing more: its keys
// are the documented ones, its cards are the seat's hand, the melds and the
// upcard, and two positions that differ only in what the seat cannot see
// give it the same bytes (TestViewSecrecy checks that too, over random
// positions).
func TestViewJSONNoLeak(t *testing.T) {
	keys := map[string]bool{}
	for _, k := range strings.Fields(`seat team rules round phase toAct turn hand foot packets footSeen players teams upcard
		pileSize stockSize asked answer laidThisTurn minimumMet legal results name inFoot melds canastas clean dirty
		down minimum total ref rank index naturals twos jokers wilds size canasta redThrees cards number
		wentOut breakdown item points`) {
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
						if key == "hand" || key == "packets" || key == "footSeen" || key == "cards" || key == "upcard" && x != "" {
							_ = inJSON.Add(card.MustParse(x))
						}
					}
				}
				walk("", m)
				want := v.Hand
				_ = want.Add(v.Upcard)
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

// The going-out question travels as "asked" and the answer as a word, in
// the answering phase and after it, and reads back.
func TestViewJSONQuestion(t *testing.T) {
	asked := scDo(t, scOutMelds(scPos(t, RulesB()).seat(0, "7S 4C", "").inFoot(0).seat(1, "5C", ""), 0, 1, 1).
		phase(Melding).build(), Ask())
	for _, tt := range []struct {
		s    State
		want string
	}{
		{asked, `"phase":"answering","toAct":2,"turn":0,`},
		{asked, `"asked":true,"answer":"",`},
		{scDo(t, asked, Answer(true)), `"asked":true,"answer":"yes",`},
		{scDo(t, asked, Answer(false)), `"asked":true,"answer":"no",`},
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
// tables. Run with -v for the sizes, against the View's fields encoded as
// they are in Go (what encoding/json wrote before View had a JSON form).
func TestViewJSONSize(t *testing.T) {
	type goFields View // the fields, without View's MarshalJSON
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
// with or without the choice of packets.
func propDrawRules(t *rapid.T) Rules {
	r := RulesA()
	if rapid.SampledFrom([]string{"A", "B"}).Draw(t, "preset") == "B" {
		r = RulesB()
	}
	l := rapid.SampledFrom(viewLayouts).Draw(t, "layout")
	r = r.WithLayout(l[0], l[1])
	r.ChoosePacket = rapid.Bool().Draw(t, "choosePacket")
	if err := r.Validate(); err != nil {
		t.Fatalf("rules %s %dx%d: Validate: %v", r.Name, r.Players, r.Teams, err)
	}
	return r
}
