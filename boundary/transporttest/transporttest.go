// Package transporttest is test support: it checks the bag transport that
// hubspoke-gen writes into an API version's copies to and from its storage
// twin (AssignProperties_From_<Kind> stashes, AssignProperties_To_<Kind>
// recalls) against package reflectbags, which finds the same bags by
// reflection. For random twins, stashed, sent through JSON and recalled,
// both must give the same annotation and status bags byte for byte, the
// same twin back, and the twin they started from. In some runs the client
// also reorders, shortens or lengthens the lists without list-map keys
// before it sends the object back: both must then give the same twin. In
// others, the annotation and status bags are rewritten as a release would
// have written them before the lists with list-map keys declared them (by
// index, with fingerprints): both must still give the same twin, and,
// unedited, the one they started from. Every twin is read back from JSON
// first, a valid stored object, so an error is a failure, on one side or
// on both. hubspoke's own tests use it (the Person example, the
// generator's fixtures); it is not part of what a conversion calls.
package transporttest

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Pair is an API version's root type and its storage twin, with the
// generated copies between them (which carry the bags by the emitted
// transport).
type Pair struct {
	Name     string       // the name of the pair in a test's output
	api      reflect.Type // the API version's root struct
	twin     reflect.Type
	from, to func(api, twin any) error
}

// PairOf returns the Pair of the API version's root type A and its storage
// twin T: from fills an A from a T (A's AssignProperties_From_<Kind>), to
// fills a T from an A (A's AssignProperties_To_<Kind>).
func PairOf[A, T any](name string, from func(*A, *T) error, to func(*A, *T) error) Pair {
	return Pair{
		Name: name, api: reflect.TypeFor[A](), twin: reflect.TypeFor[T](),
		from: func(a, t any) error { return from(a.(*A), t.(*T)) },
		to:   func(a, t any) error { return to(a.(*A), t.(*T)) },
	}
}

// Check runs p's copies on n random twins (seeds 1 to n) beside
// reflectbags' Stash and Recall, and returns an error naming the first
// seed where they differ or either fails, at which step, what differs (or
// both errors) and the twin.
func Check(p Pair, n int) error {
	for seed := int64(1); seed <= int64(n); seed++ {
		r := rand.New(rand.NewSource(seed))
		filled := reflect.New(p.twin)
		if err := fillRandom(r, filled.Elem(), 0); err != nil {
			return err
		}
		// As stored: through JSON (an empty omitempty slice in memory, which
		// no stored object holds, would read back as absent on every path).
		twin := reflect.New(p.twin)
		if err := json.Unmarshal([]byte(jsonOf(filled.Interface())), twin.Interface()); err != nil {
			return fmt.Errorf("%s: seed %d: the twin does not read back from JSON: %v", p.Name, seed, err)
		}
		// Half the runs, the client changes the lists without keys.
		var edit func(api reflect.Value) []string
		if r.Intn(2) == 0 {
			edit = func(api reflect.Value) []string { return editLists(r, api, p.twin) }
		}
		// A quarter of the runs, the object was read through an older
		// release, whose lists had no list-map keys.
		older := r.Intn(4) == 0
		if err := checkOne(p, twin, edit, older); err != nil {
			return fmt.Errorf("%s: seed %d: %v\ntwin: %s", p.Name, seed, err, jsonOf(twin.Interface()))
		}
	}
	return nil
}

