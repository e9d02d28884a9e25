package main

import (
	"fmt"
	"go/types"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode"

	"sigs.k8s.io/yaml"
)

// The change metadata: what a version changed on purpose relative to the
// previous one (its neighbour on the older side of its step in the chain).
// It comes from markers in the newer version's Go source,
//
//	+hubspoke:renamedFrom=Old   on a field: the field was Old
//	+hubspoke:removed=Name      on a type: its property Name was removed
//	+hubspoke:renamedFrom=Old   on a type: the type was Old
//	+hubspoke:movedFrom=spec.x  on a field: its value was at that JSON path (see moves.go)
//	+hubspoke:removed:notMoved=Name  on a type: Name was removed, and no property holds its values
//	+hubspoke:sameMeaning=optionality,default  on a field: the copy keeps its meaning through those changes (see meaning.go)
//
// and, for API versions whose source people cannot annotate (generated
// ones), from a YAML file (-metadata), keyed by the newer version:
//
//	versions:
//	  v2:
//	    renamedProperties:
//	      PersonSpec.KnownAs: Nickname   # Type.New: Old
//	    removedProperties:
//	      - PersonSpec.Name              # Type.Property of the previous version
//	    renamedTypes:
//	      Client: Customer               # New: Old
//	    movedProperties:
//	      Widget.Engine: spec.engineName # Type.New: the old JSON path
//	    notMovedProperties:
//	      - WidgetSpec.Legacy            # removed, moved nowhere
//	    sameMeaningProperties:
//	      WidgetSpec.Replicas: optionality # Type.Property: kinds of change
//
// A property that the previous version has and the newer one neither has
// nor renames must be acknowledged as removed: otherwise it is a warning,
// or an error with -strict.

// metadataFile is the YAML file of -metadata.
type metadataFile struct {
	Versions map[string]versionChanges `json:"versions"`
}

// versionChanges are the changes of one version relative to the previous.
type versionChanges struct {
	RenamedProperties map[string]string `json:"renamedProperties,omitempty"`     // Type.New → Old
	RemovedProperties []string          `json:"removedProperties,omitempty"`     // Type.Property
	RenamedTypes      map[string]string `json:"renamedTypes,omitempty"`          // New → Old
	MovedProperties   map[string]string `json:"movedProperties,omitempty"`       // Type.New → old JSON path
	NotMoved          []string          `json:"notMovedProperties,omitempty"`    // Type.Property: removed, and moved nowhere
	SameMeaning       map[string]string `json:"sameMeaningProperties,omitempty"` // Type.Property → the kinds of change (optionality,default,enum,omitempty) whose copy keeps the meaning
}

