package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// What a hook does cannot be read from the types: explain observes it.
// observeHooks writes a small program into the module of the API versions
// that runs, for every type a hook adjusts, the generated copy (which calls
// the hook last) in each direction on a value whose every string and
// number holds a marker of its own, and reports, for each marker, the
// fields of the result that hold it (also as part of a longer string) and
// whether a property bag of the result holds it. A value that lands in a
// field other than its own is what the hook did with it.

// landing is where the value of one leaf of the source landed.
type landing struct {
	Step string   `json:"step"` // "v2storage → v3storage"
	Type string   `json:"type"` // the host side's name of the type
	To   bool     `json:"to"`   // towards the other side (AssignProperties_To_…)
	From string   `json:"from"` // the leaf's JSON path in the type; "" for values that hold no marker, which the hook wrote
	Into []string `json:"into"` // the JSON paths of the result's fields that hold it
	Bag  bool     `json:"bag"`  // a property bag of the result holds it
}

// observations are the landings of a chain, by step, type and direction.
type observations map[string][]landing

func obsKey(step, typ string, to bool) string { return fmt.Sprintf("%s\x00%s\x00%v", step, typ, to) }

// observeHooks runs the hooked steps of c, whose API versions are in dir.
func observeHooks(c *chain, dir string) (observations, error) {
	type hooked struct {
		s *step
		p *pair
	}
	var steps []hooked
	for _, v := range c.versions {
		ss := []*step{c.twin[v], c.storage[v]}
		if sp := c.staging[v]; sp != nil {
			ss = append(ss, sp.step)
		}
		for _, s := range ss {
			if s == nil {
				continue
			}
			for _, p := range s.pairs {
				if p.hookTo || p.hookFrom {
					steps = append(steps, hooked{s, p})
				}
			}
		}
	}
	if len(steps) == 0 {
		return observations{}, nil
	}
	root, err := moduleRoot(dir)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("// Written and run by hubspoke-gen explain, then removed.\n\npackage main\n\nimport (\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"os\"\n\t\"reflect\"\n\t\"regexp\"\n\t\"slices\"\n\t\"strconv\"\n\t\"strings\"\n")
	alias := map[string]string{}
	name := func(path string) string {
		if a, ok := alias[path]; ok {
			return a
		}
		a := fmt.Sprintf("p%d", len(alias))
		alias[path] = a
		fmt.Fprintf(&b, "\t%s %q\n", a, path)
		return a
	}
	var body strings.Builder
	for _, h := range steps {
		s, p := h.s, h.p
		host, other := name(s.hostPath), name(s.otherPath)
		title := s.hostName + " → " + s.otherName
		fmt.Fprintf(&body, "\t{\n\t\tsrc, dst := new(%s.%s), new(%s.%s)\n\t\tm := fill(reflect.ValueOf(src))\n\t\terr := src.%s(dst)\n\t\treport(%q, %q, true, m, reflect.ValueOf(dst), err)\n\t}\n",
			host, p.name, other, p.otherName, assignTo(p.name), title, p.name)
		fmt.Fprintf(&body, "\t{\n\t\tsrc, dst := new(%s.%s), new(%s.%s)\n\t\tm := fill(reflect.ValueOf(src))\n\t\terr := dst.%s(src)\n\t\treport(%q, %q, false, m, reflect.ValueOf(dst), err)\n\t}\n",
			other, p.otherName, host, p.name, assignFrom(p.name), title, p.name)
	}
	// The hooks run once for each member of the largest union, each time
	// on values that set one member of every union.
	groups, rounds := observedUnions(c)
	b.WriteString(")\n\nfunc main() {\n")
	if rounds > 1 {
		fmt.Fprintf(&b, "\tunions = %#v\n\tfor choice = 0; choice < %d; choice++ {\n", groups, rounds)
	}
	b.WriteString(body.String())
	if rounds > 1 {
		b.WriteString("\t}\n")
	}
	b.WriteString("}\n")
	b.WriteString(observeRuntime)
	tmp, err := os.MkdirTemp(root, ".hubspoke-explain-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "run", "./"+filepath.Base(tmp))
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if lines := strings.Split(msg, "\n"); len(lines) > 6 {
			msg = strings.Join(append(lines[:6], "..."), "\n")
		}
		return nil, fmt.Errorf("running the hooks: %v\n%s", err, msg)
	}
	out := observations{}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(nil, 1<<20)
	seen := map[string]bool{} // each round of unions reports the rest again
	for sc.Scan() {
		if seen[sc.Text()] {
			continue
		}
		seen[sc.Text()] = true
		var l landing
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("reading what the hooks did: %v: %s", err, sc.Text())
		}
		k := obsKey(l.Step, l.Type, l.To)
		out[k] = append(out[k], l)
	}
	return out, sc.Err()
}

