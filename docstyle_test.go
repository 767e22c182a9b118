package cardrules_test

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/cardrules/cardrules/canasta"
	"github.com/cardrules/cardrules/card"
	"github.com/cardrules/cardrules/doublets"
	"github.com/cardrules/cardrules/handfoot"
	"github.com/cardrules/cardrules/rummy"
	"github.com/cardrules/cardrules/score"
)

// maxSentenceWords is the most words in one sentence of a doc comment. A
// longer sentence is split into short ones, one fact a sentence.
const maxSentenceWords = 50

// No sentence of a doc comment that godoc shows is longer than
// maxSentenceWords words. The doc comments checked are the packages' and
// those of every exported name of every public package: constants,
// variables, types, functions, the methods of exported types, and the
// exported fields and interface methods of exported types.
func TestDocSentenceLength(t *testing.T) {
	paths, err := publicPackages()
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, path := range paths {
		dir := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		if dir == "" {
			dir = "."
		}
		for _, d := range packageDocs(t, fset, dir) {
			for _, s := range sentences(d.group) {
				if s.words > maxSentenceWords {
					t.Errorf("%s: %s: a sentence of %d words (at most %d): %.80q...",
						fset.Position(s.pos), d.name, s.words, maxSentenceWords, s.text)
				}
			}
		}
	}
}

