package convtest

import (
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// What the corrupt bags check writes where a client could: corruptText in
// place of the whole bags annotation, and corruptValue in place of one
// value the object carries in its bags, a JSON object with a member that
// no type of a storage version has, so that no typed property reads it.
const (
	corruptText  = "{convtest: not JSON"
	corruptValue = `{"hubspoke-convtest-corrupt":[{"x":true}]}`
)

// twinKey is boundary's key for the $twin entries of a bag, which the
// corrupt bags check leaves alone.
const twinKey = "$twin"

// carriedAt is one value an object of an API version carries for its storage
// twin: in the bags annotation, or in the propertybag.Bags field of its
// status (status true).
type carriedAt struct {
	status     bool
	path, name string
}

func (c carriedAt) String() string {
	where := fmt.Sprintf("the %s annotation", boundary.Annotation)
	if c.status {
		where = "the status bags"
	}
	return fmt.Sprintf("the value %q of the bag %q in %s", c.name, c.path, where)
}

// checkCorruptBags is the part of the update check that plays a client who
// corrupts what sent, an object of API version version as it came from
// JSON, carries: the bags annotation replaced by text that is not JSON,
// then one carried value (drawn with seed) replaced by a value no typed
// property reads. Each must either make ConvertTo fail, with an error that
// names the annotation or the property, leaving the object and the hub as
// they were, or be kept: converted to the hub and back, the object carries
// it again, unchanged. It returns "" or what is wrong.
func (k *kit) checkCorruptBags(sent runtime.Object, version string, seed int64) string {
	hubName := fmt.Sprintf("the hub (%s)", k.hub)
	// try converts obj to the hub and, when that succeeds, back to version,
	// through JSON; it returns the error of ConvertTo, or the object back.
	try := func(obj runtime.Object, what, names string) (back runtime.Object, failed bool, problem string) {
		before := cloneObject(obj)
		hub := k.newObject(k.hub)
		empty := cloneObject(hub)
		err := call(func() error { return obj.(conversion.Convertible).ConvertTo(hub.(conversion.Hub)) })
		if d := diff(before, obj, k.opts); d != "" {
			return nil, false, fmt.Sprintf("converting %s with %s to %s modified it (-before +after):\n%s", version, what, hubName, d)
		}
		if err != nil {
			if strings.HasPrefix(err.Error(), "panic") {
				return nil, false, fmt.Sprintf("converting %s with %s to %s panicked: %v", version, what, hubName, err)
			}
			if !strings.Contains(err.Error(), names) {
				return nil, false, fmt.Sprintf("converting %s with %s to %s failed with an error that does not name %s: %v", version, what, hubName, names, err)
			}
			if d := diff(empty, hub, k.opts); d != "" {
				return nil, false, fmt.Sprintf("converting %s with %s to %s failed but wrote to the hub (-before +after):\n%s", version, what, hubName, d)
			}
			return nil, true, ""
		}
		stored, p := viaJSON(hub, fmt.Sprintf("%s converted from %s with %s", hubName, version, what))
		if p != "" {
			return nil, false, p
		}
		back = k.newObject(version)
		if err := call(func() error { return back.(conversion.Convertible).ConvertFrom(stored.(conversion.Hub)) }); err != nil {
			if !strings.HasPrefix(err.Error(), "panic") && strings.Contains(err.Error(), names) {
				// Refused on the way back, naming it: the admission
				// webhook's read-back check refuses such a write.
				return nil, true, ""
			}
			return nil, false, fmt.Sprintf("%s accepted %s with %s, but converting it back to %s failed: %v", hubName, version, what, version, err)
		}
		back, p = viaJSON(back, fmt.Sprintf("the %s object converted back from %s", version, hubName))
		return back, false, p
	}

	// The whole annotation.
	meta, ok := sent.(metav1.Object)
	if !ok {
		return ""
	}
	obj := cloneObject(sent)
	setAnnotation(obj.(metav1.Object), corruptText)
	what := fmt.Sprintf("the %s annotation %q", boundary.Annotation, corruptText)
	back, failed, p := try(obj, what, boundary.Annotation)
	if p != "" {
		return p
	}
	if !failed {
		if got, ok := back.(metav1.Object).GetAnnotations()[boundary.Annotation]; !ok || got != corruptText {
			has := "none"
			if ok {
				has = fmt.Sprintf("%.100q", got)
			}
			return fmt.Sprintf("converting %s with %s to %s succeeded and lost it: the object converted back has %s; "+
				"the conversion must fail with an error naming the annotation, or keep the text", version, what, hubName, has)
		}
	}

	// One value.
	values := carriedValues(sent, meta)
	if propertybag.ASOStrings {
		// In ASO's string format every text is a string: a value a string
		// property reads is not corrupted by corruptValue but changed, as a
		// client may change it (which the update check covers), and hooks
		// may rightly let another value win over it. So may a value hooks
		// keep under a name of their own (a mark), whose type the kit
		// cannot know: only values of fields of other kinds are drawn.
		values = slices.DeleteFunc(values, func(c carriedAt) bool { return k.stringNamed(c.name) || !k.fieldNamed(c.name) })
	}
	if len(values) == 0 {
		return ""
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x636f727275707421))
	c := values[r.IntN(len(values))]
	obj = cloneObject(sent)
	if !setCarried(obj, c, corruptValue) {
		return ""
	}
	what = fmt.Sprintf("%s replaced by %s", c, corruptValue)
	back, failed, p = try(obj, what, c.name)
	if p != "" || failed {
		return p
	}
	got, ok := carriedValue(back, c)
	if !ok || !jsonEqual(got, corruptValue) {
		if !ok {
			got = "nothing"
		}
		return fmt.Sprintf("converting %s with %s to %s succeeded and lost it: the object converted back carries %s there; "+
			"the conversion must fail with an error naming %q, or keep the value", version, what, hubName, got, c.name)
	}
	return ""
}

