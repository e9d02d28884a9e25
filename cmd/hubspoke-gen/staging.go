package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Compat staging (package compat): a complex property that leaves a type
// in one version and comes back in another shape later. The bags of the
// versions in between must always hold the earlier shape, whichever
// direction a conversion comes from. The earlier shape is cloned into a
// compat subpackage of the last version in between (at): the staging
// package, whose types convert to those of the version the property comes
// back in (to) as a storage step does, with hooks on the staging types for
// what differs. at's step to to reads and writes the property through a
// compat.Property of the two shapes; the steps before it stash and recall
// the earlier shape as for any property a neighbour lacks.

// stagingPkg is the compat subpackage of the storage version at.
type stagingPkg struct {
	at, to *version
	// v is the package as a version: its twins are the cloned types, its
	// storage names those of the subpackage.
	v    *version
	from map[string]*version // each cloned type → the version it is cloned from
	step *step               // the staging types → to's storage twin
	// props are the properties at's step stages, in the order found.
	props []*staging
}

// staging is one property that at's step to to stages.
type staging struct {
	pkg      *stagingPkg
	owner    string   // the type that has the property
	from     *version // the version whose shape the bags keep
	earlier  *field   // the property in from's twin
	staged   *typeRef // the staged shape (the earlier twin's type, no outer pointer)
	current  *typeRef // the shape in to's twin, no outer pointer
	variable string   // the compat.Property variable in at's package
}

// stagingName returns the package name of the compat subpackage of v's
// twin, as other packages import it (v4compat).
func stagingName(v *version) string { return v.name + "compat" }

// stage records, in the chain, that property prop of type owner, last
// present in version from (field earlier) and back in version to (field
// current), needs staging in the bags of the versions in between, or adds
// an error naming the version, the type and the property when the
// generator cannot stage it.
func (c *chain) stage(owner string, from *version, earlier *field, to *version, current *field, errs *errorList) {
	where := fmt.Sprintf("%s %s.%s", to.name, owner, current.name)
	fromIdx, toIdx := slices.Index(c.versions, from), slices.Index(c.versions, to)
	at := c.versions[toIdx-1]
	hubIdx := slices.Index(c.versions, c.hub)
	if toIdx > hubIdx {
		errs.addf(where, "comes back after %s (which has no %s) with another JSON shape than in %s, on the far side of the hub %s: "+
			"compat staging is generated only for versions up to the hub (not supported)", c.versions[fromIdx+1].name, current.name, from.name, c.hub.name)
		return
	}
	if at.towardHub != to {
		errs.addf(where, "compat staging needs %s to link to %s (not supported)", at.name, to.name)
		return
	}
	p := c.staging[at]
	if p == nil {
		p = &stagingPkg{at: at, to: to, from: map[string]*version{}}
		p.v = &version{name: at.name, order: from.order, pkgName: "compat",
			storageName: at.storageName + "/compat", storageDir: filepath.Join(at.storageDir, "compat"), storagePath: at.storagePath + "/compat",
			objects: map[string]*object{}, enums: map[string]*enum{}, collections: map[string]*collection{}, twins: map[string]*object{}}
		p.step = &step{host: p.v, other: to, hostPath: p.v.storagePath, otherPath: to.storagePath,
			hostName: p.v.storageName, otherName: to.storageName, staging: true, renames: map[string]string{},
			byName: map[string]*pair{}, errs: errs}
		c.staging[at] = p
	}
	staged, cur := earlier.ref, current.ref
	if staged.kind == refPointer {
		staged = staged.elem
	}
	if cur.kind == refPointer {
		cur = cur.elem
	}
	if !p.clone(c, from, staged, where, errs) {
		return
	}
	if _, ok := p.step.compatible(staged, cur); !ok || !containsLocal(staged) || staged.kind != cur.kind {
		errs.addf(where, "comes back after %s (which has no %s) as %s, where %s had %s: compat staging converts between struct types of the same name "+
			"(or renamed in between: +hubspoke:renamedFrom on the newer type), or pointers, lists or maps of them (not supported)", c.versions[fromIdx+1].name, current.name, current.ref, from.name, earlier.ref)
		return
	}
	s := &staging{pkg: p, owner: owner, from: from, earlier: earlier, staged: staged, current: cur,
		variable: lowerCamel(owner) + current.name}
	p.props = append(p.props, s)
	// at's step: what recalled the property from at's bag now goes through
	// the staging.
	// (at's step names its pairs as at does: the owner may have another
	// name in to.)
	if pr := c.storage[at].byName[c.storage[at].hostType(owner)]; pr != nil {
		for _, prop := range pr.props {
			if prop.action == actRecall && prop.other.name == current.name {
				prop.action, prop.staged = actStage, s
			}
		}
	}
}