// The splitter and the counter find a sentence of 51 words, and the
// sentences around it, and do not end a sentence at an abbreviation, a
// decimal, an ellipsis or a question quoted in it; code blocks are not
// sentences, and each list item is one.
func TestDocSentenceSplitter(t *testing.T) {
	long := "Long " + strings.Repeat("word ", 49) + "end."
	src := `package p

// P is short. ` + long + `
// Here e.g. a 1.5 times value, A, K, Q ... 4 and "May I go out?" asked, i.e. one sentence.
//
//	code in a block. is not counted. at all. even when it is very long and has
//	many words in it words words words words words words words words words words
//
// Items:
//   - one item
//     goes on here
//   - two
// [Doc.Link] and ` + "`code`" + ` count: as one word each!
var P int
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range sentences(f.Decls[0].(*ast.GenDecl).Doc) {
		got = append(got, fmt.Sprintf("%d:%d", fset.Position(s.pos).Line, s.words))
	}
	want := "3:3 3:51 4:19 9:1 10:5 12:1 13:8"
	if strings.Join(got, " ") != want {
		t.Errorf("line:words of each sentence = %s; want %s", strings.Join(got, " "), want)
	}
}

// docComment is one doc comment and the name it documents.
type docComment struct {
	name  string // "handfoot", "handfoot.Rules", "handfoot.Rules.Players"
	group *ast.CommentGroup
}

// packageDocs returns the doc comments of the package in dir that godoc
// shows: the package's, and those of its exported names.
func packageDocs(t *testing.T, fset *token.FileSet, dir string) []docComment {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var docs []docComment
	add := func(name string, gs ...*ast.CommentGroup) {
		for _, g := range gs {
			if g != nil {
				docs = append(docs, docComment{name, g})
			}
		}
	}
	for _, file := range matches {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		pkg := f.Name.Name
		add(pkg, f.Doc)
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				name := decl.Name.Name
				if decl.Recv != nil && len(decl.Recv.List) == 1 {
					recv := receiverName(decl.Recv.List[0].Type)
					if !token.IsExported(recv) {
						continue
					}
					name = recv + "." + name
				}
				if decl.Name.IsExported() {
					add(pkg+"."+name, decl.Doc)
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							if n.IsExported() {
								add(pkg+"."+n.Name, decl.Doc, spec.Doc, spec.Comment)
								decl.Doc = nil // a group's doc once, with its first exported name
								break
							}
						}
					case *ast.TypeSpec:
						if !spec.Name.IsExported() {
							continue
						}
						name := pkg + "." + spec.Name.Name
						add(name, decl.Doc, spec.Doc, spec.Comment)
						decl.Doc = nil
						docs = append(docs, memberDocs(name, spec.Type)...)
					}
				}
			}
		}
	}
	return docs
}

// receiverName returns the name of a method receiver's base type.
func receiverName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

// memberDocs returns the doc comments of the exported fields and interface
// methods of a type, those of struct types nested in it included.
func memberDocs(name string, x ast.Expr) []docComment {
	var fields *ast.FieldList
	switch x := x.(type) {
	case *ast.StructType:
		fields = x.Fields
	case *ast.InterfaceType:
		fields = x.Methods
	default:
		return nil
	}
	var docs []docComment
	for _, f := range fields.List {
		names := f.Names
		if len(names) == 0 { // an embedded field, or an interface's embedded type
			if id, ok := f.Type.(*ast.Ident); ok {
				names = []*ast.Ident{id}
			} else if star, ok := f.Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok {
					names = []*ast.Ident{id}
				}
			} else if sel, ok := f.Type.(*ast.SelectorExpr); ok {
				names = []*ast.Ident{sel.Sel}
			}
		}
		for _, n := range names {
			if !n.IsExported() {
				continue
			}
			for _, g := range []*ast.CommentGroup{f.Doc, f.Comment} {
				if g != nil {
					docs = append(docs, docComment{name + "." + n.Name, g})
				}
			}
			docs = append(docs, memberDocs(name+"."+n.Name, f.Type)...)
			break // the doc of "A, B int" once
		}
	}
	return docs
}

// sentence is one sentence of a doc comment.
type sentence struct {
	pos   token.Pos // where it starts
	words int
	text  string
}

// commentLine is one line of a doc comment's text, with its position.
type commentLine struct {
	pos  token.Pos
	text string
}

// commentLines returns the lines of a comment group as godoc reads them:
// without the comment markers and the one space after "//".
func commentLines(g *ast.CommentGroup) []commentLine {
	var lines []commentLine
	for _, c := range g.List {
		text := c.Text
		if strings.HasPrefix(text, "//") {
			text = strings.TrimPrefix(strings.TrimPrefix(text, "//"), " ")
			if strings.HasPrefix(text, "go:") || strings.HasPrefix(text, "line ") {
				continue // a directive, which godoc does not show
			}
			lines = append(lines, commentLine{c.Slash, text})
			continue
		}
		text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
		for _, l := range strings.Split(text, "\n") {
			lines = append(lines, commentLine{c.Slash, l})
		}
	}
	return lines
}

// listMarker matches the start of a list item in a doc comment.
var listMarker = regexp.MustCompile(`^[ \t]+([-*+•]|[0-9]+[.)])[ \t]`)

// sentences splits a doc comment into sentences and counts their words, as
// godoc reads the comment: a paragraph is text; an indented span is a code
// block, which has no sentences, or a list when it starts with a list
// marker, each item ending a sentence; a heading ("# Title") is no
// sentence.
func sentences(g *ast.CommentGroup) []sentence {
	var out []sentence
	var cur sentence
	var words []string
	flush := func() {
		if len(words) > 0 {
			cur.text = strings.Join(words, " ")
			out = append(out, cur)
		}
		cur, words = sentence{}, nil
	}
	lines := commentLines(g)
	inList := false // within an indented span that is a list
	for i, l := range lines {
		blank := strings.TrimSpace(l.text) == ""
		indented := !blank && (l.text[0] == ' ' || l.text[0] == '\t')
		switch {
		case blank:
			flush()
			continue
		case indented && listMarker.MatchString(l.text):
			flush()
			inList = true
		case indented && inList:
			// a list item's next line
		case indented:
			flush() // a code block
			continue
		default:
			if inList {
				flush() // a paragraph after a list
			}
			inList = false
			prevBlank := i == 0 || strings.TrimSpace(lines[i-1].text) == ""
			nextBlank := i == len(lines)-1 || strings.TrimSpace(lines[i+1].text) == ""
			if strings.HasPrefix(l.text, "# ") && prevBlank && nextBlank {
				flush() // a heading
				continue
			}
		}
		text := l.text
		if m := listMarker.FindString(text); m != "" {
			text = text[len(m):]
		}
		fields := strings.Fields(text)
		for j, w := range fields {
			if len(words) == 0 {
				cur.pos = l.pos
			}
			words = append(words, w)
			if isWord(w) {
				cur.words++
			}
			next := ""
			if j+1 < len(fields) {
				next = fields[j+1]
			} else if i+1 < len(lines) {
				next = strings.TrimSpace(lines[i+1].text)
				if f := strings.Fields(next); len(f) > 0 {
					next = f[0]
				}
			}
			if endsSentence(w, next) {
				flush()
			}
		}
	}
	flush()
	return out
}

// isWord reports whether a token counts as a word: it has a letter or a
// digit (a dash or an arrow alone is none).
func isWord(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// abbreviations end with a period that does not end a sentence.
var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "cf.": true, "vs.": true, "etc.": true, "approx.": true}

// endsSentence reports whether the word w ends a sentence, next being the
// word after it ("" at the end of the comment).
func endsSentence(w, next string) bool {
	core := strings.TrimRight(w, `)]"'”’*_`)
	if core == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(core)
	if last != '.' && last != '?' && last != '!' {
		return false
	}
	if strings.Trim(core, ".…") == "" || strings.HasSuffix(core, "...") {
		return false // an ellipsis
	}
	if abbreviations[strings.ToLower(strings.TrimLeft(core, `("'“‘[`))] {
		return false
	}
	if next == "" {
		return true
	}
	if last == '.' {
		return true // even before a name: "... it is over. seed also seeds ..."
	}
	first, _ := utf8.DecodeRuneInString(next)
	if unicode.IsLower(first) || core != w && first == '(' {
		return false // a question quoted in a sentence: "May I go out?" asked, or "May I go out?" ([Ask])
	}
	return true
}

