package reflectbags_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/genruntime"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A storage twin whose API version holds plain values: required ones
// (replicas, limits, a port's name, status.ready), omitempty ones (paused,
// a port's port) and a struct of another package (selector), at the top of
// spec, in keyed list elements and in map values.
type valveStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              valveStorageSpec   `json:"spec,omitempty"`
	Status            valveStorageStatus `json:"status,omitempty"`
}

type valveStorageSpec struct {
	PropertyBag propertybag.PropertyBag  `json:"$propertyBag,omitempty"`
	Replicas    *int32                   `json:"replicas,omitempty"`
	Paused      *bool                    `json:"paused,omitempty"`
	Limits      *limitsStorage           `json:"limits,omitempty"`
	Selector    *metav1.LabelSelector    `json:"selector,omitempty"`
	Ports       []valvePortStorage       `json:"ports,omitempty" hubspoke:"listMapKey=name"`
	Zones       map[string]limitsStorage `json:"zones,omitempty"`
}

type limitsStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	CPU         *int64                  `json:"cpu,omitempty"`
}

type valvePortStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Port        *int32                  `json:"port,omitempty"`
}

type valveStorageStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Ready       *bool                   `json:"ready,omitempty"`
}

type valve struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              valveSpec   `json:"spec,omitempty"`
	Status            valveStatus `json:"status,omitempty"`
}

type valveSpec struct {
	Replicas int32                  `json:"replicas"`
	Paused   bool                   `json:"paused,omitempty"`
	Limits   valveLimits            `json:"limits"`
	Selector metav1.LabelSelector   `json:"selector,omitempty"`
	Ports    []valvePort            `json:"ports,omitempty"`
	Zones    map[string]valveLimits `json:"zones,omitempty"`
}

type valveLimits struct {
	CPU int64 `json:"cpu"`
}

type valvePort struct {
	Name string `json:"name"`
	Port int32  `json:"port,omitempty"`
}

