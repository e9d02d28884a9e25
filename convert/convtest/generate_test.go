package convtest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
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
		"spec bag stashes Priority", "owner bag stashes Verified", "part bag stashes Color", "status bag stashes ObservedGeneration",
		"unknown entry in spec bag", "unknown entry in owner bag", "unknown entry in part bag", "unknown entry in status bag",
		"nil tags", "empty tags", "tags", "nil labels", "empty labels", "labels", "nil owner", "owner phone",
		"extreme int32", "multi-byte name", "spec-less",
	} {
		if seen[want] == 0 {
			t.Errorf("2000 samples, none with %s", want)
		}
	}
	t.Logf("%v", seen)
}

// TestAnnotationBags checks that API versions, which have no bags, get
// unknown entries in the "spec" bag of convert.BagsAnnotation, and that the
// shrinker never cuts that annotation's JSON.
func TestAnnotationBags(t *testing.T) {
	n := 0
	for _, s := range samples(newGenerator(t), "v1", 1000) {
		w := s.Object.(*WidgetV1)
		text, ok := w.Annotations[convert.BagsAnnotation]
		if !ok {
			continue
		}
		n++
		bags, err := propertybag.UnmarshalBags(text)
		if err != nil || len(bags["spec"]) == 0 {
			t.Fatalf("%v: annotation %q", s, text)
		}
	}
	if n < 100 {
		t.Errorf("%d of 1000 v1 objects carry bags in the annotation, want about 250", n)
	}

	// A bug that trips over any annotation shrinks to an object with the
	// annotation, whole.
	g := newGenerator(t)
	params := gopter.DefaultTestParametersWithSeed(5)
	noBags := prop.ForAll(func(s *convtest.Sample) bool {
		text, ok := s.Object.(*WidgetV1).Annotations[convert.BagsAnnotation]
		return !ok || json.Valid([]byte(text)) && !strings.Contains(text, "x-convtest-")
	}, g.Gen("v1"))
	result := noBags.Check(params)
	if result.Passed() {
		t.Fatal("no annotation bags in 100 objects")
	}
	w := result.Args[0].Arg.(*convtest.Sample).Object.(*WidgetV1)
	if text := w.Annotations[convert.BagsAnnotation]; !json.Valid([]byte(text)) {
		t.Errorf("the shrinker cut the annotation to %q", text)
	}
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
