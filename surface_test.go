package cardrules_test

import (
	"go/types"
	"strings"
	"testing"
)

// The common shape of a game package: what every game exports under one
// name with one signature, written with the package's own types unqualified
// (State, Rules, Action, View, Position, Record, Event, RoundResult, Kind)
// and other packages' qualified (card.Card). TestCommonSurface checks the
// four games against it.
var (
	commonFuncs = map[string]string{
		"New":          "func(Rules, uint64) (State, error)",
		"Deal":         "func(Rules, []card.Card, uint64) (State, error)",
		"DealNext":     "func(State, []card.Card) (State, error)",
		"Apply":        "func(State, Action) (State, error)",
		"Legal":        "func(State) []Action",
		"AppendLegal":  "func([]Action, State) []Action",
		"ParseAction":  "func(string) (Action, error)",
		"Preset":       "func(string) (Rules, error)",
		"Presets":      "func() []Rules",
		"FromPosition": "func(Position) (State, error)",
		"Determinize":  "func(View, uint64) (State, error)",
		"Replay":       "func(Record) (State, error)",
	}
	// The canasta family's (canasta and handfoot): the same idea under one
	// name and shape where both games have it.
	familyFuncs = map[string]string{
		"Draw":     "func() Action",
		"Take":     "func() Action",
		"TakeTo":   "func(int) (Action, error)",
		"Meld":     "func([]card.Card) (Action, error)", // variadic
		"Discard":  "func(card.Card) (Action, error)",
		"Ask":      "func() Action",
		"Answer":   "func(bool) Action",
		"TakeBack": "func() Action",
		"Next":     "func() Action",
	}
	commonMethods = map[string]string{
		"State.ToAct":           "func() int",
		"State.Seats":           "func() int",
		"State.Over":            "func() bool",
		"State.Seq":             "func() int",
		"State.View":            "func(int) View",
		"State.AppendLegal":     "func([]Action) []Action",
		"State.Apply":           "func(Action) (State, error)",
		"State.Rules":           "func() Rules",
		"State.Score":           "func() []SCORE",
		"State.Totals":          "func() []int",
		"State.Winners":         "func() []int",
		"State.Results":         "func() []RoundResult",
		"State.Round":           "func() int",
		"State.Turn":            "func() int",
		"State.Phase":           "func() Phase",
		"State.Hand":            "func(int) card.Multiset",
		"State.Cards":           "func() card.Multiset",
		"State.StockSize":       "func() int",
		"State.Happened":        "func(int, int) []Event",
		"State.Record":          "func() Record",
		"State.Position":        "func() Position",
		"State.Equal":           "func(State) bool",
		"State.MarshalJSON":     "func() ([]byte, error)",
		"*State.UnmarshalJSON":  "func([]byte) error",
		"Action.Kind":           "func() Kind",
		"Action.String":         "func() string",
		"Action.AppendText":     "func([]byte) ([]byte, error)",
		"Action.MarshalText":    "func() ([]byte, error)",
		"*Action.UnmarshalText": "func([]byte) error",
		"Kind.String":           "func() string",
		"Rules.Validate":        "func() error",
		"Record.MarshalText":    "func() ([]byte, error)",
		"*Record.UnmarshalText": "func([]byte) error",
	}
	commonFields = map[string]string{
		"Rules.Name":      "string",
		"Rules.Values":    "score.Scheme",
		"Record.Rules":    "Rules",
		"Record.Seed":     "uint64",
		"Record.Shoes":    "[][]card.Card",
		"Record.Start":    "*Position",
		"Record.Actions":  "[]Action",
		"Event.Seq":       "int",
		"Event.Seat":      "int",
		"Event.Action":    "Action",
		"Event.Drawn":     "[]card.Card",
		"Event.GameOver":  "bool",
		"View.Seat":       "int",
		"View.ToAct":      "int",
		"View.Rules":      "Rules",
		"View.Legal":      "[]Action",
		"View.Hand":       "card.Multiset",
		"Position.Rules":  "Rules",
		"Position.Seq":    "int",
		"Position.Stock":  "[]card.Card",
		"SCORE.Points":    "int",
		"SCORE.Breakdown": "score.Breakdown",
		"SCORE.Total":     "int",
	}
	// The score type each game's Score returns a slice of: a team's in the
	// partnership games, a player's where each plays alone, named by the
	// game's own word; its side field (Team or Seat) is the index Totals
	// and Winners use. Each is an alias of the score package's type of the
	// same name, so two games' scores are one Go type.
	scoreTypes = map[string][2]string{
		"canasta":  {"TeamScore", "Team"},
		"handfoot": {"TeamScore", "Team"},
		"rummy":    {"PlayerScore", "Seat"},
		"doublets": {"PlayerScore", "Seat"},
	}
	// Where the games' own words differ, each keeps its word: canasta's
	// Canastas are Natural and Mixed (and its bonuses NaturalBonus and
	// MixedBonus), Hand and Foot's Clean and Dirty (CleanBonus,
	// DirtyBonus); a score names its side Team in the partnership games
	// and Seat where each plays alone (scoreTypes). So the test checks no
	// such name across the games.
	//
	// The deliberate exceptions, each with its reason.
	surfaceExceptions = map[string]string{
		"doublets DealNext":      "a patience is one deal: there is no next round to deal",
		"doublets State.Results": "a patience is one deal, not rounds: Score is the deal's result",
		"doublets State.Round":   "a patience is one deal, not rounds",
		"doublets State.Turn":    "a patience has one player, so no turns; Turn is its action of turning the stock",
		"doublets State.Phase":   "a patience has no phases: every move may be made at any time",
		"doublets State.Hand":    "a patience has no hand: its cards are the reserve, waste and stock",
		"doublets View.Hand":     "a patience has no hand",
		"doublets Event.Seat":    "a patience has one seat, 0",
		"doublets Event.Drawn":   "a patience draws no cards: Event.Card is the card turned or played",
		"doublets Rules.Values":  "a patience scores one point a card on the foundation: no card values",
	}
)

