// Package resourceslice_test checks that the flatten of basic into Device
// puts each value in its new field, and back.
package resourceslice_test

import (
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
			Attributes: map[string]v1beta1.DeviceAttribute{"model": {StringValue: ptr.To("A100")}},
			Capacity:   map[string]v1beta1.DeviceCapacity{"memory": {Value: resource.MustParse("40Gi")}},
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