// The rule parameters' table of each game's package doc.
//
// Each game's package doc opens with a one-line summary, then a paragraph
// "Rules: <source>", then a table of every exported field of its Rules:
//
//	Parameter      Default   Meaning
//	Players        4         the number of players
//	GoOut.Clean    1         ...
//
// Columns are two or more spaces apart. A field that is a struct with
// exported fields (and no String method) has a row for each of those, its
// name dotted. A row starting with spaces goes on with the meaning of the
// row before. Each default is the default preset's (Presets()[0]) field,
// written by defaultText.
func TestDocRulesTable(t *testing.T) {
	for _, game := range []struct {
		dir    string
		preset any
	}{
		{"handfoot", handfoot.Presets()[0]},
		{"canasta", canasta.Presets()[0]},
		{"rummy", rummy.Presets()[0]},
		{"doublets", doublets.Presets()[0]},
	} {
		t.Run(game.dir, func(t *testing.T) {
			blocks := packageDocBlocks(t, game.dir)
			if len(blocks) < 3 {
				t.Fatalf("the package doc has %d blocks; want a summary, a Rules: paragraph and the table", len(blocks))
			}
			if p, ok := blocks[1].(*comment.Paragraph); !ok || !strings.HasPrefix(plainText(p.Text), "Rules: ") {
				t.Errorf("the package doc's second paragraph does not start with \"Rules: \", the source of the rules")
			}
			code, ok := blocks[2].(*comment.Code)
			if !ok {
				t.Fatalf("the package doc's third block is %T, not the table of rule parameters", blocks[2])
			}
			rows, err := parseRulesTable(code.Text)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{}
			var order []string
			if err := fieldDefaults(reflect.ValueOf(game.preset), "", want, &order); err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, r := range rows {
				w, ok := want[r.param]
				switch {
				case !ok:
					t.Errorf("row %s: Rules has no such exported field", r.param)
				case seen[r.param]:
					t.Errorf("row %s: listed twice", r.param)
				case r.def != w:
					t.Errorf("row %s: default %q; the default preset has %q", r.param, r.def, w)
				case r.meaning == "":
					t.Errorf("row %s: no meaning", r.param)
				}
				seen[r.param] = true
			}
			for _, p := range order {
				if !seen[p] {
					t.Errorf("no row for %s (default %q)", p, want[p])
				}
			}
		})
	}
}

