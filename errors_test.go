package cardrules_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/canasta"
	cbot "github.com/cardrules/cardrules/canasta/bot"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	hbot "github.com/cardrules/cardrules/handfoot/bot"
	"github.com/cardrules/cardrules/meld"
	"github.com/cardrules/cardrules/rummy"
	rbot "github.com/cardrules/cardrules/rummy/bot"
)

// shared are the rules every game shares, by name: the root package's.
var shared = map[string]error{
	"ErrMalformed": cardrules.ErrMalformed, "ErrNotNow": cardrules.ErrNotNow, "ErrGameOver": cardrules.ErrGameOver,
	"ErrNotHeld": cardrules.ErrNotHeld, "ErrMeld": cardrules.ErrMeld, "ErrRules": cardrules.ErrRules,
	"ErrPreset": cardrules.ErrPreset, "ErrDeal": cardrules.ErrDeal, "ErrPosition": cardrules.ErrPosition,
	"ErrRecord": cardrules.ErrRecord, "ErrView": cardrules.ErrView, "ErrEncoding": cardrules.ErrEncoding,
}

// sentinels are every exported error variable of the root package and of
// each game package, by package and name. TestSentinelNames checks that
// the list is the packages' whole list.
var sentinels = map[string]map[string]error{
	".": {
		"ErrMalformed": cardrules.ErrMalformed, "ErrNotNow": cardrules.ErrNotNow, "ErrGameOver": cardrules.ErrGameOver,
		"ErrNotHeld": cardrules.ErrNotHeld, "ErrMeld": cardrules.ErrMeld, "ErrRules": cardrules.ErrRules,
		"ErrPreset": cardrules.ErrPreset, "ErrDeal": cardrules.ErrDeal, "ErrPosition": cardrules.ErrPosition,
		"ErrRecord": cardrules.ErrRecord, "ErrView": cardrules.ErrView, "ErrNoPlayer": cardrules.ErrNoPlayer, "ErrIllegal": cardrules.ErrIllegal,
		"ErrEndless": cardrules.ErrEndless, "ErrGame": cardrules.ErrGame, "ErrSeat": cardrules.ErrSeat,
		"ErrStrength": cardrules.ErrStrength, "ErrEncoding": cardrules.ErrEncoding, "ErrStock": cardrules.ErrStock, "ErrPile": cardrules.ErrPile,
		"ErrBlocked": cardrules.ErrBlocked, "ErrNoMeld": cardrules.ErrNoMeld, "ErrSecondMeld": cardrules.ErrSecondMeld,
		"ErrMinimum": cardrules.ErrMinimum, "ErrKeepCard": cardrules.ErrKeepCard, "ErrGoOut": cardrules.ErrGoOut,
		"ErrPermission": cardrules.ErrPermission, "ErrMustGoOut": cardrules.ErrMustGoOut,
	},
	"handfoot": {
		"ErrMalformed": handfoot.ErrMalformed, "ErrNotNow": handfoot.ErrNotNow, "ErrGameOver": handfoot.ErrGameOver,
		"ErrNotHeld": handfoot.ErrNotHeld, "ErrStock": handfoot.ErrStock, "ErrPile": handfoot.ErrPile,
		"ErrBlocked": handfoot.ErrBlocked, "ErrMeld": handfoot.ErrMeld, "ErrNoMeld": handfoot.ErrNoMeld,
		"ErrSecondMeld": handfoot.ErrSecondMeld, "ErrMinimum": handfoot.ErrMinimum, "ErrKeepCard": handfoot.ErrKeepCard,
		"ErrGoOut": handfoot.ErrGoOut, "ErrPermission": handfoot.ErrPermission, "ErrMustGoOut": handfoot.ErrMustGoOut,
		"ErrRules": handfoot.ErrRules, "ErrPreset": handfoot.ErrPreset, "ErrDeal": handfoot.ErrDeal,
		"ErrPosition": handfoot.ErrPosition, "ErrRecord": handfoot.ErrRecord, "ErrView": handfoot.ErrView,
		"ErrEncoding": handfoot.ErrEncoding,
	},
	"canasta": {
		"ErrMalformed": canasta.ErrMalformed, "ErrNotNow": canasta.ErrNotNow, "ErrGameOver": canasta.ErrGameOver,
		"ErrNotHeld": canasta.ErrNotHeld, "ErrStock": canasta.ErrStock, "ErrPile": canasta.ErrPile,
		"ErrBlocked": canasta.ErrBlocked, "ErrMeld": canasta.ErrMeld, "ErrNoMeld": canasta.ErrNoMeld,
		"ErrSecondMeld": canasta.ErrSecondMeld, "ErrMinimum": canasta.ErrMinimum, "ErrKeepCard": canasta.ErrKeepCard,
		"ErrGoOut": canasta.ErrGoOut, "ErrPermission": canasta.ErrPermission, "ErrMustGoOut": canasta.ErrMustGoOut,
		"ErrRules": canasta.ErrRules, "ErrPreset": canasta.ErrPreset, "ErrDeal": canasta.ErrDeal,
		"ErrPosition": canasta.ErrPosition, "ErrRecord": canasta.ErrRecord, "ErrView": canasta.ErrView,
		"ErrEncoding": canasta.ErrEncoding,
	},
	"rummy": {
		"ErrMalformed": rummy.ErrMalformed, "ErrNotNow": rummy.ErrNotNow, "ErrGameOver": rummy.ErrGameOver,
		"ErrNotHeld": rummy.ErrNotHeld, "ErrEmptyPile": rummy.ErrEmptyPile, "ErrMeld": rummy.ErrMeld,
		"ErrLayOff": rummy.ErrLayOff, "ErrTaken": rummy.ErrTaken, "ErrRules": rummy.ErrRules,
		"ErrPreset": rummy.ErrPreset, "ErrDeal": rummy.ErrDeal, "ErrPosition": rummy.ErrPosition,
		"ErrRecord": rummy.ErrRecord, "ErrView": rummy.ErrView, "ErrStock": rummy.ErrStock, "ErrEncoding": rummy.ErrEncoding,
		"ErrPile": rummy.ErrPile, //lint:ignore SA1019 the deprecated name is checked to stay an alias
	},
	"doublets": {
		"ErrMalformed": doublets.ErrMalformed, "ErrNotNow": doublets.ErrNotNow, "ErrGameOver": doublets.ErrGameOver,
		"ErrFoundation": doublets.ErrFoundation, "ErrEmpty": doublets.ErrEmpty, "ErrTurn": doublets.ErrTurn,
		"ErrRules": doublets.ErrRules, "ErrPreset": doublets.ErrPreset, "ErrDeal": doublets.ErrDeal,
		"ErrPosition": doublets.ErrPosition, "ErrRecord": doublets.ErrRecord, "ErrView": doublets.ErrView, "ErrSolver": doublets.ErrSolver, "ErrEncoding": doublets.ErrEncoding,
		"ErrStock": doublets.ErrStock,
	},
}

