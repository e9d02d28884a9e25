package handwritten_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten"
	person "github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

// versions are the versions both chains have (examples/person also has
// v6alpha1, which the hand-written chain leaves out).
var versions = []string{
	"v1", "v2", "v3", "v4", "v5",
	"v1storage", "v2storage", "v3storage", "v4storage", "v5storage",
}

// TestSameAsGenerated converts the same objects through the hand-written
// chain and through examples/person's generated one, and requires the same
// JSON at every step: the hub, every version read from that hub, and the
// hub again after writing each of those back (an update through an old
// version). Objects start at every version, API and storage (a random hub
// among them), with values chosen to exercise the hooks, half of them
// converted from another version first so that their bags and the
// property-bags annotation are full, some with bag entries no version
// knows, some with a hand-made annotation. An error must come from both
// chains or from neither.
//
// HUBSPOKE_SEED replays a run (each run takes a new seed from the clock);
// HUBSPOKE_CASES sets the number of objects per starting version.
func TestSameAsGenerated(t *testing.T) {
	gen, genScheme := converter(t, person.AddToScheme)
	hand, handScheme := converter(t, handwritten.AddToScheme)
	seed, cases := runSize(t)
	refused := make([]bool, len(clientBags)) // by a version, in both chains
	for vi, version := range versions {
		t.Run(version, func(t *testing.T) {
			var failed []string
			for i := range cases {
				rng := rand.New(rand.NewPCG(seed, uint64(vi)<<32|uint64(i)))
				start := randomObject(t, rng, gen, genScheme, version)
				d := differ{t: t, gen: gen, hand: hand, genScheme: genScheme, handScheme: handScheme, failed: &failed}
				if msg := d.compare(start, version); msg != "" {
					y, _ := yaml.JSONToYAML(start)
					t.Fatalf("case %d: %s\nobject (%s):\n%s\nreplay: HUBSPOKE_SEED=%d go -C examples test -run '^TestSameAsGenerated$/^%s$' ./handwritten",
						i, msg, version, y, seed, version)
				}
			}
			// Only what both chains must refuse may fail (the hand-made
			// annotations that are not JSON, say): most objects convert.
			if len(failed) > cases/10 {
				t.Errorf("%d of %d objects failed to convert in both chains, e.g. %s", len(failed), cases, failed[0])
			}
			if version[len(version)-1] == 'e' {
				return // storage versions carry no client-made bags
			}
			// Every client-made bag on an object of this version: what
			// one chain refuses, the other must refuse too.
			for j, bags := range clientBags {
				rng := rand.New(rand.NewPCG(seed, uint64(vi)<<32|uint64(cases+j)))
				object := withClientBags(t, randomObject(t, rng, gen, genScheme, version), bags)
				d := differ{t: t, gen: gen, hand: hand, genScheme: genScheme, handScheme: handScheme, failed: &failed}
				before := len(failed)
				if msg := d.compare(object, version); msg != "" {
					y, _ := yaml.JSONToYAML(object)
					t.Fatalf("client bags %d: %s\nobject (%s):\n%s\nreplay: HUBSPOKE_SEED=%d go -C examples test -run '^TestSameAsGenerated$/^%s$' ./handwritten",
						j, msg, version, y, seed, version)
				}
				if len(failed) > before {
					refused[j] = true
				}
			}
		})
	}
	for j, bags := range clientBags {
		if want := bags.refused && !(bags.stringValue && propertybag.ASOStrings); want && !refused[j] {
			t.Errorf("client bags %+v: no version refused them; the test no longer reaches that error", bags)
		}
	}
}

// clientBag is what a client may send in the bags of an API version: the
// property-bags annotation (its spec bags) and status.$propertyBags.
type clientBag struct {
	annotation string // "": none
	statusBags string // the JSON of status.$propertyBags; "": none
	// refused: a value some conversion must refuse, in both chains (the
	// wrong shape for the type a step reads it as), so that a chain that
	// drops it instead is caught; stringValue: a value read as a string,
	// which ASO's string format takes as it is rather than refusing.
	refused, stringValue bool
}

