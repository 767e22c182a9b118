package play_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardrules/cardrules"
	"github.com/cardrules/cardrules/internal/play"
)

// viewOf is a view for Random: its legal actions.
type viewOf struct{ legal []int }

// A Random player picks among the legal actions, the same way for the same
// seed, every one of them in time, and the zero action when there is none.
func TestRandom(t *testing.T) {
	legal := func(v viewOf) []int { return v.legal }
	a, b := play.NewRandom(3, legal), play.NewRandom(3, legal)
	seen := map[int]bool{}
	for range 200 {
		x, y := a.Choose(viewOf{[]int{4, 5, 6}}), b.Choose(viewOf{[]int{4, 5, 6}})
		if x != y || x < 4 || x > 6 {
			t.Fatalf("choices %d and %d", x, y)
		}
		seen[x] = true
	}
	if len(seen) != 3 {
		t.Errorf("200 choices among 3 saw %v", seen)
	}
	if got := a.Choose(viewOf{}); got != 0 {
		t.Errorf("no legal action: %d", got)
	}
}

// adder is a player of the tests of NewPlayer, told apart by n.
type adder struct{ n int }

// NewPlayer builds the player of each strength, and names the strengths
// for any other name.
func TestNewPlayer(t *testing.T) {
	names := []string{"random", "heuristic", "search"}
	build := []func(seed uint64) *adder{
		func(seed uint64) *adder { return &adder{n: 1} },
		func(seed uint64) *adder { return &adder{n: 2} },
		func(seed uint64) *adder { return &adder{n: int(seed)} },
	}
	for i, name := range names {
		p, err := play.NewPlayer("x", names, build, name, 3)
		if err != nil || p == nil || p.n != []int{1, 2, 3}[i] {
			t.Fatalf("%s: %v, %v", name, p, err)
		}
	}
	_, err := play.NewPlayer("x", names, build, "genius", 1)
	if !errors.Is(err, cardrules.ErrStrength) || !strings.Contains(err.Error(), "random, heuristic, search") {
		t.Errorf("genius: %v", err)
	}
}

// games are the packages whose bot packages TestBotPackagesAlike compares,
// with the name each gives its game in prose.
var games = map[string]string{"rummy": "Rummy", "canasta": "Canasta", "handfoot": "Hand and Foot", "doublets": "Doublets"}

// extras are the exported names a bot package may have beyond the common
// ones: Hand and Foot's old constant of its search player, and the
// defaults of Doublets' budget.
var extras = map[string]bool{"handfoot.SearchSamples": true, "doublets.SearchSamples": true, "doublets.SearchPositions": true}

// searchNames are the names of the search player, which the card games'
// bot packages have (alike) and a patience's need not.
var searchNames = map[string]bool{"Search": true, "SearchWith": true, "Budget": true}

// searchers are the games whose bot packages have the search player of
// internal/search, alike. Doublets' Search and SearchWith take a Budget of
// its own (stock orders sampled and the solver's positions), so only
// their names are the same.
var searchers = map[string]bool{"rummy": true, "canasta": true, "handfoot": true}

// exported returns the exported declarations of the bot package of game,
// each as its source text with its doc comment (the game's names replaced
// by GAME), by name.
func exported(t *testing.T, game string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	dir := filepath.Join("..", "..", game, "bot")
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	norm := strings.NewReplacer(game, "GAME", games[game], "GAME")
	out := map[string]string{}
	text := func(doc *ast.CommentGroup, node any) string {
		var b strings.Builder
		if doc != nil {
			b.WriteString(doc.Text())
		}
		if err := printer.Fprint(&b, fset, node); err != nil {
			t.Fatal(err)
		}
		return norm.Replace(b.String())
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() && d.Recv == nil {
					// The signature, and the doc of all but Heuristic,
					// which each game describes in its own words.
					doc := d.Doc
					if d.Name.Name == "Heuristic" {
						doc = nil
					}
					out[d.Name.Name] = text(doc, d.Type)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							out[s.Name.Name] = text(d.Doc, s)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								out[n.Name] = text(d.Doc, s)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// The four bot packages have the same surface, named, typed and documented
// alike: a program written against one reads the others.
func TestBotPackagesAlike(t *testing.T) {
	want := exported(t, "rummy")
	for _, name := range []string{"Player", "Strengths", "New", "Random", "Heuristic", "Options", "ErrStrength", "Search", "SearchWith", "Budget"} {
		if _, ok := want[name]; !ok {
			t.Errorf("rummy/bot has no %s", name)
		}
	}
	for game := range games {
		got := exported(t, game)
		for name, src := range want {
			if searchNames[name] && !searchers[game] {
				continue // a search player of its own
			}
			if got[name] != src {
				t.Errorf("%s/bot's %s differs from rummy/bot's:\n%s\nwant\n%s", game, name, got[name], src)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok && !extras[game+"."+name] {
				t.Errorf("%s/bot has %s, which the other bot packages do not", game, name)
			}
		}
	}
}
