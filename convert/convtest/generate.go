package convtest

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/propertybag"
	"github.com/leanovate/gopter"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
)

var emptyGVK schema.GroupVersionKind

// generator builds random objects of every version of one resource, by
// reflection over their Go types. It is deterministic: the same version and
// seed always give the same object. It is safe for concurrent use.
//
// What it generates is listed in the package doc (Generated objects).
// Property bags never hold random text: what the API server stashes in an
// API object comes from what clients wrote, so their bags hold what real
// conversions stash, plus entries under unused names, and so may, in an
// API version (a version without bags of its own), the "spec" bag of the
// annotation and the "status" bag of the status's Bags field, when its
// storage twin has a bag there.
type generator struct {
	scheme   *runtime.Scheme
	gk       schema.GroupKind
	conv     *convert.Converter
	cfg      *config
	versions []string
	api      []string            // the API versions: no property bag of their own
	hasBag   map[string]bool     // version -> it is a storage version
	twinBags map[string][]string // API version -> "spec", "status": where its storage twin has a bag
	others   map[string][]string // version -> the other versions
	keys     listKeys            // the lists with list-map keys, of every version
	mapKeys  []string            // the keys of maps that Related names (["key"])
	siblings map[string][]string // a map's JSON name -> the properties beside it in any version
}

// newGenerator returns a generator for resource gk of scheme. It builds a
// convert.Converter, so a chain that fails convert.NewConverter fails here.
// The options that matter are FieldValues and, in the kit's tests, those
// that set config.maxSize and config.custom.
func newGenerator(scheme *runtime.Scheme, gk schema.GroupKind, cfg *config) (*generator, error) {
	conv, err := convert.NewConverter(scheme, gk)
	if err != nil {
		return nil, fmt.Errorf("convtest: %w", err)
	}
	g := &generator{scheme: scheme, gk: gk, conv: conv, cfg: cfg, versions: conv.Graph().Versions(),
		hasBag: map[string]bool{}, twinBags: map[string][]string{}, others: map[string][]string{}, keys: listKeys{}}
	g.mapKeys = relatedKeys(cfg.relations)
	var shapes []*shape
	seen := map[[2]reflect.Type]bool{}
	for _, v := range g.versions {
		obj, err := scheme.New(gk.WithVersion(v))
		if err != nil {
			return nil, fmt.Errorf("convtest: %s: creating version %s: %w", gk, v, err)
		}
		if t := reflect.TypeOf(obj); t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
			return nil, fmt.Errorf("convtest: %s: version %s is a %s, not a pointer to a struct", gk, v, t)
		}
		g.hasBag[v] = holdsBag(reflect.TypeOf(obj))
		shapes = append(shapes, shapeOf(reflect.TypeOf(obj)))
		if g.hasBag[v] || v == conv.Graph().Hub() {
			g.keys.learn(reflect.TypeOf(obj), reflect.TypeOf(obj), seen)
			continue
		}
		g.api = append(g.api, v)
		if path, err := conv.Graph().Path(v, conv.Graph().Hub()); err == nil && len(path) > 1 {
			twinObj, err := scheme.New(gk.WithVersion(path[1]))
			if err != nil {
				return nil, fmt.Errorf("convtest: %s: creating version %s: %w", gk, path[1], err)
			}
			twin := reflect.TypeOf(twinObj)
			g.keys.learn(reflect.TypeOf(obj), twin, seen)
			for _, part := range []string{"spec", "status"} {
				if hasBagAt(twin, part) {
					g.twinBags[v] = append(g.twinBags[v], part)
				}
			}
		}
	}
	g.siblings = siblingKeys(shapes)
	// Objects of a storage version are converted from any other version;
	// objects of an API version only from the other API versions: the bags
	// an API object carries come from what clients wrote, and a storage
	// object holds values no client can write (a pointer to a zero value
	// where every API version has a plain field).
	for _, v := range g.versions {
		from := g.versions
		if slices.Contains(g.api, v) {
			from = g.api
		}
		for _, w := range from {
			if w != v {
				g.others[v] = append(g.others[v], w)
			}
		}
	}
	return g, nil
}

