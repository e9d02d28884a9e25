package main

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"text/tabwriter"
)

// explain renders the model of the chain for people: for each step, a
// table of every property of every type the step converts, at every depth,
// and what the generated code does with it, in the direction of the step
// (towards the hub; the way back does the inverse). It reads the model and
// derives nothing: what it says is what the generated code does.
//
// format is "markdown" (for reviews) or "text" (aligned columns, for
// terminals). The rows are sorted by path (the host side's: a property
// only the other side has is named, with its path, as that side names it,
// but stays among its siblings), so that the output of two chains differs
// only where they do.
func explain(c *chain, format string) string { return explainObserved(c, format, nil, nil) }

// explainObserved is explain with what running the hooks showed (see
// observeHooks): obs, or the error that kept them from running, oerr.
// With neither it says nothing about observed hooks.
func explainObserved(c *chain, format string, obs observations, oerr error) string {
	md := format == "markdown"
	var b strings.Builder
	names := make([]string, len(c.versions))
	for i, v := range c.versions {
		names[i] = v.name
	}
	if md {
		fmt.Fprintf(&b, "# %s\n\n", c.group)
	} else {
		fmt.Fprintf(&b, "%s\n%s\n\n", c.group, strings.Repeat("=", len(c.group)))
	}
	fmt.Fprintf(&b, "Versions %s; the hub is %s. Kinds: %s.\n", strings.Join(names, ", "), c.hub.name, strings.Join(c.kinds, ", "))
	b.WriteString("Each step is read from the version farther from the hub towards the hub; the way back does the inverse " +
		"(what a step stashes, the way back recalls).")
	var staged []string
	for _, v := range c.versions {
		if p := c.staging[v]; p != nil {
			for _, st := range p.props {
				staged = append(staged, fmt.Sprintf("%s.%s (%s's shape, in the bags of %s)", st.owner, st.earlier.name, st.from.storageName, strings.Join(between(c, st.from, p.to), ", ")))
			}
		}
	}
	if len(staged) > 0 {
		fmt.Fprintf(&b, " Staged through compat: %s.\n", strings.Join(staged, "; "))
	} else {
		b.WriteString(" No property needs compat staging.\n")
	}
	if oerr != nil {
		fmt.Fprintf(&b, "What the hooks do was not observed: %s\n", strings.ReplaceAll(strings.TrimSpace(oerr.Error()), "\n", "\n    "))
	} else if len(obs) > 0 {
		b.WriteString("What hooks do is observed: each hooked type's generated copy and its hooks run, each way, on a value whose every string and number " +
			"holds a marker of its own; \"hook: a → b\" says that the value at a landed at b. A hook that acts only on some values " +
			"(text it parses as a date, a metric named cpu) leaves the markers where they are: golden exemplars show what it does with real values.\n")
	}
	for _, v := range c.versions {
		for _, s := range []*step{c.twin[v], c.storage[v]} {
			if s != nil {
				explainStep(&b, s, md, nil, obs)
			}
		}
		if p := c.staging[v]; p != nil {
			explainStep(&b, p.step, md, stagingPaths(c, p), obs)
		}
	}
	return b.String()
}

// between returns the storage names of the versions after from and before
// to: those whose bags hold a staged property.
func between(c *chain, from, to *version) []string {
	var out []string
	for _, v := range c.versions[slices.Index(c.versions, from)+1 : slices.Index(c.versions, to)] {
		out = append(out, v.storageName)
	}
	return out
}

// stagingPaths returns the JSON paths of the staged types of p: those of
// the properties they stage, in the step of p.at.
func stagingPaths(c *chain, p *stagingPkg) map[string]string {
	s := c.storage[p.at]
	paths := typePaths(s, nil)
	out := map[string]string{}
	for _, st := range p.props {
		path, t := joinPath(paths[s.hostType(st.owner)], st.earlier.jsonName), st.earlier.ref
		path, t = elemPath(path, t)
		if t.kind == refObject {
			if _, ok := out[t.name]; !ok {
				out[t.name] = path
			}
		}
	}
	return out
}

