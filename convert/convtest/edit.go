package convtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// editAnnotation names, on the object the edit check writes, the value its
// client changed, for a hook's author reading a failure (and for the kit's
// own tests, which count conversions).
const editAnnotation = "convtest.hubspoke.dev/edited"

// checkEdit is the part of the update check that plays a client who
// changes what it read before it writes it back: sent, an object of API
// version version as the client got it from the hub (through JSON, with
// the bags it carries), with one value of its own data (its spec or
// status, or another member but apiVersion, kind and metadata) replaced by
// the value another random object of the version has there, or removed
// where that object has none (drawn with seed). Converted to the hub,
// stored, and read again at version, it must show what the client wrote:
// a value kept in a bag for another version must not come back over the
// client's change. The bags the objects carry are not compared. It returns
// "" or what is wrong.
func (k *kit) checkEdit(sent, hubBefore runtime.Object, version string, seed int64) string {
	r := rand.New(rand.NewPCG(uint64(seed), 0x6564697473212121))
	other := k.gen.sample(version, r.Int64())
	if other.Err != nil || other.Object == nil {
		return "" // the round trip reports a sample it cannot build
	}
	tree, err := plainTree(sent)
	if err != nil {
		return ""
	}
	otherTree, err := plainTree(other.Object)
	if err != nil {
		return ""
	}
	edits, ok := editTree(tree, otherTree, r)
	if !ok {
		return ""
	}
	// The path as the version's shape names it: its maps' keys as keys,
	// and the value compared whole where the version holds it whole.
	path := shapeOf(reflect.TypeOf(k.newObject(version))).concrete(edits)
	where := renderPath(edits)
	if path != nil {
		where = renderPath(path)
	}
	data, err := json.Marshal(tree)
	if err != nil {
		return ""
	}
	edited := k.newObject(version)
	if err := json.Unmarshal(data, edited); err != nil {
		return "" // not an object of the version: no client sends it
	}
	if meta, ok := edited.(metav1.Object); ok {
		a := maps.Clone(meta.GetAnnotations())
		if a == nil {
			a = map[string]string{}
		}
		a[editAnnotation] = where
		meta.SetAnnotations(a)
	}
	if k.gen.refused(edited) {
		return "" // the API server refuses two list elements with the same keys
	}
	// The conversion gets the object as the client sent it; the client
	// reads back what its version's type writes of it: a struct tagged
	// omitzero left with only an empty map or list (a selector whose one
	// label the client removed) is sent as {}, which decodes to a zero
	// struct, which omitzero drops.
	settled, p := fromJSON(edited, fmt.Sprintf("the %s object a client edited", version))
	if p != "" {
		return p
	}
	written, p := viaJSON(settled, fmt.Sprintf("the %s object a client edited", version))
	if p != "" {
		return p
	}
	hubName := fmt.Sprintf("the hub (%s)", k.hub)
	what := fmt.Sprintf("the %s object, read from %s, with %s changed by its client", version, hubName, where)
	hub := k.newObject(k.hub)
	if err := call(func() error { return cloneObject(edited).(conversion.Convertible).ConvertTo(hub.(conversion.Hub)) }); err != nil {
		return fmt.Sprintf("converting %s to %s failed: %v", what, hubName, err)
	}
	stored, p := viaJSON(hub, fmt.Sprintf("%s converted from %s", hubName, what))
	if p != "" {
		return p
	}
	if broken := k.gen.cfg.brokenOneOf(stored); broken != "" && !k.gen.cfg.oneOfBroken(hubBefore) {
		// The edit was valid at version (the random edits skip objects
		// that break its own unions), but a member it set lands beside
		// one version cannot show: the API server stores the hub so, and
		// refuses it at every version that declares the union.
		return fmt.Sprintf("a client of %s that changed %s makes %s set two members of a union (%s): the API server stores it so, "+
			"and every version that declares the union reads an object its schema refuses (a write there that leaves the union as it is fails "+
			"where the API server does not ratchet it). A hook pair must clear the member %s cannot show when its client sets another.\n"+
			"the object the client wrote:\n%s",
			version, where, hubName, broken, version, indentLines(yamlOf(written, k.gk.WithVersion(version)), "    "))
	}
	back := k.newObject(version)
	if err := call(func() error { return back.(conversion.Convertible).ConvertFrom(stored.(conversion.Hub)) }); err != nil {
		return fmt.Sprintf("converting %s, written from %s, back to %s failed: %v", hubName, what, version, err)
	}
	back, p = viaJSON(back, fmt.Sprintf("the %s object read back", version))
	if p != "" {
		return p
	}
	if d := diff(withoutCarried(written), withoutCarried(back), k.opts); d != "" {
		return fmt.Sprintf("a client of %s that changed %s does not read back what it wrote: %s, converted to %s and read again at %s, differs (-written +read back, the bags left out):\n%s"+
			"the object the client wrote:\n%s",
			version, where, what, hubName, version, d, indentLines(yamlOf(written, k.gk.WithVersion(version)), "    "))
	}
	if path == nil {
		return "" // a value no version's shape names: nothing to follow
	}
	return k.checkEditElsewhere(written, version, path, stored, what)
}