// sample is one generated object, the value a generator's gopter.Gen
// produces.
type sample struct {
	// Version is the version of Object.
	Version string
	// Seed is the seed the sample was built from (generator.sample
	// rebuilds it); shrunk samples keep the seed of their origin.
	Seed int64
	// Object is the generated object. It is nil when Err is set.
	Object runtime.Object
	// From is the version of Source when Object was made by converting a
	// random object of another version, and empty otherwise.
	From string
	// Source is that random object of version From.
	Source runtime.Object
	// Err is the error converting Source to Version, if it failed. A sample
	// with an error is a failure of the conversion code, not of the kit.
	Err error
	// Shrunk counts the shrinking steps that led to this sample.
	Shrunk int

	recipe *recipe // how Object was made from Source, when it was converted
}

// String describes the sample briefly; gopter formats every case with it.
func (s *sample) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s object (seed %d", s.Version, s.Seed)
	if s.From != "" {
		fmt.Fprintf(&b, ", converted from a random %s object", s.From)
	}
	if s.Shrunk > 0 {
		fmt.Fprintf(&b, ", shrunk %d times", s.Shrunk)
	}
	b.WriteString(")")
	return b.String()
}

// versionGen returns a gopter generator of *sample values of version, with
// a shrinker that makes failing objects smaller: it removes whole parts
// (everything but the metadata, fields, pointers, slice elements, map and
// bag entries) and shortens strings and numbers. An object converted from
// another version is made smaller through that other object, converted
// again, and by removing the entries under unused names added on the way.
func (g *generator) versionGen(version string) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		s := g.sample(version, p.Rng.Int63())
		return &gopter.GenResult{Result: s, ResultType: reflect.TypeOf(s), Shrinker: g.shrinkSample}
	}
}

// sample builds the sample of version for seed.
func (g *generator) sample(version string, seed int64) *sample {
	r := rand.New(rand.NewPCG(uint64(seed), 0x636f6e7674657374))
	size := r.IntN(g.cfg.maxSize + 1)
	s := &sample{Version: version, Seed: seed}
	var rec *recipe
	if others := g.others[version]; len(others) > 0 && r.IntN(2) == 0 {
		s.From = others[r.IntN(len(others))]
		s.Source = g.build(s.From, r, size)
		rec = &recipe{}
		if slices.Contains(g.api, version) {
			// Through a hub in which other versions, some unknown to this
			// one, wrote values at every depth.
			hub, err := g.derive(s.Source, g.conv.Graph().Hub())
			if err != nil {
				s.Err = err
				return s
			}
			rec.through = drawExtras(hub, r)
			applyExtras(hub, rec.through)
			s.Object, s.Err = g.derive(hub, version)
		} else {
			s.Object, s.Err = g.derive(s.Source, version)
		}
		if s.Err != nil {
			return s
		}
		rec.extras = drawExtras(s.Object, r)
		applyExtras(s.Object, rec.extras)
	}
	if s.From != "" && g.refused(s.Object) {
		// Versions that key a list by fewer fields can see two elements
		// with the same keys in an object converted from another version,
		// and a conversion can set two members of a union (OneOf): an
		// object the API server refuses at this version. Build one of this
		// version instead.
		s.From, s.Source, rec = "", nil, nil
	}
	if s.From == "" {
		s.Object = g.build(version, r, size)
	}
	for _, part := range g.twinBags[version] {
		if r.IntN(4) != 0 {
			continue
		}
		bag := propertybag.PropertyBag{}
		addUnknown(bag, r)
		addCarried(s.Object, part, bag)
		if rec != nil {
			rec.carried = append(rec.carried, carried{part, bag})
		}
	}
	s.recipe = rec
	return s
}