// explainRow is a property of a step, as explain shows it.
type explainRow struct {
	property, path, action, detail string
	// key orders the rows: the path of the property as the host side
	// reaches its type, so that a property only the other side has stays
	// among its siblings when an outer property was renamed.
	key string
}

// seeds, for a staging package's step, gives the paths of its staged
// types (it has no root type).
// obs, when not nil, is what running the hooks showed.
func explainStep(b *strings.Builder, s *step, md bool, seeds map[string]string, obs observations) {
	title := s.hostName + " → " + s.otherName
	if md {
		fmt.Fprintf(b, "\n## %s\n\n", title)
	} else {
		fmt.Fprintf(b, "\n%s\n%s\n\n", title, strings.Repeat("-", len([]rune(title))))
	}
	paths := typePaths(s, seeds)
	// The paths of the types as the other side reaches them: another
	// where a property on the way was renamed.
	otherPaths := typePathsOn(s, seeds, false)
	counts := map[string]int{}
	var rows []explainRow
	var hooks, renamed, observed []string
	var hooked []string // the paths of the types with hooks both ways, which handle what they hold
	for _, p := range s.pairs {
		if path, ok := paths[p.name]; ok && p.hookTo && p.hookFrom {
			hooked = append(hooked, path)
		}
	}
	owners := map[*stepMove]*pair{} // the pair whose copy writes each move
	for _, p := range s.pairs {
		for _, sm := range p.moves {
			owners[sm] = p
		}
	}
	for _, p := range s.pairs {
		if p.name != p.otherName {
			renamed = append(renamed, fmt.Sprintf("%s in %s is %s in %s", p.name, s.hostName, p.otherName, s.otherName))
		}
		var dirs []string
		if p.hookTo {
			dirs = append(dirs, hookTo)
		}
		if p.hookFrom {
			dirs = append(dirs, hookFrom)
		}
		if len(dirs) > 0 {
			hooks = append(hooks, fmt.Sprintf("%s (%s)", p.name, strings.Join(dirs, ", ")))
		}
		var moved []landing
		if obs != nil && p.hookTo {
			moved = obs.moved(s, p, true)
		}
		for _, pr := range p.props {
			r := explainProp(s, p, pr)
			r.path = joinPath(paths[p.name], jsonNameOf(pr))
			r.key = r.path
			if op, ok := otherPaths[p.name]; ok && pr.host == nil {
				// Only the other side has it: named as that side
				// names it, where that side has it.
				r.property = p.otherName + "." + pr.other.name
				r.path = joinPath(op, pr.other.jsonName)
			}
			if hook := hookDetail(s, pr, moved, paths[p.name], pathOr(otherPaths, p.name, paths[p.name])); hook != "" {
				r.detail = hook
			} else if obs != nil && (pr.action == actStash || pr.action == actRecall) && (p.hookTo || p.hookFrom) && handled(s, pr, true) {
				// The hooks name it, and no marker of it moved: a bool
				// (Cluster API's v1alpha3 controlPlaneInitialized, which
				// they show as a condition), a value of another package
				// (autoscaling's resource.Quantity), one they take from a
				// bag, or one they act on only when it is one they
				// expect. The bag is where the copy leaves it, not all
				// that happens to it.
				r.detail += fmt.Sprintf("; the hooks of %s name it: what they do with it is not observed (bools, bags and types of other packages hold no marker; a hook may act only on values it expects)", p.name)
			} else if obs != nil && (pr.action == actCopy || pr.action == actConvert) && (p.hookTo || p.hookFrom) && handled(s, pr, true) && unmarked(pr) {
				// The same for a value the copy takes across, which the
				// hooks may rewrite: prometheus-operator's
				// AlertmanagerConfig keeps its child routes as text
				// (apiextensions' JSON), whose matchers hooks respell.
				r.detail += fmt.Sprintf("; the hooks of %s name it: what they do with it is not observed (bools and types of Kubernetes' packages hold no marker; a hook may act only on values it expects)", p.name)
			}
			if !s.twin && !s.staging {
				// As the generator's warnings say (meaningWarnings).
				r.detail += meaningDetail(s, p, pr, handled(s, pr, p.hookTo && p.hookFrom || within(paths[p.name], hooked)))
				if o := owners[pr.move]; pr.action == actMoved && pr.host != nil && o != nil {
					// Once a move, on the host side's row.
					r.detail += moveMeaningDetail(s, o, pr.move, o.hookTo && o.hookFrom || within(paths[o.name], hooked))
				}
			}
			counts[r.action]++
			rows = append(rows, r)
		}
		if obs != nil && (p.hookTo || p.hookFrom) {
			for _, to := range []bool{true, false} {
				dir := "towards " + s.otherName
				if !to {
					dir = "back from " + s.otherName
				}
				var texts []string
				from, into := paths[p.name], pathOr(otherPaths, p.name, paths[p.name])
				if !to {
					from, into = into, from
				}
				for _, l := range obs.moved(s, p, to) {
					texts = append(texts, "hook: "+landingText(from, into, l))
				}
				if w := obs.written(s, p, to); len(w) > 0 {
					for i := range w {
						w[i] = joinPath(into, w[i])
					}
					texts = append(texts, "hook: writes "+strings.Join(w, ", ")+" (values that hold no marker: constants, or what it derives from others: a bool, a number it formats, text it parses)")
				}
				if len(texts) == 0 {
					texts = []string{"no marked value lands away from its own path"}
				}
				observed = append(observed, fmt.Sprintf("%s, %s: %s", p.name, dir, strings.Join(texts, "; ")))
			}
		}
	}
	slices.SortFunc(rows, func(x, y explainRow) int {
		return strings.Compare(x.key+"\x00"+x.property, y.key+"\x00"+y.property)
	})
	header := explainRow{property: "property", path: "path", action: "action", detail: "detail"}
	if md {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n| --- | --- | --- | --- |\n", header.property, header.path, header.action, header.detail)
		for _, r := range rows {
			fmt.Fprintf(b, "| `%s` | `%s` | %s | %s |\n", r.property, r.path, r.action, mdEscape(r.detail))
		}
		b.WriteString("\n")
	} else {
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", strings.ToUpper(header.property), strings.ToUpper(header.path), strings.ToUpper(header.action), strings.ToUpper(header.detail))
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.property, r.path, r.action, strings.ReplaceAll(r.detail, "`", ""))
		}
		_ = tw.Flush()
		b.WriteString("\n")
	}
	var summary []string
	for _, a := range []string{"copied", "converted", "renamed", "moved", "stashed", "recalled", "type changed", "staged through compat"} {
		if a != "staged through compat" && a != "moved" || counts[a] > 0 {
			summary = append(summary, fmt.Sprintf("%d %s", counts[a], a))
		}
	}
	fmt.Fprintf(b, "Summary: %s.\n", strings.Join(summary, ", "))
	if len(renamed) > 0 {
		fmt.Fprintf(b, "Types renamed: %s.\n", strings.Join(renamed, "; "))
	}
	if len(hooks) > 0 {
		fmt.Fprintf(b, "Hooks: %s.\n", strings.Join(hooks, "; "))
	} else {
		b.WriteString("Hooks: none.\n")
	}
	for _, o := range observed {
		fmt.Fprintf(b, "Observed: %s.\n", o)
	}
}

