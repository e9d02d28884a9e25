package convtest_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func newGenerator(t *testing.T, opts ...convtest.Option) *convtest.Generator {
	t.Helper()
	g, err := convtest.NewGenerator(widgetScheme(), widgetGK, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGenerateIsDeterministic(t *testing.T) {
	g := newGenerator(t)
	for _, v := range []string{"v1", "v1storage", "v2", "v2storage"} {
		for seed := range int64(50) {
			a, err := g.Generate(v, seed)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := g.Generate(v, seed)
			if d := cmp.Diff(a, b); d != "" {
				t.Fatalf("%s seed %d generated two different objects:\n%s", v, seed, d)
			}
		}
	}
	a, _ := g.Generate("v1", 1)
	b, _ := g.Generate("v1", 2)
	if cmp.Equal(a, b) {
		t.Error("seeds 1 and 2 gave the same object")
	}
	if _, err := g.Generate("v9", 1); err == nil {
		t.Error("unknown version accepted")
	}
}

// TestGenerateOneObject: the same version and seed give the same object,
// with metadata, and with apiVersion and kind left to the converter.
func TestGenerateOneObject(t *testing.T) {
	g := newGenerator(t)
	a, _ := g.Generate("v1storage", 42)
	b, _ := g.Generate("v1storage", 42)
	w := a.(*WidgetV1Storage)
	if !reflect.DeepEqual(a, b) {
		t.Error("seed 42 gave two different objects")
	}
	if w.Name == "" || w.Namespace == "" || w.UID == "" {
		t.Errorf("no metadata: %+v", w.ObjectMeta)
	}
	if w.APIVersion != "" {
		t.Errorf("apiVersion %q set; it is the converter's", w.APIVersion)
	}
}

// samples draws n samples of version from the generator's gopter.Gen, as a
// property check does.
func samples(g *convtest.Generator, version string, n int) []*convtest.Sample {
	params := gopter.DefaultGenParameters()
	params.Rng.Seed(99)
	gen := g.Gen(version)
	out := make([]*convtest.Sample, n)
	for i := range out {
		v, ok := gen(params).Retrieve()
		if !ok {
			panic("no sample")
		}
		out[i] = v.(*convtest.Sample)
	}
	return out
}

// TestGeneratorCoverage checks that the generator produces what the checks
// need: stashed values and unknown entries in the property bags of storage
// versions, spec-less objects, nil, empty and filled slices and maps,
// pointers nil and set, and metadata.
func TestGeneratorCoverage(t *testing.T) {
	seen := map[string]int{}
	for _, s := range samples(newGenerator(t), "v1storage", 2000) {
		if s.Err != nil {
			t.Fatalf("%v: %v", s, s.Err)
		}
		w := s.Object.(*WidgetV1Storage)
		if w.APIVersion != "" || w.Kind != "" {
			t.Fatalf("%v has apiVersion/kind set; they are the converter's", s)
		}
		if w.Name == "" || w.Namespace == "" || w.UID == "" {
			t.Fatalf("%v lacks a name, namespace or UID: %+v", s, w.ObjectMeta)
		}
		if s.From != "" {
			seen["converted from "+s.From]++
		}
		bags := map[string]propertybag.PropertyBag{"spec": w.Spec.PropertyBag, "status": w.Status.PropertyBag}
		if w.Spec.Owner != nil {
			bags["owner"] = w.Spec.Owner.PropertyBag
		}
		for _, p := range w.Spec.Parts {
			bags["part"] = p.PropertyBag
		}
		for _, z := range w.Spec.Zones {
			bags["zone"] = z.PropertyBag
		}
		for where, bag := range bags {
			if bag != nil && len(bag) == 0 {
				t.Fatalf("%v has an empty, non-nil %s bag; conversions normalise those to nil", s, where)
			}
			for name := range bag {
				if strings.HasPrefix(name, "x-convtest-") {
					seen["unknown entry in "+where+" bag"]++
				} else {
					seen[where+" bag stashes "+name]++
				}
			}
		}
		switch {
		case w.Spec.Tags == nil:
			seen["nil tags"]++
		case len(w.Spec.Tags) == 0:
			seen["empty tags"]++
		default:
			seen["tags"]++
		}
		switch {
		case w.Labels == nil:
			seen["nil labels"]++
		case len(w.Labels) == 0:
			seen["empty labels"]++
		default:
			seen["labels"]++
		}
		if w.Spec.Owner == nil {
			seen["nil owner"]++
		} else if w.Spec.Owner.Phone != nil {
			seen["owner phone"]++
		}
		if w.Spec.Size != nil && (*w.Spec.Size == 1<<31-1 || *w.Spec.Size == -1<<31) {
			seen["extreme int32"]++
		}
		if w.Spec.FullName != nil && strings.ContainsAny(*w.Spec.FullName, "日本語🙂éßñ") {
			seen["multi-byte name"]++
		}
		if cmp.Equal(w.Spec, WidgetV1StorageSpec{}) && cmp.Equal(w.Status, WidgetV1StorageStatus{}) {
			seen["spec-less"]++
		}
	}
	for _, want := range []string{
		"converted from v1", "converted from v2", "converted from v2storage",
		"spec bag stashes Priority", "owner bag stashes Verified", "part bag stashes Color", "zone bag stashes Region",
		"status bag stashes ObservedGeneration", "status bag stashes LastSeen",
		"unknown entry in spec bag", "unknown entry in owner bag", "unknown entry in part bag", "unknown entry in zone bag",
		"unknown entry in status bag",
		"nil tags", "empty tags", "tags", "nil labels", "empty labels", "labels", "nil owner", "owner phone",
		"extreme int32", "multi-byte name", "spec-less",
	} {
		if seen[want] == 0 {
			t.Errorf("2000 samples, none with %s", want)
		}
	}
	t.Logf("%v", seen)
}

// bagKind names the place of a bag path for the coverage tests: "spec",
// "spec.owner", "spec.parts[]", "spec.zones[]", "status".
func bagKind(path string) string {
	if i := strings.IndexByte(path, '['); i >= 0 {
		return path[:i] + "[]"
	}
	return path
}

// TestAPIVersionBags checks that objects of the API versions, which have
// no bags of their own, carry the bags of their storage twins at every
// depth, as conversions fill them (values only other versions have, in
// nested structs, list elements and map values) and with entries under
// unused names, in boundary.Annotation (spec) and in the status's Bags
// field (status); objects built at random, rather than converted, carry
// entries under unused names at the top.
func TestAPIVersionBags(t *testing.T) {
	skipUnderRace(t) // thousands of generated objects, one goroutine
	for _, version := range []string{"v1", "v2"} {
		seen := map[string]int{}
		for _, s := range samples(newGenerator(t, instants), version, 2000) {
			if s.Err != nil {
				t.Fatalf("%v: %v", s, s.Err)
			}
			obj := s.Object.(metav1.Object)
			var inStatus propertybag.Bags
			switch w := s.Object.(type) {
			case *WidgetV1:
				inStatus = w.Status.PropertyBags
			case *WidgetV2:
				inStatus = w.Status.PropertyBags
			}
			annotated := propertybag.Bags{}
			if text, ok := obj.GetAnnotations()[boundary.Annotation]; ok {
				var err error
				if annotated, err = propertybag.UnmarshalBags(text); err != nil {
					t.Fatalf("%v: annotation %q: %v", s, text, err)
				}
			}
			built := ""
			if s.From == "" {
				built = "built: "
			}
			for where, bags := range map[string]propertybag.Bags{"annotation": annotated, "status field": inStatus} {
				for path, bag := range bags {
					if len(bag) == 0 {
						t.Fatalf("%v: empty bag %q in the %s", s, path, where)
					}
					if (where == "annotation") == strings.HasPrefix(path, "status") {
						t.Fatalf("%v: bag %q in the %s", s, path, where)
					}
					for name := range bag {
						if strings.HasPrefix(name, "x-convtest-") {
							seen[built+"unknown entry in "+bagKind(path)]++
						} else {
							seen[bagKind(path)+" stashes "+name]++
						}
					}
				}
			}
		}
		want := []string{
			"unknown entry in spec", "unknown entry in spec.owner", "unknown entry in spec.parts[]", "unknown entry in spec.zones[]",
			"unknown entry in status",
			// Objects built at random, not converted, get them at the top.
			"built: unknown entry in spec", "built: unknown entry in status",
		}
		if version == "v1" {
			want = append(want, "spec stashes Priority", "spec.owner stashes Verified", "spec.parts[] stashes Color",
				"spec.zones[] stashes Region", "status stashes ObservedGeneration", "status stashes LastSeen")
		}
		for _, w := range want {
			if seen[w] == 0 {
				t.Errorf("2000 %s samples, none with %s", version, w)
			}
		}
		t.Logf("%s: %v", version, seen)
	}
}

// TestShrinkerKeepsBagsWhole checks that the shrinker never cuts the JSON
// of the bags annotation.
func TestShrinkerKeepsBagsWhole(t *testing.T) {
	g := newGenerator(t)
	params := gopter.DefaultTestParametersWithSeed(5)
	noBags := prop.ForAll(func(s *convtest.Sample) bool {
		text, ok := s.Object.(*WidgetV1).Annotations[boundary.Annotation]
		return !ok || json.Valid([]byte(text)) && !strings.Contains(text, "x-convtest-")
	}, g.Gen("v1"))
	result := noBags.Check(params)
	if result.Passed() {
		t.Fatal("no annotation bags in 100 objects")
	}
	w := result.Args[0].Arg.(*convtest.Sample).Object.(*WidgetV1)
	if text := w.Annotations[boundary.Annotation]; !json.Valid([]byte(text)) {
		t.Errorf("the shrinker cut the annotation to %q", text)
	}

	// It takes values out of the annotation's bags one by one: an object
	// built at random (not converted) that fails for a composite unknown
	// value in its annotation shrinks to one bag holding that value only.
	composite := func(s *convtest.Sample) int {
		bags, _ := propertybag.UnmarshalBags(s.Object.(*WidgetV1).Annotations[boundary.Annotation])
		n := 0
		for _, bag := range bags {
			for name, value := range bag {
				if strings.HasPrefix(name, "x-convtest-") && (strings.HasPrefix(value, "{") || strings.HasPrefix(value, "[")) {
					n++
				}
			}
		}
		return n
	}
	tried := 0
	for seed := int64(1); tried < 3 && seed < 100; seed++ {
		params = gopter.DefaultTestParametersWithSeed(seed)
		params.MinSuccessfulTests = 1000
		result = prop.ForAll(func(s *convtest.Sample) bool { return s.From != "" || composite(s) == 0 }, g.Gen("v1")).Check(params)
		if result.Passed() {
			continue
		}
		orig := result.Args[0].OrigArg.(*convtest.Sample).Object.(*WidgetV1)
		bags, _ := propertybag.UnmarshalBags(orig.Annotations[boundary.Annotation])
		if len(bags["spec"]) < 2 {
			continue // nothing to take out
		}
		tried++
		w = result.Args[0].Arg.(*convtest.Sample).Object.(*WidgetV1)
		bags, err := propertybag.UnmarshalBags(w.Annotations[boundary.Annotation])
		if err != nil || len(bags) != 1 || len(bags["spec"]) != 1 {
			t.Errorf("seed %d: the annotation %q shrank to %q, want one bag with one value (%v)",
				seed, orig.Annotations[boundary.Annotation], w.Annotations[boundary.Annotation], err)
		}
	}
	if tried == 0 {
		t.Error("no built v1 object with several unknown values in its annotation")
	}

	// The same for objects converted from another version, which shrink
	// through their recipe: the unknown values added to the hub on the
	// way and to the bags the object carries go one by one.
	unknowns := func(s *convtest.Sample) int {
		w := s.Object.(*WidgetV1)
		bags, _ := propertybag.UnmarshalBags(w.Annotations[boundary.Annotation])
		n := 0
		for _, b := range []propertybag.Bags{bags, w.Status.PropertyBags} {
			for _, bag := range b {
				for name := range bag {
					if strings.HasPrefix(name, "x-convtest-") {
						n++
					}
				}
			}
		}
		return n
	}
	tried = 0
	for seed := int64(1); tried < 5 && seed < 100; seed++ {
		params = gopter.DefaultTestParametersWithSeed(seed)
		result = prop.ForAll(func(s *convtest.Sample) bool { return s.From == "" || unknowns(s) == 0 }, g.Gen("v1")).Check(params)
		if result.Passed() || unknowns(result.Args[0].OrigArg.(*convtest.Sample)) < 2 {
			continue
		}
		tried++
		if shrunk := result.Args[0].Arg.(*convtest.Sample); unknowns(shrunk) != 1 {
			t.Errorf("seed %d: a converted object shrank to one with %d unknown values, want 1: %v", seed, unknowns(shrunk), shrunk.Object)
		}
	}
	if tried == 0 {
		t.Error("no converted v1 object with several unknown values")
	}
}

func TestShrinkerKeepsBagsPlaced(t *testing.T) {
	g := newGenerator(t)
	params := gopter.DefaultTestParametersWithSeed(5)
	params.MinSuccessfulTests = 2000
	placed := func(w *WidgetV1) string {
		text, ok := w.Annotations[boundary.Annotation]
		if !ok {
			return ""
		}
		bags, err := propertybag.UnmarshalBags(text)
		if err != nil {
			return err.Error()
		}
		for path := range bags {
			var i int
			var k string
			switch {
			case path == "spec":
			case path == "#elements":
				// The fingerprints of the parts (an unkeyed list), not a
				// bag with a place: those of parts that are gone are
				// ignored.
			case path == "spec.owner":
				if w.Spec.Owner == nil {
					return path
				}
			case strings.HasPrefix(path, "spec.parts["):
				if _, err := fmt.Sscanf(path, "spec.parts[%d]", &i); err != nil || i >= len(w.Spec.Parts) {
					return path
				}
			case strings.HasPrefix(path, "spec.zones["):
				k = strings.TrimSuffix(strings.TrimPrefix(path, "spec.zones["), "]")
				if unquoted, err := strconv.Unquote(k); err == nil {
					k = unquoted
				}
				if _, ok := w.Spec.Zones[k]; !ok {
					return path
				}
			default:
				return path
			}
		}
		return ""
	}
	// Fails on every object with a nested bag in a part: the shrinker
	// removes everything it can, and must keep the parts the bags sit in.
	var orphans []string
	nested := prop.ForAll(func(s *convtest.Sample) bool {
		w := s.Object.(*WidgetV1)
		if p := placed(w); p != "" {
			orphans = append(orphans, p)
		}
		return !strings.Contains(w.Annotations[boundary.Annotation], `"spec.parts[1]"`)
	}, g.Gen("v1"))
	result := nested.Check(params)
	if result.Passed() {
		t.Fatal("no v1 object carries a bag for its second part")
	}
	w := result.Args[0].Arg.(*convtest.Sample).Object.(*WidgetV1)
	if len(w.Spec.Parts) < 2 {
		t.Errorf("the shrunk object keeps a bag for its second part and has %d parts: %+v", len(w.Spec.Parts), w)
	}
	if len(orphans) > 0 {
		t.Errorf("the shrinker proposed objects whose bags have no place: %v", orphans)
	}
}

// TestUpdateHubs checks the hubs of the update check: converted from
// random objects of the API versions (never of storage versions), with
// entries under unused names in bags at every depth.
func TestUpdateHubs(t *testing.T) {
	skipUnderRace(t) // thousands of generated objects, one goroutine
	g := newGenerator(t)
	params := gopter.DefaultGenParameters()
	params.Rng.Seed(99)
	gen := g.UpdateGen()
	seen := map[string]int{}
	for range 2000 {
		v, ok := gen(params).Retrieve()
		if !ok {
			t.Fatal("no sample")
		}
		s := v.(*convtest.Sample)
		if s.Err != nil {
			t.Fatalf("%v: %v", s, s.Err)
		}
		if s.Version != "v2storage" || (s.From != "v1" && s.From != "v2") {
			t.Fatalf("%v: want a hub converted from v1 or v2", s)
		}
		seen["from "+s.From]++
		source, err := json.Marshal(s.Source)
		if err != nil {
			t.Fatal(err)
		}
		h := s.Object.(*WidgetV2Storage)
		bags := map[string]propertybag.PropertyBag{"spec": h.Spec.PropertyBag, "status": h.Status.PropertyBag}
		if h.Spec.Owner != nil {
			bags["spec.owner"] = h.Spec.Owner.PropertyBag
		}
		for _, p := range h.Spec.Parts {
			bags["spec.parts[]"] = p.PropertyBag
		}
		for _, z := range h.Spec.Zones {
			bags["spec.zones[]"] = z.PropertyBag
		}
		for where, bag := range bags {
			if bag != nil && len(bag) == 0 {
				t.Fatalf("%v has an empty, non-nil %s bag", s, where)
			}
			for name := range bag {
				if strings.HasPrefix(name, "x-convtest-") {
					seen["unknown entry in "+where]++
					if !strings.Contains(string(source), name) {
						seen["added entry in "+where]++ // not carried from the source: added to the hub
					}
				} else {
					seen[where+" stashes "+name]++
				}
			}
		}
	}
	for _, want := range []string{
		"from v1", "from v2", "spec stashes FullName",
		"unknown entry in spec", "unknown entry in spec.owner", "unknown entry in spec.parts[]", "unknown entry in spec.zones[]",
		"unknown entry in status",
		// Added to the hub, not carried from the object it was converted
		// from (mutation testing: adding none, or none in map values,
		// survived).
		"added entry in spec", "added entry in spec.zones[]", "added entry in spec.parts[]",
	} {
		if seen[want] == 0 {
			t.Errorf("2000 hubs, none with %s", want)
		}
	}
	t.Logf("%v", seen)
}

func TestValuesOptions(t *testing.T) {
	// By field name, in every version: Mode in v1 and v2, *string in the
	// storage versions.
	g := newGenerator(t, convtest.FieldValues("Mode", "fast", "slow"))
	modes := map[string]bool{}
	for seed := range int64(400) {
		for _, v := range []string{"v1", "v1storage"} {
			obj, err := g.Generate(v, seed)
			if err != nil {
				t.Fatal(err)
			}
			switch w := obj.(type) {
			case *WidgetV1:
				modes[string(w.Spec.Mode)] = true
			case *WidgetV1Storage:
				if w.Spec.Mode != nil {
					modes[*w.Spec.Mode] = true
				}
			}
		}
	}
	delete(modes, "") // spec-less objects
	if len(modes) != 2 || !modes["fast"] || !modes["slow"] {
		t.Errorf("modes %v, want fast and slow only", modes)
	}

	// By type, wherever it occurs: int32 in v1 and v2, *int32 in the
	// storage versions (v1 objects are often converted from those).
	g = newGenerator(t, convtest.Values[int32](7, 8))
	sizes := map[int32]bool{}
	for seed := range int64(200) {
		obj, _ := g.Generate("v1", seed)
		sizes[obj.(*WidgetV1).Spec.Size] = true
	}
	delete(sizes, 0) // spec-less objects, and nil sizes converted from storage versions
	if len(sizes) != 2 || !sizes[7] || !sizes[8] {
		t.Errorf("sizes %v, want 7 and 8 only", sizes)
	}
}

// TestGenShrinks uses the generator in a property of one's own: gopter
// shrinks a failing object to the essential part.
func TestGenShrinks(t *testing.T) {
	g := newGenerator(t)
	params := gopter.DefaultTestParametersWithSeed(3)
	noA := prop.ForAll(func(s *convtest.Sample) bool {
		return !strings.Contains(s.Object.(*WidgetV1).Spec.FullName, "a")
	}, g.Gen("v1"))
	result := noA.Check(params)
	if result.Passed() {
		t.Fatal("no name with an a in 100 objects")
	}
	shrunk := result.Args[0].Arg.(*convtest.Sample)
	w := shrunk.Object.(*WidgetV1)
	if w.Spec.FullName != "a" {
		t.Errorf("shrunk name %q, want %q", w.Spec.FullName, "a")
	}
	w.Spec.FullName = ""
	if n := leaves(w); n != 0 {
		t.Errorf("the shrunk object keeps %d values besides the name: %+v", n, w)
	}
	if shrunk.Shrunk == 0 || !strings.Contains(shrunk.String(), "shrunk") {
		t.Errorf("sample %v", shrunk)
	}
}

// TestRemake checks that the shrinker, which makes smaller variants of a
// converted sample from its recipe, makes the very sample again from an
// unchanged recipe: the entries added on the way included.
func TestRemake(t *testing.T) {
	g := newGenerator(t, instants)
	params := gopter.DefaultGenParameters()
	params.Rng.Seed(7)
	remade := 0
	for _, gen := range []gopter.Gen{g.Gen("v1"), g.Gen("v1storage"), g.Gen("v2"), g.UpdateGen()} {
		for range 300 {
			v, _ := gen(params).Retrieve()
			s := v.(*convtest.Sample)
			again := g.Remake(s)
			if again == nil || s.Err != nil {
				continue
			}
			remade++
			if d := cmp.Diff(s.Object, again.Object); d != "" {
				t.Fatalf("%v made again differs (-made +again):\n%s", s, d)
			}
		}
	}
	if remade < 500 {
		t.Errorf("%d samples remade, want about 600", remade)
	}
}