// derive converts src to version, the way property bags get filled.
func (g *generator) derive(src runtime.Object, version string) (runtime.Object, error) {
	obj, err := g.conv.ToVersion(cloneObject(src), version)
	if err != nil {
		return nil, err
	}
	clearTypeMeta(obj)
	return obj, nil
}

// build makes a random object of version.
func (g *generator) build(version string, r *rand.Rand, size int) runtime.Object {
	obj, err := g.scheme.New(g.gk.WithVersion(version))
	if err != nil {
		panic(fmt.Sprintf("convtest: creating %s %s: %v", g.gk, version, err)) // checked in newGenerator
	}
	b := &builder{r: r, size: size, custom: g.cfg.custom, cfg: g.cfg, keys: g.keys, mapKeys: g.mapKeys, siblings: g.siblings}
	root := reflect.ValueOf(obj).Elem()
	specless := r.IntN(12) == 0
	if specless {
		for i := range root.NumField() {
			if classOf(root.Field(i).Type()) == classObjectMeta {
				b.field(root, i, 0)
			}
		}
		return obj
	}
	b.fields(root, 0)
	return obj
}

// fields fills the fields of struct v. Of a union (OneOf), it fills one
// member drawn at random, or none, and leaves the others zero; the member
// drawn gets a second try where the first left it zero (a nil pointer), so
// that most draws set it.
func (b *builder) fields(v reflect.Value, depth int) {
	skip, chosen := b.cfg.oneOfDraw(v.Type(), b.r)
	for i := range v.NumField() {
		if skip[i] {
			continue
		}
		b.field(v, i, depth)
		if chosen[i] && v.Field(i).IsZero() {
			b.field(v, i, depth)
		}
	}
}

// builder fills values at random.
type builder struct {
	r      *rand.Rand
	size   int // bound on lengths; halves inside collections
	custom map[reflect.Type]func(*rand.Rand) reflect.Value
	cfg    *config // for FieldValues
	keys   listKeys
	// mapKeys are keys that relations name: a map keyed by strings draws
	// one of them for a third of its entries, so that a value moved
	// between a key and a field (notify-keyspace-events, which no random
	// word is) is checked.
	mapKeys []string
	// siblings maps the JSON name of a map keyed by strings to the JSON
	// names of the properties beside it, in any version: a key the
	// visibility check takes for a field when the map is gone (ARM's
	// additionalProperties["aad-enabled"] and a later aad-enabled). Its
	// entries draw one of them, as for mapKeys; inMap is the list of the
	// map being filled.
	siblings map[string][]string
	inMap    []string
}