// hookDetail says, for a property a step stashes or recalls, where the
// hooks of the step (observed, moved) put its value instead: the host's
// value that landed in fields of the other side, or the values of the host
// that landed in the other side's property. prefix is the path of the
// type on the host side, otherPrefix on the other side. It is "" when no
// hook moves a value of the property.
func hookDetail(s *step, pr *prop, moved []landing, prefix, otherPrefix string) string {
	var texts []string
	switch pr.action {
	case actStash:
		for _, l := range moved {
			if first(l.From) == pr.host.jsonName {
				texts = append(texts, landingText(prefix, otherPrefix, l))
			}
		}
		if len(texts) > 0 {
			return fmt.Sprintf("`%s`, not in %s; hook: %s", pr.host.ref, s.otherName, strings.Join(texts, "; "))
		}
	case actRecall:
		var into []string
		for _, l := range moved {
			for _, p := range l.Into {
				if first(p) == pr.other.jsonName {
					texts = append(texts, joinPath(prefix, l.From))
					if !slices.Contains(into, joinPath(otherPrefix, p)) {
						into = append(into, joinPath(otherPrefix, p))
					}
				}
			}
		}
		if len(texts) > 0 {
			return fmt.Sprintf("`%s`, not in %s; hook: %s → %s", pr.other.ref, s.hostName, strings.Join(texts, ", "), strings.Join(into, ", "))
		}
	}
	return ""
}