// clientBags are sent, each on an object of every API version, after the
// random objects: the annotations a client might send (annotationValues),
// and a value of the wrong shape under each key a step of the chain reads
// with a type.
var clientBags = func() []clientBag {
	bags := []clientBag{
		{annotation: `{"spec":{"MiddleName":{"first":"Theodore"}}}`, refused: true, stringValue: true},
		{annotation: `{"spec":{"ResidentialAddress":"1313 S. Harbor Blvd"}}`, refused: true},
		{annotation: `{"spec":{"MailingAddress":["Anaheim"]}}`, refused: true},
		{annotation: `{"spec":{"AbsentV3Names":"KnownAs"}}`, refused: true},
		{annotation: `{"spec":{"BirthDateV4":"1928-11-18"}}`, refused: true},
		{annotation: `{"spec":{"FullName":["Mickey"]}}`, refused: true, stringValue: true},
		{statusBags: `{"status":{"LastContacted":"[2026]"}}`, refused: true, stringValue: true},
		{statusBags: `{"status":{"LastContacted":"\"2026-11-20\""}}`},
		{annotation: `not json`, refused: true},
	}
	for _, a := range annotationValues {
		bags = append(bags, clientBag{annotation: a})
	}
	return bags
}()

// withClientBags returns the object's JSON with the client's bags in place
// of its own.
func withClientBags(t *testing.T, object []byte, bags clientBag) []byte {
	t.Helper()
	var o map[string]any
	if err := json.Unmarshal(object, &o); err != nil {
		t.Fatal(err)
	}
	if bags.annotation != "" {
		meta, _ := o["metadata"].(map[string]any)
		annotations, _ := meta["annotations"].(map[string]any)
		if annotations == nil {
			annotations = map[string]any{}
			meta["annotations"] = annotations
		}
		annotations[boundary.Annotation] = bags.annotation
	}
	if bags.statusBags != "" {
		status, _ := o["status"].(map[string]any)
		if status == nil {
			status = map[string]any{}
			o["status"] = status
		}
		status["$propertyBags"] = json.RawMessage(bags.statusBags)
	}
	data, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func converter(t *testing.T, add func(*runtime.Scheme) error) (*convert.Converter, *runtime.Scheme) {
	t.Helper()
	s := runtime.NewScheme()
	if err := add(s); err != nil {
		t.Fatal(err)
	}
	c, err := convert.NewConverter(s, handwritten.GroupKind)
	if err != nil {
		t.Fatal(err)
	}
	return c, s
}

// runSize reads HUBSPOKE_SEED and HUBSPOKE_CASES, as convtest does.
func runSize(t *testing.T) (seed uint64, cases int) {
	seed = uint64(time.Now().UnixNano())
	if s := os.Getenv("HUBSPOKE_SEED"); s != "" {
		var err error
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatalf("HUBSPOKE_SEED=%q: not a number", s)
		}
	}
	switch cases = 200; {
	case testing.Short():
		cases = 30
	case raceDetector:
		cases = 40
	}
	if s := os.Getenv("HUBSPOKE_CASES"); s != "" {
		var err error
		if cases, err = strconv.Atoi(s); err != nil || cases < 1 {
			t.Fatalf("HUBSPOKE_CASES=%q: not a positive number", s)
		}
	}
	t.Logf("seed %d, %d objects per version", seed, cases)
	return seed, cases
}

type differ struct {
	t                     *testing.T
	gen, hand             *convert.Converter
	genScheme, handScheme *runtime.Scheme
	failed                *[]string // conversions that failed in both chains
}

// compare converts the object (JSON of the given version) to the hub in
// both chains, then the hubs to every version and back, and returns what
// differed first, or "".
func (d differ) compare(object []byte, version string) string {
	genHub, handHub, msg := d.convert(object, version, "v5storage")
	if msg != "" || genHub == nil {
		return msg
	}
	for _, to := range versions {
		genTo, handTo, msg := d.convertBoth(genHub, handHub, "v5storage", to)
		if msg != "" || genTo == nil {
			return msg
		}
		if _, _, msg := d.convertBoth(genTo, handTo, to, "v5storage"); msg != "" {
			return fmt.Sprintf("written back through %s: %s", to, msg)
		}
	}
	return ""
}