// checkOne stashes twin both ways, sends the object through JSON, lets edit
// (when not nil) change it as a client would, and recalls it both ways.
func checkOne(p Pair, twin reflect.Value, edit func(api reflect.Value) []string, older bool) error {
	// Stash: the emitted transport, and the copy followed by the walk.
	emitted := reflect.New(p.api)
	errE := p.from(emitted.Interface(), deepClone(twin).Interface())
	walked := reflect.New(p.api)
	errW := p.from(walked.Interface(), deepClone(twin).Interface())
	if errW == nil {
		clearCarried(walked)
		errW = reflectbags.Stash(walked.Interface(), deepClone(twin).Interface())
	}
	// Every twin Check makes has been through JSON, as stored: a valid
	// object of the storage version, which both ways must carry. An error
	// on either side, or on both (a copy that refuses the twin fails the
	// walk too, which runs after it), is a failure.
	if errE != nil || errW != nil {
		return fmt.Errorf("stash: emitted error %v, reflection error %v", errE, errW)
	}
	ae, aw := annotationOf(emitted), annotationOf(walked)
	if ae != aw {
		return fmt.Errorf("stash: annotation differs:\nemitted:    %s\nreflection: %s", ae, aw)
	}
	if se, sw := statusBagsOf(emitted), statusBagsOf(walked); !reflect.DeepEqual(se, sw) {
		return fmt.Errorf("stash: status bags differ:\nemitted:    %v\nreflection: %v", se, sw)
	}
	// Through JSON, as a client sends the object back.
	back := reflect.New(p.api)
	data, err := json.Marshal(emitted.Interface())
	if err != nil {
		return fmt.Errorf("marshal: %v", err)
	}
	if err := json.Unmarshal(data, back.Interface()); err != nil {
		return fmt.Errorf("unmarshal: %v", err)
	}
	asOlder := ""
	if older {
		changed, err := asOlderRelease(back, twin)
		if err != nil {
			return fmt.Errorf("as an older release: %v", err)
		}
		if changed {
			asOlder = fmt.Sprintf(" (stashed as a release without list-map keys: %s %v)", annotationOf(back), statusBagsOf(back))
		}
	}
	var edits []string
	if edit != nil {
		edits = edit(back)
	}
	edited := asOlder
	if len(edits) > 0 {
		edited += fmt.Sprintf(" (the client changed lists: %s; sent %s)", strings.Join(edits, ", "), jsonOf(back.Interface()))
	}
	// Recall: the emitted transport, and the copy followed by the walk.
	te := reflect.New(p.twin)
	errE = p.to(deepClone(back).Interface(), te.Interface())
	tw := reflect.New(p.twin)
	bare := deepClone(back)
	clearCarried(bare)
	errW = p.to(bare.Interface(), tw.Interface())
	if errW == nil {
		errW = reflectbags.Recall(tw.Interface(), deepClone(back).Interface())
	}
	// What either way stashed, through JSON, and a client's edits to the
	// lists without keys, is a valid object of the API version that
	// carries what was stashed: both ways must recall it.
	if errE != nil || errW != nil {
		return fmt.Errorf("recall%s: emitted error %v, reflection error %v", edited, errE, errW)
	}
	if je, jw := jsonOf(te.Interface()), jsonOf(tw.Interface()); je != jw {
		return fmt.Errorf("recall%s: twins differ:\nemitted:    %s\nreflection: %s", edited, je, jw)
	}
	if len(edits) > 0 {
		return nil // another twin than the one stashed
	}
	// And the twin is the one it started from (but for $twin entries the
	// twin's own bags held, which the stash drops, and members whose JSON
	// is null: a value of another package that writes itself as null reads
	// back as absent, through any version).
	want := deepClone(twin)
	dropTwinKeys(want)
	if je, jw := withoutNulls(jsonOf(te.Interface())), withoutNulls(jsonOf(want.Interface())); je != jw {
		return fmt.Errorf("round trip%s: the twin changed:\ngot:  %s\nwant: %s\nAPI object: %s", asOlder, je, jw, data)
	}
	return nil
}

// withoutNulls returns the JSON text with the members of objects whose
// value is null left out.
func withoutNulls(text string) string {
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return text
	}
	var drop func(v any) any
	drop = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if e == nil {
					delete(v, k)
				} else {
					v[k] = drop(e)
				}
			}
		case []any:
			for i, e := range v {
				v[i] = drop(e)
			}
		}
		return v
	}
	return jsonOf(drop(v))
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "error: " + err.Error()
	}
	return string(b)
}

