package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// The hooks: hand-written methods AssignPropertiesTo(dst *T) error and
// AssignPropertiesFrom(src *T) error on a type of the package that hosts a
// step, T being the type on the other side. The generated copy calls them
// last, so they are bound at compile time.
const (
	hookTo   = "AssignPropertiesTo"
	hookFrom = "AssignPropertiesFrom"
)

// findHooks records the hooks of every pair of every step, from the
// packages loaded with the storage twins as they are about to be
// generated. A method with a hook's name and another signature, or on a
// type that no generated copy converts, is an error naming the version,
// the type and the method. So is a declaration that takes a name the
// generator declares.
//
// Methods declared in the files the generator owns (owned) are not hooks.
// findHooks reports whether a hook's signature did not resolve: it names a
// type that the packages do not have (yet), so it can only be judged
// against the storage twins about to be written; the hooks are then not
// recorded.
func findHooks(c *chain, pkgs map[string]*packages.Package, owned map[string][]byte, errs *errorList) (unresolved bool) {
	hosted := map[string]*step{} // package directory name → the step it hosts
	for _, v := range c.versions {
		hosted[v.name] = c.twin[v]
		if s := c.storage[v]; s != nil {
			hosted[v.storageName] = s
		}
		if p := c.staging[v]; p != nil {
			hosted[p.v.storageName] = p.step
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(pkgs)) {
		pkg := pkgs[dir]
		s := hosted[dir]
		if s != nil {
			s.handNames = handWrittenNames(pkg, owned)
		}
		scope := pkg.Types.Scope()
		for _, tn := range scope.Names() {
			obj, ok := scope.Lookup(tn).(*types.TypeName)
			if !ok || obj.IsAlias() {
				continue
			}
			mset := types.NewMethodSet(types.NewPointer(obj.Type()))
			var p *pair
			if s != nil {
				p = s.byName[tn]
			}
			for _, name := range []string{hookTo, hookFrom} {
				sel := mset.Lookup(pkg.Types, name)
				if sel == nil || isGenerated(pkg, sel.Obj(), owned) {
					continue
				}
				if unresolvedIn(sel.Obj().Type()) {
					unresolved = true
					continue
				}
				where := fmt.Sprintf("%s %s.%s", dir, tn, name)
				if p == nil {
					switch {
					case s == nil:
						errs.addf(where, "%s is the hub: it converts to no other version, so nothing calls this hook", dir)
					default:
						errs.addf(where, "no generated conversion of %s to %s calls this hook (%s is not converted in that step)", dir, s.otherName, tn)
					}
					continue
				}
				param := "dst"
				if name == hookFrom {
					param = "src"
				}
				want := fmt.Sprintf("%s(%s *%s.%s) error", name, param, s.otherName, p.otherName)
				if !isHook(sel.Obj().Type().(*types.Signature), s.otherPath, p.otherName) {
					got := types.TypeString(sel.Obj().Type(), byName)
					if got == fmt.Sprintf("func(%s *%s.%s) error", param, s.otherName, p.otherName) {
						// Another package of the same name (a copied api
						// directory, a module renamed): say which.
						errs.addf(where, "has the signature %s; a hook must be %s, of package %s: the hook's %s is of another package of that name",
							types.TypeString(sel.Obj().Type(), byPath), want, s.otherPath, s.otherName)
						continue
					}
					errs.addf(where, "has the signature %s; a hook must be %s", got, want)
					continue
				}
				if s.twin && !p.host.root && name == hookTo {
					errs.addf(where, "a hook to the storage twin of a type inside an API version would run before the bags the version carries are recalled into it, and see none; "+
						"hook the object type of %s, which runs after them, or the type in %s", dir, s.otherName)
					continue
				}
				reads := readsSourceBag(pkg, sel.Obj().(*types.Func), name == hookTo)
				if name == hookTo {
					p.hookTo, p.hookToReadsBag = true, reads
				} else {
					p.hookFrom, p.hookFromReadsBag = true, reads
				}
			}
			checkTaken(c, s, dir, tn, mset, pkg, owned, errs)
		}
		if s != nil {
			for _, kind := range c.kinds {
				if obj := scope.Lookup(linkVar(kind)); obj != nil && !isGenerated(pkg, obj, owned) {
					errs.addf(fmt.Sprintf("%s %s", dir, linkVar(kind)), "declared by hand, but the generator declares it")
				}
			}
		}
	}
	return unresolved
}

// isHook reports whether sig is func(*T) error, T being the type named
// name in the package at path.
func isHook(sig *types.Signature, path, name string) bool {
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Variadic() {
		return false
	}
	ptr, ok := sig.Params().At(0).Type().(*types.Pointer)
	if !ok || !isNamed(ptr.Elem(), path, name) {
		return false
	}
	return types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// checkTaken reports methods written by hand under a name the generator
// gives the methods of tn.
func checkTaken(c *chain, s *step, dir, tn string, mset *types.MethodSet, pkg *packages.Package, owned map[string][]byte, errs *errorList) {
	var generated []string
	if s != nil && s.byName[tn] != nil {
		generated = append(generated, assignTo(tn), assignFrom(tn))
	}
	if slices.Contains(c.kinds, tn) {
		generated = append(generated, "Link", "ConvertTo", "ConvertFrom", "Hub")
	}
	for _, name := range generated {
		if sel := mset.Lookup(pkg.Types, name); sel != nil && !isGenerated(pkg, sel.Obj(), owned) {
			errs.addf(fmt.Sprintf("%s %s.%s", dir, tn, name), "declared by hand, but the generator declares it")
		}
	}
}

// checkHandDeclared reports the top-level declarations of hand-written
// files that take a name the generated files of the same package declare
// (files holds the generated files by path, as they are about to be
// written): a storage version written by hand, or by another generator
// (Azure Service Operator's storage versions, whose directories have the
// twins' names), in the directory of a storage twin. The package would not
// compile. Methods are checkTaken's; the hooks stay.
func checkHandDeclared(pkgs map[string]*packages.Package, files, owned map[string][]byte, errs *errorList) {
	generated := map[string]map[string]string{} // directory → name → generated file
	for _, path := range slices.Sorted(maps.Keys(files)) {
		f, err := parser.ParseFile(token.NewFileSet(), path, files[path], parser.SkipObjectResolution)
		if err != nil {
			continue // gofmt'ed output parses; an error is reported where it is written
		}
		if strings.HasSuffix(f.Name.Name, "_test") {
			continue // the generated test's package is another
		}
		dir := filepath.Dir(path)
		if generated[dir] == nil {
			generated[dir] = map[string]string{}
		}
		for _, name := range topLevelNames(f) {
			generated[dir][name.Name] = filepath.Base(path)
		}
	}
	for _, d := range slices.Sorted(maps.Keys(pkgs)) {
		pkg := pkgs[d]
		for _, f := range pkg.Syntax {
			path := pkg.Fset.Position(f.Pos()).Filename
			taken := generated[filepath.Dir(path)]
			if _, ok := owned[path]; ok || taken == nil {
				continue
			}
			for _, name := range topLevelNames(f) {
				file, ok := taken[name.Name]
				switch {
				case !ok:
				case file == fileConversion:
					// A helper of the generated conversions (stashBagsOfX,
					// convert_<pkg>_<Type>_To_..., sameJSON), in an API
					// version or a twin.
					errs.addf(fmt.Sprintf("%s %s", d, name.Name), "declared by hand in %s, but the generated conversions declare it in %s: rename the hand-written declaration",
						filepath.Base(path), file)
				default:
					errs.addf(fmt.Sprintf("%s %s", d, name.Name), "declared by hand in %s, but the generator declares it in %s "+
						"(the storage twin is generated: delete the hand-written declaration; hooks stay)", filepath.Base(path), file)
				}
			}
		}
	}
}

// topLevelNames returns the names a file declares at package level: types,
// variables, constants and functions (not methods, init or the blank name).
func topLevelNames(f *ast.File) []*ast.Ident {
	var out []*ast.Ident
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name != "init" {
				out = append(out, d.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch sp := spec.(type) {
				case *ast.TypeSpec:
					out = append(out, sp.Name)
				case *ast.ValueSpec:
					out = append(out, sp.Names...)
				}
			}
		}
	}
	return slices.DeleteFunc(out, func(id *ast.Ident) bool { return id.Name == "_" })
}

// handWrittenNames returns the names of the fields that the hand-written
// files of pkg select and the string literals they hold: what its hooks,
// and the helpers they call, may read or write (a property's field, or
// its key in a bag). Files of generators (the generator's own, and
// controller-gen's zz_generated.deepcopy.go) are not read. A field of a
// struct declared outside the api directory (corev1.Container's Resources,
// which a hook converting a container selects) names no property: the
// storage twins and API versions declare their properties in it.
func handWrittenNames(pkg *packages.Package, owned map[string][]byte) map[string]bool {
	out := map[string]bool{}
	apiDir := path.Dir(pkg.PkgPath) + "/"
	foreignField := func(n *ast.SelectorExpr) bool {
		if pkg.TypesInfo == nil {
			return false
		}
		sel := pkg.TypesInfo.Selections[n]
		if sel == nil || sel.Kind() != types.FieldVal || sel.Obj().Pkg() == nil {
			return false
		}
		return !strings.HasPrefix(sel.Obj().Pkg().Path()+"/", apiDir)
	}
	for _, file := range pkg.Syntax {
		name := pkg.Fset.Position(file.Pos()).Filename
		if _, ok := owned[name]; ok || strings.HasPrefix(filepath.Base(name), "zz_generated.") {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if !foreignField(n) {
					out[n.Sel.Name] = true
				}
			case *ast.BasicLit:
				if text, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING {
					out[text] = true
				}
			}
			return true
		})
	}
	return out
}