// editReader is another version whose clients read what a client of the
// update check's version edited: the visibility check of the conversion
// from the edited version to it.
type editReader struct {
	version string
	vis     *visibility
}

// editReaders prepares the visibility checks from version to every other
// version clients read (the other API versions, and the hub when it is
// one), or returns the error of a wrong declaration.
func (k *kit) editReaders(version string) ([]editReader, error) {
	name := func(v string) string {
		if v == k.hub {
			return v + " (the hub)"
		}
		return v
	}
	readers := slices.Clone(k.gen.api)
	if !k.gen.hasBag[k.hub] {
		readers = append(readers, k.hub)
	}
	var out []editReader
	for _, y := range readers {
		if y == version {
			continue
		}
		vis, err := k.newVisibility(version, y, name)
		if err != nil {
			return nil, err
		}
		out = append(out, editReader{version: y, vis: vis})
	}
	return out, nil
}

// checkEditElsewhere is the part of checkEdit that reads stored, the hub
// written from edited (an object of version whose client changed the value
// at path), at every other version clients read (k.readers): the changed
// value must arrive there as Reliability's visibility check would require
// a value of version at path to arrive, through the same relations,
// defaults and exemptions. Where a version has no place for it, nothing is
// expected. Only the changed value is compared: values the client left
// alone may differ between versions. A hook that keeps a value in a bag
// for another version and restores it over the client's change
// (admissionregistration's v1beta1 sideEffects Unknown, restored over the
// None a v1 client set since) shows the old value there.
func (k *kit) checkEditElsewhere(edited runtime.Object, version string, path []seg, stored runtime.Object, what string) string {
	if len(k.readers) == 0 {
		return ""
	}
	// The values below path, and the declared defaults of those absent
	// there (a removed value reads as its default): the same for every
	// target, whose visibility checks share the source.
	leaves := k.readers[0].vis.leavesUnder(edited, path)
	if len(leaves) == 0 {
		return ""
	}
	for _, rd := range k.readers {
		var read runtime.Object
		err := call(func() error {
			var err error
			read, err = k.conv.ToVersion(stored, rd.version)
			return err
		})
		if err != nil {
			return fmt.Sprintf("converting the hub (%s), written from %s, to %s failed: %v", k.hub, what, rd.vis.to, err)
		}
		// (The other checks require stable JSON of every version.)
		read, p := fromJSON(read, fmt.Sprintf("the %s object read from the hub (%s) written from %s", rd.vis.to, k.hub, what))
		if p != "" {
			return p
		}
		b := reflect.ValueOf(read)
		for _, l := range leaves {
			if p := rd.vis.checkLeaf(l, b, read); p != "" {
				return fmt.Sprintf("after a client of %s changed %s, a client of %s reads another value than it wrote: %s\n"+
					"(A hook that keeps a value in a bag for %s must not bring it back over a value a client of another version changed since.)\n"+
					"the object the client of %s wrote:\n%s",
					version, renderPath(path), rd.vis.to, p, rd.vis.to, version, indentLines(yamlOf(edited, k.gk.WithVersion(version)), "    "))
			}
		}
	}
	return ""
}

// leavesUnder returns the values of obj, an object of the source, at path
// and below it, and the declared defaults of the source (Default) that
// stand for values absent there, as check walks them.
func (v *visibility) leavesUnder(obj runtime.Object, path []seg) []leaf {
	s, m := v.src.resolve(path)
	if s == nil {
		return nil
	}
	x := reflect.ValueOf(obj)
	var out []leaf
	walkLeaves(valueAt(x, v.src, path), s, m, slices.Clone(path), func(l leaf) bool {
		l.path = slices.Clone(l.path)
		out = append(out, l)
		return true
	})
	for _, d := range v.srcDefaults {
		walkAbsent(x, v.src, nil, d.pattern, make([]seg, 0, 16), func(at []seg, m *member) bool {
			if _, ok := matchPrefix(path, at); ok {
				out = append(out, leaf{path: slices.Clone(at), value: d.value, m: m, defaulted: true})
			}
			return true
		})
	}
	return out
}

// concrete turns path, the JSON names and indices of a value (every name
// a segField), into a concrete path of s: a name is a key where s has a
// map. It stops at a value s holds whole (a type with its own encoding, a
// map with keys other than strings), and returns nil where s has no such
// path.
func (s *shape) concrete(path []seg) []seg {
	out := make([]seg, 0, len(path))
	for _, p := range path {
		switch {
		case s.kind == shapeLeaf:
			return out
		case p.kind == segIndex && s.kind == shapeList:
			s = s.elem
		case p.kind == segField && s.kind == shapeMap:
			p, s = seg{kind: segKey, name: p.name}, s.elem
		case p.kind == segField && s.kind == shapeStruct && s.fields[p.name] != nil:
			s = s.fields[p.name].shape
		default:
			return nil
		}
		out = append(out, p)
	}
	return out
}