// observedUnions returns the members (Go names) of the unions of every
// struct type of c, by type name (those oneOfOptions declares to convtest),
// and the number of members of the largest, or 1 without unions.
func observedUnions(c *chain) (map[string][][]string, int) {
	groups := map[string][][]string{}
	rounds := 1
	for _, v := range c.versions {
		for _, name := range slices.Sorted(maps.Keys(v.objects)) {
			for _, names := range unionsOf(v.objects[name]) {
				if slices.ContainsFunc(groups[name], func(g []string) bool { return slices.Equal(g, names) }) {
					continue
				}
				groups[name] = append(groups[name], names)
				rounds = max(rounds, len(names))
			}
		}
	}
	return groups, rounds
}

// moduleRoot returns the directory of the go.mod that holds dir.
func moduleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is in no Go module", dir)
		}
	}
}

// declaredMove is where a declared move puts its value, below the type
// that holds it (see observations.moved).
type declaredMove struct {
	dst   string
	moved *pair // the pair of the struct moved whole, for the paths below it
}

// moved returns, for a type of a step in one direction, the landings that
// show a hook at work: a value in a field other than its own path (or the
// path a rename or a declared move of the type gives it: the generated
// copy writes those before the hook runs).
func (o observations) moved(s *step, p *pair, to bool) []landing {
	declared := map[string]declaredMove{} // the path of a move's value in the source → in the destination, below the type
	for _, sm := range p.moves {
		srcKeyed := sm.hostKeyed
		src, dst := hopsPath(sm.hostHops, sm.hostKeyed), hopsPath(sm.otherHops, sm.m.keyed && !sm.hostKeyed)
		if !to {
			srcKeyed = sm.m.keyed && !sm.hostKeyed
			src, dst = dst, src
		}
		if !srcKeyed {
			// (The observed map holds another key than the one moved.)
			d := declaredMove{dst: dst}
			if t := deref(sm.hostHops[len(sm.hostHops)-1].f.ref); t.kind == refObject {
				d.moved = s.byName[t.name]
			}
			declared[src] = d
		}
	}
	var out []landing
	for _, l := range o[obsKey(s.hostName+" → "+s.otherName, p.name, to)] {
		if l.From == "" {
			continue // written, see written
		}
		own := renamedPath(s, p, to, l.From)
		if d, rest, ok := declaredPath(declared, l.From); ok {
			own = d.dst + rest
			if d.moved != nil && strings.HasPrefix(rest, ".") {
				// Below a struct the move carries whole: where the
				// struct's copy puts it.
				own = d.dst + "." + renamedPath(s, d.moved, to, rest[1:])
			}
		}
		if len(l.Into) > 0 && !slices.Equal(l.Into, []string{own}) {
			out = append(out, l)
		}
	}
	return out
}