// The rules table parser and defaultText read and write what the table
// holds.
func TestDocRulesTableParse(t *testing.T) {
	rows, err := parseRulesTable("Parameter   Default          Meaning\nName        \"A\"              the name\nMinimums    50, 90 from 10   the minimums\n            by score\nValues.Held  A-2 -20, JK -50\n            card values\n")
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%q", rows)
	want := `[{"Name" "\"A\"" "the name"} {"Minimums" "50, 90 from 10" "the minimums by score"} {"Values.Held" "A-2 -20, JK -50" "card values"}]`
	if got != want {
		t.Errorf("rows = %s; want %s", got, want)
	}
	for _, bad := range []string{"", "Name  Default  Meaning\n", "Parameter  Default  Meaning\n  orphan\n", "Parameter  Default  Meaning\nName\n"} {
		if _, err := parseRulesTable(bad); err == nil {
			t.Errorf("parseRulesTable(%q) is no error", bad)
		}
	}
	bands, _ := score.NewBands(score.Band{From: 0, Minimum: 15}, score.Band{From: 0 + 1500, Minimum: 90})
	values := score.NewTable(func(c card.Card) int {
		switch {
		case c == card.Joker:
			return 50
		case c.Rank() == card.Three && c.IsRed():
			return -100
		case c.Rank() == card.Ace || c.Rank() == card.Two:
			return 20
		}
		return 5
	})
	for _, c := range []struct {
		v    any
		want string // "" for an error
	}{
		{bands, "15, 90 from 1500"},
		{score.Bands{}, "none"},
		{values, "A-2 20, black 3 5, red 3 -100, 4-K 5, JK 50"},
		{score.Uniform(values).Held, "A-2 -20, black 3 -5, red 3 100, 4-K -5, JK -50"},
		{[3]string{}, "none"},
		{[2]string{"a", ""}, `"a", ""`},
		{"", `""`},
		{true, "true"},
		{math.MinInt, strconv.Itoa(math.MinInt)},
		{handfoot.RulesA().Meld.Ratio, "more natural than wild"},
		{canasta.Classic().Meld.MaxWilds, "3"},
		{struct{ unexported int }{1}, ""},
		{map[string]int{}, ""},
	} {
		got, err := defaultText(reflect.ValueOf(c.v))
		if c.want == "" {
			if err == nil {
				t.Errorf("defaultText(%T) = %q; want an error (no way to write it)", c.v, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("defaultText(%#v) = %q, %v; want %q", c.v, got, err, c.want)
		}
	}
	for _, c := range []struct {
		v    any
		want bool
	}{{handfoot.Canastas{}, true}, {handfoot.RulesA().Meld, true}, {score.Scheme{}, true}, {score.Bands{}, false}, {struct{ a, B int }{}, true}, {struct{ a int }{}, false}} {
		if got := flattened(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("flattened(%T) = %v; want %v", c.v, got, c.want)
		}
	}
}

// packageDocBlocks returns the blocks of the package doc of the package in
// dir, as go/doc reads them.
func packageDocBlocks(t *testing.T, dir string) []comment.Block {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, module+"/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	return p.Parser().Parse(p.Doc).Content
}

// plainText returns the text of a paragraph's inline content.
func plainText(ts []comment.Text) string {
	var b strings.Builder
	for _, t := range ts {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(plainText(t.Text))
		case *comment.DocLink:
			b.WriteString(plainText(t.Text))
		}
	}
	return b.String()
}

// tableRow is one row of a rules table.
type tableRow struct{ param, def, meaning string }

// columns splits a table line into its cells, two or more spaces apart.
var columns = regexp.MustCompile(`[ \t]{2,}`)

// parseRulesTable reads a rules table: a header "Parameter Default
// Meaning", then a row for each parameter.
func parseRulesTable(text string) ([]tableRow, error) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if h := columns.Split(strings.TrimSpace(lines[0]), -1); len(h) != 3 || h[0] != "Parameter" || h[1] != "Default" || h[2] != "Meaning" {
		return nil, fmt.Errorf("the table's header is %q; want the columns Parameter, Default and Meaning", lines[0])
	}
	var rows []tableRow
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if l[0] == ' ' || l[0] == '\t' {
			if len(rows) == 0 {
				return nil, fmt.Errorf("line %q goes on from no row", l)
			}
			r := &rows[len(rows)-1]
			r.meaning = strings.TrimSpace(r.meaning + " " + strings.TrimSpace(l))
			continue
		}
		cells := columns.Split(strings.TrimSpace(l), 3)
		if len(cells) < 2 {
			return nil, fmt.Errorf("row %q has no default", l)
		}
		r := tableRow{param: cells[0], def: cells[1]}
		if len(cells) == 3 {
			r.meaning = cells[2]
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// flattened reports whether a field of type t has a table row for each of
// its own exported fields instead of one row: a struct with exported
// fields and no String method.
func flattened(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.Implements(reflect.TypeFor[fmt.Stringer]()) {
		return false
	}
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

// fieldDefaults records the default text of each exported field of the
// struct v under its dotted name, in order.
func fieldDefaults(v reflect.Value, prefix string, out map[string]string, order *[]string) error {
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if !f.IsExported() {
			continue
		}
		name := prefix + f.Name
		if flattened(f.Type) {
			if err := fieldDefaults(v.Field(i), name+".", out, order); err != nil {
				return err
			}
			continue
		}
		text, err := defaultText(v.Field(i))
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		out[name] = text
		*order = append(*order, name)
	}
	return nil
}

// defaultText writes a value as a rules table's Default column does:
// fmt.Sprint of it, but for strings, quoted; lists, their elements, or
// "none" when every one is empty; a meld-minimum schedule as its minimums
// with the scores they start at ("50, 90 from 2501"), "none" when it has
// none; and a card-point table as ranks with their points ("A-2 20, black 3
// 5, red 3 0, 4-7 5, 8-K 10, JK 50").
func defaultText(v reflect.Value) (string, error) {
	switch x := v.Interface().(type) {
	case score.Bands:
		if x.Len() == 0 {
			return "none", nil
		}
		var parts []string
		for b := range x.All() {
			if b.From == math.MinInt {
				parts = append(parts, strconv.Itoa(b.Minimum))
			} else {
				parts = append(parts, fmt.Sprintf("%d from %d", b.Minimum, b.From))
			}
		}
		return strings.Join(parts, ", "), nil
	case score.Table:
		return pointsText(x), nil
	case fmt.Stringer:
		return x.String(), nil
	}
	switch v.Kind() {
	case reflect.String:
		return strconv.Quote(v.String()), nil
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprint(v.Interface()), nil
	case reflect.Array, reflect.Slice:
		if v.IsZero() || v.Len() == 0 {
			return "none", nil
		}
		var parts []string
		for i := range v.Len() {
			s, err := defaultText(v.Index(i))
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ", "), nil
	}
	return "", fmt.Errorf("the rules table has no way to write a %s", v.Type())
}

// pointsText writes a card-point table by rank, in rank order, a joker
// last: consecutive ranks of equal points as one range ("8-K 10"), and a
// rank whose red and black cards differ as two ("black 3 5, red 3 0").
func pointsText(t score.Table) string {
	type item struct {
		from, to card.Rank
		color    string
		points   int
	}
	var items []item
	for r := card.Ace; r <= card.King; r++ {
		var pts [4]int
		for i, s := range []card.Suit{card.Clubs, card.Diamonds, card.Hearts, card.Spades} {
			pts[i] = t.Points(card.New(r, s))
		}
		switch {
		case pts[0] == pts[1] && pts[1] == pts[2] && pts[2] == pts[3]:
			if n := len(items); n > 0 && items[n-1].color == "" && items[n-1].points == pts[0] && items[n-1].to == r-1 {
				items[n-1].to = r
				continue
			}
			items = append(items, item{r, r, "", pts[0]})
		case pts[0] == pts[3] && pts[1] == pts[2]:
			items = append(items, item{r, r, "black ", pts[0]}, item{r, r, "red ", pts[1]})
		default:
			for i, s := range []card.Suit{card.Clubs, card.Diamonds, card.Hearts, card.Spades} {
				items = append(items, item{r, r, card.New(r, s).String(), pts[i]})
			}
		}
	}
	var parts []string
	for _, it := range items {
		switch {
		case len(it.color) == 2 || len(it.color) == 3: // one card, "3C", "10C"
			parts = append(parts, fmt.Sprintf("%s %d", it.color, it.points))
		case it.from == it.to:
			parts = append(parts, fmt.Sprintf("%s%s %d", it.color, it.from, it.points))
		default:
			parts = append(parts, fmt.Sprintf("%s-%s %d", it.from, it.to, it.points))
		}
	}
	parts = append(parts, fmt.Sprintf("JK %d", t.Points(card.Joker)))
	return strings.Join(parts, ", ")
}
