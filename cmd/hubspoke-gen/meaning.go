package main

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Changes that keep every value but may change what it means: a property
// held by value in one version and by pointer in its neighbour (where 0 may
// mean "the default" on one side and be a value of its own on the other),
// a default that changes, an enum whose values change, and a list or map
// declared with omitempty on one side only (an empty one and an absent one
// are one value there, two on the other side). The conversions
// copy such values as they are; the generator names each one with the
// choices the author has, as a warning (never an error, with -strict
// neither: the conversions are lossless, only the author knows the
// meaning). An enum that only gains values from one version to the next
// (a widened enum, as nearly every new ARM API version widens some) is no
// warning: the older version's clients read a new value as it is and
// cannot set one, which is what they should do unless the author decides
// otherwise, so a run counts such enums in one note and explain names each
// with the values it gains. Hooks in both directions of the step, on the
// property's type or on a type that holds it (the kind's own hooks also
// see the metadata, where a meaning may be recorded), are taken to handle
// a property that the hand-written code of the step's package names: a
// field it selects or a bag key it spells. A property the hooks never
// mention keeps its warning: the generated copy alone decides what its
// value becomes. Where the author decides that the copy as it is keeps
// the meaning (Cluster API's version, *string in v1beta1 and string in
// v1beta2, where "" and unset both mean "not set"), the newer version of
// the step says so for each kind of change, with
// +hubspoke:sameMeaning=optionality (or sameMeaningProperties in the
// metadata file), and the warning goes; a change of a kind it does not
// name still warns, and a declaration of a change the step does not find
// is an error (checkSameMeaning), so that none outlives its change.

// The markers whose values meaningWarnings compares between versions.
const (
	markerDefault     = "+kubebuilder:default="
	markerK8sDefault  = "+default="
	markerEnum        = "+kubebuilder:validation:Enum="
	markerK8sEnum     = "+enum"
	noDefaultDeclared = "none"
)

// meaningWarnings lists, for every storage step, the properties both sides
// have whose values may change meaning on the way (see above), and counts
// the widened enums no hook handles: they are no warning.
func meaningWarnings(c *chain) (out []string, widened int) {
	// tally counts the widened enums of changes and keeps the warnings of
	// the others that ack does not acknowledge.
	tally := func(changes []meaningChange, ack *sameMeaning) {
		for _, m := range changes {
			switch {
			case m.widened:
				widened++
			case !ack.covers(m.kind):
				out = append(out, m.warning)
			}
		}
	}
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		paths := typePaths(s, nil)
		var hooked []string // the paths of the types with hooks both ways
		for _, p := range s.pairs {
			if path, ok := paths[p.name]; ok && p.hookTo && p.hookFrom {
				hooked = append(hooked, path)
			}
		}
		for _, p := range s.pairs {
			underHooks := p.hookTo && p.hookFrom || within(paths[p.name], hooked)
			for _, pr := range p.props {
				if pr.host == nil || pr.other == nil || pr.action == actRetype || handled(s, pr, underHooks) {
					continue
				}
				hf, of := propEnds(s, p, pr)
				if hf == nil {
					continue
				}
				tally(meaningChanges(s, p, "", "", hf, of, joinPath(paths[p.name], hf.jsonName)), sameMeaningAt(s, p, pr))
			}
			// A moved value is the same property at another place: its
			// meaning may change on the way as well (cert-manager's
			// keyAlgorithm, rsa or ecdsa, moved into privateKey.algorithm,
			// RSA or ECDSA). (+hubspoke:sameMeaning does not reach a move:
			// a hook pair handles it.)
			for _, sm := range p.moves {
				hf, of, typ := moveEnds(s, sm)
				if hf == nil || of == nil || handled(s, &prop{host: hf, other: of}, underHooks) {
					continue
				}
				tally(meaningChanges(s, p, typ, sm.m.from, hf, of, sm.m.path), nil)
			}
		}
	}
	return out, widened
}

// propEnds returns the fields of the API versions of step s that property
// pr of pair p copies between, the host side's first; nil fields where a
// side has no such field or its type is unknown.
func propEnds(s *step, p *pair, pr *prop) (hf, of *field) {
	ho, oo := s.host.objects[p.name], s.other.objects[p.otherName]
	if ho == nil || oo == nil {
		return nil, nil
	}
	hf, of = ho.field(pr.host.name), oo.field(pr.other.name)
	if hf == nil || of == nil || hf.ref == nil || of.ref == nil {
		return nil, nil
	}
	return hf, of
}