// plainTree returns obj's JSON as a tree, numbers kept as written.
func plainTree(obj runtime.Object) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var tree map[string]any
	if err := decodeNumbers(data, &tree); err != nil {
		return nil, err
	}
	return tree, nil
}

// editTree changes one value of tree, an object's JSON, among the
// object's own data (any member but apiVersion, kind and metadata: spec
// and status, or the webhooks of a ValidatingWebhookConfiguration), to
// the value other has at the same place, or removes it where other has
// none: it goes down through objects, and into an element both lists
// have, at random, and changes what it stops at. It reports the path it changed
// (every name a segField, as JSON does not tell a struct's members from a
// map's keys), and false when the value it stopped at is the same in both.
func editTree(tree, other map[string]any, r *rand.Rand) ([]seg, bool) {
	return editValue(tree, other, nil, r)
}

// editValue is editTree's step through the object node, whose counterpart
// in the other object is from, at path.
func editValue(node, from map[string]any, path []seg, r *rand.Rand) ([]seg, bool) {
	union := maps.Clone(node)
	maps.Copy(union, from)
	var keys, unset []string
	for _, key := range slices.Sorted(maps.Keys(union)) {
		switch {
		case strings.HasPrefix(key, "$"): // the status bags are no client's values
		case len(path) == 0 && (key == "apiVersion" || key == "kind" || key == "metadata"):
		case len(path) == 0 && from[key] == nil: // a whole spec or status is not removed
		default:
			keys = append(keys, key)
			if node[key] == nil && from[key] != nil { // absent or null here
				unset = append(unset, key)
			}
		}
	}
	if len(keys) == 0 {
		return nil, false
	}
	// Half the time the client sets a value it read unset: where a value
	// the version cannot say waits in a bag for another version (v1beta1's
	// sideEffects Unknown, which v1 shows unset), a hook may bring it back
	// over the client's.
	if len(unset) > 0 && r.IntN(2) == 0 {
		keys = unset
	}
	key := keys[r.IntN(len(keys))]
	at := append(slices.Clip(path), seg{kind: segField, name: key})
	want, has := from[key]
	if !has {
		if _, ok := node[key]; !ok {
			return nil, false
		}
		delete(node, key)
		return at, true
	}
	if w, ok := want.(map[string]any); ok && len(path) == 0 {
		// A whole spec or status is not replaced (with the other
		// object's status bags): the edit goes into it.
		n, ok := node[key].(map[string]any)
		if !ok {
			n = map[string]any{}
			node[key] = n
		}
		return editValue(n, w, at, r)
	}
	if r.IntN(3) > 0 {
		switch w := want.(type) {
		case map[string]any:
			if n, ok := node[key].(map[string]any); ok {
				return editValue(n, w, at, r)
			}
		case []any:
			if n, ok := node[key].([]any); ok && len(n) > 0 && len(w) > 0 {
				i := r.IntN(min(len(n), len(w)))
				at = append(at, seg{kind: segIndex, index: i})
				wi, wok := w[i].(map[string]any)
				ni, nok := n[i].(map[string]any)
				if wok && nok {
					return editValue(ni, wi, at, r)
				}
				if reflect.DeepEqual(n[i], w[i]) {
					return nil, false
				}
				n[i] = w[i]
				return at, true
			}
		}
	}
	if reflect.DeepEqual(node[key], want) {
		return nil, false
	}
	node[key] = want
	return at, true
}

// withoutCarried returns a copy of obj without the bags it carries: the
// bags annotation and its status bags.
func withoutCarried(obj runtime.Object) runtime.Object { return mapCarried(obj, nil) }

// mapCarried returns a copy of obj whose carried bags (the bags annotation
// and the status bags) are keep's of them, none where keep is nil or
// gives nil.
func mapCarried(obj runtime.Object, keep func(propertybag.Bags) propertybag.Bags) runtime.Object {
	if keep == nil {
		keep = func(propertybag.Bags) propertybag.Bags { return nil }
	}
	out := cloneObject(obj)
	if meta, ok := out.(metav1.Object); ok {
		if text, ok := meta.GetAnnotations()[boundary.Annotation]; ok {
			a := maps.Clone(meta.GetAnnotations())
			delete(a, boundary.Annotation)
			if bags, err := propertybag.UnmarshalBags(text); err == nil {
				if kept := keep(bags); kept != nil {
					if text, err := propertybag.MarshalBags(kept); err == nil {
						a[boundary.Annotation] = text
					}
				}
			}
			if len(a) == 0 {
				a = nil
			}
			meta.SetAnnotations(a)
		}
	}
	if field := existingStatusBags(out); field.IsValid() {
		field.Set(reflect.ValueOf(keep(field.Interface().(propertybag.Bags))).Convert(field.Type()))
	}
	return out
}
