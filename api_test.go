package cardrules_test

import (
	"errors"
	"flag"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite api.txt from the current exported API")

// TestAPI keeps the exported API stable on purpose: api.txt lists every
// exported identifier of every public package with its signature, and this
// test fails on any difference. After an intended change, run
//
//	go test -run TestAPI -update .
//
// and commit the new api.txt, so the change is a visible diff in review.
func TestAPI(t *testing.T) {
	var lines []string
	for _, pkg := range importPublic(t) {
		lines = append(lines, apiLines(pkg)...)
	}
	got := strings.Join(lines, "\n") + "\n"

	if *update {
		if err := os.WriteFile("api.txt", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("api.txt")
	if err != nil {
		t.Fatalf("%v (run: go test -run TestAPI -update .)", err)
	}
	if string(want) != got {
		t.Errorf("the exported API differs from api.txt (after an intended change run: go test -run TestAPI -update .)\n%s",
			lineDiff(string(want), got))
	}
}

// module is the import path of the root package.
const module = "github.com/cardrules/cardrules"

// publicPackages returns the import paths of the module's public packages,
// sorted: every directory with a non-test Go file, but for internal,
// examples and testdata.
func publicPackages() ([]string, error) {
	var pkgs []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (strings.HasPrefix(name, ".") || name == "internal" || name == "examples" || name == "testdata") {
			return filepath.SkipDir
		}
		matches, _ := filepath.Glob(filepath.Join(path, "*.go"))
		for _, m := range matches {
			if !strings.HasSuffix(m, "_test.go") {
				pkgs = append(pkgs, strings.TrimSuffix(module+"/"+filepath.ToSlash(path), "/."))
				break
			}
		}
		return nil
	})
	sort.Strings(pkgs)
	return pkgs, err
}

// importPublic returns the module's public packages, type-checked, in the
// order of publicPackages.
func importPublic(t *testing.T) []*types.Package {
	t.Helper()
	paths, err := publicPackages()
	if err != nil {
		t.Fatal(err)
	}
	imp, err := exportImporter(paths)
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []*types.Package
	for _, path := range paths {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		pkgs = append(pkgs, pkg)
	}
	return pkgs
}

// staleExceptions fails t for each key of exceptions that used lacks, in
// order: an exception whose case is gone must go too.
func staleExceptions[V any](t *testing.T, exceptions map[string]V, used map[string]bool, what string) {
	t.Helper()
	var stale []string
	for key := range exceptions {
		if !used[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		t.Errorf("exception %q names %s", key, what)
	}
}

// exportImporter returns an importer that reads the compiled export data of
// pkgs and of everything they import, as the go command builds it (from its
// build cache when warm): far quicker than type-checking the standard
// library from source, and the same types.
func exportImporter(pkgs []string) (types.Importer, error) {
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, pkgs...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%v: %s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("go list -export: %w", err)
	}
	files := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, file, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("go list -export: unexpected line %q", line)
		}
		if file != "" { // unsafe has none: the importer knows it
			files[path] = file
		}
	}
	lookup := func(path string) (io.ReadCloser, error) {
		file, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}
	return importer.ForCompiler(token.NewFileSet(), "gc", lookup), nil
}

// apiLines lists a package's exported objects, an alias with the type it
// names, and the exported methods and fields of its exported types, one
// per line, sorted.
func apiLines(pkg *types.Package) []string {
	qual := func(p *types.Package) string { return p.Name() }
	var out []string
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		prefix := "pkg " + pkg.Path() + ", "
		switch o := obj.(type) {
		case *types.TypeName:
			st, isStruct := o.Type().Underlying().(*types.Struct)
			switch a, isAlias := o.Type().(*types.Alias); {
			case isAlias:
				// An alias is another package's type under this name: a
				// change to or from one is a change of the API.
				out = append(out, prefix+"type "+name+" = "+types.TypeString(a.Rhs(), qual))
			case isStruct:
				out = append(out, prefix+"type "+name+" struct")
			default:
				out = append(out, prefix+"type "+name+" "+types.TypeString(o.Type().Underlying(), qual))
			}
			if isStruct {
				// Only the exported fields are API; unexported ones may change freely.
				for i := range st.NumFields() {
					if f := st.Field(i); f.Exported() {
						out = append(out, prefix+"field "+name+"."+f.Name()+" "+types.TypeString(f.Type(), qual))
					}
				}
			}
			// Methods declared on T, then those only *T has.
			valueSet := types.NewMethodSet(o.Type())
			for _, T := range []types.Type{o.Type(), types.NewPointer(o.Type())} {
				ms := types.NewMethodSet(T)
				for i := range ms.Len() {
					sel := ms.At(i)
					m := sel.Obj()
					if !m.Exported() || len(sel.Index()) != 1 {
						continue // unexported, or promoted from an embedded field
					}
					if _, isPtr := T.(*types.Pointer); isPtr && valueSet.Lookup(m.Pkg(), m.Name()) != nil {
						continue
					}
					out = append(out, prefix+"method ("+types.TypeString(T, qual)+") "+m.Name()+strings.TrimPrefix(types.TypeString(m.Type(), qual), "func"))
				}
			}
		case *types.Const:
			out = append(out, prefix+types.ObjectString(obj, qual)+" = "+o.Val().ExactString())
		default:
			out = append(out, prefix+types.ObjectString(obj, qual))
		}
	}
	sort.Strings(out)
	return dedupe(out)
}

func dedupe(s []string) []string {
	var out []string
	for i, l := range s {
		if i == 0 || l != s[i-1] {
			out = append(out, l)
		}
	}
	return out
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