// moveEnds returns the fields of the API versions of step s at the two
// ends of move sm, the host side's first, and the newer version's name of
// the type that holds the newer end; nil fields for a move of a map's key
// (the map and the field hold values of different types) or where a side
// has no such field.
func moveEnds(s *step, sm *stepMove) (hf, of *field, typ string) {
	if sm.m.keyed || len(sm.hostHops) == 0 || len(sm.otherHops) == 0 {
		return nil, nil, ""
	}
	hh, oh := sm.hostHops[len(sm.hostHops)-1], sm.otherHops[len(sm.otherHops)-1]
	ho, oo := s.host.objects[hh.obj.name], s.other.objects[oh.obj.name]
	if ho == nil || oo == nil {
		return nil, nil, ""
	}
	hf, of = ho.field(hh.f.name), oo.field(oh.f.name)
	if hf == nil || of == nil || hf.ref == nil || of.ref == nil {
		return nil, nil, ""
	}
	typ = oh.obj.name
	if sm.m.newer == s.host {
		typ = hh.obj.name
	}
	return hf, of, typ
}

// widenedNote is the note of a run that finds n widened enums no hook
// handles (see meaningWarnings), "" when n is 0: one line however many
// there are, since none asks anything of the author.
func widenedNote(n int) string {
	if n == 0 {
		return ""
	}
	what := fmt.Sprintf("enums widen %d times", n)
	if n == 1 {
		what = "an enum widens"
	}
	return what + " from one version to the next (an enum property only gains values, and no hook maps them): a client of the older version " +
		"reads a new value as it is, and its schema lets it set none; nothing is lost, and no hook is needed unless such a client must see " +
		"one of its own values (hubspoke-gen explain names each, with the values it gains: \"its enum gains values\")"
}

// meaningDetail is what explain adds to the row of property pr of pair p
// in step s when its value may change meaning on the way (the warnings of
// meaningWarnings, in short): each change, and whether hooks handle it
// (hooked: see handled) or the generator warns. It is "" for a property
// that changes no meaning.
func meaningDetail(s *step, p *pair, pr *prop, hooked bool) string {
	if pr.host == nil || pr.other == nil || pr.action == actRetype {
		return ""
	}
	hf, of := propEnds(s, p, pr)
	if hf == nil {
		return ""
	}
	return changesDetail(meaningChanges(s, p, "", "", hf, of, ""), hooked, sameMeaningAt(s, p, pr))
}

// moveMeaningDetail is meaningDetail for the row of move sm, whose copy
// pair p (the owner) writes: hooked says whether the hooks that reach both
// of its places handle it.
func moveMeaningDetail(s *step, p *pair, sm *stepMove, underHooks bool) string {
	hf, of, typ := moveEnds(s, sm)
	if hf == nil || of == nil {
		return ""
	}
	hooked := handled(s, &prop{host: hf, other: of}, underHooks)
	return changesDetail(meaningChanges(s, p, typ, sm.m.from, hf, of, ""), hooked, nil)
}

// changesDetail is what explain adds to a row for the changes of meaning
// of its property (see meaningDetail), of which ack, when not nil,
// acknowledges some.
func changesDetail(changes []meaningChange, hooked bool, ack *sameMeaning) string {
	var shorts, acked []string
	var out string
	for _, m := range changes {
		switch {
		case !m.widened && !hooked && ack.covers(m.kind):
			acked = append(acked, m.short)
		case !m.widened:
			shorts = append(shorts, m.short)
		case hooked:
			out += "; " + m.short + "; the hooks of the step are taken to handle it"
		default:
			out += "; " + m.short + ": " + m.detail
		}
	}
	if len(shorts) == 0 && len(acked) == 0 {
		return out
	}
	how := "the hooks of the step are taken to handle it"
	if !hooked {
		how = "no hook handles it: the generator warns"
	}
	var parts []string
	if len(acked) > 0 {
		// Acknowledged first, then what the generator still warns about.
		parts = append(parts, strings.Join(acked, "; "), fmt.Sprintf("acknowledged by %s: the copy as it is keeps the meaning, and the generator does not warn", ack.source))
	}
	if len(shorts) > 0 {
		parts = append(parts, strings.Join(shorts, "; "), how)
	}
	return "; meaning may change: " + strings.Join(parts, "; ") + out
}