func metaOf(obj reflect.Value) *metav1.ObjectMeta {
	f := obj.Elem().FieldByName("ObjectMeta")
	if !f.IsValid() {
		return nil
	}
	return f.Addr().Interface().(*metav1.ObjectMeta)
}

func annotationOf(obj reflect.Value) string {
	if m := metaOf(obj); m != nil {
		if text, ok := m.Annotations[boundary.Annotation]; ok {
			return text
		}
	}
	return "(none)"
}

func statusBagsField(obj reflect.Value) reflect.Value {
	s := obj.Elem().FieldByName("Status")
	if !s.IsValid() {
		return reflect.Value{}
	}
	if s.Kind() == reflect.Pointer {
		if s.IsNil() {
			return reflect.Value{}
		}
		s = s.Elem()
	}
	return s.FieldByName("PropertyBags")
}

func statusBagsOf(obj reflect.Value) propertybag.Bags {
	if f := statusBagsField(obj); f.IsValid() {
		return f.Interface().(propertybag.Bags)
	}
	return nil
}

// clearCarried removes what an API object carries of its twin: the
// annotation and the status bags.
func clearCarried(obj reflect.Value) {
	if m := metaOf(obj); m != nil {
		delete(m.Annotations, boundary.Annotation)
		if len(m.Annotations) == 0 {
			m.Annotations = nil
		}
	}
	if f := statusBagsField(obj); f.IsValid() {
		f.Set(reflect.Zero(f.Type()))
	}
}

var (
	bagType      = reflect.TypeFor[propertybag.PropertyBag]()
	quantityType = reflect.TypeFor[resource.Quantity]()
	timeType     = reflect.TypeFor[metav1.Time]()
	metaType     = reflect.TypeFor[metav1.ObjectMeta]()
	typeMetaType = reflect.TypeFor[metav1.TypeMeta]()
	intstrType   = reflect.TypeFor[intstr.IntOrString]()
)

// dropTwinKeys removes the TwinKey entries of every bag below v (a pointer).
func dropTwinKeys(v reflect.Value) {
	walkValues(v, func(v reflect.Value) {
		if v.Type() == bagType && v.Len() > 0 {
			bag := v.Interface().(propertybag.PropertyBag)
			delete(bag, "$twin")
			if len(bag) == 0 {
				v.Set(reflect.Zero(bagType))
			}
		}
	})
}

func walkValues(v reflect.Value, visit func(reflect.Value)) {
	visit(v)
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkValues(v.Elem(), visit)
		}
	case reflect.Struct:
		if v.Type() == quantityType || v.Type() == timeType {
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkValues(v.Field(i), visit)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			walkValues(v.Index(i), visit)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			walkValues(e, visit)
			v.SetMapIndex(k, e)
		}
	}
}

// deepClone copies v (a pointer) deeply.
func deepClone(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type().Elem())
	cloneInto(out.Elem(), v.Elem())
	return out
}

