// Command hubspoke-gen writes, for the API versions of Kubernetes
// resources in kubebuilder layout, their storage twins and the conversions
// that chain them to the hub, for package github.com/hubspoke/hubspoke.
//
//	hubspoke-gen [-verify] [-v] [-metadata file.yaml] [-strict] [-stored v3storage,...] [-hub v5] [dir]
//	hubspoke-gen explain [-format markdown|text] [-hooks=false] [-metadata file.yaml] [-strict] [-stored v3storage,...] [-hub v5] [dir]
//	hubspoke-gen crd -o file.go [-package name] crd.yaml|dir ...
//
// dir (default "api") holds one package per API version (v1, v2beta1, v3,
// ...). For each version vN the generator writes vN/zz_generated.conversion.go
// and the storage twin vNstorage (types, registration, conversions to the
// neighbour towards the hub), and the conversion tests in the hub's
// storage package. explain prints, for each step of the chain, what the
// conversions do with every property, and, where hooks run, where they put
// each value (it builds and runs the hooks in the module to see it). crd writes CRD YAML files into a Go
// file as data, with func CRDs() returning them decoded, so that a manager
// reads no file at run time. See README.md.
package main

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hubspoke/hubspoke/hub"
	"golang.org/x/tools/go/packages"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "explain" {
		return runExplain(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "crd" {
		return runCRD(args[1:], stderr)
	}
	flags := flag.NewFlagSet("hubspoke-gen", flag.ContinueOnError)
	flags.SetOutput(stderr)
	var opt options
	opt.flags(flags)
	verify := flags.Bool("verify", false, "write nothing; exit with status 1 when the files on disk differ from what would be generated; "+
		"print errors, warnings and the files that differ, not notes")
	verbose := flags.Bool("v", false, "print what was generated and how long it took, and the notes when no file changes (a run that changes none prints only how many)")
	flags.Usage = func() {
		fmt.Fprintf(stderr, "usage: hubspoke-gen [-verify] [-v] [-metadata file.yaml] [-strict] [-stored v3storage,...] [-hub v5] [dir]\n"+
			"       hubspoke-gen explain [-format markdown|text] [-hooks=false] [-metadata file.yaml] [-strict] [-stored v3storage,...] [-hub v5] [dir]\n"+
			"       hubspoke-gen crd -o file.go [-package name] crd.yaml|dir ...\n\n"+
			"Generates the storage twins of the API versions in dir (default \"api\"),\n"+
			"the conversions between them, and their conversion tests; explain prints,\n"+
			"for each step of the chain, what the conversions do with every property.\n\n")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	dir, ok := dirArg(flags)
	if !ok {
		return 2
	}
	start := time.Now()
	out, err := generate(dir, opt)
	if err != nil {
		fmt.Fprintf(stderr, "hubspoke-gen: %v\n", err)
		return 1
	}
	changes := out.changes()
	switch {
	case *verify:
		// CI's check: only what may need acting on, not the notes.
		out.printWarnings(stderr)
	case len(changes) > 0 || *verbose:
		out.printNotes(stderr)
	default:
		// Nothing to write: the notes were printed when the files were
		// written (go generate runs this on every build of some projects).
		switch len(out.notes) {
		case 0:
		case 1:
			fmt.Fprintln(stderr, "hubspoke-gen: 1 note, as when the files were written (-v prints it)")
		default:
			fmt.Fprintf(stderr, "hubspoke-gen: %d notes, as when the files were written (-v prints them)\n", len(out.notes))
		}
		out.printWarnings(stderr)
	}
	if *verify {
		if len(changes) == 0 {
			return 0
		}
		for _, c := range changes {
			fmt.Fprintf(stderr, "hubspoke-gen: %s\n", c)
		}
		fmt.Fprintf(stderr, "hubspoke-gen: the generated files are out of date: run hubspoke-gen %s\n", dir)
		return 1
	}
	if err := out.write(); err != nil {
		fmt.Fprintf(stderr, "hubspoke-gen: %v\n", err)
		return 1
	}
	if *verbose {
		fmt.Fprintf(stdout, "hubspoke-gen: %d files, %d changed, in %v (loading packages: %v)\n", len(out.files), len(changes),
			time.Since(start).Round(time.Millisecond), out.loading.Round(time.Millisecond))
	}
	return 0
}

// options are the settings of a run that change the model.
type options struct {
	metadata string // a YAML file of renames and removals (-metadata)
	strict   bool   // a property removed without acknowledgement is an error (-strict)
	stored   string // storage versions other than the hub that stay in the CRD, unserved (-stored)
	hub      string // the API version whose storage twin is the hub (-hub; default: the newest stable)
}

func (o *options) flags(flags *flag.FlagSet) {
	flags.StringVar(&o.stored, "stored", "", "storage versions other than the hub (v3storage,v4storage) that stay in the CRD, not served: "+
		"those still listed in the CRD's status.storedVersions; every other storage twin but the hub is left out of the CRD")
	flags.StringVar(&o.hub, "hub", "", "the API version whose storage twin is the hub (default: the newest stable version); "+
		"a release that adds a stable version keeps the hub where it was, so that rolling back loses nothing (see docs/upgrades.md)")
	flags.StringVar(&o.metadata, "metadata", "", "a YAML file of property renames and removals, for API versions whose Go source cannot carry markers (see README.md)")
	flags.BoolVar(&o.strict, "strict", false, "a property that a newer version drops without +hubspoke:removed or a rename is an error, not a warning")
}

// runExplain runs hubspoke-gen explain: it prints the model of the chain
// and writes nothing.
func runExplain(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("hubspoke-gen explain", flag.ContinueOnError)
	flags.SetOutput(stderr)
	var opt options
	opt.flags(flags)
	format := flags.String("format", "markdown", "markdown (for reviews) or text (aligned columns, for terminals)")
	observe := flags.Bool("hooks", true, "build and run the hooks to show where they put values")
	flags.Usage = func() {
		fmt.Fprintf(stderr, "usage: hubspoke-gen explain [-format markdown|text] [-hooks=false] [-metadata file.yaml] [-strict] [-stored v3storage,...] [-hub v5] [dir]\n\n"+
			"Prints, for each step of the chain of the API versions in dir (default \"api\"),\n"+
			"what the generated conversions do with every property, at every depth, and\n"+
			"where hooks put values (it builds and runs them, in a directory of the module\n"+
			"that it removes).\n\n")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if *format != "markdown" && *format != "text" {
		fmt.Fprintf(stderr, "hubspoke-gen explain: -format %s: want markdown or text\n", *format)
		return 2
	}
	dir, ok := dirArg(flags)
	if !ok {
		return 2
	}
	out, err := generate(dir, opt)
	if err != nil {
		fmt.Fprintf(stderr, "hubspoke-gen: %v\n", err)
		return 1
	}
	out.printNotes(stderr)
	var obs observations
	var oerr error
	if *observe {
		obs, oerr = observeHooks(out.chain, dir)
	}
	fmt.Fprint(stdout, explainObserved(out.chain, *format, obs, oerr))
	return 0
}

// printNotes prints the notes and warnings of a run.
func (o *output) printNotes(w io.Writer) {
	for _, n := range o.notes {
		fmt.Fprintf(w, "hubspoke-gen: note: %s\n", n)
	}
	o.printWarnings(w)
}

// printWarnings prints the warnings of a run (which -strict makes
// errors), not its notes: -verify prints only these.
func (o *output) printWarnings(w io.Writer) {
	for _, n := range o.warnings {
		fmt.Fprintf(w, "hubspoke-gen: warning: %s\n", n)
	}
}

// output is the result of a run: every file the generator owns, as it
// should be, and what is on disk.
type output struct {
	files    map[string][]byte // absolute path → content
	old      map[string][]byte // the files the generator owns on disk
	notes    []string          // properties that need a hook, and the like
	warnings []string          // properties removed without acknowledgement
	chain    *chain            // the model every file is a view of
	loading  time.Duration     // spent loading packages (go/packages)
}

// changes lists, sorted, the files that writing would create, change or
// delete.
func (o *output) changes() []string {
	var out []string
	for p, b := range o.files {
		old, ok := o.old[p]
		switch {
		case !ok:
			out = append(out, "would create "+p)
		case !bytes.Equal(old, b):
			out = append(out, "would change "+p)
		}
	}
	for p := range o.old {
		if _, ok := o.files[p]; !ok {
			out = append(out, "would delete "+p)
		}
	}
	slices.Sort(out)
	return out
}

// write writes the files that changed and deletes those the generator no
// longer writes.
func (o *output) write() error {
	for p, b := range o.files {
		if old, ok := o.old[p]; ok && bytes.Equal(old, b) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	for p := range o.old {
		if _, ok := o.files[p]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// The files the generator writes.
const (
	fileConversion     = "zz_generated.conversion.go"
	fileTypes          = "zz_generated.types.go"
	fileGroupVersion   = "zz_generated.groupversion_info.go"
	fileConversionTest = "zz_generated.conversion_test.go"
)

// generate computes every file for the api directory dir.
func generate(dir string, opt options) (*output, error) {
	t, err := scanTree(dir)
	if err != nil {
		return nil, err
	}
	md, err := readMetadata(opt.metadata)
	if err != nil {
		return nil, err
	}
	// The packages as they are on disk: the API versions, and the storage
	// twins with their hooks. What the generator wrote before may be stale:
	// its type errors are tolerated, and what it declares is not taken for
	// hand-written code. Only when a package cannot be read at all, it is
	// loaded again without the generated files (slower: with an overlay,
	// go/packages type-checks every dependency from source).
	all := append(slices.Clone(t.api), t.storage...)
	var loading time.Duration
	load := func(overlay map[string][]byte) (map[string]*packages.Package, error) {
		start := time.Now()
		defer func() { loading += time.Since(start) }()
		return t.load(all, overlay)
	}
	pkgs, err := load(nil)
	if err != nil {
		blank, berr := t.blank()
		if berr != nil {
			return nil, berr
		}
		if pkgs, err = load(blank); err != nil {
			return nil, err
		}
	}
	errs := &errorList{}
	b := &builder{errs: errs, versions: map[string]*version{}}
	var versions []*version
	for _, name := range t.api {
		pkg := pkgs[name]
		if pkg == nil {
			return nil, fmt.Errorf("%s: no package%s", filepath.Join(dir, name), t.goListProblem(name))
		}
		order, _ := hub.ParseVersion(name)
		v := &version{name: name, order: order, dir: filepath.Join(t.dir, name), pkgPath: pkg.PkgPath,
			storageName: name + "storage", storageDir: filepath.Join(t.dir, name+"storage")}
		v.storagePath = pkg.PkgPath + "storage"
		b.versions[pkg.PkgPath] = v
		versions = append(versions, v)
	}
	for _, v := range versions {
		b.buildVersion(v, pkgs[v.name])
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	c := newChain(versions, md, opt, errs)
	c.keepStored(opt.stored, errs)
	if errs.err() != nil {
		// One run names the removals and the moves they may be (the hooks
		// are not known yet: see below).
		c.proposeMoves(opt.strict, errs)
		return nil, errs.err()
	}
	names := newNamer()
	for _, v := range c.versions {
		names.add(v.pkgPath, v.pkgName)
		names.add(v.storagePath, v.storageName)
	}
	for _, v := range c.versions {
		if p := c.staging[v]; p != nil {
			names.add(p.v.storagePath, stagingName(v))
		}
	}
	for _, p := range externalPackages(c) {
		names.add(p.Path(), p.Name())
	}

	out := &output{files: map[string][]byte{}, old: t.owned, chain: c}
	var genErr error
	put := func(dir, name string) func([]byte, error) {
		return func(b []byte, err error) {
			out.files[filepath.Join(dir, name)] = b
			genErr = cmp.Or(genErr, err)
		}
	}
	c.warnings = append(c.warnings, guardTwinRules(c)...)
	c.warnings = append(c.warnings, c.keysAddedWarnings()...)
	for _, v := range c.versions {
		put(v.storageDir, fileTypes)(typesFile(names, c, v))
		put(v.storageDir, fileGroupVersion)(groupVersionFile(names, c, v))
		if p := c.staging[v]; p != nil {
			put(p.v.storageDir, fileTypes)(stagingTypesFile(names, p))
		}
	}

	if genErr != nil {
		return nil, genErr
	}
	taken := &errorList{}
	checkHandDeclared(pkgs, out.files, t.owned, taken)
	if err := taken.err(); err != nil {
		return nil, err
	}

	// The hooks. When the storage twins on disk lack types of those about
	// to be written, or a hook's signature does not resolve, the hooks are
	// looked at again with the storage twins about to be written.
	if staleTwins(c, pkgs) || findHooks(c, pkgs, t.owned, errs) {
		overlay, err := t.blank()
		if err != nil {
			return nil, err
		}
		for _, v := range c.versions {
			for _, name := range []string{fileTypes, fileGroupVersion} {
				p := filepath.Join(v.storageDir, name)
				overlay[p] = out.files[p]
			}
			if p := c.staging[v]; p != nil {
				path := filepath.Join(p.v.storageDir, fileTypes)
				overlay[path] = out.files[path]
			}
		}
		if pkgs, err = load(overlay); err != nil {
			return nil, err
		}
		errs = &errorList{}
		findHooks(c, pkgs, nil, errs)
	}
	// Proposed moves, once the hooks are known: a property removed from a
	// type that has a hook is the hook's to place.
	c.warnings = append(c.warnings, c.proposeMoves(opt.strict, errs)...)
	if err := errs.err(); err != nil {
		return nil, err
	}
	for _, v := range c.versions {
		put(v.dir, fileConversion)(conversionFile(names, c, v, false))
		put(v.storageDir, fileConversion)(conversionFile(names, c, v, true))
		if p := c.staging[v]; p != nil {
			put(p.v.storageDir, fileConversion)(stagingConversionFile(names, p))
		}
	}
	put(c.hub.storageDir, fileConversionTest)(convtestFile(names, c))
	if genErr != nil {
		return nil, genErr
	}
	// Now the names the conversion files declare, in the API versions too.
	conversions := map[string][]byte{}
	for path, b := range out.files {
		if filepath.Base(path) == fileConversion {
			conversions[path] = b
		}
	}
	taken = &errorList{}
	checkHandDeclared(pkgs, conversions, t.owned, taken)
	if err := taken.err(); err != nil {
		return nil, err
	}
	if err := checkNotHandWritten(out, t); err != nil {
		return nil, err
	}
	out.notes = notes(c)
	golden, err := goldenNotes(c)
	if err != nil {
		return nil, err
	}
	out.notes = append(out.notes, golden...)
	meaning, widened := meaningWarnings(c)
	if n := widenedNote(widened); n != "" {
		out.notes = append(out.notes, n)
	}
	for _, name := range t.notVersions {
		out.warnings = append(out.warnings, fmt.Sprintf("%s: not a version name hubspoke-gen reads (Kubernetes' v1, v2beta1; ARM's v20200101, "+
			"v20200101preview, v1api20200101; or an API version's with \"storage\"), so its kinds are in no chain and get no conversions; "+
			"an old version of Azure Service Operator's naming (v1beta20210601, v1beta20210401preview) leaves the CRD's storedVersions "+
			"(kubectl hubspoke migrate under the ASO release) before its package is deleted", name))
	}
	out.warnings = append(out.warnings, c.warnings...)
	out.warnings = append(out.warnings, meaning...)
	out.loading = loading
	return out, nil
}

// staleTwins reports whether a storage twin on disk lacks a type that the
// one about to be written declares, or is missing while a package imports
// it: hooks may then name types that do not resolve yet.
func staleTwins(c *chain, pkgs map[string]*packages.Package) bool {
	for _, v := range c.versions {
		pkg := pkgs[v.storageName]
		if pkg == nil {
			for _, p := range pkgs {
				if _, ok := p.Imports[v.storagePath]; ok {
					return true
				}
			}
			continue
		}
		for _, name := range v.types {
			if pkg.Types.Scope().Lookup(name) == nil {
				return true
			}
		}
		if p := c.staging[v]; p != nil {
			spkg := pkgs[p.v.storageName]
			if spkg == nil {
				return true
			}
			for _, name := range p.v.types {
				if spkg.Types.Scope().Lookup(name) == nil {
					return true
				}
			}
		}
	}
	return false
}

// externalPackages returns the packages of the external types the model
// uses, sorted by path.
func externalPackages(c *chain) []*types.Package {
	seen := map[string]*types.Package{}
	structs := map[*types.Named]bool{}
	var visit func(r *typeRef)
	visit = func(r *typeRef) {
		if r == nil {
			return
		}
		if r.kind == refExternal {
			if n, ok := types.Unalias(r.typ).(*types.Named); ok && n.Obj().Pkg() != nil {
				seen[n.Obj().Pkg().Path()] = n.Obj().Pkg()
				// The fields of another package's struct too: a step that
				// converts it field by field to a struct of a version
				// (shape) names their types (types.UID, of a
				// corev1.ObjectReference whose counterpart says string).
				if st, ok := n.Underlying().(*types.Struct); ok && !structs[n] {
					structs[n] = true
					for _, f := range externalFields(st) {
						visit(f.ref)
					}
				}
			}
		}
		visit(r.elem)
		visit(r.key)
	}
	for _, v := range c.versions {
		for _, o := range v.objects {
			for _, f := range o.fields {
				visit(f.ref)
			}
		}
	}
	paths := make([]string, 0, len(seen))
	for p := range seen {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	out := make([]*types.Package, len(paths))
	for i, p := range paths {
		out[i] = seen[p]
	}
	return out
}

// checkNotHandWritten refuses to overwrite a file people wrote.
func checkNotHandWritten(out *output, t *tree) error {
	var clash []string
	for p := range out.files {
		if _, owned := t.owned[p]; owned {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			clash = append(clash, p)
		}
	}
	if len(clash) > 0 {
		slices.Sort(clash)
		return errors.New("these files exist and were not written by hubspoke-gen (they do not start with \"" + header + "\"); move them away:\n" + strings.Join(clash, "\n"))
	}
	return nil
}

// notes lists the properties whose type changes with no hook to convert
// them: the values are kept (in the bags), but no version sees the other's.
func notes(c *chain) []string {
	var out []string
	for _, v := range c.versions {
		steps := []*step{c.twin[v], c.storage[v]}
		if sp := c.staging[v]; sp != nil {
			steps = append(steps, sp.step)
			out = append(out, stagingNotes(sp)...)
		}
		for _, s := range steps {
			if s == nil {
				continue
			}
			for _, p := range s.pairs {
				for _, pr := range p.props {
					if n := keysNote(s, p, pr); n != "" {
						out = append(out, n)
					}
					if pr.action != actRetype || (p.hookTo && p.hookFrom) {
						continue
					}
					out = append(out, fmt.Sprintf("%s changes type (%s in %s, %s in %s) and needs a hook: "+
						"both values are kept in the property bags, but neither version sees the other's; write "+
						"%s(dst *%s.%s) error and %s(src *%s.%s) error on %s.%s in a *_hooks.go file",
						s.where(p.name, pr.name()), pr.host.ref, s.hostName, pr.other.ref, s.otherName,
						hookTo, s.otherName, p.otherName, hookFrom, s.otherName, p.otherName, s.hostName, p.name)+
						renamedTypeHint(s, pr.host.ref, pr.other.ref))
				}
			}
		}
	}
	return out
}

// keysNote returns, for a list of structs that one version of a storage
// step keys (+listType=map, +listMapKey) and the other does not, though
// its elements have the key properties (Cluster API's
// spec.topology.workers.machineDeployments: keyed by name from v1beta1 on,
// not in v1alpha4), a note. Where the keyed side is towards the hub, the
// transport of the version without keys finds its elements again by those
// keys (chain.linkHubKeys), but only where an element has them and no
// other shares them, which nothing there checks: one without them or
// sharing them is matched by its content or its place, and, moved and
// edited in one write, loses the values only the other version shows (its
// failureDomain); declared there, the keys are checked. Where the keyed
// side is away from the hub, the elements are matched by content or place
// only. "" otherwise.
func keysNote(s *step, p *pair, pr *prop) string {
	if s.twin || s.staging || pr.host == nil || pr.other == nil {
		return ""
	}
	list := func(f *field) *typeRef {
		r := deref(f.ref)
		if r.kind != refSlice {
			return nil
		}
		if e := deref(r.elem); e.kind == refObject {
			return e
		}
		return nil
	}
	he, oe := list(pr.host), list(pr.other)
	if he == nil || oe == nil || (len(pr.host.listMapKeys) == 0) == (len(pr.other.listMapKeys) == 0) {
		return ""
	}
	keyed, bare, bareSide, elem := s.otherName, s.hostName, s.host, he.name
	keys := pr.other.listMapKeys
	if len(pr.host.listMapKeys) > 0 {
		keyed, bare, bareSide, elem = s.hostName, s.otherName, s.other, oe.name
		keys = pr.host.listMapKeys
	}
	o := bareSide.objects[elem]
	if o == nil {
		return ""
	}
	for _, k := range keys {
		if !slices.ContainsFunc(o.fields, func(f *field) bool { return f.jsonName == k }) {
			return ""
		}
	}
	var marker strings.Builder
	marker.WriteString("// +listType=map")
	for _, k := range keys {
		marker.WriteString(" // +listMapKey=" + k)
	}
	if keyed == s.otherName {
		return fmt.Sprintf("%s: a list keyed by %s in %s, without keys in %s although its elements have them: "+
			"%s's elements are found again by %s where an element has them and no other element shares them, which nothing in %s checks; "+
			"an element without them or sharing them is matched by its content or its place, and a client of %s that moves it and edits it in one write "+
			"takes from it the values only %s shows; if %s's elements are unique by %s too, declare the keys on its field (%s), and the API server checks them",
			s.where(p.name, pr.name()), strings.Join(keys, ", "), strings.TrimSuffix(keyed, "storage"), strings.TrimSuffix(bare, "storage"),
			strings.TrimSuffix(bare, "storage"), strings.Join(keys, ", "), strings.TrimSuffix(bare, "storage"), strings.TrimSuffix(bare, "storage"),
			strings.TrimSuffix(keyed, "storage"), strings.TrimSuffix(bare, "storage"), strings.Join(keys, ", "), marker.String())
	}
	return fmt.Sprintf("%s: a list keyed by %s in %s, without keys in %s although its elements have them: "+
		"a client of %s that moves an element and edits it in one write keeps none of the values only %s shows "+
		"of that element (an element without keys is matched by its content or its place); if %s's elements are unique by %s too, "+
		"declare the keys on its field (%s), and each element keeps its values",
		s.where(p.name, pr.name()), strings.Join(keys, ", "), strings.TrimSuffix(keyed, "storage"), strings.TrimSuffix(bare, "storage"),
		strings.TrimSuffix(bare, "storage"), strings.TrimSuffix(keyed, "storage"), strings.TrimSuffix(bare, "storage"), strings.Join(keys, ", "), marker.String())
}

// renamedTypeHint returns, for a property whose type changes only in the
// name of the struct or enum it holds (through the same pointers, slices
// and maps), where neither version has the other's type, the marker that
// says the newer type is the older one renamed: with it the values convert
// as they are and no hook is needed. Where the newer version already
// renames another type from the older type, it says that the marker
// cannot be used. "" otherwise.
func renamedTypeHint(s *step, host, other *typeRef) string {
	for host.kind == other.kind && (host.kind == refPointer || host.kind == refSlice || host.kind == refMap) {
		if host.kind == refMap && !sameKeyText(host.key, other.key) {
			return ""
		}
		host, other = host.elem, other.elem
	}
	if host.kind != other.kind || (host.kind != refObject && host.kind != refEnum) || host.name == other.name {
		return ""
	}
	older, newer, oldName, newName := s.host, s.other, host.name, other.name
	if s.host.order.Compare(s.other.order) > 0 {
		older, newer, oldName, newName = newer, older, newName, oldName
	}
	if newer.hasType(oldName) || older.hasType(newName) {
		return ""
	}
	if taken := newer.newerName(oldName); taken != oldName {
		// A type split in two (Gateway API's GatewayAddress, declared as
		// GatewaySpecAddress and GatewayStatusAddress in v1beta1): a
		// second rename from the old name is refused, so the note does
		// not propose it.
		return fmt.Sprintf(" (%s is renamed to %s already, and one type cannot be renamed to two: the hook is the way)", oldName, taken)
	}
	return fmt.Sprintf("; or, if %s is %s renamed, say so with // +hubspoke:renamedFrom=%s on type %s in %s, and the values convert as they are",
		newName, oldName, oldName, newName, newer.name)
}

// dirArg returns the directory of API versions named on the command line,
// "api" when none is; more than one prints the usage and is not ok.
func dirArg(flags *flag.FlagSet) (string, bool) {
	switch flags.NArg() {
	case 0:
		return "api", true
	case 1:
		return flags.Arg(0), true
	}
	flags.Usage()
	return "", false
}