// sameMeaning is a declaration that the generated copy of a property as it
// is keeps its meaning, for the kinds of change it names, in the step from
// the previous version to the version that declares it:
// +hubspoke:sameMeaning=optionality on the field, or sameMeaningProperties
// in the metadata file. The kinds are named, not implied, so that a change
// of another kind, which a later edit of either version may add, warns
// again.
type sameMeaning struct {
	where  string   // for errors: the version, the type, the property and the marker or the file's entry
	source string   // for explain: the marker, or the file's entry
	kinds  []string // of changeKinds
	typ    string   // the type, as the declaring version names it
	// Found by checkSameMeaning in the step: whether a pair of the step
	// has the property on both sides, the kinds of change it finds there,
	// those it finds only widened (enums), and the properties' types when
	// the step retypes it.
	paired         bool
	found, widened map[string]bool
	retyped        string
}

// covers reports whether d (nil: none) acknowledges changes of kind.
func (d *sameMeaning) covers(kind string) bool {
	return d != nil && slices.Contains(d.kinds, kind)
}

// sameMeaningKey is the key of v.sameMeaning for property f of type tn: the
// struct that declares it (for a property promoted from an embedded
// struct, that struct, whose marker every struct embedding it shows) and
// its name.
func sameMeaningKey(tn string, f *field) string {
	if len(f.via) > 0 {
		tn = f.via[len(f.via)-1]
	}
	return tn + "." + f.name
}

// sameMeaningAt returns the declaration that covers property pr of pair p
// in step s (on the newer side of the step, which declares it), or nil.
func sameMeaningAt(s *step, p *pair, pr *prop) *sameMeaning {
	newerIsHost := s.host.order.Compare(s.other.order) > 0
	newer := s.other
	if newerIsHost {
		newer = s.host
	}
	f := pr.on(newerIsHost)
	if f == nil || len(newer.sameMeaning) == 0 {
		return nil
	}
	return newer.sameMeaning[sameMeaningKey(p.nameOn(newerIsHost), f)]
}