func cloneInto(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			p := reflect.New(src.Type().Elem())
			cloneInto(p.Elem(), src.Elem())
			dst.Set(p)
		}
	case reflect.Struct:
		dst.Set(src)
		if src.Type() == quantityType || src.Type() == timeType {
			if src.Type() == quantityType {
				dst.Set(reflect.ValueOf(src.Interface().(resource.Quantity).DeepCopy()))
			}
			return
		}
		for i := range src.NumField() {
			if src.Type().Field(i).IsExported() {
				cloneInto(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Slice:
		if !src.IsNil() {
			s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
			for i := range src.Len() {
				cloneInto(s.Index(i), src.Index(i))
			}
			dst.Set(s)
		}
	case reflect.Map:
		if !src.IsNil() {
			m := reflect.MakeMapWithSize(src.Type(), src.Len())
			for _, k := range src.MapKeys() {
				e := reflect.New(src.Type().Elem()).Elem()
				cloneInto(e, src.MapIndex(k))
				m.SetMapIndex(k, e)
			}
			dst.Set(m)
		}
	default:
		dst.Set(src)
	}
}

// setKeys gives the elements of a list with list-map keys (the struct tag
// `hubspoke:"listMapKey=name"`) distinct, set keys, as Kubernetes requires
// of a list map: an element with an absent or empty key has no path that
// survives the copy back (its key reads back as another), for either way of
// carrying bags. Text keys are drawn by keyWord: now and then ones that
// paths must quote.
func setKeys(r *rand.Rand, list reflect.Value, f reflect.StructField) {
	if list.Kind() != reflect.Slice {
		return
	}
	for part := range strings.SplitSeq(f.Tag.Get("hubspoke"), ",") {
		key, ok := strings.CutPrefix(strings.TrimSpace(part), "listMapKey=")
		if !ok {
			continue
		}
		used := map[string]bool{}
		for i := range list.Len() {
			e := list.Index(i)
			for e.Kind() == reflect.Pointer {
				if e.IsNil() {
					e.Set(reflect.New(e.Type().Elem()))
				}
				e = e.Elem()
			}
			for j := range e.NumField() {
				name, _, _ := strings.Cut(e.Type().Field(j).Tag.Get("json"), ",")
				if name != key {
					continue
				}
				kf := e.Field(j)
				if kf.Kind() == reflect.Pointer {
					kf.Set(reflect.New(kf.Type().Elem()))
					kf = kf.Elem()
				}
				switch kf.Kind() {
				case reflect.String:
					k := keyWord(r)
					for k == "" || used[k] {
						k += strconv.Itoa(i)
					}
					used[k] = true
					kf.SetString(k)
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
					kf.SetInt(int64(i + 1))
				}
			}
		}
	}
}

// words holds the strings the fill picks for text values other than keys
// (keys of maps and list maps: keyWord): empty, plain words, and ones that
// paths would quote.
var words = []string{"", "", "a", "b", "http", "eu west", "x.y", `q"uote`, "null", "true", "7", "ü", "[k]", "a,b=c"}

// plainKeys and hostileKeys hold the text keys of maps and list maps:
// plainKeys ones that paths hold as they are (boundary.Key leaves letters,
// digits and "-_./:" unquoted, a '.' and an index-like number among them);
// hostileKeys ones paths must quote, each for a reason of its own: the
// empty string, JSON literals, a space, the characters paths give a
// meaning to ('[', ']', ',', '=', '"', '\', '+'), and ones that
// strconv.Quote (which writes quoted keys) and encoding/json (which
// writes the annotation) write otherwise: control characters, DEL,
// '<' and '&', U+2028, non-ASCII letters and a character outside the
// BMP. All are valid UTF-8: a stored object holds no other text (JSON
// would change it).
var (
	plainKeys   = []string{"a", "b", "http", "x.y", "eu-west-1", "k8s.io/name", "a:b", "_", "0", "7"}
	hostileKeys = []string{"", "eu west", "null", "true", "false", `q"uote`, `back\slash`, `\"`, "[k]", "a]b", "x[0]", "a,b=c", "k=v", "+1",
		"tab\tnl\n", "\x00", "\x7f", "<&>", "line\u2028sep", "ü", "日本", "\U0001F600"}
)

// keyWord returns a random text key: mostly a plain word, now and then
// one that paths must quote.
func keyWord(r *rand.Rand) string {
	if r.Intn(3) > 0 {
		return plainKeys[r.Intn(len(plainKeys))]
	}
	return hostileKeys[r.Intn(len(hostileKeys))]
}

// bagValues holds the values the fill puts into bags: JSON text.
var bagValues = []string{`"x"`, `1`, `{"a":[1,2]}`, `null`, `""`, `"<&>"`}

// fillRandom fills v (settable) with random values, zero values and empty
// ones often: nil and set pointers to zero values, nil and empty slices and
// maps, -0.0 and 0, bags with and without a stale TwinKey entry.
func fillRandom(r *rand.Rand, v reflect.Value, depth int) error {
	t := v.Type()
	switch {
	case t == metaType, t == typeMetaType:
		return nil
	case t == bagType:
		if r.Intn(2) == 0 {
			return nil
		}
		bag := propertybag.PropertyBag{}
		for range r.Intn(3) {
			bag[fmt.Sprintf("K%d", r.Intn(4))] = bagValues[r.Intn(len(bagValues))]
		}
		if r.Intn(10) == 0 {
			bag["$twin"] = `{"stale":null}`
		}
		v.Set(reflect.ValueOf(bag))
		return nil
	case t == quantityType:
		qs := []string{"0", "1", "500m", "1Gi"}
		if r.Intn(3) > 0 {
			v.Set(reflect.ValueOf(resource.MustParse(qs[r.Intn(len(qs))])))
		}
		return nil
	case t == intstrType:
		v.Set(reflect.ValueOf([]intstr.IntOrString{{}, intstr.FromInt32(7), intstr.FromString("50%")}[r.Intn(3)]))
		return nil
	case t == timeType:
		if r.Intn(2) == 0 {
			v.Set(reflect.ValueOf(metav1.NewTime(time.Unix(int64(r.Intn(1e9)), 0).UTC())))
		}
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		if depth > 6 || r.Intn(3) == 0 {
			return nil
		}
		p := reflect.New(t.Elem())
		if r.Intn(4) > 0 {
			if err := fillRandom(r, p.Elem(), depth+1); err != nil {
				return err
			}
		}
		v.Set(p)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				if err := fillRandom(r, v.Field(i), depth+1); err != nil {
					return err
				}
				setKeys(r, v.Field(i), f)
			}
		}
	case reflect.Slice:
		if depth > 6 || r.Intn(3) == 0 {
			return nil
		}
		n := r.Intn(3)
		s := reflect.MakeSlice(t, n, n)
		for i := range n {
			if err := fillRandom(r, s.Index(i), depth+1); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Map:
		if depth > 6 || r.Intn(3) == 0 {
			return nil
		}
		m := reflect.MakeMap(t)
		for range r.Intn(3) {
			k := reflect.New(t.Key()).Elem()
			e := reflect.New(t.Elem()).Elem()
			if t.Key().Kind() == reflect.String {
				k.SetString(keyWord(r))
			} else if err := fillRandom(r, k, depth+1); err != nil {
				return err
			}
			if err := fillRandom(r, e, depth+1); err != nil {
				return err
			}
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.String:
		v.SetString(words[r.Intn(len(words))])
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt([]int64{0, 0, 1, -1, 7}[r.Intn(5)])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint([]uint64{0, 0, 1, 7}[r.Intn(4)])
	case reflect.Float32, reflect.Float64:
		v.SetFloat([]float64{0, 0, math.Copysign(0, -1), 1.5, -2}[r.Intn(5)])
	case reflect.Interface:
	default:
		return fmt.Errorf("transporttest: cannot fill a value of type %s (%s)", t, t.Kind())
	}
	return nil
}

// editLists changes, as a client of the API version may, some of the lists
// without list-map keys in api (a pointer to the object the client read),
// anywhere below (see editList), and returns what it did. A list
// has list-map keys when the twin's field of the same JSON name declares
// them (twin is the type of the value at the same place of the twin).
func editLists(r *rand.Rand, api reflect.Value, twin reflect.Type) []string {
	var edits []string
	var walk func(v reflect.Value, t reflect.Type, keyed bool, path string)
	walk = func(v reflect.Value, t reflect.Type, keyed bool, path string) {
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem(), t, keyed, path)
			}
		case reflect.Struct:
			if t == nil || t.Kind() != reflect.Struct || v.Type() == quantityType || v.Type() == timeType || v.Type() == metaType {
				return
			}
			for i := range v.NumField() {
				f := v.Type().Field(i)
				name := jsontag.Name(f)
				if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
					walk(v.Field(i), t, false, path) // inlined: its fields are the struct's
					continue
				}
				if !f.IsExported() {
					continue
				}
				tf, ok := jsontag.Field(t, name)
				if !ok {
					continue
				}
				walk(v.Field(i), tf.Type, strings.Contains(tf.Tag.Get("hubspoke"), "listMapKey="), path+"."+name)
			}
		case reflect.Slice:
			var elem reflect.Type
			if t != nil && t.Kind() == reflect.Slice {
				elem = t.Elem()
			}
			if !keyed && v.Len() > 0 && mayHoldStructs(v.Type().Elem()) && r.Intn(2) == 0 {
				edits = append(edits, editList(r, v, path))
			}
			for i := range v.Len() {
				walk(v.Index(i), elem, false, fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Map:
			var elem reflect.Type
			if t != nil && t.Kind() == reflect.Map {
				elem = t.Elem()
			}
			// In the order of the keys, not Go's order of the map: the edits
			// (the draws from r) follow the seed alone.
			keys := v.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return keyOf(keys[i]) < keyOf(keys[j]) })
			for _, k := range keys {
				e := reflect.New(v.Type().Elem()).Elem()
				e.Set(v.MapIndex(k))
				walk(e, elem, false, path+"["+keyOf(k)+"]")
				v.SetMapIndex(k, e)
			}
		}
	}
	walk(api.Elem(), twin, false, "")
	for i, e := range edits {
		edits[i] = strings.TrimPrefix(e, ".")
	}
	return edits
}