// first returns the first member name of a JSON path.
func first(path string) string {
	name, _, _ := strings.Cut(path, ".")
	if i := strings.IndexAny(name, "[{"); i >= 0 {
		name = name[:i]
	}
	return name
}

// explainProp says what step s does with the property pr of the pair p.
func explainProp(s *step, p *pair, pr *prop) explainRow {
	r := explainRow{property: p.name + "." + pr.name()}
	switch pr.action {
	case actCopy:
		r.action, r.detail = "copied", "`"+pr.host.ref.String()+"`"
		if o := pr.other.ref.String(); o != pr.host.ref.String() {
			// A collection on one side, its slice or map on the other.
			r.detail += " → `" + o + "`"
		}
	case actConvert:
		r.action, r.detail = "converted", conversionDetail(pr.host.ref, pr.other.ref)
		r.detail += extOnlyDetail(s, pr.host.ref, pr.other.ref)
		if _, _, ok := pointedCollection(pr.host.ref, pr.other.ref); ok && !s.twin {
			// The side of the list or map without the pointer: with
			// omitempty, its bag marks a pointer to an empty one.
			held, holder := pr.other, s.otherName
			if pr.host.ref.kind != refPointer {
				held, holder = pr.host, s.hostName
			}
			if held.omitEmpty {
				r.detail += fmt.Sprintf("; a pointer to an empty one, which %s's omitempty shows as absent, is marked in its bag (`%s`)", holder, emptyKey(held))
			}
		}
	case actStash:
		r.action = "stashed"
		r.detail = fmt.Sprintf("`%s`, not in %s: kept in its property bag", pr.host.ref, s.otherName)
		r.detail += removalDetail(s, p, pr.host, true)
	case actRecall:
		r.action = "recalled"
		r.detail = fmt.Sprintf("`%s`, not in %s: recalled from the property bag of %s", pr.other.ref, s.hostName, s.hostName)
		r.detail += removalDetail(s, p, pr.other, false)
	case actStage:
		st := pr.staged
		r.action = "staged through compat"
		r.detail = fmt.Sprintf("`%s`, not in %s: its property bag keeps %s's shape `%s.%s` (cloned into %s), recalled and converted with compat.Property `%s`",
			pr.other.ref, s.hostName, st.from.storageName, stagingName(st.pkg.at), st.staged, st.pkg.v.storageName, st.variable)
		hook := "hooks present"
		if sp := st.pkg.step.byName[stagedName(st.staged)]; sp != nil && (!sp.hookTo || !sp.hookFrom) {
			hook = "hooks missing: the fields of each shape are kept in the other's bag"
		}
		r.detail += "; " + hook
	case actMoved:
		m := pr.move.m
		r.action = "moved"
		if f := pr.host; f != nil && s.host == m.newer || f == nil && s.other == m.newer {
			r.detail = fmt.Sprintf("`%s`, from `%s` in %s (+hubspoke:movedFrom)", fieldOf(pr).ref, m.from, m.older.storageName)
		} else {
			r.detail = fmt.Sprintf("`%s`, to `%s` in %s (+hubspoke:movedFrom)", fieldOf(pr).ref, m.path, m.newer.storageName)
		}
	case actRetype:
		r.action = "type changed"
		hook := "hooks present"
		if !p.hookTo || !p.hookFrom {
			hook = "needs a hook: missing"
		}
		r.detail = fmt.Sprintf("`%s` → `%s` in %s: each side keeps the other's value in its bag", pr.host.ref, pr.other.ref, s.otherName)
		for _, e := range [][2]string{{s.otherName, pr.earlierTo}, {s.hostName, pr.earlierFrom}} {
			if e[1] != "" {
				r.detail += fmt.Sprintf("; %s also reads `%s` (the type changed back)", e[0], e[1])
			}
		}
		r.detail += "; " + hook
	}
	if len(pr.clears) > 0 {
		var moved []string
		for _, c := range pr.clears {
			moved = append(moved, fmt.Sprintf("`%s` in %s is `%s` in %s", c.m.from, c.m.older.storageName, c.m.path, c.m.newer.storageName))
		}
		r.detail += "; the bag does not keep what moves carry: " + strings.Join(moved, ", ")
	}
	r.detail += keysMovedDetail(s, pr)
	if pr.host != nil && pr.other != nil && !pr.renamed && pr.host.jsonName != pr.other.jsonName {
		// One Go name, two JSON names: the copy goes by the Go name.
		r.detail += fmt.Sprintf("; JSON name `%s` in %s, `%s` in %s", pr.host.jsonName, s.hostName, pr.other.jsonName, s.otherName)
	}
	if pr.renamed {
		how := r.action
		if how == "copied" || how == "converted" {
			r.detail = how + ", " + r.detail
		}
		r.action = "renamed"
		r.detail = fmt.Sprintf("%s in %s is %s in %s; %s", pr.host.name, s.hostName, pr.other.name, s.otherName, r.detail)
	}
	return r
}