type valveStatus struct {
	Ready        bool             `json:"ready"`
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func to[T any](v T) *T { return &v }

func orZero[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// clone is a deep copy of a twin, through JSON, which tells nil from zero
// in a twin (every field a pointer, omitempty).
func clone(t *testing.T, s *valveStorage) *valveStorage {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out valveStorage
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// toValve copies a twin to its API version as generated code does.
func toValve(s *valveStorage) (*valve, error) {
	d := &valve{ObjectMeta: *s.ObjectMeta.DeepCopy()}
	d.Spec.Replicas = orZero(s.Spec.Replicas)
	d.Spec.Paused = orZero(s.Spec.Paused)
	if s.Spec.Limits != nil {
		d.Spec.Limits.CPU = orZero(s.Spec.Limits.CPU)
	}
	if s.Spec.Selector != nil {
		d.Spec.Selector = *s.Spec.Selector.DeepCopy()
	}
	for _, p := range s.Spec.Ports {
		d.Spec.Ports = append(d.Spec.Ports, valvePort{Name: orZero(p.Name), Port: orZero(p.Port)})
	}
	for k, z := range s.Spec.Zones {
		if d.Spec.Zones == nil {
			d.Spec.Zones = map[string]valveLimits{}
		}
		d.Spec.Zones[k] = valveLimits{CPU: orZero(z.CPU)}
	}
	d.Status.Ready = orZero(s.Status.Ready)
	if err := reflectbags.Stash(d, s); err != nil {
		return nil, err
	}
	return d, nil
}

func mustValve(t *testing.T, s *valveStorage) *valve {
	t.Helper()
	v, err := toValve(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// fromValve copies an API object back to its twin as generated code does:
// a required scalar becomes a pointer to it, an omitempty one nil when
// zero, a struct of the version's own always a pointer to its twin, one of
// another package nil when zero.
func fromValve(s *valve) (*valveStorage, error) {
	d := &valveStorage{ObjectMeta: *s.ObjectMeta.DeepCopy()}
	d.Spec.Replicas = to(s.Spec.Replicas)
	d.Spec.Paused = genruntime.PtrIfNotZero(s.Spec.Paused)
	d.Spec.Limits = &limitsStorage{CPU: to(s.Spec.Limits.CPU)}
	d.Spec.Selector = genruntime.PtrIfNotZeroValue(*s.Spec.Selector.DeepCopy())
	for _, p := range s.Spec.Ports {
		d.Spec.Ports = append(d.Spec.Ports, valvePortStorage{Name: to(p.Name), Port: genruntime.PtrIfNotZero(p.Port)})
	}
	for k, z := range s.Spec.Zones {
		if d.Spec.Zones == nil {
			d.Spec.Zones = map[string]limitsStorage{}
		}
		d.Spec.Zones[k] = limitsStorage{CPU: to(z.CPU)}
	}
	d.Status.Ready = to(s.Status.Ready)
	if err := reflectbags.Recall(d, s); err != nil {
		return nil, err
	}
	return d, nil
}

// throughJSON is what a client that reads v and writes it back sends.
func throughJSON(t *testing.T, v *valve) *valve {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out valve
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

func TestUpdatesKeepAbsentAndZeroValuesApart(t *testing.T) {
	cases := []struct {
		name string
		twin *valveStorage
		// annotation is the bags annotation the API version carries;
		// status its status bags, as JSON.
		annotation, status string
	}{{
		name:       "absent",
		twin:       &valveStorage{},
		annotation: `{"spec":{"$twin":{"limits":null,"replicas":null}}}`,
		status:     `{"status":{"$twin":"{\"ready\":null}"}}`,
	}, {
		name: "explicit zeros",
		twin: &valveStorage{
			Spec:   valveStorageSpec{Replicas: to[int32](0), Paused: to(false), Limits: &limitsStorage{CPU: to[int64](0)}, Selector: &metav1.LabelSelector{}},
			Status: valveStorageStatus{Ready: to(false)},
		},
		annotation: `{"spec":{"$twin":{"paused":false,"selector":{}}}}`,
	}, {
		name: "values",
		twin: &valveStorage{
			Spec: valveStorageSpec{Replicas: to[int32](3), Paused: to(true), Limits: &limitsStorage{CPU: to[int64](2)},
				Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"a": "b"}}},
			Status: valveStorageStatus{Ready: to(true)},
		},
	}, {
		name: "nested",
		twin: &valveStorage{Spec: valveStorageSpec{
			Replicas: to[int32](1), Limits: &limitsStorage{},
			Ports: []valvePortStorage{{Name: to("a"), Port: to[int32](0)}, {Name: to("b")}},
			Zones: map[string]limitsStorage{"west": {}, "east": {CPU: to[int64](0)}},
		}, Status: valveStorageStatus{Ready: to(true)}},
		annotation: `{"spec.limits":{"$twin":{"cpu":null}},"spec.ports[name=a]":{"$twin":{"port":0}},"spec.zones[west]":{"$twin":{"cpu":null}}}`,
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := clone(t, c.twin)
			api := mustValve(t, c.twin)
			if got := api.Annotations[boundary.Annotation]; got != c.annotation {
				t.Errorf("annotation %s, want %s", got, c.annotation)
			}
			status := ""
			if api.Status.PropertyBags != nil {
				data, _ := json.Marshal(api.Status.PropertyBags)
				status = string(data)
			}
			if status != c.status {
				t.Errorf("status bags %s, want %s", status, c.status)
			}
			back, err := fromValve(throughJSON(t, api))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(before, back); diff != "" {
				t.Errorf("an update that changed nothing changed the twin (-before +after):\n%s", diff)
			}
		})
	}
}

func TestTwinEntriesYieldToTheClient(t *testing.T) {
	api := throughJSON(t, mustValve(t, &valveStorage{Spec: valveStorageSpec{Paused: to(false)}}))
	api.Spec.Replicas = 4
	api.Spec.Paused = true
	back, err := fromValve(api)
	if err != nil {
		t.Fatal(err)
	}
	if *back.Spec.Replicas != 4 || !*back.Spec.Paused || back.Spec.Limits != nil || back.Status.Ready != nil {
		t.Errorf("got replicas %v paused %v limits %v ready %v, want 4, true, nil (untouched, absent), nil",
			back.Spec.Replicas, back.Spec.Paused, back.Spec.Limits, back.Status.Ready)
	}
	if len(back.Spec.PropertyBag) != 0 || back.Annotations != nil {
		t.Errorf("the entries stayed: bag %v, annotations %v", back.Spec.PropertyBag, back.Annotations)
	}
}

func TestRecallRejectsBadTwinEntries(t *testing.T) {
	for _, c := range []struct{ annotation, want string }{
		{`{"spec":{"$twin":{"bogus":1}}}`, `names "bogus"`},
		{`{"spec":{"$twin":{"paused":"many"}}}`, `the value of "paused" does not fit bool`},
		{`{"spec":{"$twin":{"selector":{"x":1}}}}`, `the value of "selector" does not fit v1.LabelSelector`},
		{`{"spec.limits":{"$twin":{"cpu":0}}}`, `bag "spec.limits": $twin: the value of "cpu" can only be null`},
		{`{"spec":{"$twin":5}}`, `$twin is not a JSON object`},
		{`{"spec":{"$twin":{"replicas":0}}}`, `the value of "replicas" can only be null`},
		{`{"spec":{"$twin":{"limits":{"cpu":9}}}}`, `the value of "limits" can only be null`},
		{`{"spec":{"$twin":{"paused":true}}}`, `the value of "paused" is true, which this version would show`},
		{`{"spec":{"$twin":{"selector":{"matchLabels":{"a":"b"}}}}}`, `the value of "selector" is {"matchLabels":{"a":"b"}}`},
		{`{"spec":{"$twin":{"replicas":null}}`, `property-bags`},
		// Where no field has a form only the twin can hold, an entry has
		// nothing to restore: at the object itself, in a struct whose
		// fields all show as they are, or at a path the twin does not have.
		{`{".":{"$twin":{"status":{"ready":true}}}}`, `bag ".": $twin names "status", but no field there`},
		{`{".":{"$twin":{"spec":null}}}`, `bag ".": $twin names "spec", but no field there`},
		{`{"spec.selector":{"$twin":{"matchLabels":null}}}`, `bag "spec.selector": $twin names "matchLabels", but no field there`},
		{`{"spec.ports":{"$twin":{"port":0}}}`, `bag "spec.ports": $twin names "port", but no field there`},
		{`{"spec.bogus[1]":{"$twin":{"cpu":null}}}`, `bag "spec.bogus[1]": $twin names "cpu", but no field there`},
	} {
		api := &valve{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: c.annotation}}}
		dst := &valveStorage{Spec: valveStorageSpec{Replicas: to[int32](7), Limits: &limitsStorage{}}}
		keep := clone(t, dst)
		err := reflectbags.Recall(dst, api)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.annotation, err, c.want)
		}
		if diff := cmp.Diff(keep, dst); diff != "" {
			t.Errorf("%s: a failed recall changed dst:\n%s", c.annotation, diff)
		}
	}
}