// mayHoldStructs reports whether the elements of a list of type t may be
// or hold structs, and so hidden values.
func mayHoldStructs(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}

// editList changes the list v (settable, not empty) and says how: it
// reverses or shuffles it (when it has two elements or more), removes an
// element, replaces one by a zero element (an edit in place), or inserts a
// copy of one or a zero element.
func editList(r *rand.Rand, v reflect.Value, path string) string {
	n := v.Len()
	s := reflect.MakeSlice(v.Type(), 0, n+1)
	op := r.Intn(6)
	if n < 2 {
		op = 2 + r.Intn(4)
	}
	switch {
	case op == 0:
		for i := n - 1; i >= 0; i-- {
			s = reflect.Append(s, v.Index(i))
		}
		v.Set(s)
		return path + " reversed"
	case op == 1:
		perm := r.Perm(n)
		for _, i := range perm {
			s = reflect.Append(s, v.Index(i))
		}
		v.Set(s)
		return fmt.Sprintf("%s shuffled %v", path, perm)
	case op == 2:
		i := r.Intn(n)
		v.Set(reflect.AppendSlice(reflect.AppendSlice(s, v.Slice(0, i)), v.Slice(i+1, n)))
		return fmt.Sprintf("%s[%d] removed", path, i)
	case op == 3:
		i := r.Intn(n)
		v.Index(i).Set(reflect.Zero(v.Type().Elem()))
		return fmt.Sprintf("%s[%d] replaced by a zero element", path, i)
	default:
		at := r.Intn(n + 1)
		elem := reflect.New(v.Type().Elem()).Elem() // a new element: the zero value
		what := "a zero element"
		if op == 4 {
			from := r.Intn(n)
			cloneInto(elem, v.Index(from)) // or one equal to another
			what = fmt.Sprintf("a copy of [%d]", from)
		}
		s = reflect.Append(reflect.AppendSlice(s, v.Slice(0, at)), elem)
		v.Set(reflect.AppendSlice(s, v.Slice(at, n)))
		return fmt.Sprintf("%s: %s inserted at [%d]", path, what, at)
	}
}