// keysMovedDetail says, for a free-form map both sides of s have, which of
// its keys a declared move takes to a field (or brings back from one): the
// map's row says it is copied, and the key's value is not.
func keysMovedDetail(s *step, pr *prop) string {
	if pr.host == nil || pr.other == nil {
		return ""
	}
	var keys []string
	for _, q := range s.pairs {
		for _, sm := range q.moves {
			hops := sm.otherHops
			if sm.hostKeyed {
				hops = sm.hostHops
			}
			if !sm.m.keyed || sm.counterpart == nil || len(hops) == 0 {
				continue
			}
			if f := hops[len(hops)-1].f; f == pr.host || f == pr.other {
				keys = append(keys, fmt.Sprintf("`%s` in %s is `%s` in %s", sm.m.from, sm.m.older.storageName, sm.m.path, sm.m.newer.storageName))
			}
		}
	}
	if len(keys) == 0 {
		return ""
	}
	return "; a key moves to a field (+hubspoke:movedFrom): " + strings.Join(keys, ", ")
}

// removalDetail says, for a property only the older side of a storage step
// has, whether its removal was acknowledged. f is on the host side when
// host is true.
func removalDetail(s *step, p *pair, f *field, host bool) string {
	if s.twin || s.staging {
		return ""
	}
	hostOlder := s.host.order.Compare(s.other.order) < 0
	if hostOlder != host {
		return "" // added by the newer version
	}
	newer, typ := s.other, p.otherName
	if !hostOlder {
		newer, typ = s.host, p.name
	}
	if newer.removed[typ][f.name] {
		return fmt.Sprintf(" (removed in %s on purpose)", newer.name)
	}
	if pr := propOf(p, f); pr != nil && len(pr.clears) > 0 {
		older := s.host
		if !hostOlder {
			older = s.other
		}
		if t := deref(f.ref); t.kind == refObject && allCleared(older, older.twins[t.name], pr.clears) {
			return fmt.Sprintf(" (removed in %s: every property of it moved)", newer.name)
		}
	}
	return fmt.Sprintf(" (removed in %s: not acknowledged)", newer.name)
}

