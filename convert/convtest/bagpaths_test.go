package convtest

import (
	"encoding/json"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// TestHasPlace checks the reading of bag paths, as convert.StashBags
// writes them, against an object's JSON.
func TestHasPlace(t *testing.T) {
	// Numbers decoded as dropOrphanBags decodes them, and as float64s.
	var tree, floats any
	doc := []byte(`{
		"spec": {
			"owner": {"email": "a"},
			"tags": ["x"],
			"parts": [{"name": "cog"}, {"name": "axle", "size": 2}, {"name": "eu west"}],
			"ports": [{"port": 80, "protocol": "TCP"}, {"port": 443, "protocol": "TCP"}, {"port": 80, "protocol": "UDP", "on": true}, {"name": null}],
			"twins": [{"name": "a"}, {"name": "a"}],
			"zones": {"west": {"n": 1}, "eu west": {}, "flat": 3}
		},
		"status": {}
	}`)
	if err := decodeNumbers(doc, &tree); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc, &floats); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		".":                                 true,
		"spec":                              true,
		"status":                            true,
		"metadata":                          false,
		"spec.owner":                        true,
		"spec.owner.email":                  false, // not an object
		"spec.nothing":                      false,
		"spec.tags[0]":                      false, // not an object
		"spec.parts[0]":                     true,
		"spec.parts[2]":                     true,
		"spec.parts[3]":                     false,
		"spec.parts[-1]":                    false,
		"spec.parts[name=axle]":             true,
		"spec.parts[name=gear]":             false,
		`spec.parts[name="eu west"]`:        true,
		`spec.parts[name="eu"]`:             false,
		"spec.parts[size=2]":                true,
		"spec.parts[size=2.0]":              true,
		"spec.parts[size=3]":                false,
		"spec.ports[port=80,protocol=TCP]":  true,
		"spec.ports[port=80,protocol=UDP]":  true,
		"spec.ports[port=80]":               false, // two elements: neither
		"spec.ports[port=443,protocol=UDP]": false,
		"spec.ports[on=true]":               true,
		"spec.ports[on=false]":              false,
		"spec.ports[name=null]":             false, // three elements lack a name: none gets it
		"spec.twins[name=a]":                false, // two elements with the same keys
		"spec.zones[west]":                  true,
		`spec.zones["eu west"]`:             true,
		"spec.zones[east]":                  false,
		"spec.zones[flat]":                  false, // not an object
		"spec.zones[west].n":                false,
		"spec.owner[0]":                     false,
		"spec.parts.name":                   false,
		// Paths it cannot read count as placed.
		"spec.parts[name=":   true,
		`spec.zones["west]`:  true,
		"spec.parts[broken]": true,
	} {
		if got := hasPlace(tree, path); got != want {
			t.Errorf("hasPlace(%q) = %v, want %v", path, got, want)
		}
		if got := hasPlace(floats, path); got != want {
			t.Errorf("hasPlace(%q) with float64 numbers = %v, want %v", path, got, want)
		}
	}
}

type gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gadgetSpec   `json:"spec"`
	Status            gadgetStatus `json:"status"`
}

type gadgetSpec struct {
	Parts []gadgetPart          `json:"parts,omitempty"`
	Ports []gadgetPort          `json:"ports,omitempty"`
	Zones map[string]gadgetPart `json:"zones,omitempty"`
	Sizes map[int]gadgetPart    `json:"sizes,omitempty"`
}

type gadgetPort struct {
	Port     int    `json:"port"`
	Protocol string `json:"protocol"`
}

type gadgetPart struct {
	Name string `json:"name"`
}

type gadgetStatus struct {
	Conditions []gadgetPart     `json:"conditions,omitempty"`
	Bags       propertybag.Bags `json:"$propertyBags,omitempty"`
}

func (g *gadget) DeepCopyObject() runtime.Object { return cloneObject(g) }

// TestDropOrphanBags checks that the bags of places an edit removed go,
// from the annotation and from the status, and the others stay.
func TestDropOrphanBags(t *testing.T) {
	bag := propertybag.PropertyBag{"Color": `"red"`}
	text, err := propertybag.MarshalBags(propertybag.Bags{"spec": bag, "spec.parts[name=cog]": bag, "spec.parts[name=axle]": bag, "spec.parts[1]": bag})
	if err != nil {
		t.Fatal(err)
	}
	g := &gadget{
		ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{convert.BagsAnnotation: text, "other": "kept"}},
		Spec:       gadgetSpec{Parts: []gadgetPart{{Name: "cog"}}},
		Status: gadgetStatus{
			Conditions: []gadgetPart{{Name: "Ready"}},
			Bags:       propertybag.Bags{"status": bag, "status.conditions[0]": bag, "status.conditions[1]": bag},
		},
	}
	dropOrphanBags(g)
	kept, err := propertybag.UnmarshalBags(g.Annotations[convert.BagsAnnotation])
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || kept["spec"] == nil || kept["spec.parts[name=cog]"] == nil {
		t.Errorf("annotation bags %v, want spec and spec.parts[name=cog]", kept)
	}
	if g.Annotations["other"] != "kept" {
		t.Errorf("annotations %v", g.Annotations)
	}
	if len(g.Status.Bags) != 2 || g.Status.Bags["status.conditions[1]"] != nil {
		t.Errorf("status bags %v, want status and status.conditions[0]", g.Status.Bags)
	}

	// Without places, the annotation and the status bags go entirely.
	g.Spec.Parts, g.Status.Conditions = nil, nil
	g.Annotations = map[string]string{convert.BagsAnnotation: `{"spec.parts[0]":{"Color":"red"}}`}
	g.Status.Bags = propertybag.Bags{"status.conditions[0]": bag}
	dropOrphanBags(g)
	if g.Annotations != nil || g.Status.Bags != nil {
		t.Errorf("annotations %v, status bags %v, want none", g.Annotations, g.Status.Bags)
	}

	// An annotation that does not parse is not the shrinker's to repair.
	g.Annotations = map[string]string{convert.BagsAnnotation: `{"spec`}
	dropOrphanBags(g)
	if g.Annotations[convert.BagsAnnotation] != `{"spec` {
		t.Errorf("annotation %q", g.Annotations[convert.BagsAnnotation])
	}
}