// siblingKeys returns, for the JSON name of each map keyed by strings, the
// JSON names of the properties of the structs that hold such a map, at the
// same path in any version, but the map's own.
func siblingKeys(shapes []*shape) map[string][]string {
	beside := map[string][]string{}  // a struct's path -> its properties in any version
	holders := map[string][]string{} // a map's name -> the paths of the structs that hold it
	var walk func(s *shape, path string, depth int)
	walk = func(s *shape, path string, depth int) {
		if s == nil || depth > maxGenDepth {
			return
		}
		switch s.kind {
		case shapeStruct:
			for _, m := range s.members {
				if !slices.Contains(beside[path], m.name) {
					beside[path] = append(beside[path], m.name)
				}
				if m.shape.kind == shapeMap && !slices.Contains(holders[m.name], path) {
					holders[m.name] = append(holders[m.name], path)
				}
				walk(m.shape, path+"."+m.name, depth+1)
			}
		case shapeList, shapeMap:
			walk(s.elem, path+"[*]", depth+1)
		}
	}
	for _, s := range shapes {
		walk(s, "", 0)
	}
	out := map[string][]string{}
	for name, paths := range holders {
		var keys []string
		for _, p := range paths {
			for _, k := range beside[p] {
				if k != name && !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
		slices.Sort(keys)
		out[name] = keys
	}
	return out
}

// relatedKeys returns the map keys that the patterns of relations name,
// each once, in order.
func relatedKeys(relations []Relation) []string {
	var out []string
	for _, r := range relations {
		for _, text := range []string{r.Old, r.New} {
			p, err := parsePattern(text)
			if err != nil {
				continue // newVisibility reports it
			}
			for _, s := range p {
				if s.kind == segKey && !slices.Contains(out, s.name) {
					out = append(out, s.name)
				}
			}
		}
	}
	return out
}

// field fills field i of struct v, from FieldValues if it names the field.
func (b *builder) field(v reflect.Value, i, depth int) {
	sf := v.Type().Field(i)
	if !sf.IsExported() {
		if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			// A struct of an unexported type embedded by value: encoding/json
			// writes its exported fields, which reflect lets us set.
			f := v.Field(i)
			for j := range f.NumField() {
				b.field(f, j, depth)
			}
		}
		return
	}
	f := v.Field(i)
	if vals, ok := b.cfg.fieldValues(v.Type(), i); ok && b.draw(f, vals, depth) {
		return
	}
	outer := b.inMap
	b.inMap = nil
	if f.Kind() == reflect.Map {
		b.inMap = b.siblings[jsontag.Name(sf)]
	}
	b.fill(f, depth+1)
	b.inMap = outer
	b.keys.dedupe(v.Type(), i, f)
}

// draw fills f, a struct field, from vals, the values of FieldValues for
// it, and reports whether they fit its type (see drawModeOf).
func (b *builder) draw(f reflect.Value, vals []reflect.Value, depth int) bool {
	val := vals[b.r.IntN(len(vals))]
	t := f.Type()
	switch drawModeOf(val, t) {
	case drawPointer:
		if b.r.IntN(3) > 0 {
			p := reflect.New(t.Elem())
			p.Elem().Set(val.Convert(t.Elem()))
			f.Set(p)
		}
	case drawValue:
		f.Set(val.Convert(t))
	case drawElems:
		// The elements: values of vals that convert, each at most once in
		// a slice (a set's elements are distinct), as many as length
		// draws.
		var fit []reflect.Value
		for _, x := range vals {
			if drawModeOf(x, t) == drawElems {
				fit = append(fit, x.Convert(t.Elem()))
			}
		}
		n, ok := b.length(depth + 1)
		if !ok {
			return true
		}
		if t.Kind() == reflect.Slice {
			n = min(n, len(fit))
			s := reflect.MakeSlice(t, n, n)
			for j, k := range b.r.Perm(len(fit))[:n] {
				s.Index(j).Set(fit[k])
			}
			f.Set(s)
			return true
		}
		m := reflect.MakeMapWithSize(t, n)
		b.inside(func() {
			for range n {
				k := reflect.New(t.Key()).Elem()
				b.key(k)
				m.SetMapIndex(k, fit[b.r.IntN(len(fit))])
			}
		})
		f.Set(m)
	default:
		return false
	}
	return true
}

// maxGenDepth is the nesting beyond which pointers, slices and maps stay
// nil, so that recursive types end.
const maxGenDepth = 12

func (b *builder) fill(v reflect.Value, depth int) {
	t := v.Type()
	if f, ok := b.custom[t]; ok {
		v.Set(f(b.r))
		return
	}
	switch classOf(t) {
	case classTypeMeta, classOpaque, classBags:
		return
	case classObjectMeta:
		b.meta(v.Addr().Interface().(*metav1.ObjectMeta))
		return
	case classBag:
		if b.r.IntN(2) == 0 {
			bag := propertybag.PropertyBag{}
			addUnknown(bag, b.r)
			v.Set(reflect.ValueOf(bag))
		}
		return
	case classTime:
		v.Set(reflect.ValueOf(b.time()))
		return
	case classQuantity:
		v.Set(reflect.ValueOf(resource.MustParse(quantities[b.r.IntN(len(quantities))])))
		return
	case classIntOrString:
		if b.r.IntN(2) == 0 {
			v.Set(reflect.ValueOf(intstr.FromInt32(b.r.Int32N(1000))))
		} else {
			v.Set(reflect.ValueOf(intstr.FromString(b.string(4))))
		}
		return
	case classDuration:
		v.Set(reflect.ValueOf(metav1.Duration{Duration: time.Duration(b.r.Int64N(100_000)) * time.Second}))
		return
	case classRawJSON:
		if t.Kind() == reflect.Slice { // json.RawMessage
			v.SetBytes(b.rawJSON())
			return
		}
		v.FieldByName("Raw").SetBytes(b.rawJSON())
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(b.r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(b.int(t.Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(b.uint(t.Bits()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(b.float(t.Bits()))
	case reflect.String:
		v.SetString(b.string(2*b.size + 2))
	case reflect.Pointer:
		if depth >= maxGenDepth || b.r.IntN(3) == 0 {
			return
		}
		p := reflect.New(t.Elem())
		b.fill(p.Elem(), depth+1)
		if k := t.Elem().Kind(); (k == reflect.Map || k == reflect.Slice || k == reflect.Pointer) && p.Elem().IsNil() {
			// JSON writes a pointer to nil as null, which reads back as no
			// pointer (Flux's *map[string]*TestHookStatus): the API server
			// never holds one.
			return
		}
		v.Set(p)
	case reflect.Struct:
		b.fields(v, depth)
	case reflect.Array:
		for i := range v.Len() {
			b.fill(v.Index(i), depth+1)
		}
	case reflect.Slice:
		n, ok := b.length(depth)
		if !ok {
			return
		}
		s := reflect.MakeSlice(t, n, n)
		if t.Elem().Kind() == reflect.Uint8 && classOf(t.Elem()) == classPlain && b.custom[t.Elem()] == nil {
			for i := range n {
				s.Index(i).SetUint(uint64(b.r.UintN(256)))
			}
		} else {
			b.inside(func() {
				for i := range n {
					b.fill(s.Index(i), depth+1)
				}
			})
		}
		v.Set(s)
	case reflect.Map:
		n, ok := b.length(depth)
		if !ok {
			return
		}
		m := reflect.MakeMapWithSize(t, n)
		b.inside(func() {
			for range n {
				k := reflect.New(t.Key()).Elem()
				for range 4 { // retry a few colliding keys; fewer entries is fine
					b.key(k)
					if !m.MapIndex(k).IsValid() {
						break
					}
				}
				e := reflect.New(t.Elem()).Elem()
				b.fill(e, depth+1)
				m.SetMapIndex(k, e)
			}
		})
		v.Set(m)
	}
}

// length picks nil (ok false), empty or a length for a slice or map.
func (b *builder) length(depth int) (int, bool) {
	if depth >= maxGenDepth {
		return 0, false
	}
	switch x := b.r.IntN(8); {
	case x < 2:
		return 0, false
	case x < 3:
		return 0, true
	}
	return 1 + b.r.IntN(max(1, b.size)), true
}

// inside runs f with the size halved, for the elements of a collection.
func (b *builder) inside(f func()) {
	saved := b.size
	b.size /= 2
	f()
	b.size = saved
}

func (b *builder) key(k reflect.Value) {
	if f, ok := b.custom[k.Type()]; ok {
		k.Set(f(b.r))
		return
	}
	switch k.Kind() {
	case reflect.String:
		if n := len(b.mapKeys) + len(b.inMap); n > 0 && b.r.IntN(3) == 0 {
			if i := b.r.IntN(n); i < len(b.mapKeys) {
				k.SetString(b.mapKeys[i])
			} else {
				k.SetString(b.inMap[i-len(b.mapKeys)])
			}
			return
		}
		k.SetString(b.word(1 + b.r.IntN(8)))
	default:
		b.fill(k, maxGenDepth)
	}
}

func (b *builder) int(bits int) int64 {
	switch x := b.r.IntN(10); {
	case x == 0:
		return 0
	case x < 5:
		return int64(b.r.IntN(21) - 10)
	case x < 8:
		n := b.r.Int64N(1 << min(bits-1, 31))
		if b.r.IntN(2) == 0 {
			n = -n
		}
		return n
	case x == 8:
		return math.MaxInt64 >> (64 - bits)
	}
	return math.MinInt64 >> (64 - bits)
}

func (b *builder) uint(bits int) uint64 {
	switch x := b.r.IntN(10); {
	case x == 0:
		return 0
	case x < 5:
		return uint64(b.r.IntN(11))
	case x < 9:
		return b.r.Uint64N(1 << min(bits, 32))
	}
	return math.MaxUint64 >> (64 - bits)
}

func (b *builder) float(bits int) float64 {
	limit := math.MaxFloat64
	if bits == 32 {
		limit = math.MaxFloat32
	}
	var f float64
	switch x := b.r.IntN(10); {
	case x == 0:
		return 0
	case x < 4:
		f = float64(b.r.IntN(201) - 100)
	case x < 9:
		f = b.r.NormFloat64() * math.Pow(10, float64(b.r.IntN(13)-6))
	default:
		f = limit * b.r.Float64()
	}
	if bits == 32 {
		f = float64(float32(f))
	}
	return f
}

// runes the strings are made of: mostly plain letters, and enough spaces,
// JSON-special and multi-byte characters to catch encoding and splitting
// mistakes.
var (
	lower   = []rune("abcdefghijklmnopqrstuvwxyz")
	special = []rune("0123456789 -_./:\"\\<>&'")
	wide    = []rune("éßñ日本語🙂\u2028\t\n")
)

func (b *builder) string(maxLen int) string {
	n := b.r.IntN(maxLen + 1)
	var s strings.Builder
	for range n {
		switch x := b.r.IntN(10); {
		case x < 6:
			s.WriteRune(lower[b.r.IntN(len(lower))])
		case x < 7:
			s.WriteByte(' ')
		case x < 9:
			s.WriteRune(special[b.r.IntN(len(special))])
		default:
			s.WriteRune(wide[b.r.IntN(len(wide))])
		}
	}
	return s.String()
}

// word is a lower-case name of n letters and digits, for keys and names.
func (b *builder) word(n int) string {
	const chars = "abcdefghijklmnopqrstuvwxyz0123456789"
	buf := make([]byte, n)
	for i := range buf {
		buf[i] = chars[b.r.IntN(len(chars))]
	}
	return string(buf)
}

var quantities = []string{"0", "1", "3", "250m", "1500m", "2Gi", "100Mi", "1k", "0.5"}

// rawJSON returns compact JSON text as encoding/json writes it (a string,
// a number, a bool, an array or an object of those), the content of a field
// that holds arbitrary JSON (x-kubernetes-preserve-unknown-fields).
func (b *builder) rawJSON() []byte {
	var value func(depth int) any
	value = func(depth int) any {
		switch k := b.r.IntN(6); {
		case k == 0:
			return b.string(2*b.size + 2)
		case k == 1:
			return b.r.Int64N(1_000_000) - 500_000
		case k == 2:
			return b.r.IntN(2) == 0
		case k == 3 && depth < 3:
			n, _ := b.length(depth + 1)
			out := make([]any, n)
			for i := range out {
				out[i] = value(depth + 1)
			}
			return out
		default:
			out := map[string]any{}
			if depth < 3 {
				n, _ := b.length(depth + 1)
				for range n {
					out[b.string(6)] = value(depth + 1)
				}
			}
			return out
		}
	}
	text, err := json.Marshal(value(0))
	if err != nil { // plain values of valid UTF-8: cannot happen
		return []byte("{}")
	}
	return text
}

func (b *builder) time() metav1.Time {
	return metav1.NewTime(time.Unix(1_500_000_000+b.r.Int64N(400_000_000), 0).UTC())
}

func (b *builder) stringMap(keyPrefix string) map[string]string {
	n, ok := b.length(0)
	if !ok {
		return nil
	}
	m := make(map[string]string, n)
	for range n {
		m[keyPrefix+b.word(1+b.r.IntN(6))] = b.string(8)
	}
	return m
}

func (b *builder) meta(m *metav1.ObjectMeta) {
	m.Name = "w-" + b.word(1+b.r.IntN(10))
	m.Namespace = "ns-" + b.word(1+b.r.IntN(6))
	m.UID = types.UID(fmt.Sprintf("%08x-%04x-%04x-%04x-%012x",
		b.r.Uint32(), b.r.UintN(1<<16), b.r.UintN(1<<16), b.r.UintN(1<<16), b.r.Uint64N(1<<48)))
	m.Labels = b.stringMap("app.example.com/")
	m.Annotations = b.stringMap("")
	// FieldValues that name them (ObjectMeta.Labels, Annotations): a hook
	// on a kind's root type that reads a label (Cluster API's v1alpha2
	// cluster.x-k8s.io/cluster-name, v1alpha3's spec.clusterName) meets it.
	v := reflect.ValueOf(m).Elem()
	for _, name := range []string{"Labels", "Annotations"} {
		sf, _ := v.Type().FieldByName(name)
		f := v.FieldByIndex(sf.Index)
		vals, ok := b.cfg.fieldValues(v.Type(), sf.Index[0])
		if !ok {
			continue
		}
		random := f.Interface()
		f.SetZero()
		switch {
		case !b.draw(f, vals, 1):
			f.Set(reflect.ValueOf(random)) // values of another type: as usual
		case !f.IsNil():
			// A map drawn whole is the option's own: the object gets a copy.
			f.Set(reflect.ValueOf(maps.Clone(f.Interface().(map[string]string))))
		}
	}
	if b.r.IntN(2) == 0 {
		m.ResourceVersion = strconv.Itoa(1 + b.r.IntN(1_000_000))
		m.Generation = 1 + b.r.Int64N(20)
		m.CreationTimestamp = b.time()
	}
	if b.r.IntN(4) == 0 {
		m.Finalizers = []string{"convtest.hubspoke.dev/finalizer"}
	}
}

// unknownPrefix starts the names of bag entries no version uses. Property
// names are Go identifiers, which cannot contain a hyphen.
const unknownPrefix = "x-convtest-"

// addUnknown adds one to three entries under unused names to bag, each
// valid JSON text of some shape.
func addUnknown(bag propertybag.PropertyBag, r *rand.Rand) {
	b := &builder{r: r, size: 3}
	for range 1 + r.IntN(3) {
		var v any
		switch r.IntN(6) {
		case 0:
			v = b.string(8)
		case 1:
			v = b.int(64)
		case 2:
			v = r.IntN(2) == 0
		case 3:
			v = nil
		case 4:
			v = map[string]any{b.word(3): b.string(4), b.word(4): float64(b.r.IntN(100))}
		default:
			v = []any{b.string(3), b.r.IntN(10)}
		}
		text, _ := json.Marshal(v)
		bag[unknownPrefix+b.word(1+r.IntN(5))] = string(text)
	}
}

// addCarried adds entries (under unused names) to the bag named part
// ("spec" or "status") that obj, an object of an API version, carries for
// its storage twin: the "spec" bag in its boundary.Annotation
// annotation, the "status" bag in the propertybag.Bags field of its status.
// Generated code recalls them into the twin and stashes them again on the
// way back (the generator checks that the twin has a bag there). An
// annotation that does not parse is left alone.
func addCarried(obj runtime.Object, part string, entries propertybag.PropertyBag) {
	if part == "status" {
		field := statusBagsField(reflect.ValueOf(obj))
		if !field.IsValid() {
			return
		}
		bags := propertybag.Bags{}
		for path, bag := range field.Interface().(propertybag.Bags) {
			bags[path] = bag.DeepCopy()
		}
		bags["status"] = mergeBags(bags["status"], entries)
		field.Set(reflect.ValueOf(bags))
		return
	}
	meta, ok := obj.(metav1.Object)
	if !ok {
		return
	}
	annotations := meta.GetAnnotations()
	bags := propertybag.Bags{}
	if text, ok := annotations[boundary.Annotation]; ok {
		var err error
		if bags, err = propertybag.UnmarshalBags(text); err != nil {
			return
		}
	}
	bags[part] = mergeBags(bags[part], entries)
	text, err := propertybag.MarshalBags(bags) // as reflectbags.Stash writes it
	if err != nil {
		return
	}
	// A spec held through a pointer is there to hold the bag, as a status
	// is (statusBagsField): the generated recall drops the bags below a
	// nil one, which its client removed.
	if v := reflect.ValueOf(obj); v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		if spec := jsontag.FieldValue(v.Elem(), part); spec.IsValid() && spec.Kind() == reflect.Pointer && spec.IsNil() &&
			spec.Type().Elem().Kind() == reflect.Struct && spec.CanSet() {
			spec.Set(reflect.New(spec.Type().Elem()))
		}
	}
	fresh := make(map[string]string, len(annotations)+1)
	maps.Copy(fresh, annotations)
	fresh[boundary.Annotation] = text
	meta.SetAnnotations(fresh)
}

// statusBagsField returns the settable propertybag.Bags field of the status
// of obj (a pointer to an object struct), allocating a nil status pointer,
// or the zero Value when there is none.
func statusBagsField(obj reflect.Value) reflect.Value {
	status := jsontag.FieldValue(obj.Elem(), "status")
	if !status.IsValid() {
		return reflect.Value{}
	}
	if status.Kind() == reflect.Pointer {
		if status.Type().Elem().Kind() != reflect.Struct {
			return reflect.Value{}
		}
		if status.IsNil() {
			status.Set(reflect.New(status.Type().Elem()))
		}
		status = status.Elem()
	}
	if status.Kind() != reflect.Struct {
		return reflect.Value{}
	}
	for i := range status.NumField() {
		if status.Type().Field(i).IsExported() && status.Field(i).Type() == bagsType {
			return status.Field(i)
		}
	}
	return reflect.Value{}
}

// hasBagAt reports whether the object type t (a pointer to a struct) has a
// property bag right in its field with JSON name part ("spec", "status"):
// where reflectbags.Stash finds the bag it names part.
func hasBagAt(t reflect.Type, part string) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || jsontag.Name(f) != part {
			continue
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() != reflect.Struct {
			return false
		}
		for j := range ft.NumField() {
			if ft.Field(j).IsExported() && ft.Field(j).Type == bagType {
				return true
			}
		}
		return false
	}
	return false
}

// isInline reports whether f is a struct embedded by value without a JSON
// name, whose fields encoding/json writes as the embedding struct's own.
func isInline(f reflect.StructField) bool {
	return f.Anonymous && f.IsExported() && f.Type.Kind() == reflect.Struct && jsontag.Name(f) == ""
}

// mergeBags returns a new bag holding the entries of a and then of b (b wins
// where both have a name), or nil when both are empty.
func mergeBags(a, b propertybag.PropertyBag) propertybag.PropertyBag {
	if len(a)+len(b) == 0 {
		return nil
	}
	out := make(propertybag.PropertyBag, len(a)+len(b))
	maps.Copy(out, a)
	maps.Copy(out, b)
	return out
}