func TestPresenceNeedsObjectPointers(t *testing.T) {
	// Hand-written code that passes something else gets an error, not a
	// panic.
	for _, twin := range []any{valveStorage{}, nil, (*valveStorage)(nil), &[]int{}} {
		if err := reflectbags.Stash(&valve{}, twin); err == nil || !strings.Contains(err.Error(), "want a non-nil pointer to an object struct") {
			t.Errorf("Stash from %T: %v", twin, err)
		}
		if err := reflectbags.Recall(twin, &valve{}); err == nil || !strings.Contains(err.Error(), "want a non-nil pointer to an object struct") {
			t.Errorf("Recall into %T: %v", twin, err)
		}
	}
}

func TestStashDropsStaleTwinEntries(t *testing.T) {
	// A twin entry that reached the twin's own bag (written by a release
	// that did not know it, and carried as a value) is not passed on: the
	// stash writes its own.
	twin := &valveStorage{Spec: valveStorageSpec{
		PropertyBag: bag("$twin", `{"replicas":null}`, "Kept", `1`),
		Replicas:    to[int32](5), Limits: &limitsStorage{CPU: to[int64](1)},
	}, Status: valveStorageStatus{PropertyBag: bag("$twin", `{"ready":null}`), Ready: to(true)}}
	api := mustValve(t, twin)
	if got, want := api.Annotations[boundary.Annotation], `{"spec":{"Kept":1}}`; got != want {
		t.Errorf("annotation %s, want %s", got, want)
	}
	if api.Status.PropertyBags != nil {
		t.Errorf("status bags %v, want none", api.Status.PropertyBags)
	}
	if twin.Spec.PropertyBag["$twin"] == "" {
		t.Error("Stash changed its source's bag")
	}
}