// The storage twin of gadget, for convert.StashBags to write paths from.
type gadgetStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gadgetStorageSpec   `json:"spec"`
	Status            gadgetStorageStatus `json:"status"`
}

type gadgetStorageSpec struct {
	Parts       []gadgetStoragePart          `json:"parts,omitempty" hubspoke:"listMapKey=name"`
	Ports       []gadgetStoragePort          `json:"ports,omitempty" hubspoke:"listMapKey=port,listMapKey=protocol"`
	Zones       map[string]gadgetStoragePart `json:"zones,omitempty"`
	Sizes       map[int]gadgetStoragePart    `json:"sizes,omitempty"`
	PropertyBag propertybag.PropertyBag      `json:"$propertyBag,omitempty"`
}

type gadgetStoragePart struct {
	Name        *string                 `json:"name,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type gadgetStoragePort struct {
	Port        *int                    `json:"port,omitempty"`
	Protocol    *string                 `json:"protocol,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type gadgetStorageStatus struct {
	Conditions  []gadgetStoragePart     `json:"conditions,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

// TestHasPlaceReadsConvertPaths checks hasPlace against the paths
// convert.StashBags writes: every bag of a storage twin has a place in the
// API object of the same shape, and none once its place is removed.
func TestHasPlaceReadsConvertPaths(t *testing.T) {
	bag := func() propertybag.PropertyBag { return propertybag.PropertyBag{"X": "1"} }
	names := []string{"cog", "eu west", `say "hi"`, "null", "42", "a.b[c]"}
	twin := &gadgetStorage{
		Spec: gadgetStorageSpec{
			Zones:       map[string]gadgetStoragePart{},
			Sizes:       map[int]gadgetStoragePart{-3: {PropertyBag: bag()}, 7: {PropertyBag: bag()}},
			PropertyBag: bag(),
		},
		Status: gadgetStorageStatus{Conditions: []gadgetStoragePart{{PropertyBag: bag()}}, PropertyBag: bag()},
	}
	api := &gadget{Spec: gadgetSpec{Zones: map[string]gadgetPart{}, Sizes: map[int]gadgetPart{-3: {}, 7: {}}},
		Status: gadgetStatus{Conditions: []gadgetPart{{}}}}
	for _, name := range names {
		twin.Spec.Parts = append(twin.Spec.Parts, gadgetStoragePart{Name: &name, PropertyBag: bag()})
		twin.Spec.Zones[name] = gadgetStoragePart{PropertyBag: bag()}
		api.Spec.Parts = append(api.Spec.Parts, gadgetPart{Name: name})
		api.Spec.Zones[name] = gadgetPart{}
	}
	for _, p := range []gadgetPort{{80, "TCP"}, {80, "UDP"}, {443, "TCP"}} {
		twin.Spec.Ports = append(twin.Spec.Ports, gadgetStoragePort{Port: &p.Port, Protocol: &p.Protocol, PropertyBag: bag()})
		api.Spec.Ports = append(api.Spec.Ports, p)
	}
	if err := convert.StashBags(api, twin); err != nil {
		t.Fatal(err)
	}
	annotated, err := propertybag.UnmarshalBags(api.Annotations[convert.BagsAnnotation])
	if err != nil {
		t.Fatal(err)
	}
	if n := len(annotated) + len(api.Status.Bags); n != 1+2*len(names)+3+2+2 {
		t.Fatalf("StashBags wrote %d bags: %v %v", n, annotated, api.Status.Bags)
	}
	tree := func() any {
		data, err := json.Marshal(api)
		if err != nil {
			t.Fatal(err)
		}
		var tree any
		if err := decodeNumbers(data, &tree); err != nil {
			t.Fatal(err)
		}
		return tree
	}
	for _, bags := range []propertybag.Bags{annotated, api.Status.Bags} {
		for path := range bags {
			if !hasPlace(tree(), path) {
				t.Errorf("convert wrote the path %q, which hasPlace does not place", path)
			}
		}
	}
	// Without their elements and values, the bags have no place.
	api.Spec.Parts, api.Spec.Ports, api.Spec.Zones, api.Spec.Sizes, api.Status.Conditions = nil, nil, nil, nil, nil
	for _, bags := range []propertybag.Bags{annotated, api.Status.Bags} {
		for path := range bags {
			if path != "spec" && path != "status" && hasPlace(tree(), path) {
				t.Errorf("hasPlace places %q in an object without it", path)
			}
		}
	}
}
