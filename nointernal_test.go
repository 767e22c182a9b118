package cardrules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// internalValues are the exported variables whose declarations may name an
// internal package, with the reason: none today. An entry whose case is
// gone is reported.
var internalValues = map[string]string{}

// isInternal reports whether path is an internal package's import path.
func isInternal(path string) bool {
	return strings.HasSuffix(path, "/internal") || strings.Contains(path, "/internal/")
}

// No exported identifier of a public package leads into an internal
// package: no type (an alias's target, a field's, a parameter's, a
// result's, a promoted method's) is an internal package's, and no exported
// declaration names one in its source, which godoc shows, but for the
// exceptions of internalValues.
func TestNoInternalInAPI(t *testing.T) {
	used := map[string]bool{}
	for _, pkg := range importPublic(t) {
		path := pkg.Path()
		for _, name := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(name)
			if !obj.Exported() {
				continue
			}
			for _, leak := range internalTypes(obj) {
				t.Errorf("%s.%s leads into %s", path, name, leak)
			}
		}
		dir := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		if dir == "" {
			dir = "."
		}
		for _, name := range internalDecls(t, dir) {
			key := dir + "." + name
			if _, ok := internalValues[key]; ok {
				used[key] = true
				continue
			}
			t.Errorf("%s: the declaration of %s names an internal package", path, name)
		}
	}
	staleExceptions(t, internalValues, used, "no declaration that names an internal package")
}

// internalTypes returns the internal types obj's type leads to: its own,
// an alias's target, and those of its fields, methods and signatures.
func internalTypes(obj types.Object) []string {
	var leaks []string
	seen := map[types.Type]bool{}
	var walk func(types.Type)
	named := func(tn *types.TypeName, args *types.TypeList) {
		if tn.Pkg() != nil && isInternal(tn.Pkg().Path()) {
			leaks = append(leaks, tn.Pkg().Path()+"."+tn.Name())
		}
		for t := range args.Types() {
			walk(t)
		}
	}
	methods := func(T types.Type) {
		for _, T := range []types.Type{T, types.NewPointer(T)} {
			ms := types.NewMethodSet(T)
			for i := range ms.Len() {
				m := ms.At(i).Obj()
				if !m.Exported() {
					continue
				}
				if isInternal(m.Pkg().Path()) {
					leaks = append(leaks, m.Pkg().Path()+" by its method "+m.Name())
				}
				walk(m.Type())
			}
		}
	}
	walk = func(T types.Type) {
		if T == nil || seen[T] {
			return
		}
		seen[T] = true
		switch T := T.(type) {
		case *types.Alias:
			named(T.Obj(), T.TypeArgs())
			walk(T.Rhs())
		case *types.Named:
			named(T.Obj(), T.TypeArgs())
		case *types.Pointer:
			walk(T.Elem())
		case *types.Slice:
			walk(T.Elem())
		case *types.Array:
			walk(T.Elem())
		case *types.Map:
			walk(T.Key())
			walk(T.Elem())
		case *types.Chan:
			walk(T.Elem())
		case *types.Signature:
			for tp := range T.TypeParams().TypeParams() {
				walk(tp.Constraint())
			}
			for v := range T.Params().Variables() {
				walk(v.Type())
			}
			for v := range T.Results().Variables() {
				walk(v.Type())
			}
		case *types.Struct:
			for f := range T.Fields() {
				if f.Exported() {
					walk(f.Type())
				}
			}
		case *types.Interface:
			for m := range T.Methods() {
				walk(m.Type())
			}
		case *types.TypeParam:
			walk(T.Constraint())
		}
	}
	walk(obj.Type())
	if tn, ok := obj.(*types.TypeName); ok {
		// A type's own fields, methods and promoted methods are its API.
		walk(tn.Type().Underlying())
		methods(tn.Type())
		if n, ok := types.Unalias(tn.Type()).(*types.Named); ok {
			for tp := range n.TypeParams().TypeParams() {
				walk(tp.Constraint())
			}
		}
	}
	return leaks
}

// internalDecls returns the names of the exported variables, constants and
// aliases that the non-test Go files of dir declare with a name of an
// internal package in their source. A defined type's fields are the type
// checker's to judge: an unexported one may be of any type.
func internalDecls(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		internal := map[string]bool{}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			if !isInternal(p) {
				continue
			}
			name := p[strings.LastIndex(p, "/")+1:]
			if is.Name != nil {
				name = is.Name.Name
			}
			internal[name] = true
		}
		mentions := func(node ast.Node) bool {
			found := false
			ast.Inspect(node, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && internal[x.Name] {
						found = true
					}
				}
				return !found
			})
			return found
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() && mentions(s) {
							names = append(names, n.Name)
						}
					}
				case *ast.TypeSpec:
					if s.Name.IsExported() && s.Assign.IsValid() && mentions(s) {
						names = append(names, s.Name.Name)
					}
				}
			}
		}
	}
	return names
}