// isGenerated reports whether obj is declared in a file the generator owns.
func isGenerated(pkg *packages.Package, obj types.Object, owned map[string][]byte) bool {
	_, ok := owned[pkg.Fset.Position(obj.Pos()).Filename]
	return ok
}

// unresolvedIn reports whether a parameter or result of the signature t
// mentions a type that did not resolve.
func unresolvedIn(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	if !ok {
		return false
	}
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := range tuple.Len() {
			if invalid(tuple.At(i).Type()) {
				return true
			}
		}
	}
	return false
}

func invalid(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return t.Kind() == types.Invalid
	case *types.Pointer:
		return invalid(t.Elem())
	case *types.Slice:
		return invalid(t.Elem())
	case *types.Map:
		return invalid(t.Key()) || invalid(t.Elem())
	}
	return false
}

// byName qualifies types by package name, as people write them.
func byName(p *types.Package) string { return p.Name() }

// byPath qualifies a type by its package's import path.
func byPath(p *types.Package) string { return p.Path() }

func assignTo(name string) string   { return "AssignProperties_To_" + name }
func assignFrom(name string) string { return "AssignProperties_From_" + name }
func linkVar(kind string) string    { return lowerCamel(kind) + "Link" }

// readsSourceBag reports whether the hook fn may read the property bag of
// its source, the receiver of AssignPropertiesTo (to) or the parameter of
// AssignPropertiesFrom, after the generated copy has moved that bag to the
// destination and changed it there. It may when its body selects the bag
// field of the source, or uses the source otherwise than to select one of
// its fields (passes it on, calls a method of it, copies it); when the body
// cannot be found, it is taken to. Fields other than the bag are the
// source's own: the generated copy leaves them as they were.
func readsSourceBag(pkg *packages.Package, fn *types.Func, to bool) bool {
	var decl *ast.FuncDecl
	for _, file := range pkg.Syntax {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && pkg.TypesInfo.Defs[fd.Name] == fn {
				decl = fd
			}
		}
	}
	if decl == nil || decl.Body == nil {
		return true
	}
	fields := decl.Type.Params
	if to {
		fields = decl.Recv
	}
	if fields == nil || len(fields.List) == 0 || len(fields.List[0].Names) == 0 {
		return false // an unnamed source cannot be read
	}
	source := pkg.TypesInfo.Defs[fields.List[0].Names[0]]
	if source == nil {
		return false // the blank identifier
	}
	reads := false
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok && pkg.TypesInfo.Uses[id] == source {
			sel, ok := stack[len(stack)-2].(*ast.SelectorExpr)
			if !ok || sel.X != id {
				reads = true // the source itself
			} else if s := pkg.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.FieldVal || isBagType(s.Type()) {
				reads = true // its bag, or a method of it
			}
		}
		return true
	})
	return reads
}

// isBagType reports whether t is propertybag.PropertyBag.
func isBagType(t types.Type) bool {
	return isNamed(t, pathPropertybag, "PropertyBag")
}