// clone copies the types of version from that r uses into the staging
// package, refusing two different types of one name. Each keeps its name
// in from; the staging step pairs it with the type of that name in p.to,
// or of the name the versions after from renamed it to.
func (p *stagingPkg) clone(c *chain, from *version, r *typeRef, where string, errs *errorList) bool {
	switch r.kind {
	case refSlice, refMap:
		if r.named != "" {
			// A collection: declared in the staging package too, as from
			// declares it.
			if got, ok := p.from[r.named]; !ok {
				p.from[r.named] = from
				p.v.collections[r.named] = from.collections[r.named]
				p.v.types = append(p.v.types, r.named)
			} else if gc := got.collections[r.named]; gc == nil || got != from && !jsonEqual(got, gc.ref, from, from.collections[r.named].ref, map[[2]string]bool{}) {
				errs.addf(where, "%s stages type %s of %s and of %s, in different shapes: one compat package cannot hold both (not supported)",
					p.at.storageName, r.named, got.name, from.name)
				return false
			}
		}
		if r.kind == refMap && !p.clone(c, from, r.key, where, errs) {
			return false // a key of a string type of the version
		}
		return p.clone(c, from, r.elem, where, errs)
	case refPointer:
		return p.clone(c, from, r.elem, where, errs)
	case refEnum:
		if got, ok := p.from[r.name]; ok {
			return p.sameName(c, got, from, r.name, where, errs) && p.same(got, from, r, where, errs)
		}
		p.from[r.name] = from
		p.renamed(c, from, r.name)
		p.v.enums[r.name] = from.enums[r.name]
		p.v.types = append(p.v.types, r.name)
	case refObject:
		if got, ok := p.from[r.name]; ok {
			return p.sameName(c, got, from, r.name, where, errs) && p.same(got, from, r, where, errs)
		}
		p.from[r.name] = from
		p.renamed(c, from, r.name)
		t := *from.twins[r.name]
		t.root, t.list = false, false
		p.v.twins[r.name] = &t
		p.v.objects[r.name] = from.objects[r.name]
		p.v.types = append(p.v.types, r.name)
		for _, f := range t.properties() {
			if !p.clone(c, from, f.ref, where, errs) {
				return false
			}
		}
	}
	return true
}

// renamed records the name p.to gives type name of version from, through
// the type renames of every version after from up to p.to.
func (p *stagingPkg) renamed(c *chain, from *version, name string) {
	if n := p.nameInTo(c, from, name); n != name {
		p.step.renames[name] = n
	}
}

// nameInTo returns the name p.to gives type name of version from.
func (p *stagingPkg) nameInTo(c *chain, from *version, name string) string {
	for _, v := range c.versions[slices.Index(c.versions, from)+1 : slices.Index(c.versions, p.to)+1] {
		name = v.newerName(name)
	}
	return name
}

// sameName refuses a type name that versions got and from, whose types
// the package stages, give two types that p.to calls differently: one
// compat package holds one type of a name.
func (p *stagingPkg) sameName(c *chain, got, from *version, name, where string, errs *errorList) bool {
	a, b := p.nameInTo(c, got, name), p.nameInTo(c, from, name)
	if a == b {
		return true
	}
	errs.addf(where, "%s stages type %s of %s and of %s, which %s calls %s and %s: one compat package cannot hold both (not supported)",
		p.at.storageName, name, got.name, from.name, p.to.name, a, b)
	return false
}

func (p *stagingPkg) same(got, from *version, r *typeRef, where string, errs *errorList) bool {
	if got == from || jsonEqual(got, r, from, r, map[[2]string]bool{}) {
		return true
	}
	errs.addf(where, "%s stages type %s of %s and of %s, in different shapes: one compat package cannot hold both (not supported)",
		p.at.storageName, r.name, got.name, from.name)
	return false
}