// A test fails when a game's exported surface drifts from the common shape:
// every common function, method and field exists in each game with the
// same signature, once the package's own types stand for State, Rules,
// Action, View, ..., but for the exceptions listed with their reasons; and
// every kind of action KindX has its constructor X.
func TestCommonSurface(t *testing.T) {
	const module = "github.com/cardrules/cardrules/"
	games := []string{"canasta", "doublets", "handfoot", "rummy"}
	var paths []string
	for _, g := range games {
		paths = append(paths, module+g)
	}
	imp, err := exportImporter(paths)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, game := range games {
		pkg, err := imp.Import(module + game)
		if err != nil {
			t.Fatal(err)
		}
		sc, side := scoreTypes[game][0], scoreTypes[game][1]
		// Own types print bare, others by package name.
		qual := func(p *types.Package) string {
			if p == pkg {
				return ""
			}
			return p.Name()
		}
		check := func(name, got, want string) {
			t.Helper()
			want = strings.ReplaceAll(want, "SCORE", sc)
			key := game + " " + name
			if reason, ok := surfaceExceptions[key]; ok {
				used[key] = true
				if got == want {
					t.Errorf("%s: %s now has the common shape: drop its exception (%s)", game, name, reason)
				}
				return
			}
			if got != want {
				if got == "" {
					got = "missing"
				}
				t.Errorf("%s: %s is %s; the common shape is %s", game, name, got, want)
			}
		}
		scope := pkg.Scope()
		for name, want := range commonFuncs {
			got := ""
			if f, ok := scope.Lookup(name).(*types.Func); ok {
				got = sigString(f.Type().(*types.Signature), qual)
			}
			check(name, got, want)
		}
		for name, want := range familyFuncs {
			if game != "canasta" && game != "handfoot" {
				continue
			}
			got := ""
			if f, ok := scope.Lookup(name).(*types.Func); ok {
				got = sigString(f.Type().(*types.Signature), qual)
			}
			check(name, got, want)
		}
		for name, want := range commonMethods {
			recv, m, _ := strings.Cut(name, ".")
			ptr := strings.HasPrefix(recv, "*")
			got := ""
			if tn, ok := scope.Lookup(strings.TrimPrefix(recv, "*")).(*types.TypeName); ok {
				var T types.Type = tn.Type()
				if ptr {
					T = types.NewPointer(T)
				}
				if sel := types.NewMethodSet(T).Lookup(pkg, m); sel != nil {
					got = sigString(sel.Obj().Type().(*types.Signature), qual)
				}
			}
			check(name, got, want)
		}
		for name, want := range commonFields {
			typ, field, _ := strings.Cut(name, ".")
			if typ == "SCORE" {
				typ = sc
				name = sc + "." + field
			}
			got := ""
			if tn, ok := scope.Lookup(typ).(*types.TypeName); ok {
				if st, ok := tn.Type().Underlying().(*types.Struct); ok {
					for f := range st.Fields() {
						if f.Name() == field {
							got = types.TypeString(f.Type(), qual)
						}
					}
				}
			}
			check(name, got, want)
		}
		// The score type is the score package's, and names its side.
		if tn, ok := scope.Lookup(sc).(*types.TypeName); !ok || types.TypeString(types.Unalias(tn.Type()), qual) != "score."+sc {
			t.Errorf("%s: %s is not an alias of score.%s", game, sc, sc)
		} else if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			found := false
			for f := range st.Fields() {
				found = found || (f.Name() == side && types.TypeString(f.Type(), qual) == "int")
			}
			if !found {
				t.Errorf("%s: %s has no %s int naming the side", game, sc, side)
			}
		}
		// Every kind of action has its constructor of the same name.
		kind, _ := scope.Lookup("Kind").(*types.TypeName)
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if !ok || kind == nil || !types.Identical(c.Type(), kind.Type()) || !strings.HasPrefix(name, "Kind") {
				continue
			}
			f, ok := scope.Lookup(strings.TrimPrefix(name, "Kind")).(*types.Func)
			if _, ex := surfaceExceptions[game+" "+name]; ex {
				used[game+" "+name] = true
				if ok {
					t.Errorf("%s: %s now has its constructor: drop its exception", game, name)
				}
				continue
			}
			if !ok {
				t.Errorf("%s: %s has no constructor %s", game, name, strings.TrimPrefix(name, "Kind"))
				continue
			}
			if res := f.Type().(*types.Signature).Results(); res.Len() == 0 || types.TypeString(res.At(0).Type(), qual) != "Action" {
				t.Errorf("%s: %s's constructor %s does not return an Action", game, name, f.Name())
			}
		}
	}
	staleExceptions(t, surfaceExceptions, used, "nothing the test checks")
}

// sigString writes a signature's parameter and result types, without their
// names: "func(Rules, uint64) (State, error)".
func sigString(sig *types.Signature, qual types.Qualifier) string {
	list := func(tup *types.Tuple) string {
		var s []string
		for v := range tup.Variables() {
			s = append(s, types.TypeString(v.Type(), qual))
		}
		return strings.Join(s, ", ")
	}
	out := "func(" + list(sig.Params()) + ")"
	switch r := sig.Results(); r.Len() {
	case 0:
	case 1:
		out += " " + list(r)
	default:
		out += " (" + list(r) + ")"
	}
	return out
}