// exportedErrors returns the exported variables named Err... that the
// non-test Go files of dir declare, each with the name its deprecation
// note sends the reader to ("" when it is not deprecated).
func exportedErrors(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				doc := vs.Doc
				if doc == nil && len(gen.Specs) == 1 {
					doc = gen.Doc
				}
				for _, name := range vs.Names {
					if !name.IsExported() || !strings.HasPrefix(name.Name, "Err") {
						continue
					}
					found[name.Name] = ""
					if _, use, ok := strings.Cut(doc.Text(), "Deprecated: use "); ok {
						found[name.Name] = strings.TrimSuffix(strings.Fields(use)[0], ".")
					}
				}
			}
		}
	}
	return found
}

// Every exported sentinel of the root package and of the games is named:
// cardrules.Rule returns its variable's name (a deprecated alias, the name
// it is an alias of). No name names two rules: where two games export one
// name, it is one sentinel, and a rule every game shares is the root
// package's. No sentinel has two names, deprecated aliases aside.
func TestSentinelNames(t *testing.T) {
	byName := map[string]error{}
	nameOf := map[error]string{}
	for dir, vars := range sentinels {
		declared := exportedErrors(t, dir)
		if len(declared) == 0 {
			t.Fatalf("%s: no Err variable found", dir)
		}
		for name, deprecated := range declared {
			v, ok := vars[name]
			if !ok {
				t.Errorf("%s.%s is not in the test's list", dir, name)
				continue
			}
			want := name
			if deprecated != "" {
				want = deprecated
				if v != vars[deprecated] {
					t.Errorf("%s.%s, deprecated for %s, is another error", dir, name, deprecated)
				}
			}
			if got := cardrules.Rule(v); got != want {
				t.Errorf("cardrules.Rule(%s.%s) = %q, want %q", dir, name, got, want)
			}
			if deprecated != "" {
				continue
			}
			if other, ok := byName[name]; ok && other != v {
				t.Errorf("%s.%s (%q) is not the sentinel another package exports under that name (%q)", dir, name, v, other)
			}
			byName[name] = v
			if root, ok := shared[name]; ok && v != root {
				t.Errorf("%s.%s is not cardrules.%s", dir, name, name)
			}
			if other, ok := nameOf[v]; ok && other != name {
				t.Errorf("%s.%s is also named %s", dir, name, other)
			}
			nameOf[v] = name
			if text := v.Error(); text == "" || strings.ContainsAny(text, ":\n") || strings.TrimSpace(text) != text {
				t.Errorf("%s.%s reads %q: not a rule's text for \"pkg: rule: detail\"", dir, name, text)
			}
		}
		for name := range vars {
			if _, ok := declared[name]; !ok {
				t.Errorf("%s.%s is in the test's list but not declared", dir, name)
			}
		}
	}
}