// readSameMeaning records in v the declarations of +hubspoke:sameMeaning
// on its fields and of ch's sameMeaningProperties (the metadata file's
// entry of v, in file), and checks what needs no step: that each names
// kinds of change, a type and property of v and of prev, the previous
// version. checkSameMeaning checks them against the step.
func (c *chain) readSameMeaning(v, prev *version, ch versionChanges, file string, errs *errorList) {
	v.sameMeaning = map[string]*sameMeaning{}
	add := func(where, source, tn string, f *field, list string) {
		var kinds []string
		for _, k := range strings.Split(list, ",") {
			k = strings.TrimSpace(k)
			switch {
			case k == "":
				errs.addf(where, "name the kinds of change whose plain copy keeps the meaning, separated by commas: %s (a marker without them would also hide a change a later edit adds)", strings.Join(changeKinds, ", "))
				return
			case !slices.Contains(changeKinds, k):
				errs.addf(where, "no kind of change %q: the kinds are %s", k, strings.Join(changeKinds, ", "))
				return
			case !slices.Contains(kinds, k):
				kinds = append(kinds, k)
			}
		}
		ptn, old := v.olderName(tn), f.name
		if f.renamedFrom != "" {
			old = f.renamedFrom
		}
		switch {
		case prev == nil:
			errs.addf(where, "%s is the oldest version: no step from a previous version changes the meaning of %s", v.name, f.name)
			return
		case prev.objects[ptn] == nil:
			errs.addf(where, "%s, the previous version, has no type %s: no change of meaning to acknowledge", prev.name, ptn)
			return
		case prev.objects[ptn].field(old) == nil:
			errs.addf(where, "%s.%s, in the previous version, has no property %s: %s is new in %s, no change of meaning to acknowledge", prev.name, ptn, old, f.name, v.name)
			return
		}
		key := sameMeaningKey(tn, f)
		if d := v.sameMeaning[key]; d != nil {
			if !slices.Equal(d.kinds, kinds) {
				errs.addf(where, "the field's marker says %s", d.source)
			}
			return
		}
		v.sameMeaning[key] = &sameMeaning{where: where, source: source, kinds: kinds, typ: tn}
	}
	for _, tn := range v.types {
		o, ok := v.objects[tn]
		if !ok {
			continue
		}
		for _, f := range o.properties() {
			if len(f.via) > 0 {
				continue // declared, and read, in the embedded struct
			}
			where := fmt.Sprintf("%s %s.%s: ", v.name, tn, f.name)
			if f.has(strings.TrimSuffix(markerSameMeaning, "=")) {
				add(where+strings.TrimSuffix(markerSameMeaning, "="), "", tn, f, "")
			}
			for _, list := range f.values(markerSameMeaning) {
				add(where+markerSameMeaning+list, markerSameMeaning+list, tn, f, list)
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(ch.SameMeaning)) {
		where := fmt.Sprintf("%s: version %s: sameMeaningProperties: %s", file, v.name, key)
		tn, fn, ok := strings.Cut(key, ".")
		o := v.objects[tn]
		switch {
		case !ok || fn == "":
			errs.addf(where, "want Type.Property: %s", strings.Join(changeKinds, ","))
		case o == nil:
			errs.addf(where, "%s has no type %s", v.name, tn)
		case o.field(fn) == nil || o.field(fn).embedded:
			errs.addf(where, "%s.%s has no property %s", v.name, tn, fn)
		default:
			add(where, fmt.Sprintf("sameMeaningProperties in the metadata file (%s: %s)", key, ch.SameMeaning[key]), tn, o.field(fn), ch.SameMeaning[key])
		}
	}
}

// checkSameMeaning refuses each declaration of the same meaning
// (+hubspoke:sameMeaning, or sameMeaningProperties in the metadata file)
// that names a kind of change the step from the previous version does not
// find in the property (none, only a widened enum, or a type that changes,
// which the bags keep): a stale declaration hides nothing now and would
// hide a change a later edit makes.
func (c *chain) checkSameMeaning(errs *errorList) {
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		for _, p := range s.pairs {
			for _, pr := range p.props {
				d := sameMeaningAt(s, p, pr)
				if d == nil || pr.host == nil || pr.other == nil {
					continue
				}
				d.paired = true
				if pr.action == actRetype {
					d.retyped = fmt.Sprintf("%s in %s, %s in %s", pr.host.ref, s.host.name, pr.other.ref, s.other.name)
					continue
				}
				hf, of := propEnds(s, p, pr)
				if hf == nil {
					continue
				}
				if d.found == nil {
					d.found, d.widened = map[string]bool{}, map[string]bool{}
				}
				for _, m := range meaningChanges(s, p, "", "", hf, of, "") {
					if m.widened {
						d.widened[m.kind] = true
					} else {
						d.found[m.kind] = true
					}
				}
			}
		}
	}
	for _, v := range c.versions {
		prev := c.previous(v)
		for _, key := range slices.Sorted(maps.Keys(v.sameMeaning)) {
			d := v.sameMeaning[key]
			if !d.paired {
				errs.addf(d.where, "no kind of the step from %s to %s holds %s: no change of meaning to acknowledge", prev.name, v.name, d.typ)
				continue
			}
			var found []string
			for _, k := range changeKinds {
				if d.found[k] {
					found = append(found, k)
				}
			}
			finds := "finds none"
			if len(found) > 0 {
				finds = "finds " + strings.Join(found, ", ")
			}
			if d.retyped != "" {
				errs.addf(d.where, "its type changes (%s): the bags keep both values, and a hook, not a declaration, makes each version see the other's (the note says so); remove the declaration", d.retyped)
				continue
			}
			for _, k := range d.kinds {
				remove := "remove the declaration"
				if len(d.kinds) > 1 {
					remove = "remove " + k + " from it"
				}
				switch {
				case d.found[k]:
				case d.widened[k]:
					errs.addf(d.where, "its enum only gains values from %s to %s, which is no warning: nothing to acknowledge (the step %s); %s", prev.name, v.name, finds, remove)
				default:
					errs.addf(d.where, "no change of meaning of kind %s from %s to %s (the step %s): a stale declaration would hide one a later edit makes; %s", k, prev.name, v.name, finds, remove)
				}
			}
		}
	}
}

// handled reports whether hooks are taken to handle the meaning of
// property pr: the hooks of its type or of a type that holds it run both
// ways (underHooks), and the hand-written code of the step's package names
// the property (a field it selects on either side, or a bag key it spells).
// Hooks that never mention a property leave it to the generated copy, so
// its warning stays.
func handled(s *step, pr *prop, underHooks bool) bool {
	if !underHooks {
		return false
	}
	for _, f := range []*field{pr.host, pr.other} {
		if f != nil && s.handNames[f.name] {
			return true
		}
	}
	return false
}

// within reports whether path lies below one of the paths in outer ("" is
// the kind itself, which holds every path).
func within(path string, outer []string) bool {
	for _, o := range outer {
		if o == "" || strings.HasPrefix(path, o+".") || strings.HasPrefix(path, o+"[") {
			return true
		}
	}
	return false
}

// meaningChange is a change of meaning a property may hide in a step: the
// warning the generator prints, and the short form explain adds to the
// property's row. A widened enum (see above) has no warning: explain adds
// detail after its short form, the note of a run counts it.
type meaningChange struct {
	kind           string // what changes: changeOptionality, ...; the names +hubspoke:sameMeaning takes
	warning, short string
	widened        bool
	detail         string
}

// The kinds of change of meaning, as +hubspoke:sameMeaning names them.
const (
	changeOptionality = "optionality" // a value in one version, a pointer in the other
	changeDefault     = "default"     // the default changes, appears or goes
	changeEnum        = "enum"        // the enum changes (and does not only widen)
	changeOmitEmpty   = "omitempty"   // a list or map with omitempty on one side only
)

// changeKinds are the kinds of change, in the order meaningChanges finds
// them.
var changeKinds = []string{changeOptionality, changeDefault, changeEnum, changeOmitEmpty}

// meaningChanges compares property hf of the host side of s with of, the
// same property on the other side, and returns each change of meaning it
// may hide. For a moved property, typ is the newer version's name of the
// type that holds it and from its path in the older version; both are ""
// for a property of p itself.
func meaningChanges(s *step, p *pair, typ, from string, hf, of *field, path string) []meaningChange {
	// Older side first, as a reader of the history reads it.
	older, newer := s.host, s.other
	fo, fn := hf, of
	if older.order.Compare(newer.order) > 0 {
		older, newer, fo, fn = newer, older, of, hf
	}
	if typ == "" {
		typ = p.otherName // as the newer version calls it
		if s.host == newer {
			typ = p.name
		}
	}
	prop := fmt.Sprintf("%s %s.%s (%s)", newer.name, typ, fn.name, path)
	switch {
	case from != "":
		prop += fmt.Sprintf(", moved from %s in %s", from, older.name)
	case fo.name != fn.name:
		prop += fmt.Sprintf(", %s in %s", fo.name, older.name)
	}
	hook := fmt.Sprintf("a hook pair (%s(dst *%s.%s) error and %s(src *%s.%s) error on %s.%s in a *_hooks.go file)",
		hookTo, s.otherName, p.otherName, hookFrom, s.otherName, p.otherName, s.hostName, p.name)
	do, dn := declaredDefault(older, fo), declaredDefault(newer, fn)
	var out []meaningChange
	// The same default declared in both versions settles what unset means,
	// where the plain side's clients can leave the value unset: with
	// omitempty, a client of its Go types omits a zero, and the API server
	// sets the default before any conversion. Without it, such a client
	// always sends its zero, which the API server keeps (it defaults only
	// absent values), so the default settles nothing.
	if plain, ptr := fo.ref, fn.ref; (plain.kind == refPointer) != (ptr.kind == refPointer) {
		pv, pointerVersion, pf := older, newer, fo
		if plain.kind == refPointer {
			plain, ptr = ptr, plain
			pv, pointerVersion, pf = newer, older, fn
		}
		if zeroIsValue(plain) && ptr.elem.String() == plain.String() {
			head := fmt.Sprintf("%s: %s in %s, %s in %s: %s tells a zero from unset, %s does not; ",
				prop, fo.ref, older.name, fn.ref, newer.name, pointerVersion.name, pv.name)
			short := fmt.Sprintf("`%s` in %s, `%s` in %s: a zero may mean \"the default\" in %s and a value of its own in %s",
				fo.ref, older.name, fn.ref, newer.name, pv.name, pointerVersion.name)
			switch {
			case do != "" && do == dn && pf.omitEmpty && !defaultIsZero(do, plain):
				// Settled for what the plain side's clients write (they
				// cannot send a zero), but the pointer side's zero, a value
				// of its own, shows at the plain side as unset, which reads
				// as the default.
				out = append(out, meaningChange{kind: changeOptionality, short: short + fmt.Sprintf(": %s cannot show %s's zero", pv.name, pointerVersion.name),
					warning: head + fmt.Sprintf("both declare the default %s and %s's field has omitempty, so a zero a client of %s writes is the default, "+
						"but a zero written at %s, a value of its own there, shows in %s as unset, which reads as %s (the bags keep it for the way back), "+
						"and an update through %s, which the API server defaults before any conversion, makes it %s; no hook can show it in %s: "+
						"if that is acceptable, declare convtest.SkipVisibilityOfZero(%q, reason) in the kind's test options for the generated tests "+
						"(see \"Changes of meaning\" in hubspoke-gen's README)",
						do, pv.name, pv.name, pointerVersion.name, pv.name, do, pv.name, do, pv.name, path)})
			case do != "" && do == dn && pf.omitEmpty:
				// settled: the default is the zero, which both show alike
			case do != "" && do == dn:
				out = append(out, meaningChange{kind: changeOptionality, short: short, warning: head + fmt.Sprintf("both declare the default %s, but %s's field has no omitempty, so a client of %s's Go types always sends its zero, "+
					"which the API server keeps (it defaults only absent values) and %s reads as a value of its own: "+
					"if a zero in %s means \"the default\", map zero to unset and back in %s "+
					"(see \"Changes of meaning\" in hubspoke-gen's README)",
					do, pv.name, pv.name, pointerVersion.name, pv.name, hook)})
			default:
				settle := "declare the default in both versions with // +kubebuilder:default=<value>"
				if !pf.omitEmpty {
					// Without omitempty a Go client sends its zero, which the
					// API server keeps: the default alone settles nothing.
					settle += fmt.Sprintf(" and give %s's field omitempty", pv.name)
				}
				out = append(out, meaningChange{kind: changeOptionality, short: short, warning: head + fmt.Sprintf("if a zero in %s means \"the default\", it may mean another thing in %s: map zero to unset and back in %s, "+
					"or %s, so that the API server sets it before any conversion "+
					"(see \"Changes of meaning\" in hubspoke-gen's README)",
					pv.name, pointerVersion.name, hook, settle)})
			}
		}
	}
	if do != dn {
		warning := fmt.Sprintf("%s: its default changes (%s in %s, %s in %s): the API server defaults a value in the version it is written at "+
			"(the storage versions declare no defaults), so an object written at one version without it reads at the other with that version's default, or none; "+
			"if the default is part of what the value means, convert it in %s, or declare the same default in both versions with // +kubebuilder:default=<value>",
			prop, defaultText(do), older.name, defaultText(dn), newer.name, hook)
		if (do == "") != (dn == "") {
			// One version declares none: a defaulting webhook may give
			// it the same (Cluster API's replicas, 1 in v1alpha4's
			// schema, in v1alpha3's and v1beta1's webhooks), which the
			// generated tests cannot know.
			bare, d, ref, at := older, dn, fn.ref, path
			if do != "" {
				bare, d, ref = newer, do, fo.ref
			} else if from != "" {
				at = from
			}
			if lit, ok := defaultLiteral(ref, d); ok {
				warning += fmt.Sprintf("; where %s's unset value means %s as well (a defaulting webhook sets it), the generated tests need that too: "+
					"convtest.Default(%q, %q, %s) in the kind's test options (func <kind>TestOptions() []convtest.Option), or they read it as no value",
					bare.name, d, bare.name, at, lit)
			}
		}
		out = append(out, meaningChange{kind: changeDefault, short: fmt.Sprintf("its default changes (%s in %s, %s in %s)", defaultText(do), older.name, defaultText(dn), newer.name), warning: warning})
	}
	eo, en := enumValues(older, fo), enumValues(newer, fn)
	if !slices.Equal(eo, en) {
		removed, added := lacking(eo, en), lacking(en, eo)
		if eo != nil && en != nil && len(removed) == 0 {
			// Widened, as nearly every new ARM API version widens some
			// enum: the older version cannot say the new values, and
			// mapping one to an older value would change what it means.
			// Nothing to act on, so no warning (see above): explain
			// names the values only the newer version has.
			out = append(out, meaningChange{kind: changeEnum, widened: true,
				short: fmt.Sprintf("its enum gains values (%s only in %s)", enumText(added), newer.name),
				detail: fmt.Sprintf("a client of %s reads such a value as it is and cannot set one; no hook is needed, and the generator does not warn "+
					"(a hook pair on %s.%s that maps it to a value of %s keeps it in the bag of %s, so that it comes back)",
					older.name, s.hostName, p.name, older.name, older.storageName)})
		} else {
			var only []string
			switch {
			case eo == nil:
				only = append(only, fmt.Sprintf("any value but %s only in %s", enumText(en), older.name))
			case en == nil:
				only = append(only, fmt.Sprintf("any value but %s only in %s", enumText(eo), newer.name))
			}
			for _, x := range removed {
				only = append(only, fmt.Sprintf("%s only in %s", enumValueText(x), older.name))
			}
			for _, x := range added {
				only = append(only, fmt.Sprintf("%s only in %s", enumValueText(x), newer.name))
			}
			// The values are separated by ", ", the versions by "; ".
			short := fmt.Sprintf("its enum changes (%s in %s; %s in %s)", enumText(eo), older.name, enumText(en), newer.name)
			change := fmt.Sprintf("%s: %s: the conversions carry a value as it is, also one the other version does not allow (%s); ",
				prop, short, strings.Join(only, "; "))
			advice := fmt.Sprintf("map the values in %s, or allow the same values in both versions (// +kubebuilder:validation:Enum=...)", hook)
			out = append(out, meaningChange{kind: changeEnum, short: short, warning: change + advice})
		}
	}
	if what, empty := collectionKind(fo.ref); what != "" && fo.omitEmpty != fn.omitEmpty {
		if w, _ := collectionKind(fn.ref); w == what {
			with, without := older, newer
			if !fo.omitEmpty {
				with, without = newer, older
			}
			out = append(out, meaningChange{kind: changeOmitEmpty,
				short: fmt.Sprintf("omitempty in %s only: an empty %s (`%s`) and an absent one are two values in %s and one in %s", with.name, what, empty, without.name, with.name),
				warning: fmt.Sprintf("%s: a %s declared with omitempty in %s and without in %s: an empty %s (%s) and an absent one are two values in %s and one in %s, "+
					"and the conversions keep no mark of which it was, so one comes back as the other (convtest's round trip or update check reports it); "+
					"keep the mark in a bag in %s, as the fixture validatingwebhook does for admissionReviewVersions, "+
					"or declare the field alike in both versions (see \"Not done yet\" in hubspoke-gen's README)",
					prop, what, with.name, without.name, what, empty, without.name, with.name, hook),
			})
		}
	}
	for i := range out {
		// (A move's change is a hook pair's: the marker does not reach it.)
		if !out[i].widened && from == "" {
			out[i].warning += fmt.Sprintf("; if the copy as it is keeps the meaning, say so with // +hubspoke:sameMeaning=%s on %s.%s in %s "+
				"(or sameMeaningProperties in the metadata file), and the generator no longer warns", out[i].kind, typ, fn.name, newer.name)
		}
	}
	return out
}

// collectionKind says whether r is a list or a map ("list" or "map", with
// the JSON of an empty one), as encoding/json writes it: a slice or map of
// the version, named or not, or a type of another package whose underlying
// type is one (corev1.ResourceList); "" for any other type. []byte is no
// list: JSON writes it as a string.
func collectionKind(r *typeRef) (what, empty string) {
	switch r.kind {
	case refSlice:
		if b, ok := r.elem.typ.(*types.Basic); ok && r.elem.kind == refBasic && b.Kind() == types.Byte {
			return "", ""
		}
		return "list", "[]"
	case refMap:
		return "map", "{}"
	case refExternal:
		switch u := r.typ.Underlying().(type) {
		case *types.Slice:
			if b, ok := u.Elem().(*types.Basic); ok && b.Kind() == types.Byte {
				return "", ""
			}
			return "list", "[]"
		case *types.Map:
			return "map", "{}"
		}
	}
	return "", ""
}

// zeroIsValue reports whether a value of type r has a zero that JSON
// writes (a number, a string, a bool, an enum, a struct of another
// package such as resource.Quantity): one that a pointer tells from unset.
func zeroIsValue(r *typeRef) bool {
	switch r.kind {
	case refBasic, refEnum:
		return true
	case refExternal:
		switch r.typ.Underlying().(type) {
		case *types.Map, *types.Slice, *types.Pointer, *types.Interface:
			return false
		}
		return true
	}
	return false
}

// defaultIsZero reports whether d, a declared default of a property of
// type r (a scalar), is r's zero value: 0, false or "". Defaults of other
// types are taken to be zero, as nothing tells.
func defaultIsZero(d string, r *typeRef) bool {
	b, ok := r.scalar()
	if !ok {
		return true
	}
	switch info := b.Info(); {
	case info&types.IsBoolean != 0:
		return d == "false"
	case info&types.IsNumeric != 0:
		f, err := strconv.ParseFloat(d, 64)
		return err != nil || f == 0
	case info&types.IsString != 0:
		return strings.Trim(d, `"'`) == ""
	}
	return true
}

// elemTypeComments returns the comments of the named type of v that a
// field of type r holds (through pointers, and through slices and maps
// when elems; a collection itself when not), if any.
func elemTypeComments(v *version, r *typeRef, elems bool) comments {
	for r.kind == refPointer || elems && (r.kind == refSlice || r.kind == refMap) {
		r = r.elem
	}
	if r.kind == refEnum || r.kind == refObject {
		return v.typeComments(r.name)
	}
	if c := v.collections[r.named]; r.named != "" && c != nil {
		return c.comments
	}
	return comments{}
}

// declaredDefault returns the default f declares in v (+kubebuilder:default
// or +default on the field, else on its type), "" when none.
func declaredDefault(v *version, f *field) string {
	for _, c := range []comments{f.comments, elemTypeComments(v, f.ref, false)} {
		for _, prefix := range []string{markerDefault, markerK8sDefault} {
			if d := c.values(prefix); len(d) > 0 {
				return d[0]
			}
		}
	}
	return ""
}

func defaultText(d string) string {
	if d == "" {
		return noDefaultDeclared
	}
	return d
}

// enumValues returns the values, sorted, that +kubebuilder:validation:Enum
// allows for f in v (on the field, else on its type or its elements'
// type), else, for a field of a string type of v marked +enum (or of
// lists or maps of one), the values of that type's constants in v's
// package (see enum.constants); nil when it declares none, as for a type
// marked +enum whose package declares no constants of it.
func enumValues(v *version, f *field) []string {
	for _, c := range []comments{f.comments, elemTypeComments(v, f.ref, true)} {
		e := c.values(markerEnum)
		if len(e) == 0 {
			continue
		}
		list, sep := e[0], ";"
		if strings.HasPrefix(list, "{") && strings.HasSuffix(list, "}") {
			list, sep = list[1:len(list)-1], ","
		}
		out := []string{}
		for _, x := range splitOutsideQuotes(list, sep) {
			if x = strings.Trim(strings.TrimSpace(x), `"`); !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
		slices.Sort(out)
		return out
	}
	r := f.ref
	for r.kind == refPointer || r.kind == refSlice || r.kind == refMap {
		r = r.elem
	}
	if e := v.enums[r.name]; r.kind == refEnum && e != nil && e.constants != nil {
		return slices.Clone(e.constants)
	}
	return nil
}

// splitOutsideQuotes splits list at each sep that is not inside double
// quotes: {"SystemAssigned, UserAssigned","None"} holds two values.
func splitOutsideQuotes(list, sep string) []string {
	var out []string
	quoted, start := false, 0
	for i := 0; i < len(list); i++ {
		switch {
		case list[i] == '\\' && quoted:
			i++
		case list[i] == '"':
			quoted = !quoted
		case !quoted && strings.HasPrefix(list[i:], sep):
			out = append(out, list[start:i])
			start = i + len(sep)
		}
	}
	return append(out, list[start:])
}

// enumText returns the values of an enum as explain and the warnings name
// them (see enumValueText), separated by ", "; "any value" for nil (no
// enum).
func enumText(values []string) string {
	if values == nil {
		return "any value"
	}
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = enumValueText(v)
	}
	return strings.Join(out, ", ")
}

// enumValueText returns a value of an enum as explain and the warnings
// name it: as it is, or as a Go string literal where it is empty, or holds
// a quote or a separator of the text around it (ARM's identity type
// "SystemAssigned, UserAssigned" is one value).
func enumValueText(v string) string {
	if v == "" || strings.ContainsAny(v, `,;"()`) || strings.TrimSpace(v) != v {
		return strconv.Quote(v)
	}
	return v
}

// lacking returns the values of a that b does not allow, in a's order; nil
// when b is nil (it allows any value).
func lacking(a, b []string) []string {
	if b == nil {
		return nil
	}
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}