// convert decodes the object into each chain's type of version from and
// converts it to version to.
func (d differ) convert(object []byte, from, to string) (genJSON, handJSON []byte, msg string) {
	return d.convertBoth(object, object, from, to)
}

// convertBoth converts genIn with the generated chain and handIn with the
// hand-written one, from version from to version to, and compares the
// results' JSON. Both results are nil (and msg "") when both chains fail.
func (d differ) convertBoth(genIn, handIn []byte, from, to string) (genJSON, handJSON []byte, msg string) {
	genJSON, genErr := convertJSON(d.gen, d.genScheme, genIn, from, to)
	handJSON, handErr := convertJSON(d.hand, d.handScheme, handIn, from, to)
	switch {
	case genErr != nil && handErr != nil:
		*d.failed = append(*d.failed, fmt.Sprintf("%s → %s: %v", from, to, genErr))
		return nil, nil, ""
	case genErr != nil || handErr != nil:
		return nil, nil, fmt.Sprintf("%s → %s: generated chain: %v; hand-written chain: %v", from, to, genErr, handErr)
	}
	if bytes.Equal(genJSON, handJSON) {
		return genJSON, handJSON, ""
	}
	var g, h any // the same JSON in another order of fields is the same object
	if err := json.Unmarshal(genJSON, &g); err != nil {
		d.t.Fatal(err)
	}
	if err := json.Unmarshal(handJSON, &h); err != nil {
		d.t.Fatal(err)
	}
	if diff := cmp.Diff(g, h); diff != "" {
		return nil, nil, fmt.Sprintf("%s → %s differs (-generated +hand-written):\n%s", from, to, diff)
	}
	return genJSON, handJSON, ""
}

// convertJSON decodes object as version from of scheme, converts it to
// version to and returns the result's JSON.
func convertJSON(c *convert.Converter, s *runtime.Scheme, object []byte, from, to string) ([]byte, error) {
	src, err := newObject(s, from)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(object, src); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", from, err)
	}
	dst, err := newObject(s, to)
	if err != nil {
		return nil, err
	}
	if err := c.Convert(src, dst); err != nil {
		return nil, err
	}
	return json.Marshal(dst)
}

func newObject(s *runtime.Scheme, version string) (runtime.Object, error) {
	return s.New(handwritten.GroupKind.WithVersion(version))
}