// Rule reads the outermost named rule, through any wrapping, and "" where
// there is none.
func TestRule(t *testing.T) {
	s, _ := rummy.New(rummy.Basic(), 3)
	_, loop := cardrules.Run(s, []cardrules.Player[rummy.View, rummy.Action]{discardAce{}, discardAce{}}, rbot.Options{})
	_, meldErr := meld.NewCombination(card.MustParseCards("4C 5H 6C"))
	mine := cardrules.NewRule("ErrMine", "a rule of mine")
	for _, tt := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("plain"), ""},
		{meldErr, ""},
		{mine, "ErrMine"},
		{fmt.Errorf("wrapped: %w", mine), "ErrMine"},
		{fmt.Errorf("wrapped twice: %w", fmt.Errorf("once: %w", rummy.ErrNotNow)), "ErrNotNow"},
		{loop, "ErrIllegal"}, // the loop's rule, before the game's it wraps
	} {
		if got := cardrules.Rule(tt.err); got != tt.want {
			t.Errorf("Rule(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
	if !errors.Is(loop, cardrules.ErrNotNow) {
		t.Errorf("the loop's error %v does not wrap the game's ErrNotNow", loop)
	}
	if a, b := cardrules.NewRule("ErrX", "x"), cardrules.NewRule("ErrX", "x"); errors.Is(a, b) || a.Error() != "x" {
		t.Error("two NewRule calls made one error, or the text is not the one given")
	}
}

// Each game's errors of the shared rules, made through its exported API,
// wrap the root package's sentinel, read "game: rule's text: ..." and are
// named by cardrules.Rule. Doublets, a patience with no turn, says "not
// now" only of the zero State, as every game does: every move is legal or
// breaks one of its own rules. It has no hand and no melds.
func TestSharedRulesInEveryGame(t *testing.T) {
	games := map[string]map[string]error{
		"handfoot": handfootShared(t),
		"canasta":  canastaShared(t),
		"rummy":    rummyShared(t),
		"doublets": doubletsShared(t),
	}
	for game, errs := range games {
		for name, sentinel := range shared {
			err, ok := errs[name]
			if !ok {
				if !(game == "doublets" && (name == "ErrNotHeld" || name == "ErrMeld")) {
					t.Errorf("%s: no error of %s tested", game, name)
				}
				continue
			}
			switch {
			case !errors.Is(err, sentinel):
				t.Errorf("%s %s: %v does not match cardrules.%s", game, name, err, name)
			case cardrules.Rule(err) != name:
				t.Errorf("%s %s: Rule(%v) = %q", game, name, err, cardrules.Rule(err))
			case !strings.HasPrefix(err.Error(), game+": "+sentinel.Error()):
				t.Errorf("%s %s: %q does not start with %q", game, name, err, game+": "+sentinel.Error())
			}
		}
	}
	// The registry's tables make the same errors.
	for _, game := range cardrules.Games() {
		if _, err := cardrules.Open(game, "no such preset", 0, 1); !errors.Is(err, cardrules.ErrPreset) || cardrules.Rule(err) != "ErrPreset" {
			t.Errorf("Open(%s, a preset it lacks): %v", game, err)
		}
		if _, err := cardrules.Load(game, []byte(`{"not":"a state"}`)); !errors.Is(err, cardrules.ErrPosition) || cardrules.Rule(err) != "ErrPosition" {
			t.Errorf("Load(%s, no State): %v", game, err)
		}
		tb, _ := cardrules.Open(game, "", 0, 1)
		if _, err := tb.Apply("fly away"); !errors.Is(err, cardrules.ErrMalformed) || cardrules.Rule(err) != "ErrMalformed" {
			t.Errorf("%s table: Apply(fly away): %v", game, err)
		}
	}
}

// notHeld returns a card of the deck that hand does not hold.
func notHeld(t *testing.T, held func(card.Card) bool) card.Card {
	t.Helper()
	for _, c := range card.All() {
		if !held(c) {
			return c
		}
	}
	t.Fatal("the hand holds every card")
	return 0
}

func recordErr[R interface{ UnmarshalText([]byte) error }](r R) error {
	return r.UnmarshalText([]byte("not a record"))
}

// playErrs adds to m the errors of play in s, a game dealt with hands:
// discarding a card the seat to act does not hold after its draw, and an
// action after the game, which players play to its end.
func playErrs[S cardrules.State[S, A, V], A cardrules.Action, V any](t *testing.T, m map[string]error, s S, draw A, discard func(card.Card) (A, error), held func(V, card.Card) bool, players []cardrules.Player[V, A]) {
	t.Helper()
	drawn, err := s.Apply(draw)
	if err != nil {
		t.Fatalf("the first draw: %v", err)
	}
	view := drawn.View(drawn.ToAct())
	a, _ := discard(notHeld(t, func(c card.Card) bool { return held(view, c) }))
	_, m["ErrNotHeld"] = drawn.Apply(a)
	over, err := cardrules.Run(s, players, cardrules.Options[S, A]{})
	if err != nil || !over.Over() {
		t.Fatalf("a game to the end: %v", err)
	}
	_, m["ErrGameOver"] = over.Apply(draw)
}

func handfootShared(t *testing.T) map[string]error {
	m := map[string]error{}
	_, m["ErrMalformed"] = handfoot.ParseAction("fly away")
	_, m["ErrNotNow"] = handfoot.Apply(handfoot.State{}, handfoot.Draw())
	_, m["ErrMeld"] = handfoot.Meld(card.MustParseCards("5C 6C 7C")...)
	m["ErrRules"] = handfoot.Rules{}.Validate()
	_, m["ErrPreset"] = handfoot.Preset("Z")
	_, m["ErrDeal"] = handfoot.Deal(handfoot.RulesA(), card.MustParseCards("4C 5C 6C 7C 8C"), 1)
	_, m["ErrPosition"] = handfoot.FromPosition(handfoot.Position{})
	m["ErrRecord"] = recordErr(&handfoot.Record{})
	m["ErrView"] = json.Unmarshal([]byte(`{"seat": "one"}`), new(handfoot.View))
	if s, err := handfoot.New(handfoot.RulesA(), 1); err == nil {
		_, m["ErrEncoding"] = s.ActionOf(-1)
	}
	s, _ := handfoot.New(handfoot.RulesA(), 1)
	players := []cardrules.Player[handfoot.View, handfoot.Action]{hbot.Heuristic(1), hbot.Heuristic(2), hbot.Heuristic(3), hbot.Heuristic(4)}
	playErrs(t, m, s, handfoot.Draw(), handfoot.Discard, func(v handfoot.View, c card.Card) bool { return v.Hand.Count(c) > 0 }, players)
	return m
}

func canastaShared(t *testing.T) map[string]error {
	m := map[string]error{}
	_, m["ErrMalformed"] = canasta.ParseAction("fly away")
	_, m["ErrNotNow"] = canasta.Apply(canasta.State{}, canasta.Draw())
	_, m["ErrMeld"] = canasta.Meld(card.MustParseCards("5C 6C 7C")...)
	m["ErrRules"] = canasta.Rules{}.Validate()
	_, m["ErrPreset"] = canasta.Preset("quick")
	_, m["ErrDeal"] = canasta.Deal(canasta.Classic(), card.MustParseCards("4C 5C 6C 7C 8C"), 1)
	_, m["ErrPosition"] = canasta.FromPosition(canasta.Position{})
	m["ErrRecord"] = recordErr(&canasta.Record{})
	m["ErrView"] = json.Unmarshal([]byte(`{"seat": "one"}`), new(canasta.View))
	if s, err := canasta.New(canasta.Classic(), 1); err == nil {
		_, m["ErrEncoding"] = s.ActionOf(-1)
	}
	s, _ := canasta.New(canasta.Classic(), 1)
	players := []cardrules.Player[canasta.View, canasta.Action]{cbot.Heuristic(1), cbot.Heuristic(2), cbot.Heuristic(3), cbot.Heuristic(4)}
	playErrs(t, m, s, canasta.Draw(), canasta.Discard, func(v canasta.View, c card.Card) bool { return v.Hand.Count(c) > 0 }, players)
	return m
}

func rummyShared(t *testing.T) map[string]error {
	m := map[string]error{}
	_, m["ErrMalformed"] = rummy.ParseAction("fly away")
	_, m["ErrNotNow"] = rummy.Apply(rummy.State{}, rummy.DrawStock())
	_, m["ErrMeld"] = rummy.Meld(card.MustParseCards("4C 5C")...)
	m["ErrRules"] = rummy.Rules{}.Validate()
	_, m["ErrPreset"] = rummy.Preset("gin")
	_, m["ErrDeal"] = rummy.Deal(rummy.Basic(), card.MustParseCards("4C 5C 6C 7C 8C"), 1)
	_, m["ErrPosition"] = rummy.FromPosition(rummy.Position{})
	m["ErrRecord"] = recordErr(&rummy.Record{})
	m["ErrView"] = json.Unmarshal([]byte(`{"seat": "one"}`), new(rummy.View))
	if s, err := rummy.New(rummy.Basic(), 1); err == nil {
		_, m["ErrEncoding"] = s.ActionOf(-1)
	}
	s, _ := rummy.New(rummy.Basic(), 1)
	players := []cardrules.Player[rummy.View, rummy.Action]{rbot.Heuristic(1), rbot.Heuristic(2)}
	playErrs(t, m, s, rummy.DrawStock(), rummy.Discard, func(v rummy.View, c card.Card) bool { return v.Hand.Count(c) > 0 }, players)
	return m
}

func doubletsShared(t *testing.T) map[string]error {
	m := map[string]error{}
	_, m["ErrMalformed"] = doublets.ParseAction("fly away")
	m["ErrRules"] = doublets.Rules{}.Validate()
	_, m["ErrPreset"] = doublets.Preset("klondike")
	_, m["ErrDeal"] = doublets.Deal(doublets.Aisleriot(), card.MustParseCards("4C 5C 6C 7C 8C"), 0)
	_, m["ErrPosition"] = doublets.FromPosition(doublets.Position{})
	m["ErrRecord"] = recordErr(&doublets.Record{})
	m["ErrView"] = json.Unmarshal([]byte(`{"seat": "one"}`), new(doublets.View))
	if s, err := doublets.New(doublets.Aisleriot(), 1); err == nil {
		_, m["ErrEncoding"] = s.ActionOf(-1)
	}
	_, m["ErrNotNow"] = doublets.Apply(doublets.State{}, doublets.Turn())
	s, _ := doublets.New(doublets.Aisleriot(), 1)
	for !s.Over() {
		s, _ = s.Apply(s.AppendLegal(nil)[0])
	}
	_, m["ErrGameOver"] = doublets.Apply(s, doublets.Turn())
	return m
}