// An update through an API version whose plain values cannot show what the
// storage twin holds: replicas is required there (an absent one shows as
// 0), paused is omitempty (an explicit false shows as absent). Stash
// keeps what the twin held under TwinKey, next to the values the version
// has no field for, and Recall restores it where the value comes back
// as it was shown.
func ExampleStash() {
	twin := &valveStorage{Spec: valveStorageSpec{
		PropertyBag: propertybag.PropertyBag{"color": `"red"`}, // no field in this version
		Paused:      to(false),
		Limits:      &limitsStorage{CPU: to[int64](2)},
	}, Status: valveStorageStatus{Ready: to(true)}}
	api, err := toValve(twin) // the generated copy, which calls Stash
	if err != nil {
		panic(err)
	}
	fmt.Println(api.Annotations[boundary.Annotation])

	api.Spec.Limits.CPU = 4     // the client's change
	back, err := fromValve(api) // the generated copy back, which calls Recall
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Spec.Replicas, *back.Spec.Paused, *back.Spec.Limits.CPU, back.Spec.PropertyBag)
	// Output:
	// {"spec":{"$twin":{"paused":false,"replicas":null},"color":"red"}}
	// <nil> false 4 map[color:"red"]
}

// TestTwinEntryAtADuplicateKeyIsDropped: list elements with the same keys
// share one path, so an entry at that path cannot say which element it
// belongs to; it is dropped (as the bag of such an element is), and
// neither element gets what it says.
func TestTwinEntryAtADuplicateKeyIsDropped(t *testing.T) {
	api := &valve{
		ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec.ports[name=a]":{"$twin":{"port":0}}}`}},
		Spec:       valveSpec{Ports: []valvePort{{Name: "a"}, {Name: "a"}, {Name: "b"}}},
	}
	back, err := fromValve(api)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range back.Spec.Ports {
		if p.Port != nil {
			t.Errorf("port %d (%s) got port %d from an entry at a path two elements share", i, orZero(p.Name), *p.Port)
		}
	}
	// With the key once, the entry is restored.
	api.Spec.Ports = api.Spec.Ports[1:]
	back, err = fromValve(api)
	if err != nil {
		t.Fatal(err)
	}
	if p := back.Spec.Ports[0].Port; p == nil || *p != 0 {
		t.Errorf("port a: %v, want the explicit 0 the entry keeps", p)
	}
}

// TestRecallLeavesItsSourceAlone: Recall, called directly as a hook
// may, reads its source's bags (annotation and status) without changing
// them, whatever it takes from them for the twin.
func TestRecallLeavesItsSourceAlone(t *testing.T) {
	api := &valve{
		ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec":{"$twin":{"limits":null},"color":"red"}}`}},
		Status: valveStatus{PropertyBags: propertybag.Bags{
			"status": {"$twin": `{"ready":null}`, "Load": `5`},
		}},
	}
	before := throughJSON(t, api)
	dst := &valveStorage{Spec: valveStorageSpec{Replicas: to[int32](1), Limits: &limitsStorage{}}, Status: valveStorageStatus{Ready: to(false)}}
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	if dst.Spec.Limits != nil || dst.Status.Ready != nil || dst.Status.PropertyBag["Load"] != "5" || dst.Spec.PropertyBag["color"] != `"red"` {
		t.Errorf("recalled limits %v, ready %v, status bag %v, spec bag %v", dst.Spec.Limits, dst.Status.Ready, dst.Status.PropertyBag, dst.Spec.PropertyBag)
	}
	if diff := cmp.Diff(before, api); diff != "" {
		t.Errorf("Recall changed its source (-before +after):\n%s", diff)
	}
}

// TestTwinEntriesUnderQuotedKeys: a key that is not a plain word is quoted
// in the path, brackets and dots included, and its entry still finds its
// place.
func TestTwinEntriesUnderQuotedKeys(t *testing.T) {
	twin := &valveStorage{Spec: valveStorageSpec{
		Replicas: to[int32](1), Limits: &limitsStorage{CPU: to[int64](1)},
		Ports: []valvePortStorage{{Name: to("a]b.c"), Port: to[int32](0)}},
		Zones: map[string]limitsStorage{`x"].[y`: {}},
	}}
	before := clone(t, twin)
	api := mustValve(t, twin)
	annotation := api.Annotations[boundary.Annotation]
	for _, want := range []string{`spec.ports[name=\"a]b.c\"]`, `spec.zones[\"x\\\"].[y\"]`} {
		if !strings.Contains(annotation, want) {
			t.Errorf("annotation %s lacks the path %s", annotation, want)
		}
	}
	back, err := fromValve(throughJSON(t, api))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, back); diff != "" {
		t.Errorf("the round trip changed the twin (-before +after):\n%s", diff)
	}
}