// unmarked reports whether the values of pr hold no marker of explain's
// observing program (see fill in observeRuntime): bools and bytes, and
// values of types of Kubernetes' packages (apiextensions' JSON,
// resource.Quantity), also in pointers, lists and maps.
func unmarked(pr *prop) bool {
	f := pr.host
	if f == nil {
		f = pr.other
	}
	if f == nil || f.ref == nil {
		return false
	}
	r := f.ref
	for r.kind == refPointer || r.kind == refSlice || r.kind == refMap {
		r = r.elem
	}
	switch r.kind {
	case refBasic:
		b, ok := r.typ.Underlying().(*types.Basic)
		return ok && b.Info()&types.IsBoolean != 0 || ok && (b.Kind() == types.Int8 || b.Kind() == types.Uint8)
	case refExternal:
		n, ok := types.Unalias(r.typ).(*types.Named)
		return ok && n.Obj().Pkg() != nil && strings.HasPrefix(n.Obj().Pkg().Path(), "k8s.io/")
	}
	return false
}

// extOnlyDetail names, for a struct of another package converted field by
// field to a struct of a version (a of the host side, b of the other), the
// properties only the other package's struct has: the copy keeps them in
// the bag of the version's struct, so no client of that version sees them
// (corev1.SecretKeySelector's optional, which prometheus-operator's
// AlertmanagerConfig v1beta1 SecretKeySelector has no field for). The
// row would otherwise read as though every value arrived.
func extOnlyDetail(s *step, a, b *typeRef) string {
	for a.kind == refPointer || a.kind == refSlice || a.kind == refMap {
		a = a.elem
	}
	for b.kind == refPointer || b.kind == refSlice || b.kind == refMap {
		b = b.elem
	}
	ext, local, localName := a, b, s.otherName
	if b.kind == refExternal {
		ext, local, localName = b, a, s.hostName
	}
	if ext.kind != refExternal || local.kind != refObject {
		return ""
	}
	for _, sp := range s.shapes {
		if sp.local.name != local.name || !types.Identical(sp.ext, ext.typ) || len(sp.extOnly) == 0 {
			continue
		}
		var names []string
		for _, f := range sp.extOnly {
			names = append(names, "`"+f.jsonName+"`")
		}
		return fmt.Sprintf("; %s only in `%s`: kept in the bag of `%s`, not shown in %s", strings.Join(names, ", "), externalByPath(ext), local.name, localName)
	}
	return ""
}

// conversionDetail says how a value of type a becomes one of type b.
func conversionDetail(a, b *typeRef) string {
	var parts []string
	namesShown := false // the names of the collections at this depth are in parts
	for {
		switch {
		case a.kind != refPointer && b.kind == refPointer:
			parts = append(parts, "value → optional")
			b = b.elem
			continue
		case a.kind == refPointer && b.kind != refPointer:
			parts = append(parts, "optional → value")
			a = a.elem
			continue
		case a.kind == refPointer:
			a, b = a.elem, b.elem
			continue
		case (a.kind == refSlice || a.kind == refMap) && (a.named != "" || b.named != "") && !namesShown:
			// A collection (type ExtraValue []string) on either side:
			// its name, then how its slice or map converts.
			namesShown = true
			if a.String() == b.String() {
				parts = append(parts, "`"+a.String()+"`")
			} else {
				parts = append(parts, fmt.Sprintf("`%s` → `%s`", a, b))
			}
			if convertible(a, b) {
				return strings.Join(parts, ", ")
			}
			continue
		case a.kind == refSlice:
			namesShown = false
			parts = append(parts, "element-wise")
			a, b = a.elem, b.elem
			continue
		case a.kind == refMap:
			namesShown = false
			switch {
			case a.key.String() != b.key.String():
				// Keys of a string type of the version, or of another
				// one, or strings: each key converts by its text.
				parts = append(parts, fmt.Sprintf("keys by value `%s` → `%s`", a.key, b.key))
			case a.key.kind == refEnum:
				// The twin's own copy of the key type: the same name.
				parts = append(parts, "keys `"+a.key.String()+"`")
			}
			parts = append(parts, "value-wise")
			a, b = a.elem, b.elem
			continue
		case (a.kind == refExternal) != (b.kind == refExternal) && (a.kind == refObject || b.kind == refObject):
			// The other package's struct by its import path: core/v1's
			// ObjectReference is no type of an API version named v1.
			parts = append(parts, fmt.Sprintf("field by field, the same JSON: `%s` → `%s`", externalByPath(a), externalByPath(b)))
		case a.kind == refObject && a.name != b.name:
			parts = append(parts, "struct `"+a.name+"` → `"+b.name+"` (type renamed)")
		case a.kind == refObject:
			parts = append(parts, "struct `"+a.name+"`")
		case a.kind == refEnum && a.String() == b.String():
			parts = append(parts, "enum `"+a.String()+"`")
		case a.kind == refEnum || b.kind == refEnum:
			parts = append(parts, fmt.Sprintf("enum by value `%s` → `%s`", a, b))
		case a.String() != b.String():
			parts = append(parts, fmt.Sprintf("by value `%s` → `%s`", a, b))
		default:
			parts = append(parts, "`"+a.String()+"`")
		}
		return strings.Join(parts, ", ")
	}
}