// readMetadata reads the file of -metadata; "" means none. Unknown keys
// are errors, so that a misspelt key is not silently ignored.
func readMetadata(path string) (*metadataFile, error) {
	md := &metadataFile{}
	if path == "" {
		return md, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := yaml.UnmarshalStrict(b, md); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return md, nil
}

// previous returns the neighbour on the older side of v's step, or nil for
// the oldest version.
func (c *chain) previous(v *version) *version {
	if v.towardHub != nil && v.towardHub.order.Compare(v.order) < 0 {
		return v.towardHub // a preview newer than the hub
	}
	for _, w := range c.versions {
		if w.towardHub == v && w.order.Compare(v.order) < 0 {
			return w
		}
	}
	return nil
}

// applyChanges records the renames and removals of the markers and of the
// metadata file md (named file) in the versions, and checks that each
// names a type and property that exist. It runs before the steps are
// built, which pair properties through the renames.
func (c *chain) applyChanges(md *metadataFile, file string, errs *errorList) {
	byName := map[string]*version{}
	for _, v := range c.versions {
		byName[v.name] = v
	}
	for _, name := range slices.Sorted(maps.Keys(md.Versions)) {
		if byName[name] == nil {
			errs.addf(file, "version %s: no such API version", name)
		}
	}
	for _, v := range c.versions {
		prev := c.previous(v)
		ch := md.Versions[v.name]
		v.removed, v.notMoved = map[string]map[string]bool{}, map[string]map[string]bool{}
		c.applyTypeRenames(v, prev, ch, file, errs)

		// Renames: from the markers, then from the file.
		for _, tn := range v.types {
			o, ok := v.objects[tn]
			if !ok {
				continue
			}
			for _, f := range o.properties() {
				if f.renamedFrom != "" {
					c.checkRename(v, prev, tn, f.name, f.renamedFrom, fmt.Sprintf("%s %s.%s", v.name, tn, f.name), "+hubspoke:renamedFrom="+f.renamedFrom, errs)
				}
			}
		}
		for _, key := range slices.Sorted(maps.Keys(ch.RenamedProperties)) {
			old := ch.RenamedProperties[key]
			where := fmt.Sprintf("%s: version %s: renamedProperties: %s", file, v.name, key)
			tn, fn, ok := strings.Cut(key, ".")
			o := v.objects[tn]
			switch {
			case !ok || fn == "" || old == "":
				errs.addf(where, "want Type.Property: OldProperty")
				continue
			case o == nil:
				errs.addf(where, "%s has no type %s", v.name, tn)
				continue
			case o.field(fn) == nil:
				errs.addf(where, "%s.%s has no property %s", v.name, tn, fn)
				continue
			case o.field(fn).renamedFrom != "" && o.field(fn).renamedFrom != old:
				errs.addf(where, "the field's marker says +hubspoke:renamedFrom=%s", o.field(fn).renamedFrom)
				continue
			}
			o.field(fn).renamedFrom = old
			v.twins[tn].field(fn).renamedFrom = old
			c.checkRename(v, prev, tn, fn, old, where, "renamed from "+old, errs)
		}

		// Removals: from the markers, then from the file.
		type removal struct {
			where, typ, prop string
			notMoved         bool
		}
		var removals []removal
		for _, tn := range v.types {
			if o, ok := v.objects[tn]; ok {
				for _, marker := range []string{markerRemoved, markerNotMoved} {
					for _, val := range o.values(marker) {
						for _, p := range strings.Split(val, ",") {
							removals = append(removals, removal{fmt.Sprintf("%s %s: %s%s", v.name, tn, marker, val), tn, strings.TrimSpace(p), marker == markerNotMoved})
						}
					}
				}
			}
		}
		for i, list := range [][]string{ch.RemovedProperties, ch.NotMoved} {
			for _, key := range list {
				where := fmt.Sprintf("%s: version %s: %s: %s", file, v.name, []string{"removedProperties", "notMovedProperties"}[i], key)
				tn, fn, ok := strings.Cut(key, ".")
				if !ok || fn == "" {
					errs.addf(where, "want Type.Property")
					continue
				}
				removals = append(removals, removal{where, tn, fn, i == 1})
			}
		}
		for _, r := range removals {
			switch {
			case prev == nil:
				errs.addf(r.where, "%s is the oldest version: it has no previous version to remove %s from", v.name, r.prop)
			case v.objects[r.typ] == nil:
				errs.addf(r.where, "%s has no type %s", v.name, r.typ)
			case prev.objects[v.olderName(r.typ)] == nil:
				errs.addf(r.where, "%s, the previous version, has no type %s%s", prev.name, v.olderName(r.typ), externalInPlace(v, prev, r.typ, r.prop))
			case prev.objects[v.olderName(r.typ)].field(r.prop) == nil:
				errs.addf(r.where, "%s.%s, in the previous version, has no property %s", prev.name, v.olderName(r.typ), r.prop)
			case v.objects[r.typ].field(r.prop) != nil && v.objects[r.typ].field(r.prop).renamedFrom == "":
				// (A property renamed to the removed one's name is another
				// property: the removal stands.)
				errs.addf(r.where, "%s.%s still has %s", v.name, r.typ, r.prop)
			default:
				if v.removed[r.typ] == nil {
					v.removed[r.typ] = map[string]bool{}
				}
				v.removed[r.typ][r.prop] = true
				if r.notMoved {
					if v.notMoved[r.typ] == nil {
						v.notMoved[r.typ] = map[string]bool{}
					}
					v.notMoved[r.typ][r.prop] = true
				}
			}
		}
		c.resolveMoves(v, prev, ch.MovedProperties, file, errs)
		c.readSameMeaning(v, prev, ch, file, errs)

	}
}

// externalInPlace explains a removal from type tn of v that the previous
// version prev has no type of: where prev holds a struct of another
// package in the place of tn (prometheus-operator's AlertmanagerConfig:
// v1alpha1's corev1.SecretKeySelector, v1beta1's own SecretKeySelector),
// the step converts the two field by field, and what only the other
// package's struct has stays in tn's bag with no marker. It returns ""
// when prev has no such struct in tn's place, or one without prop.
func externalInPlace(v, prev *version, tn, prop string) string {
	innermost := func(r *typeRef) *typeRef {
		for r != nil && (r.kind == refPointer || r.kind == refSlice || r.kind == refMap) {
			r = r.elem
		}
		return r
	}
	for _, on := range v.types {
		o, po := v.objects[on], prev.objects[v.olderName(on)]
		if o == nil || po == nil {
			continue
		}
		for _, f := range o.fields {
			pf := po.field(f.name)
			if f.renamedFrom != "" {
				pf = po.field(f.renamedFrom)
			}
			if pf == nil {
				continue
			}
			l, e := innermost(f.ref), innermost(pf.ref)
			if l == nil || e == nil || l.kind != refObject || l.name != tn || e.kind != refExternal {
				continue
			}
			st, ok := e.typ.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for _, ef := range externalFields(st) {
				if ef.name == prop {
					return fmt.Sprintf(" (in its place, at %s.%s, it has %s, which the conversions copy field by field to %s: what only that struct has, %s, stays in %s's property bag, as for a removed property, without a marker; explain names it; drop %s from the marker)",
						po.name, pf.name, externalByPath(e), tn, ef.jsonName, tn, prop)
				}
			}
		}
	}
	return ""
}

// checkRename checks a rename of property old of type tn in the version
// before v to property name in v.
func (c *chain) checkRename(v, prev *version, tn, name, old, where, what string, errs *errorList) {
	if prev == nil {
		errs.addf(where, "%s, but %s is the oldest version", what, v.name)
		return
	}
	ptn := v.olderName(tn)
	src := prev
	if prev.objects[ptn] == nil && ptn != tn {
		// A type renamed across versions that lack it (see
		// applyTypeRenames): its properties are those of its last version.
		if e := c.newestWith(prev, ptn); e != nil {
			src = e
		}
	}
	switch {
	case src.objects[ptn] == nil:
		errs.addf(where, "%s, but %s, the previous version, has no type %s", what, prev.name, ptn)
	case src.objects[ptn].field(old) == nil && src.objects[ptn].field(name) == nil:
		// (When the previous version has name, the marker was copied
		// forward with its type: the rename happened before.)
		hint := ""
		for _, f := range src.objects[ptn].fields {
			if f.jsonName == old && f.name != old {
				// The marker takes Go names; movedFrom takes JSON paths.
				hint = fmt.Sprintf(" (the marker names the Go field: %s.%s has the JSON name %q, so +hubspoke:renamedFrom=%s)", ptn, f.name, old, f.name)
			}
		}
		if hint == "" {
			hint = movedHint(src, ptn, old)
		}
		errs.addf(where, "%s, but %s.%s has neither %s nor %s%s", what, src.name, ptn, old, name, hint)
	}
}

// movedHint says where the previous version v has a property old (its Go
// or JSON name) in a type other than tn, when one type has it, reached at
// one place: the value changed place (RuntimeClass's spec.runtimeHandler,
// v1beta1's handler), which +hubspoke:movedFrom declares, not a rename.
func movedHint(v *version, tn, old string) string {
	var hints []string
	for _, name := range slices.Sorted(maps.Keys(v.objects)) {
		if name == tn {
			continue
		}
		for _, f := range v.objects[name].fields {
			if f.name != old && f.jsonName != old {
				continue
			}
			if _, segs, err := newerPath(v, name, f); err == nil {
				path := pathString(segs)
				hints = append(hints, fmt.Sprintf(" (%s has %s.%s at %s: a value that changed place, renamed or not, is declared with +hubspoke:movedFrom=%s, or movedProperties in the metadata file)", v.name, name, f.name, path, path))
			}
		}
	}
	if len(hints) != 1 {
		return ""
	}
	return hints[0]
}

// applyTypeRenames records the type renames of v relative to prev, the
// previous version: +hubspoke:renamedFrom=Old on a type of v, and the
// renamedTypes of ch, its entry in the metadata file (named file). Each
// must name a type of v and a type of the same sort (struct or enum) of
// prev that v no longer has, or, when prev has neither name, of an earlier
// version (the type of a property that was away in prev and comes back in
// v, see compat staging); two renames from one type are errors. A
// marker copied forward with its type, whose previous version already has
// the new name and not the old one, has done its work and is accepted.
func (c *chain) applyTypeRenames(v, prev *version, ch versionChanges, file string, errs *errorList) {
	v.renamedTypes = map[string]string{}
	type rename struct{ where, what, newName, old string }
	var renames []rename
	for _, tn := range v.types {
		for _, old := range v.typeComments(tn).values(markerRenamedFrom) {
			if prev != nil && prev.hasType(tn) && (!prev.hasType(old) || slices.Contains(prev.typeComments(tn).values(markerRenamedFrom), old)) {
				continue // copied forward (from a type that took the name of another renamed too)
			}
			renames = append(renames, rename{fmt.Sprintf("%s %s", v.name, tn), "+hubspoke:renamedFrom=" + old, tn, old})
		}
	}
	for _, newName := range slices.Sorted(maps.Keys(ch.RenamedTypes)) {
		old := ch.RenamedTypes[newName]
		where := fmt.Sprintf("%s: version %s: renamedTypes: %s", file, v.name, newName)
		switch marker := v.typeComments(newName).values(markerRenamedFrom); {
		case old == "":
			errs.addf(where, "want NewType: OldType")
		case len(marker) > 0 && marker[0] != old:
			errs.addf(where, "the type's marker says +hubspoke:renamedFrom=%s", marker[0])
		case len(marker) == 0 || !slices.ContainsFunc(renames, func(r rename) bool { return r.newName == newName }):
			renames = append(renames, rename{where, "renamed from " + old, newName, old})
		}
	}
	from := map[string]string{} // old → the first new name
	for _, r := range renames {
		// The version the old type is of: the previous one, or, when
		// neither it nor the new name is there (a property holding the
		// type was away in between, see compat staging), the newest
		// earlier version that has it.
		src := prev
		if prev != nil && !prev.hasType(r.old) && !prev.hasType(r.newName) {
			if earlier := c.newestWith(prev, r.old); earlier != nil {
				src = earlier
				if msg := c.gapProblem(earlier, v, r.old, r.newName); msg != "" {
					errs.addf(r.where, "%s, but %s", r.what, msg)
					continue
				}
			}
		}
		switch {
		case prev == nil:
			errs.addf(r.where, "%s, but %s is the oldest version", r.what, v.name)
		case !v.hasType(r.newName):
			errs.addf(r.where, "%s has no type %s", v.name, r.newName)
		case !src.hasType(r.old):
			errs.addf(r.where, "%s, but %s, the previous version, has no type %s", r.what, prev.name, r.old)
		case prev.hasType(r.newName) && !slices.ContainsFunc(renames, func(o rename) bool { return o.old == r.newName }):
			errs.addf(r.where, "%s, but %s, the previous version, has a type %s too (a type takes another's name only when that one is renamed too, in the same step)", r.what, prev.name, r.newName)
		case v.hasType(r.old) && !slices.ContainsFunc(renames, func(o rename) bool { return o.newName == r.old }):
			errs.addf(r.where, "%s, but %s still has a type %s", r.what, v.name, r.old)
		case (v.objects[r.newName] == nil) != (src.objects[r.old] == nil):
			errs.addf(r.where, "%s, but one of %s.%s and %s.%s is a struct and the other is not", r.what, src.name, r.old, v.name, r.newName)
		case from[r.old] != "" && from[r.old] != r.newName:
			errs.addf(r.where, "%s, but %s is renamed from %s too: two types renamed from one are not supported", r.what, from[r.old], r.old)
		default:
			from[r.old] = r.newName
			v.renamedTypes[r.newName] = r.old
		}
	}
}

// gapProblem says what is wrong with renaming type old of version src to
// newName in v, across the versions in between, which lack old: one of
// them has newName, or renamed old to another name (from which v must
// rename it). "" when nothing is.
func (c *chain) gapProblem(src, v *version, old, newName string) string {
	for _, w := range c.versions[slices.Index(c.versions, src)+1 : slices.Index(c.versions, v)] {
		if w.hasType(newName) {
			return fmt.Sprintf("%s, between %s (the last version with %s) and %s, has a type %s", w.name, src.name, old, v.name, newName)
		}
		if n := w.newerName(old); n != old {
			return fmt.Sprintf("%s renamed %s to %s: rename from %s", w.name, old, n, n)
		}
	}
	return ""
}

// newestWith returns the newest version no newer than v that has a type
// named name, or nil.
func (c *chain) newestWith(v *version, name string) *version {
	for i := slices.Index(c.versions, v); i >= 0; i-- {
		if c.versions[i].hasType(name) {
			return c.versions[i]
		}
	}
	return nil
}

// sameJSONName returns the property of p's newer side (the host side when
// newerIsHost) that is new there and has the JSON name of f, a property
// only the older side has: a rename of the Go field that kept the JSON
// name, which +hubspoke:renamedFrom would declare. Nil when there is none.
func sameJSONName(p *pair, newerIsHost bool, f *field) *field {
	for _, pr := range p.props {
		g, other := pr.other, pr.host
		if newerIsHost {
			g, other = pr.host, pr.other
		}
		if g != nil && other == nil && g.jsonName == f.jsonName && g.name != f.name {
			return g
		}
	}
	return nil
}

// addedOfSameType returns the properties that newer adds to the type of
// pair p (those the older version neither has nor renames) whose type, in
// the API versions, is the type of f, the property older has and newer
// drops: the candidates for a rename nothing declares (flowcontrol's
// assuredConcurrencyShares, int32 in v1beta2, is v1beta3's
// nominalConcurrencyShares). Under -strict, the error about the dropped
// property names the one candidate, when there is one. Of several, those
// whose name holds the dropped one's are the candidates, when one does:
// events.k8s.io adds deprecatedFirstTimestamp and deprecatedLastTimestamp,
// both metav1.Time, for core/v1 Event's firstTimestamp and lastTimestamp;
// else the one that begins as the dropped one does (sharingPrefix).
func addedOfSameType(older, newer *version, p *pair, newerIsHost bool, f *field) (added []string, typeName string) {
	ot, nt := p.otherName, p.name
	if newerIsHost {
		ot, nt = p.name, p.otherName
	}
	oo, no := older.objects[ot], newer.objects[nt]
	if oo == nil || no == nil {
		return nil, ""
	}
	of := oo.field(f.name)
	if of == nil || of.ref == nil {
		return nil, ""
	}
	for _, pr := range p.props {
		g, other := pr.other, pr.host
		if newerIsHost {
			g, other = pr.host, pr.other
		}
		if g == nil || other != nil || pr.action != actRecall && pr.action != actStash {
			continue
		}
		if nf := no.field(g.name); nf != nil && nf.ref != nil && nf.renamedFrom == "" && nf.ref.String() == of.ref.String() {
			added = append(added, g.name)
		}
	}
	if len(added) > 1 {
		var named []string
		for _, a := range added {
			if strings.Contains(a, f.name) {
				named = append(named, a)
			}
		}
		if len(named) == 1 {
			added = named
		} else if best := sharingPrefix(f.name, added); best != "" {
			added = []string{best}
		}
	}
	return added, of.ref.String()
}

// sharingPrefix returns, of the names added, the one that begins as name
// does for the most letters (three at least, ignoring case), when no other
// begins so for as many: cert-manager's v1beta1 adds uris and
// emailAddresses, both []string, for v1alpha3's uriSANs and emailSANs.
func sharingPrefix(name string, added []string) string {
	best, bestLen, tie := "", 2, false
	for _, a := range added {
		n := 0
		for n < len(name) && n < len(a) && unicode.ToLower(rune(name[n])) == unicode.ToLower(rune(a[n])) {
			n++
		}
		switch {
		case n > bestLen:
			best, bestLen, tie = a, n, false
		case n == bestLen:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// checkRemovals finds the properties that a version drops without
// acknowledging it (+hubspoke:removed or a rename): with strict, errors;
// otherwise warnings.
func (c *chain) checkRemovals(strict bool, errs *errorList) {
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		older, newer := s.host, s.other
		if older.order.Compare(newer.order) > 0 {
			older, newer = newer, older
		}
		paths, otherPaths := typePaths(s, nil), typePathsOn(s, nil, false)
		for _, p := range s.pairs {
			typ := p.otherName // as the newer version calls it
			if newer == s.host {
				typ = p.name
			}
			olderPath := paths[p.name] // where older has the type
			if older == s.other {
				olderPath = pathOr(otherPaths, p.name, paths[p.name])
			}
			for _, pr := range p.props {
				var f *field
				switch {
				case pr.action == actStash && older == s.host:
					f = pr.host
				case pr.action == actRecall && older == s.other:
					f = pr.other
				default:
					continue
				}
				if newer.removed[typ][f.name] {
					continue
				}
				if t := deref(f.ref); len(pr.clears) > 0 && t.kind == refObject && allCleared(older, older.twins[t.name], pr.clears) {
					continue // every property of it moved: the moves say where
				}
				// A value that moved elsewhere (cert-manager's keySize, in
				// privateKey.size from v1beta1 on) says so where it is now:
				// the JSON name may differ, so nothing proposes it.
				moved := fmt.Sprintf("// +hubspoke:movedFrom=%s on the property of %s that holds it now", joinPath(olderPath, f.jsonName), newer.name)
				movedHow, movedWarn := "say where with "+moved, "with "+moved
				olderType := p.name
				if older == s.other {
					olderType = p.otherName
				}
				if _, at := placesOf(older, olderType); len(at) > 1 {
					// A movedFrom names one path, and newerPath refuses
					// a move into a struct used at several places: the
					// value moves in every place its struct is at, in
					// hooks.
					moved = fmt.Sprintf("mark it removed as above and move it in a hook pair on %s.%s (or on a type of %s above it that holds the new place too), "+
						"declared to the generated tests with convtest.Related: no marker can, since %s is at more than one place in %s (%s, %s)",
						s.host.storageName, p.name, s.host.storageName, olderType, older.name,
						pathString(append(at[0], pathSeg{name: f.jsonName})), pathString(append(at[1], pathSeg{name: f.jsonName})))
					movedHow, movedWarn = moved, moved
				}
				msg := fmt.Sprintf("%s %s.%s: %s has %s and %s neither has nor renames it: its values are kept in the property bags; "+
					"if it was removed on purpose, say so with // +hubspoke:removed=%s on %s in %s (or removedProperties in the metadata file); "+
					"if its value moved, %s",
					newer.name, typ, f.name, older.name, f.name, newer.name, f.name, typ, newer.name, movedWarn)
				if g := sameJSONName(p, newer == s.host, f); g != nil {
					msg = fmt.Sprintf("%s %s.%s: %s has %s and %s neither has nor renames it, but has %s under the same JSON name %q: "+
						"if %s is %s renamed, say so with // +hubspoke:renamedFrom=%s on %s.%s in %s; if %s was removed on purpose, with // +hubspoke:removed=%s on %s "+
						"(until then its values are kept in the property bags)",
						newer.name, typ, f.name, older.name, f.name, newer.name, g.name, f.jsonName,
						g.name, f.name, f.name, typ, g.name, newer.name, f.name, f.name, typ)
				} else if added, tn := addedOfSameType(older, newer, p, newer == s.host, f); len(added) == 1 {
					// As -strict proposes: the one property of its type
					// the newer version adds may be it, renamed.
					msg = fmt.Sprintf("%s %s.%s: %s has %s and %s neither has nor renames it, but adds %s.%s, of the same type %s: "+
						"if %s is %s renamed, say so with // +hubspoke:renamedFrom=%s on %s.%s in %s; if %s was removed on purpose, with // +hubspoke:removed=%s on %s "+
						"(until then its values are kept in the property bags)",
						newer.name, typ, f.name, older.name, f.name, newer.name, typ, added[0], tn,
						added[0], f.name, f.name, typ, added[0], newer.name, f.name, f.name, typ)
				}
				if strict {
					hint := ""
					if g := sameJSONName(p, newer == s.host, f); g != nil {
						hint = fmt.Sprintf(" (%s.%s has its JSON name %q: +hubspoke:renamedFrom=%s on it?)", typ, g.name, f.jsonName, f.name)
					} else if added, tn := addedOfSameType(older, newer, p, newer == s.host, f); len(added) == 1 {
						hint = fmt.Sprintf(" (%s adds %s.%s, of the same type %s: if it is %s renamed, say so with // +hubspoke:renamedFrom=%s on it)",
							newer.name, typ, added[0], tn, f.name, f.name)
					}
					errs.addf(fmt.Sprintf("%s %s.%s", newer.name, typ, f.name), "removed without acknowledgement: %s has it; "+
						"say so with // +hubspoke:removed=%s on %s in %s (or removedProperties in the metadata file), or rename it (+hubspoke:renamedFrom), "+
						"or, if its value moved, %s%s",
						older.name, f.name, typ, newer.name, movedHow, hint)
				} else {
					c.warnings = append(c.warnings, msg)
				}
			}
		}
	}
}