// randomObject returns the JSON of a random object of version, built with
// the generated chain: random values, then, for half of the objects, a
// conversion from another version; for some, bag entries no version knows
// (added on the hub, so that they travel in every bag and annotation).
func randomObject(t *testing.T, rng *rand.Rand, gen *convert.Converter, s *runtime.Scheme, version string) []byte {
	t.Helper()
	from := version
	if rng.IntN(2) == 0 {
		from = versions[rng.IntN(len(versions))]
	}
	obj, err := newObject(s, from)
	if err != nil {
		t.Fatal(err)
	}
	fill(rng, reflect.ValueOf(obj).Elem(), "")
	obj.(metav1.Object).SetName(fmt.Sprintf("p%d", rng.IntN(1000)))
	obj.(metav1.Object).SetNamespace("disney")
	if rng.IntN(3) == 0 {
		obj.(metav1.Object).SetLabels(map[string]string{"species": "mouse"})
	}
	if rng.IntN(4) == 0 {
		hub, err := gen.ToVersion(obj, "v5storage")
		if err != nil {
			t.Fatalf("generated chain, %s → hub: %v", from, err)
		}
		addUnknownEntries(rng, reflect.ValueOf(hub).Elem())
		obj, from = hub, "v5storage"
	}
	if from != version {
		if obj, err = gen.ToVersion(obj, version); err != nil {
			t.Fatalf("generated chain, %s → %s: %v", from, version, err)
		}
	}
	if rng.IntN(10) == 0 && version[len(version)-1] != 'e' { // API versions only
		annotations := obj.(metav1.Object).GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[boundary.Annotation] = pick(rng, annotationValues)
		obj.(metav1.Object).SetAnnotations(annotations)
	}
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// annotationValues are property-bags annotations a client might send:
// markers and keys the hooks read, values of the wrong type, bad JSON.
var annotationValues = []string{
	`{"spec":{"MiddleName":"Theodore"}}`,
	`{"spec":{"NoV2Names":true,"FullName":"Michael Theodore Mouse"}}`,
	`{"spec":{"AbsentV3Names":["KnownAs"]}}`,
	`{"spec":{"BirthDateV4":{"year":1928,"month":2,"day":30}}}`,
	`{"spec.birthDate":{"BirthDate":"late 1928"}}`,
	`{"spec":{"ResidentialAddress":{"label":"a\nb\nc"}}}`,
	`{"spec.residentialAddress":{"Suburb":"Disneyland Resort"}}`,
	`{"spec":{"FirstName":1}}`,
	`not json`,
}

// fill sets the exported fields of v at random, from the pools below
// (by field name), leaving metadata and property bags to the caller.
func fill(rng *rand.Rand, v reflect.Value, name string) {
	switch v.Kind() {
	case reflect.Struct:
		switch v.Interface().(type) {
		case metav1.TypeMeta, metav1.ObjectMeta:
			return
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.IsExported() && f.Type != reflect.TypeFor[propertybag.PropertyBag]() && f.Type != reflect.TypeFor[propertybag.Bags]() {
				fill(rng, v.Field(i), f.Name)
			}
		}
	case reflect.Pointer:
		if rng.IntN(4) != 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(rng, v.Elem(), name)
		}
	case reflect.String:
		if rng.IntN(5) == 0 {
			v.SetString(randomString(rng))
		} else if pool, ok := stringPools[name]; ok {
			v.SetString(pick(rng, pool))
		} else {
			v.SetString(pick(rng, words))
		}
	case reflect.Int:
		v.SetInt(int64(pick(rng, []int{0, 0, 1, 2, 12, 13, 18, 29, 30, 31, 1928, 2000, -1, 1 << 40})))
	}
}

var (
	names  = []string{"", " ", "Mickey", "Mouse", "Theodore", "Michael Theodore Mouse", "Mouse, Mickey", "Mickey Mouse", "Mouse Mouse", " Minnie  Mouse ", "Goof"}
	places = []string{"", "1313 S. Harbor Blvd", "Anaheim", "Anaheim, CA 92803", "a, b", "a\nb", "USA", "Disneyland Resort"}
	words  = []string{"", "Active", "2026-11-20", "x"}

	stringPools = map[string][]string{
		"FirstName": names, "MiddleName": names, "LastName": names,
		"FullName": names, "FamilyName": names, "KnownAs": names, "AlphaKey": names, "SortKey": names,
		"BirthDate": {"", "1928-11-18", "2000-02-29", "1928-02-30", "1928-1-18", "unknown"},
		"Label": {"", "\n", "1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA", "a\n\nb", "x, y\nz", "one line",
			"PO Box 1\nSpringfield, IL\nUSA", "Street\nSuburb\nCity\nRegion\nCountry"},
		"Street": places, "Suburb": places, "City": places, "Country": places, "Postcode": places,
	}
)

func pick[T any](rng *rand.Rand, pool []T) T { return pool[rng.IntN(len(pool))] }

func randomString(rng *rand.Rand) string {
	alphabet := []rune("ab ,\n\"\\é日-0")
	runes := make([]rune, rng.IntN(7))
	for i := range runes {
		runes[i] = pick(rng, alphabet)
	}
	return string(runes)
}

// addUnknownEntries adds, to some property bags of a storage object (at
// any depth), an entry under a name no version uses.
func addUnknownEntries(rng *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			addUnknownEntries(rng, v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if f.Type() == reflect.TypeFor[propertybag.PropertyBag]() {
				if rng.IntN(2) == 0 {
					if f.IsNil() {
						f.Set(reflect.ValueOf(propertybag.PropertyBag{}))
					}
					f.SetMapIndex(reflect.ValueOf(fmt.Sprintf("x-diff-%d", rng.IntN(100))), reflect.ValueOf(`"kept"`))
				}
				continue
			}
			if v.Type().Field(i).IsExported() {
				addUnknownEntries(rng, f)
			}
		}
	}
}