// typePaths returns, for each type step s converts, the shortest JSON path
// (then the first in sort order) from the root of a kind to a value of that type:
// spec.contacts[*] for the elements of a list, spec.accounts{*} for the
// values of a map.
func typePaths(s *step, seeds map[string]string) map[string]string {
	return typePathsOn(s, seeds, true)
}

// typePathsOn is typePaths on the host side of s when host is true, else
// on the other side: by the JSON names that side gives the properties on
// the way (still keyed by the host side's names of the types). A type
// that side reaches only through properties of the opposite side has the
// path of those.
func typePathsOn(s *step, seeds map[string]string, host bool) map[string]string {
	out := map[string]string{}
	var queue []string
	for _, p := range s.pairs {
		if host && p.host.root || !host && p.other != nil && p.other.root {
			out[p.name] = ""
			queue = append(queue, p.name)
		}
		if path, ok := seeds[p.name]; ok {
			out[p.name] = path
			queue = append(queue, p.name)
		}
	}
	slices.Sort(queue)
	for len(queue) > 0 {
		var next []string
		for _, name := range queue {
			p := s.byName[name]
			for _, pr := range p.props {
				f, other := pr.on(host), !host
				if f == nil {
					f, other = pr.on(!host), host
				}
				path, t := elemPath(joinPath(out[name], f.jsonName), f.ref)
				if t.kind != refObject {
					continue
				}
				tn := t.name
				if other {
					tn = s.hostType(tn)
				}
				if s.byName[tn] == nil {
					continue
				}
				old, seen := out[tn]
				switch {
				case !seen:
					next = append(next, tn)
					out[tn] = path
				case slices.Contains(next, tn) && (len(path) < len(old) || len(path) == len(old) && path < old):
					out[tn] = path
				}
			}
		}
		slices.Sort(next)
		queue = next
	}
	return out
}

// elemPath follows pointers, slices and maps from a value of type t at
// path to the element type: spec.contacts[*] for the elements of a list,
// spec.accounts{*} for the values of a map.
func elemPath(path string, t *typeRef) (string, *typeRef) {
	for t.kind == refPointer || t.kind == refSlice || t.kind == refMap {
		switch t.kind {
		case refSlice:
			path += "[*]"
		case refMap:
			path += "{*}"
		}
		t = t.elem
	}
	return path, t
}

// pathOr returns paths[name], or def when paths has no name.
func pathOr(paths map[string]string, name, def string) string {
	if p, ok := paths[name]; ok {
		return p
	}
	return def
}

func joinPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func jsonNameOf(pr *prop) string {
	if pr.host != nil {
		return pr.host.jsonName
	}
	return pr.other.jsonName
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func fieldOf(pr *prop) *field {
	if pr.host != nil {
		return pr.host
	}
	return pr.other
}

// propOf returns the property of p whose field (on either side) is f.
func propOf(p *pair, f *field) *prop {
	for _, pr := range p.props {
		if pr.host == f || pr.other == f {
			return pr
		}
	}
	return nil
}

// externalByPath returns the name of type r, a type of another package qualified
// by that package's import path (k8s.io/api/core/v1.ObjectReference).
func externalByPath(r *typeRef) string {
	if r.kind != refExternal {
		return r.String()
	}
	return types.TypeString(r.typ, func(p *types.Package) string { return p.Path() })
}