// writeStagings declares, in the conversion file of p.at's storage twin,
// the compat.Property of each property its step to p.to stages.
func writeStagings(f *file, p *stagingPkg) {
	if p == nil {
		return
	}
	for _, st := range p.props {
		staged := renderType(f, st.staged, p.v.storagePath)
		current := renderType(f, st.current, p.to.storagePath)
		// The conversions between the shapes: those of the staging
		// package's step, from the staged shape (FromStaged) and to it
		// (ToStaged).
		fromStaged := &assign{f: f, s: p.step, to: true, srcPath: p.step.hostPath, dstPath: p.step.otherPath}
		toStaged := &assign{f: f, s: p.step, to: false, srcPath: p.step.otherPath, dstPath: p.step.hostPath}
		f.printf("// %s stages %s.%s, which %s lacks and %s brings back in another shape: %s's bag always holds %s's shape (%s).\n",
			st.variable, st.owner, st.earlier.name, p.at.storageName, p.to.storageName, p.at.storageName, st.from.storageName, staged)
		f.printf("var %s = %s[%s, %s]{\n", st.variable, f.q(pathCompat, "Property"), staged, current)
		f.printf("Name: %q,\nVersion: %q,\n", st.earlier.name, p.at.storageName)
		f.printf("ToStaged: %s,\n", toStaged.elemFunc(st.current, st.staged))
		f.printf("FromStaged: %s,\n", fromStaged.elemFunc(st.staged, st.current))
		f.printf("}\n\n")
	}
}

// stagingTypesFile renders the types of the staging package p: the twins
// of the versions they are cloned from, without markers.
func stagingTypesFile(names *namer, p *stagingPkg) ([]byte, error) {
	f := newFile(names, p.v.pkgName, p.v.storagePath)
	var props []string
	for _, st := range p.props {
		props = append(props, fmt.Sprintf("%s.%s (as in %s)", st.owner, st.earlier.name, st.from.storageName))
	}
	f.doc = fmt.Sprintf("Package compat holds the staging types of %s: clones of the shapes that\n"+
		"properties had when they left, so that %s's property bag always holds one\n"+
		"shape whichever direction a conversion comes from (see package\n"+
		"%s). Staged: %s.", p.at.storageName, p.at.storageName, pathCompat, strings.Join(props, ", "))
	for _, name := range p.v.types {
		if e, ok := p.v.enums[name]; ok {
			f.printf("%s", twinComment(e.doc))
			f.printf("type %s %s\n\n", e.name, e.basic.Name())
			continue
		}
		if c, ok := p.v.collections[name]; ok {
			writeCollection(f, c, p.v.storagePath)
			continue
		}
		o := p.v.twins[name]
		f.printf("%s", twinComment(o.doc))
		f.printf("type %s struct {\n", o.name)
		f.printf("// PropertyBag holds the values of other versions that this shape has no field for.\n")
		f.printf("PropertyBag %s `json:\"$propertyBag,omitempty\"`\n\n", f.q(pathPropertybag, "PropertyBag"))
		for _, fl := range o.properties() {
			f.printf("%s", twinComment(fl.doc))
			f.printf("%s %s `%s`\n\n", fl.name, renderType(f, fl.ref, p.v.storagePath), twinTag(fl))
		}
		f.printf("}\n\n")
	}
	return f.bytes()
}

// stagingConversionFile renders the conversions between the staging types
// of p and the types of p.to's storage twin.
func stagingConversionFile(names *namer, p *stagingPkg) ([]byte, error) {
	f := newFile(names, p.v.pkgName, p.v.storagePath)
	for _, pr := range p.step.pairs {
		newAssign(f, p.step, pr, true).write()
		newAssign(f, p.step, pr, false).write()
	}
	writeHookAssertions(f, p.step)
	return f.bytes()
}

// stagedName returns the name of the struct type a staged shape holds:
// the type itself, or the element of its pointers, lists and maps.
func stagedName(r *typeRef) string {
	for r.elem != nil {
		r = r.elem
	}
	return r.name
}

// stagingNotes lists the staged types of p without hooks: the generated
// conversion between the shapes keeps what one lacks in the other's bag,
// so nothing is lost, but neither shape shows the other's values.
func stagingNotes(p *stagingPkg) []string {
	var out []string
	seen := map[string]bool{}
	for _, st := range p.props {
		name := stagedName(st.staged)
		pr := p.step.byName[name]
		if pr == nil || seen[name] || (pr.hookTo && pr.hookFrom) {
			continue
		}
		seen[name] = true
		out = append(out, fmt.Sprintf("%s: %s.%s is staged in %s's shape; %s needs hooks to map it to %s's and back "+
			"(until then each shape keeps the other's fields in its bag): write %s(dst *%s.%s) error and %s(src *%s.%s) error "+
			"on %s.%s in a *_hooks.go file", p.step.where(name, ""), st.owner, st.earlier.name, st.from.storageName, name, p.to.storageName,
			hookTo, p.to.storageName, pr.otherName, hookFrom, p.to.storageName, pr.otherName, p.v.storageName, name))
	}
	return out
}
