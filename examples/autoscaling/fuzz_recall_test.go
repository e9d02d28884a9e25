package autoscaling

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v1storage"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// recallVersion is an API version of HorizontalPodAutoscaler with the
// generated recall of its storage twin: AssignProperties_To_<Kind>, the
// copy followed by boundary.Carrier's Open, walks and Done, called on the
// object itself (not a copy, as convert.ToHub does), so that a change it
// made to what the client sent would show.
type recallVersion struct {
	name   string
	recall func(obj runtime.Object) (twin runtime.Object, err error)
}

var recallVersions = []recallVersion{
	{"v1", func(obj runtime.Object) (runtime.Object, error) {
		twin := &v1storage.HorizontalPodAutoscaler{}
		return twin, obj.(*v1.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler(twin)
	}},
	{"v2beta1", func(obj runtime.Object) (runtime.Object, error) {
		twin := &v2beta1storage.HorizontalPodAutoscaler{}
		return twin, obj.(*v2beta1.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler(twin)
	}},
	{"v2beta2", func(obj runtime.Object) (runtime.Object, error) {
		twin := &v2beta2storage.HorizontalPodAutoscaler{}
		return twin, obj.(*v2beta2.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler(twin)
	}},
	{"v2", func(obj runtime.Object) (runtime.Object, error) {
		twin := &v2storage.HorizontalPodAutoscaler{}
		return twin, obj.(*v2.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler(twin)
	}},
}

// recallSamples are the objects a fuzzed write starts from: each is
// converted to the version written at, so that it carries the bags and
// fingerprints a real read gives.
var recallSamples = []func() runtime.Object{
	func() runtime.Object { return samples.WebV1() },
	func() runtime.Object { return samples.QueueV2beta1() },
	func() runtime.Object { return samples.ShopV2beta2() },
	func() runtime.Object { return samples.CheckoutV2() },
}

// The edits a fuzzed client makes to the lists of the object it read
// (bits of the edits argument), so that the matching of the fingerprints
// of the lists without list-map keys (boundary.Match) sees reorders,
// deletions and insertions against the stashed fingerprints, real or
// written, and the keyed conditions move with their keys.
const (
	editReverse        = 1 << iota // reverse every list
	editDropFirst                  // remove the first element of every list
	editDuplicate                  // append a copy of the first element to every list
	editRotate                     // move the first element of every list to its end
	editClear                      // empty every list
	editKeepBags                   // keep the annotation and status bags the read gave (the text arguments are ignored)
	editStatusNull                 // status.$propertyBags: null
	editKeepAnnotation             // keep the annotation the read gave (the annotation text is ignored), replace the status bags
)

// editedLists are the lists the edits change, as paths of JSON member
// names (a version without one has nothing there): those without list-map
// keys, and the conditions (keyed by type).
var editedLists = [][]string{
	{"spec", "metrics"},
	{"status", "currentMetrics"},
	{"status", "conditions"},
	{"spec", "behavior", "scaleUp", "policies"},
	{"spec", "behavior", "scaleDown", "policies"},
}

// FuzzRecallAnyBags: whatever a client writes in the bags annotation of a
// HorizontalPodAutoscaler at an API version (anyone who may edit the
// object may), and whatever a writer of the status subresource writes in
// its status bags, with the lists without keys reordered, shortened or
// lengthened, the generated recall of the storage twin (what an operator's
// conversion webhook runs) and the conversion to the hub
//
//   - never panic;
//   - return an error or a result, never change the object sent (compared
//     with a deep copy), and on error leave the hub they were to fill as
//     it was;
//   - fail the conversion to the hub whenever the recall fails (it is its
//     first step);
//   - on success leave no annotation in the hub, and give the same hub
//     when run again;
//   - take time bounded by the size of the input: the fuzzer's inputs are
//     small (kilobytes), and linear work on them takes milliseconds, so
//     ten seconds (far above what a loaded CI machine under -race needs)
//     only catches work quadratic or worse in what the client wrote.
//
// The seeds are the annotations and status bags a real read of the samples
// gives at each version, and the hostile shapes docs/security.md and
// docs/design-unkeyed-lists.md name: wrong JSON, wrong types under $twin,
// #elements of the wrong kind, paths that name nothing or play with
// quoting, indexes out of range, status bags outside status.
func FuzzRecallAnyBags(f *testing.F) {
	scheme := hpaScheme(f)
	c, err := convert.NewConverter(scheme, hpaGK)
	if err != nil {
		f.Fatal(err)
	}
	// The real bags: every sample read at every version.
	for s, sample := range recallSamples {
		for v, version := range recallVersions {
			obj, err := c.ToVersion(sample(), version.name)
			if err != nil {
				f.Fatal(err)
			}
			annotation := obj.(metav1.Object).GetAnnotations()[boundary.Annotation]
			status, err := json.Marshal(statusBagsOf(obj))
			if err != nil {
				f.Fatal(err)
			}
			if annotation == "" && string(status) == "null" {
				continue
			}
			f.Add(uint8(s), uint8(v), uint8(0), annotation, string(status))
			f.Add(uint8(s), uint8(v), uint8(editKeepBags|editReverse), "", "")
			f.Add(uint8(s), uint8(v), uint8(editKeepBags|editDropFirst|editDuplicate), "", "")
		}
	}
	fp := `"AAAAAAAAAAA"`
	for _, seed := range []struct {
		sample, version, edits uint8
		annotation, status     string
	}{
		// Fingerprints of the wrong kind, paths that name nothing.
		{3, 1, 0, `{"#elements":{"spec.metrics[0]":5}}`, ""},
		{3, 1, 0, `{"#elements":{"spec.metrics[-1]":` + fp + `,"spec.metrics[+1]":` + fp + `}}`, ""},
		{3, 1, 0, `{"#elements":{"spec.metrics[99999999999999999999]":` + fp + `}}`, ""},
		{3, 1, 0, `{"#elements":{"spec.metrics[1000000]":` + fp + `,"spec.metrics[0]":"not base64!"}}`, ""},
		{3, 1, editReverse, `{"#elements":{"spec.metrics[0]":` + fp + `,"spec.metrics[1]":` + fp + `,"spec.metrics[2]":` + fp + `},"spec.metrics[1].resource":{"Target":{"type":"Value","value":"4Gi"}}}`, ""},
		{3, 1, 0, `{"#elements":{"spec.metrics[00]":` + fp + `,"spec.metrics":` + fp + `,"spec.metrics[]":` + fp + `}}`, ""},
		{3, 1, 0, `{"#elements":{"status.currentMetrics[0]":` + fp + `}}`, ""},
		{3, 1, 0, `{"#elements":[]}`, ""},
		{3, 1, 0, `{"#elements":{"spec.metrics[0]":"\u0041AAAAAAAAAA"}}`, ""},
		{0, 1, 0, "", `{"status.#elements":{"spec.metrics[0]":` + fp + `}}`},
		{0, 1, 0, "", `{"status.#elements":{"status.currentMetrics[0]":{}}}`},
		{0, 1, editDuplicate, "", `{"status.#elements":{"status.currentMetrics[0]":` + fp + `,"status.currentMetrics[1]":` + fp + `},"status.currentMetrics[1].resource":{"$twin":"{\"currentAverageValue\":null}"}}`},
		// Paths with quoting tricks, that name nothing, or collide.
		{3, 0, 0, `{"spec.rules[name=\"a\\\"]\"]":{"X":1},"spec.metrics[\"0\"]":{"X":1},"spec.metrics[0 ]":{"X":1}}`, ""},
		{3, 1, 0, `{"spec.metrics[1].resource":{"Target":{}},"spec.metrics[01].resource":{"Target":{}},"spec.metrics[+1].resource":{"Target":{}}}`, ""},
		{3, 1, 0, `{"spec.metrics[-1].resource":{"X":1},"spec.metrics[99999999999999999999].resource":{"X":1},"spec.nosuch":{"X":1},"":{"X":1},".":{"X":1}}`, ""},
		{3, 1, 0, `{"spec.metrics[1].resource":{"X":1},"spec.metrics[1].resource.":{"X":1},"spec..metrics[1]":{"X":1},"spec.metrics[1][2]":{"X":1}}`, ""},
		{3, 2, 0, `{"spec.behavior.scaleUp":{"Tolerance":"50m"},"spec.behavior.scaleUp.policies[0]":{"X":1},"spec.behavior.scaleUp.policies[":{"X":1}}`, ""},
		// $twin of the wrong kind.
		{0, 1, 0, `{"spec":{"$twin":{"minReplicas":null}}}`, ""},
		{0, 1, 0, `{"spec":{"$twin":{"minReplicas":0}}}`, ""},
		{0, 1, 0, `{"spec":{"$twin":{"minReplicas":7}}}`, ""},
		{0, 1, 0, `{"spec":{"$twin":"null"}}`, ""},
		{0, 1, 0, `{"spec":{"$twin":{"maxReplicas":{}}}}`, ""},
		{0, 1, 0, `{"spec.metrics[0]":{"$twin":{"type":null}},"spec.nosuch":{"$twin":{"x":null}}}`, ""},
		{0, 1, 0, `{".":{"$twin":{"spec":null}},"spec":{"$twin":{"":null,"minReplicas":null,"minReplicas":null}}}`, ""},
		{0, 1, 0, "", `{"status.currentMetrics[0].resource":{"$twin":"{\"currentAverageValue\":\"0\"}"}}`},
		{0, 1, 0, "", `{"status.currentMetrics[0].resource":{"$twin":"{\"currentAverageValue\":\"5\"}"}}`},
		{0, 1, 0, "", `{"status.currentMetrics[0].resource":{"$twin":"{\"currentAverageValue\":[]}"}}`},
		// Status bags outside status, status bags in the annotation.
		{2, 0, 0, "", `{"spec":{"Behavior":"{}"}}`},
		{2, 0, 0, "", `{"statusx":{"A":"1"},"status":{"A":"1"}}`},
		{2, 0, 0, `{"status":{"Conditions":[]}}`, ""},
		{2, 0, 0, `{"status.#elements":{"status.conditions[0]":` + fp + `}}`, ""},
		{2, 0, editStatusNull, "", ""},
		// Not JSON, or not bags.
		{1, 0, 0, `{`, ""},
		{1, 0, 0, `[]`, ""},
		{1, 0, 0, `{"spec":{"Metrics":{}}}`, ""},
		{1, 0, 0, `{"$verbatim":{}}`, ""},
		{1, 0, 0, "{\"spec\":{\"Metrics\":\"\xff\"}}", ""},
	} {
		f.Add(seed.sample, seed.version, seed.edits, seed.annotation, seed.status)
	}
	f.Fuzz(func(t *testing.T, sample, version, edits uint8, annotation, status string) {
		checkRecall(t, c, sample, version, edits, annotation, status)
	})
}

// FuzzRecallAnyStatusBags is FuzzRecallAnyBags for a writer of the status
// subresource alone: the annotation is the one the read gave, the status
// bags (status.$propertyBags) are anything. Seeded with the samples' real
// status bags and the hostile shapes of FuzzRecallAnyBags that lie there.
func FuzzRecallAnyStatusBags(f *testing.F) {
	c, err := convert.NewConverter(hpaScheme(f), hpaGK)
	if err != nil {
		f.Fatal(err)
	}
	for s, sample := range recallSamples {
		for v, version := range recallVersions {
			obj, err := c.ToVersion(sample(), version.name)
			if err != nil {
				f.Fatal(err)
			}
			if status := statusBagsOf(obj); len(status) > 0 {
				text, err := json.Marshal(status)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(s), uint8(v), uint8(0), string(text))
				f.Add(uint8(s), uint8(v), uint8(editReverse|editDuplicate), string(text))
			}
		}
	}
	fp := `"AAAAAAAAAAA"`
	for _, status := range []string{
		`{"status.#elements":{"spec.metrics[0]":` + fp + `}}`,
		`{"status.#elements":{"status.currentMetrics[0]":{}}}`,
		`{"status.#elements":{"status.currentMetrics[0]":` + fp + `,"status.currentMetrics[1]":` + fp + `},"status.currentMetrics[1].resource":{"$twin":"{\"currentAverageValue\":null}"}}`,
		`{"status.currentMetrics[0].resource":{"$twin":"{\"currentAverageValue\":\"0\"}"}}`,
		`{"status.currentMetrics[0].resource":{"$twin":"{\"currentAverageValue\":[]}"}}`,
		`{"spec":{"Behavior":"{}"}}`,
		`{"statusx":{"A":"1"},"status":{"A":"1"}}`,
		`{"status":{"Conditions":"{\"type\":1}"}}`,
		`{"#elements":{"status.conditions[0]":` + fp + `}}`,
		`{"status":5}`,
		`[]`,
	} {
		f.Add(uint8(0), uint8(1), uint8(0), status)
		f.Add(uint8(3), uint8(0), uint8(0), status)
	}
	f.Fuzz(func(t *testing.T, sample, version, edits uint8, status string) {
		checkRecall(t, c, sample, version, edits|editKeepAnnotation, "", status)
	})
}

// checkRecall is the body of FuzzRecallAnyBags.
func checkRecall(t *testing.T, c *convert.Converter, sample, version, edits uint8, annotation, status string) {
	v := recallVersions[int(version)%len(recallVersions)]
	obj, err := c.ToVersion(recallSamples[int(sample)%len(recallSamples)](), v.name)
	if err != nil {
		t.Fatal(err)
	}
	obj, ok := written(t, obj, edits, annotation, status)
	if !ok {
		return // what the API server would not decode
	}
	start := time.Now()
	defer func() {
		if elapsed := time.Since(start); elapsed > 10*time.Second {
			t.Errorf("%s: the recall of %d bytes of annotation and %d of status bags took %v", v.name, len(annotation), len(status), elapsed)
		}
	}()

	// The generated recall alone, on the object sent.
	before := obj.DeepCopyObject()
	twin, err := v.recall(obj)
	if d := cmp.Diff(before, obj); d != "" {
		t.Fatalf("%s: the recall changed the object sent (-before +after):\n%s", v.name, d)
	}
	if err == nil {
		if _, ok := twin.(metav1.Object).GetAnnotations()[boundary.Annotation]; ok {
			t.Errorf("%s: the recall left the annotation in the storage twin", v.name)
		}
	}
	recallErr := err

	// The conversion to the hub, into a hub that holds another object.
	hub := &v2storage.HorizontalPodAutoscaler{}
	if err := c.Convert(samples.ShopV2beta2(), hub); err != nil {
		t.Fatal(err)
	}
	hubBefore := hub.DeepCopy()
	err = obj.(conversion.Convertible).ConvertTo(hub)
	if d := cmp.Diff(before, obj); d != "" {
		t.Fatalf("%s: ConvertTo changed the object sent (-before +after):\n%s", v.name, d)
	}
	if err != nil {
		if d := cmp.Diff(hubBefore, hub); d != "" {
			t.Fatalf("%s: the failed ConvertTo (%v) wrote to the hub (-before +after):\n%.3000s", v.name, err, d)
		}
		if strings.Contains(err.Error(), "panic") {
			t.Fatalf("%s: %v", v.name, err)
		}
		return
	}
	if recallErr != nil {
		t.Fatalf("%s: the recall failed (%v), but the conversion to the hub succeeded", v.name, recallErr)
	}
	if _, ok := hub.Annotations[boundary.Annotation]; ok {
		t.Errorf("%s: the hub keeps the annotation %s", v.name, hub.Annotations[boundary.Annotation])
	}
	again := &v2storage.HorizontalPodAutoscaler{TypeMeta: hub.TypeMeta} // ConvertTo keeps the hub's own
	if err := obj.(conversion.Convertible).ConvertTo(again); err != nil {
		t.Fatalf("%s: the second conversion failed: %v", v.name, err)
	}
	if d := cmp.Diff(hub, again); d != "" {
		t.Errorf("%s: a second conversion of the same object gives another hub (-first +second):\n%.3000s", v.name, d)
	}
}

// written returns obj as a client writes it back: through JSON, with its
// lists without keys edited as edits says and, unless edits keeps them,
// the annotation and the status bags replaced by the texts given (status
// bags only when the text is not empty; a text that is not JSON is not a
// write the API server takes). It reports false for a write that does not
// decode.
func written(t *testing.T, obj runtime.Object, edits uint8, annotation, status string) (runtime.Object, bool) {
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if edits&editKeepBags == 0 {
		meta, _ := doc["metadata"].(map[string]any)
		annotations, _ := meta["annotations"].(map[string]any)
		if annotations == nil {
			annotations = map[string]any{}
		}
		if edits&editKeepAnnotation == 0 {
			annotations[boundary.Annotation] = annotation
		}
		meta["annotations"] = annotations
		if status != "" {
			if !json.Valid([]byte(status)) {
				return nil, false
			}
			st, _ := doc["status"].(map[string]any)
			if st == nil {
				st = map[string]any{}
				doc["status"] = st
			}
			st["$propertyBags"] = json.RawMessage(status)
		}
	}
	if edits&editStatusNull != 0 {
		if st, ok := doc["status"].(map[string]any); ok {
			st["$propertyBags"] = nil
		}
	}
	for _, path := range editedLists {
		editList(doc, path, edits)
	}
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	sent := obj.DeepCopyObject()
	reset(sent)
	if err := json.Unmarshal(data, sent); err != nil {
		return nil, false
	}
	return sent, true
}

// reset empties obj, a pointer to an object of one of the versions, for a
// decode.
func reset(obj runtime.Object) {
	switch o := obj.(type) {
	case *v1.HorizontalPodAutoscaler:
		*o = v1.HorizontalPodAutoscaler{}
	case *v2beta1.HorizontalPodAutoscaler:
		*o = v2beta1.HorizontalPodAutoscaler{}
	case *v2beta2.HorizontalPodAutoscaler:
		*o = v2beta2.HorizontalPodAutoscaler{}
	case *v2.HorizontalPodAutoscaler:
		*o = v2.HorizontalPodAutoscaler{}
	}
}

// editList edits the list at path in doc, if there is one.
func editList(doc map[string]any, path []string, edits uint8) {
	for _, name := range path[:len(path)-1] {
		next, ok := doc[name].(map[string]any)
		if !ok {
			return
		}
		doc = next
	}
	name := path[len(path)-1]
	list, ok := doc[name].([]any)
	if !ok || len(list) == 0 {
		return
	}
	first := list[0]
	if edits&editReverse != 0 {
		for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
			list[i], list[j] = list[j], list[i]
		}
	}
	if edits&editDropFirst != 0 {
		list = list[1:]
	}
	if edits&editDuplicate != 0 {
		list = append(list, first)
	}
	if edits&editRotate != 0 && len(list) > 0 {
		list = append(list[1:], list[0])
	}
	if edits&editClear != 0 {
		list = nil
	}
	doc[name] = list
}

// statusBagsOf returns the status bags of obj, an object of one of the
// versions.
func statusBagsOf(obj runtime.Object) propertybag.Bags {
	switch o := obj.(type) {
	case *v1.HorizontalPodAutoscaler:
		return o.Status.PropertyBags
	case *v2beta1.HorizontalPodAutoscaler:
		return o.Status.PropertyBags
	case *v2beta2.HorizontalPodAutoscaler:
		return o.Status.PropertyBags
	case *v2.HorizontalPodAutoscaler:
		return o.Status.PropertyBags
	}
	return nil
}

// FuzzRecallAgreesWithReflection: for whatever annotation and status bags
// a client writes at v1, v2beta2 or v2, the generated recall and
// reflectbags.Recall (after the copy, on the object without its bags, as
// transporttest.Check runs them on random twins) give the same storage
// twin, or both fail; but where the two are documented to differ: a $twin
// entry at a path where the twin has no struct with a field the version
// shows in place of a pointer is an error for reflectbags
// (reflectbags.Recall), and dropped by the generated recall, which only
// checks the entries at places its walk reaches (boundary.Carrier). v2beta1
// is left out: its hooks write bags reflectbags does not
// (TestTransportMatchesReflection).
func FuzzRecallAgreesWithReflection(f *testing.F) {
	c, err := convert.NewConverter(hpaScheme(f), hpaGK)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(uint8(3), uint8(0), uint8(editKeepBags), "", "")
	f.Add(uint8(3), uint8(1), uint8(editKeepBags|editReverse), "", "")
	f.Add(uint8(1), uint8(0), uint8(0), `{"spec":{"$twin":{"minReplicas":null}},"spec.metrics[0]":{"X":1}}`, `{"status.currentMetrics[0].resource":{"$twin":"{\"currentAverageValue\":null}"}}`)
	f.Add(uint8(3), uint8(2), uint8(editReverse), `{"#elements":{"spec.metrics[0]":"AAAAAAAAAAA","spec.metrics[2]":"AAAAAAAAAAA"},"spec.metrics[2]":{"X":1},"spec.behavior.scaleUp":{"Tolerance":"1m"}}`, "")
	f.Fuzz(func(t *testing.T, sample, version, edits uint8, annotation, status string) {
		v := []recallVersion{recallVersions[0], recallVersions[2], recallVersions[3]}[int(version)%3]
		obj, err := c.ToVersion(recallSamples[int(sample)%len(recallSamples)](), v.name)
		if err != nil {
			t.Fatal(err)
		}
		sent, ok := written(t, obj, edits, annotation, status)
		if !ok {
			return
		}
		emitted, errE := v.recall(sent.DeepCopyObject())
		bare := sent.DeepCopyObject()
		meta := bare.(metav1.Object)
		annotations := maps.Clone(meta.GetAnnotations())
		delete(annotations, boundary.Annotation)
		meta.SetAnnotations(annotations)
		setStatusBags(bare, nil)
		walked, errW := v.recall(bare)
		if errW == nil {
			errW = reflectbags.Recall(walked, sent.DeepCopyObject())
		}
		if errE == nil && errW != nil && strings.Contains(errW.Error(), "but no field there is one this version shows") {
			return // documented: see above
		}
		if (errE == nil) != (errW == nil) {
			t.Fatalf("%s: generated error %v, reflection error %v", v.name, errE, errW)
		}
		if errE != nil {
			return
		}
		if d := cmp.Diff(emitted, walked); d != "" {
			t.Fatalf("%s: the twins differ (-generated +reflection):\n%s", v.name, d)
		}
	})
}

// setStatusBags sets the status bags of obj, an object of one of the
// versions.
func setStatusBags(obj runtime.Object, bags propertybag.Bags) {
	switch o := obj.(type) {
	case *v1.HorizontalPodAutoscaler:
		o.Status.PropertyBags = bags
	case *v2beta1.HorizontalPodAutoscaler:
		o.Status.PropertyBags = bags
	case *v2beta2.HorizontalPodAutoscaler:
		o.Status.PropertyBags = bags
	case *v2.HorizontalPodAutoscaler:
		o.Status.PropertyBags = bags
	}
}