// stringNamed reports whether a bag value of the given name (a property's
// Go name, or Name@version for the value of version's type that a changed
// type keeps) may be a string, in ASO's string format any text: some
// version of the chain (that version) has a field of that name of string
// kind, a string or a named string type without JSON or text methods of its
// own (an enum), or a pointer to one.
func (k *kit) stringNamed(name string) bool {
	return k.named(name, func(isString bool) bool { return isString })
}

// fieldNamed reports whether some version of the chain (for Name@version,
// that version) has a field of the given name, of any type: a name that
// none has is one that hooks chose for a value of their own.
func (k *kit) fieldNamed(name string) bool {
	return k.named(name, func(bool) bool { return true })
}

// named reports whether a field of the given name (as stringNamed takes
// it) whose kind (string or not) is one that want accepts exists.
func (k *kit) named(name string, want func(isString bool) bool) bool {
	k.fieldsOnce.Do(func() {
		k.fieldNames = map[string]map[string]bool{}
		for _, v := range k.conv.Graph().Versions() {
			names := map[string]bool{}
			addFieldNames(reflect.TypeOf(k.newObject(v)), names, map[reflect.Type]bool{})
			k.fieldNames[v] = names
		}
	})
	if base, version, ok := strings.Cut(name, "@"); ok {
		isString, found := k.fieldNames[version][base]
		return found && want(isString)
	}
	for _, names := range k.fieldNames {
		if isString, found := names[name]; found && want(isString) {
			return true
		}
	}
	return false
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// addFieldNames adds to names the Go names of the fields of the structs in
// t, at any depth, but for the object's metadata: true for the fields of
// string kind (a string or a named string type without JSON or text
// methods of its own, or a pointer to one), false for the others, unless
// a field of the name of string kind was found.
func addFieldNames(t reflect.Type, names map[string]bool, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Type == typeMetaType || f.Type == objectMetaType {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		isString := false
		if ft.Kind() == reflect.String {
			p := reflect.PointerTo(ft)
			isString = !p.Implements(jsonMarshalerType) && !p.Implements(textMarshalerType)
		}
		names[f.Name] = names[f.Name] || isString
		addFieldNames(f.Type, names, seen)
	}
}

// carriedValues lists, in a stable order, the values obj (whose metadata is
// meta) carries in its bags annotation and its status bags, but for
// $twin entries. An annotation that does not parse carries none.
func carriedValues(obj runtime.Object, meta metav1.Object) []carriedAt {
	var out []carriedAt
	add := func(bags propertybag.Bags, status bool) {
		for _, path := range slices.Sorted(maps.Keys(bags)) {
			for _, name := range slices.Sorted(maps.Keys(bags[path])) {
				if name != twinKey {
					out = append(out, carriedAt{status: status, path: path, name: name})
				}
			}
		}
	}
	if text, ok := meta.GetAnnotations()[boundary.Annotation]; ok {
		if bags, err := propertybag.UnmarshalBags(text); err == nil {
			add(bags, false)
		}
	}
	if field := existingStatusBags(obj); field.IsValid() {
		add(field.Interface().(propertybag.Bags), true)
	}
	return out
}

// carriedValue returns the text of the value c of obj.
func carriedValue(obj runtime.Object, c carriedAt) (string, bool) {
	var bags propertybag.Bags
	if c.status {
		field := existingStatusBags(obj)
		if !field.IsValid() {
			return "", false
		}
		bags = field.Interface().(propertybag.Bags)
	} else {
		text, ok := obj.(metav1.Object).GetAnnotations()[boundary.Annotation]
		if !ok {
			return "", false
		}
		var err error
		if bags, err = propertybag.UnmarshalBags(text); err != nil {
			return "", false
		}
	}
	v, ok := bags[c.path][c.name]
	return v, ok
}

// setCarried sets the value c of obj, a private object, to text, and
// reports whether it could.
func setCarried(obj runtime.Object, c carriedAt, text string) bool {
	if c.status {
		field := existingStatusBags(obj)
		if !field.IsValid() {
			return false
		}
		bags := field.Interface().(propertybag.Bags).DeepCopy()
		bags[c.path][c.name] = text
		field.Set(reflect.ValueOf(bags))
		return true
	}
	meta := obj.(metav1.Object)
	bags, err := propertybag.UnmarshalBags(meta.GetAnnotations()[boundary.Annotation])
	if err != nil {
		return false
	}
	bags[c.path][c.name] = text
	out, err := propertybag.MarshalBags(bags)
	if err != nil {
		return false
	}
	setAnnotation(meta, out)
	return true
}

// existingStatusBags is statusBagsField without allocating a nil status.
func existingStatusBags(obj runtime.Object) reflect.Value {
	status := jsontag.FieldValue(reflect.ValueOf(obj).Elem(), "status")
	if status.Kind() == reflect.Pointer && status.IsNil() {
		return reflect.Value{}
	}
	return statusBagsField(reflect.ValueOf(obj))
}

// setAnnotation sets the bags annotation of meta to text, in a new map.
func setAnnotation(meta metav1.Object, text string) {
	fresh := maps.Clone(meta.GetAnnotations())
	if fresh == nil {
		fresh = map[string]string{}
	}
	fresh[boundary.Annotation] = text
	meta.SetAnnotations(fresh)
}

// jsonEqual reports whether a and b are the same JSON value.
func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return a == b
	}
	return reflect.DeepEqual(x, y)
}
