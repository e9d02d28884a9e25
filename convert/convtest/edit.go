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
// the bags it carries), with one value outside its metadata (in its spec
// or status, or beside them) replaced by the value another random object
// of the version has there, or removed where that object has none (drawn
// with seed). Converted to the hub,
// stored, and read again at version, it must show what the client wrote:
// a value kept in a bag for another version must not come back over the
// client's change. The bags the objects carry are not compared. It returns
// "" or what is wrong.
func (k *kit) checkEdit(sent runtime.Object, version string, seed int64) string {
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
	where, ok := editTree(tree, otherTree, r)
	if !ok {
		return ""
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
	if k.gen.keys.repeated(edited) {
		return "" // the API server refuses two list elements with the same keys
	}
	edited, p := viaJSON(edited, fmt.Sprintf("the %s object a client edited", version))
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
	back := k.newObject(version)
	if err := call(func() error { return back.(conversion.Convertible).ConvertFrom(stored.(conversion.Hub)) }); err != nil {
		return fmt.Sprintf("converting %s, written from %s, back to %s failed: %v", hubName, what, version, err)
	}
	back, p = viaJSON(back, fmt.Sprintf("the %s object read back", version))
	if p != "" {
		return p
	}
	if d := diff(withoutCarried(edited), withoutCarried(back), k.opts); d != "" {
		return fmt.Sprintf("a client of %s that changed %s does not read back what it wrote: %s, converted to %s and read again at %s, differs (-written +read back, the bags left out):\n%s"+
			"the object the client wrote:\n%s",
			version, where, what, hubName, version, d, indentLines(yamlOf(edited, k.gk.WithVersion(version)), "    "))
	}
	return ""
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

// editTree changes one value of tree, an object's JSON, outside its
// metadata: under spec or status, or in a property beside them (some kinds
// hold theirs at the root, as RuntimeClass its handler and
// ValidatingWebhookConfiguration its webhooks), to the value other has at
// the same place, or removes it where other has none: it goes down through
// objects and through lists of the same length at random, and changes what
// it stops at. It reports the path it changed, and false when the value it
// stopped at is the same in both.
func editTree(tree, other map[string]any, r *rand.Rand) (string, bool) {
	var parts []string
	for _, key := range slices.Sorted(maps.Keys(union(tree, other))) {
		switch {
		case key == "apiVersion" || key == "kind" || key == "metadata":
		case strings.HasPrefix(key, "$"):
		case (key == "spec" || key == "status") && !isObject(other[key]):
			// spec and status are changed inside, and only where the
			// other object has them.
		default:
			parts = append(parts, key)
		}
	}
	if len(parts) == 0 {
		return "", false
	}
	part := parts[r.IntN(len(parts))]
	if w, ok := other[part].(map[string]any); ok {
		// A struct (spec, status): a client changes a value in it.
		n, ok := tree[part].(map[string]any)
		if !ok {
			n = map[string]any{}
			tree[part] = n
		}
		return editValue(n, w, part, r)
	}
	return editKey(tree, other, part, part, r)
}

// isObject reports whether v is a JSON object.
func isObject(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// union returns the keys of a and b, with a's values.
func union(a, b map[string]any) map[string]any {
	u := maps.Clone(b)
	if u == nil {
		u = map[string]any{}
	}
	maps.Copy(u, a)
	return u
}

// editValue is editTree's step through the object node, whose counterpart
// in the other object is from, at path.
func editValue(node, from map[string]any, path string, r *rand.Rand) (string, bool) {
	var keys []string
	for _, key := range slices.Sorted(maps.Keys(union(node, from))) {
		if !strings.HasPrefix(key, "$") { // the status bags are no client's values
			keys = append(keys, key)
		}
	}
	if len(keys) == 0 {
		return "", false
	}
	key := keys[r.IntN(len(keys))]
	return editKey(node, from, key, path+"."+key, r)
}

// editKey changes node's value of key, at path, to from's, going down into
// objects and lists of the same length two times in three.
func editKey(node, from map[string]any, key, at string, r *rand.Rand) (string, bool) {
	want, has := from[key]
	if !has {
		if _, ok := node[key]; !ok {
			return "", false
		}
		delete(node, key)
		return at, true
	}
	if r.IntN(3) > 0 {
		switch w := want.(type) {
		case map[string]any:
			if n, ok := node[key].(map[string]any); ok {
				return editValue(n, w, at, r)
			}
		case []any:
			if n, ok := node[key].([]any); ok && len(n) == len(w) && len(w) > 0 {
				i := r.IntN(len(w))
				at = fmt.Sprintf("%s[%d]", at, i)
				wi, wok := w[i].(map[string]any)
				ni, nok := n[i].(map[string]any)
				if wok && nok {
					return editValue(ni, wi, at, r)
				}
				if reflect.DeepEqual(n[i], w[i]) {
					return "", false
				}
				n[i] = w[i]
				return at, true
			}
		}
	}
	if reflect.DeepEqual(node[key], want) {
		return "", false
	}
	node[key] = want
	return at, true
}

// withoutCarried returns a copy of obj without the bags it carries: the
// bags annotation and its status bags.
func withoutCarried(obj runtime.Object) runtime.Object {
	out := cloneObject(obj)
	if meta, ok := out.(metav1.Object); ok {
		if a := meta.GetAnnotations(); a != nil {
			if _, ok := a[boundary.Annotation]; ok {
				a = maps.Clone(a)
				delete(a, boundary.Annotation)
				if len(a) == 0 {
					a = nil
				}
				meta.SetAnnotations(a)
			}
		}
	}
	if field := existingStatusBags(out); field.IsValid() {
		field.Set(reflect.Zero(field.Type()))
	}
	return out
}
