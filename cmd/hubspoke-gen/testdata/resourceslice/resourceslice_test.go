// Package resourceslice_test checks that the flatten of basic into Device
// puts each value in its new field, and back.
package resourceslice_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"example.com/fixtures/resourceslice/api/v1"
	"example.com/fixtures/resourceslice/api/v1beta1"
	"example.com/fixtures/resourceslice/api/v1storage"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/utils/ptr"
)

func TestBasicFlattened(t *testing.T) {
	old := &v1beta1.ResourceSlice{Spec: v1beta1.ResourceSliceSpec{Driver: "gpu.example.com", Devices: []v1beta1.Device{
		{Name: "gpu-0", Basic: &v1beta1.BasicDevice{
			Attributes: map[v1beta1.QualifiedName]v1beta1.DeviceAttribute{"model": {StringValue: ptr.To("A100")}},
			Capacity:   map[v1beta1.QualifiedName]v1beta1.DeviceCapacity{"memory": {Value: resource.MustParse("40Gi")}},
		}},
		{Name: "gpu-1", Basic: &v1beta1.BasicDevice{}},
	}}}
	hub := &v1storage.ResourceSlice{}
	if err := old.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	got := &v1.ResourceSlice{}
	if err := got.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	d := got.Spec.Devices[0]
	memory := d.Capacity["memory"].Value
	if d.Attributes["model"].StringValue == nil || *d.Attributes["model"].StringValue != "A100" || memory.String() != "40Gi" {
		t.Errorf("v1beta1 → v1: device %+v, want the attributes and capacity of basic", d)
	}
	if len(hub.Spec.Devices[0].PropertyBag) != 0 {
		t.Errorf("the hub keeps %v in a bag", hub.Spec.Devices[0].PropertyBag)
	}
	back := &v1beta1.ResourceSlice{}
	if err := back.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(old.Spec, back.Spec) {
		t.Errorf("v1beta1 → hub → v1beta1:\n got %+v\nwant %+v", back.Spec, old.Spec)
	}
}

// A client may send an empty map that omitempty would leave out
// ("attributes": {}); JSON gives it as an empty map, not nil. Empty, it
// moves nothing: at v1beta1, basic holding only empty maps keeps its
// presence (basic: {} comes back, from the bag); at v1, empty attributes
// make no basic at v1beta1, and leave nothing in a bag when they come back.
func TestEmptyMapsMoveNothing(t *testing.T) {
	var old v1beta1.ResourceSlice
	if err := json.Unmarshal([]byte(`{"spec":{"driver":"d","pool":{"name":"p","generation":1,"resourceSliceCount":1},`+
		`"devices":[{"name":"gpu-0","basic":{"attributes":{}}}]}}`), &old); err != nil {
		t.Fatal(err)
	}
	hub := &v1storage.ResourceSlice{}
	if err := old.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	back := &v1beta1.ResourceSlice{}
	if err := back.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if back.Spec.Devices[0].Basic == nil {
		t.Errorf("v1beta1 basic: {attributes: {}} → hub → v1beta1: basic is gone, want basic: {}")
	}

	var newer v1.ResourceSlice
	if err := json.Unmarshal([]byte(`{"spec":{"driver":"d","pool":{"name":"p","generation":1,"resourceSliceCount":1},`+
		`"devices":[{"name":"gpu-0","attributes":{}}]}}`), &newer); err != nil {
		t.Fatal(err)
	}
	hub = &v1storage.ResourceSlice{}
	if err := newer.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	older := &v1beta1.ResourceSlice{}
	if err := older.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if b := older.Spec.Devices[0].Basic; b != nil {
		t.Errorf("v1 attributes: {} → hub → v1beta1: basic %+v, want none", *b)
	}
	again := &v1storage.ResourceSlice{}
	if err := older.ConvertTo(again); err != nil {
		t.Fatal(err)
	}
	if bag := again.Spec.Devices[0].PropertyBag; len(bag) != 0 {
		t.Errorf("v1 attributes: {} → hub → v1beta1 → hub: the device keeps %v in its bag", bag)
	}
}