// written returns, for a type of a step in one direction, the paths of
// the result where the hook wrote a value that holds no marker: a
// constant, or what it derives from a bool (which holds no marker) or
// from a value it parses (Cluster API's v1alpha3 controlPlaneInitialized,
// a bool, which hooks show as a condition of v1alpha4's list).
func (o observations) written(s *step, p *pair, to bool) []string {
	var out []string
	for _, l := range o[obsKey(s.hostName+" → "+s.otherName, p.name, to)] {
		if l.From == "" {
			for _, p := range l.Into {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// declaredPath returns the declared move (by its source path) that
// carries a value at path, and what of path lies below the move's source:
// a move carries what lies below the moved property too, the fields of a
// struct (spec.limits.cpu) and the elements of a list (cert-manager's
// spec.organization[*], moved to spec.subject.organizations[*]). The
// longest source that holds path wins.
func declaredPath(declared map[string]declaredMove, path string) (declaredMove, string, bool) {
	if d, ok := declared[path]; ok {
		return d, "", true
	}
	best, out, below := -1, declaredMove{}, ""
	for src, d := range declared {
		if rest, ok := strings.CutPrefix(path, src); ok && rest != "" && strings.ContainsRune(".[{", rune(rest[0])) && len(src) > best {
			best, out, below = len(src), d, rest
		}
	}
	return out, below, best >= 0
}

// renamedPath returns the path that the generated copy of step s gives a
// value at path below the type of p in the source of the direction (the
// host's towards the other side when to is true): each property on the way,
// at every depth, takes the JSON name it has on the destination side, which
// a +hubspoke:renamedFrom, or a field of one Go name whose JSON name
// changed (apiextensions' printer column, JSONPath in v1beta1 and jsonPath
// in v1), makes another.
func renamedPath(s *step, p *pair, to bool, path string) string {
	parts := strings.Split(path, ".")
	cur := p
	for i, part := range parts {
		if cur == nil {
			break
		}
		name, suffix := part, ""
		if j := strings.IndexAny(part, "[{"); j >= 0 {
			name, suffix = part[:j], part[j:]
		}
		var next *pair
		for _, pr := range cur.props {
			if pr.host == nil || pr.other == nil {
				continue
			}
			src, dst := pr.host, pr.other
			if !to {
				src, dst = dst, src
			}
			if src.jsonName != name {
				continue
			}
			parts[i] = dst.jsonName + suffix
			if pr.action != actRetype && pr.host.ref != nil {
				if _, t := elemPath("", pr.host.ref); t.kind == refObject {
					next = s.byName[t.name]
				}
			}
			break
		}
		cur = next
	}
	return strings.Join(parts, ".")
}

// hopsPath is the path of the fields hops below their type, as the
// observing program writes it: a map's keys as {*} when keyed.
func hopsPath(hops []hop, keyed bool) string {
	var path string
	for _, h := range hops {
		path = joinPath(path, h.f.jsonName)
	}
	if keyed {
		path += "{*}"
	}
	return path
}

// landingText says where a value went: "spec.firstName → spec.fullName,
// spec.knownAs (and kept in the bag)". from is the path of the type in the
// source of the direction, into in its destination: another where a
// property on the way was renamed.
func landingText(from, into string, l landing) string {
	paths := make([]string, len(l.Into))
	for i, p := range l.Into {
		paths[i] = joinPath(into, p)
	}
	text := joinPath(from, l.From) + " → " + strings.Join(paths, ", ")
	if l.Bag {
		text += " (and kept in the bag)"
	}
	return text
}

// observeRuntime is the part of the observing program that fills values
// and finds them again, by reflection.
const observeRuntime = `
type marker struct {
	path string
	text string  // a string marker
	num  float64 // a number marker, when text is ""
}

var count int

// unions holds the members (Go names) of each union of a struct type, by
// the type's name; fill sets member choice (modulo their number) of each
// and leaves the others zero, as a valid object does.
var (
	unions map[string][][]string
	choice int
)

// fill gives every string and number reachable from v (a pointer) a
// marker of its own, allocating pointers and one element of each list and
// map (whose key is a marker too, at the map's path and {key}), and
// returns the markers by path. Property bags and metadata stay
// empty; bools and small integers hold no marker. Of the members of a
// union, only the one choice picks is filled.
func fill(v reflect.Value) []marker {
	var out []marker
	var walk func(v reflect.Value, path string, depth int)
	walk = func(v reflect.Value, path string, depth int) {
		if depth > 8 {
			return
		}
		t := v.Type()
		if strings.HasSuffix(t.PkgPath(), "/propertybag") || strings.HasPrefix(t.PkgPath(), "k8s.io/") {
			return
		}
		switch t.Kind() {
		case reflect.Pointer:
			v.Set(reflect.New(t.Elem()))
			walk(v.Elem(), path, depth+1)
		case reflect.Struct:
			unset := map[string]bool{}
			for _, members := range unions[t.Name()] {
				for i, m := range members {
					if i != choice%len(members) {
						unset[m] = true
					}
				}
			}
			for i := range t.NumField() {
				f := t.Field(i)
				name := jsonName(f)
				if name == "" || !f.IsExported() && !f.Anonymous || unset[f.Name] {
					continue
				}
				p := path
				if name != "," {
					p = join(path, name)
				}
				if f.IsExported() {
					walk(v.Field(i), p, depth+1)
				}
			}
		case reflect.Slice:
			if t.Elem().Kind() == reflect.Uint8 {
				return
			}
			v.Set(reflect.MakeSlice(t, 1, 1))
			walk(v.Index(0), path+"[*]", depth+1)
		case reflect.Map:
			if t.Key().Kind() != reflect.String {
				return
			}
			// The key is a marker too: a hook may make a map's keys the
			// values of a field (ARM IDs that key a map in one version
			// and fill a list of references in the next), or back.
			count++
			key := fmt.Sprintf("<m%d>", count)
			out = append(out, marker{path: path + "{key}", text: key})
			m := reflect.MakeMap(t)
			e := reflect.New(t.Elem()).Elem()
			walk(e, path+"{*}", depth+1)
			m.SetMapIndex(reflect.ValueOf(key).Convert(t.Key()), e)
			v.Set(m)
		case reflect.String:
			count++
			text := fmt.Sprintf("<m%d>", count)
			v.SetString(text)
			out = append(out, marker{path: path, text: text})
		case reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			count++
			v.SetInt(int64(1000 + count))
			out = append(out, marker{path: path, num: float64(1000 + count)})
		case reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
			count++
			v.SetUint(uint64(1000 + count))
			out = append(out, marker{path: path, num: float64(1000 + count)})
		case reflect.Float32, reflect.Float64:
			count++
			v.SetFloat(float64(count) + 0.5)
			out = append(out, marker{path: path, num: float64(count) + 0.5})
		case reflect.Bool:
			v.SetBool(true)
		}
	}
	walk(v.Elem(), "", 0)
	return out
}

// jsonName is the name encoding/json gives f: "" when it skips it, ","
// for an embedded struct whose fields it inlines.
func jsonName(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return ""
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" && f.Anonymous {
		return ","
	}
	if name == "" {
		return f.Name
	}
	return name
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

type found struct {
	path  string
	text  string
	num   float64
	isNum bool
	bag   bool
}

// leaves lists the strings and numbers reachable from v, a map's string
// keys among them (at the map's path and {key}), and the values in its
// property bags (as JSON text). An element of a list is at its index:
// report says [*] where the marker came from a list or a map.
func leaves(v reflect.Value, path string, depth int, out *[]found) {
	if depth > 12 || !v.IsValid() {
		return
	}
	t := v.Type()
	if strings.HasSuffix(t.PkgPath(), "/propertybag") && t.Kind() == reflect.Map {
		for it := v.MapRange(); it.Next(); {
			bag := reflect.ValueOf(it.Value().Interface())
			if bag.Kind() == reflect.String {
				*out = append(*out, found{text: bag.String(), bag: true})
				continue
			}
			leaves(bag, "", depth+1, out)
		}
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			leaves(v.Elem(), path, depth+1, out)
		}
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			name := jsonName(f)
			if name == "" || !f.IsExported() {
				continue
			}
			p := path
			if name != "," {
				p = join(path, name)
			}
			leaves(v.Field(i), p, depth+1, out)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			leaves(v.Index(i), path+"["+strconv.Itoa(i)+"]", depth+1, out)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if k := it.Key(); k.Kind() == reflect.String {
				*out = append(*out, found{path: path + "{key}", text: k.String()})
			}
			leaves(it.Value(), path+"{*}", depth+1, out)
		}
	case reflect.String:
		*out = append(*out, found{path: path, text: v.String()})
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		*out = append(*out, found{path: path, num: float64(v.Int()), isNum: true})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		*out = append(*out, found{path: path, num: float64(v.Uint()), isNum: true})
	case reflect.Float32, reflect.Float64:
		*out = append(*out, found{path: path, num: v.Float(), isNum: true})
	}
}

// listIndex matches the index of an element of a list in a path.
var listIndex = regexp.MustCompile(` + "`\\[[0-9]+\\]`" + `)

// report prints, for each marker, where it landed in dst, as a JSON line.
// A marker that came from an element of a list or a map (one of each is
// filled) lands at [*], for every element; one from outside any lands at
// the index it has (a reference that becomes the first of a list of them:
// targetRef.name → targetRefs[0].name).
func report(step, typ string, to bool, markers []marker, dst reflect.Value, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %s: %v\n", step, typ, err)
		os.Exit(1)
	}
	var all []found
	leaves(dst, "", 0, &all)
	for _, m := range markers {
		l := struct {
			Step string   ` + "`json:\"step\"`" + `
			Type string   ` + "`json:\"type\"`" + `
			To   bool     ` + "`json:\"to\"`" + `
			From string   ` + "`json:\"from\"`" + `
			Into []string ` + "`json:\"into\"`" + `
			Bag  bool     ` + "`json:\"bag\"`" + `
		}{Step: step, Type: typ, To: to, From: m.path}
		numText := strconv.FormatFloat(m.num, 'f', -1, 64)
		for _, f := range all {
			hit := false
			switch {
			case m.text != "":
				hit = strings.Contains(f.text, m.text)
			case f.isNum:
				hit = f.num == m.num
			case f.bag:
				hit = regexp.MustCompile("(^|[^0-9.])" + regexp.QuoteMeta(numText) + "($|[^0-9.])").MatchString(f.text)
			}
			switch {
			case !hit:
			case f.bag:
				l.Bag = true
			default:
				p := f.path
				if strings.ContainsAny(m.path, "[{") {
					p = listIndex.ReplaceAllString(p, "[*]")
				}
				if !slices.Contains(l.Into, p) {
					l.Into = append(l.Into, p)
				}
			}
		}
		data, _ := json.Marshal(l)
		fmt.Println(string(data))
	}
	// What holds no marker and is not zero the hook wrote: a constant (a
	// condition it adds for a bool of the source), or a value it derives
	// from a bool or from a value it parses. One line, without from.
	nums := map[float64]bool{}
	for _, m := range markers {
		if m.text == "" {
			nums[m.num] = true
		}
	}
	var written []string
	for _, f := range all {
		if f.bag || f.isNum && (f.num == 0 || nums[f.num]) || !f.isNum && (f.text == "" || strings.Contains(f.text, "<m")) {
			continue
		}
		if p := listIndex.ReplaceAllString(f.path, "[*]"); !slices.Contains(written, p) {
			written = append(written, p)
		}
	}
	if len(written) > 0 {
		data, _ := json.Marshal(struct {
			Step string   ` + "`json:\"step\"`" + `
			Type string   ` + "`json:\"type\"`" + `
			To   bool     ` + "`json:\"to\"`" + `
			Into []string ` + "`json:\"into\"`" + `
		}{step, typ, to, written})
		fmt.Println(string(data))
	}
}
`
