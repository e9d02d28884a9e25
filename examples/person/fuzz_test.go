package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// servedVersions are the API versions of Person a client writes at.
var servedVersions = []string{"v1", "v2", "v3", "v4", "v5", "v6alpha1"}

// FuzzWritesCarryingAnyBags: whatever a client puts in the bags annotation
// and in the status bags of a Person it writes at any API version, the
// conversion to the hub either succeeds or returns an error; it never
// panics (a panic in a step comes back as an error that says "panic"), and
// what it accepts converts to every served version and back to the hub.
func FuzzWritesCarryingAnyBags(f *testing.F) {
	scheme, err := api.NewScheme()
	if err != nil {
		f.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		f.Fatal(err)
	}
	for i, version := range servedVersions {
		obj, err := c.ToVersion(samples.MickeyV5(), version)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), obj.(metav1.Object).GetAnnotations()[boundary.Annotation], "")
	}
	f.Add(uint8(0), `{"spec.birthDate":{"$twin":{"year":null}},"spec":{"$twin":{}}}`, `{"status":{"$twin":"{\"x\":1}"}}`)
	f.Add(uint8(4), `{"spec.mailingAddress":{"X":1},"spec.residentialAddress[0]":{"Y":2}}`, `{"status.x":{"A":"1"}}`)
	f.Add(uint8(5), `{".":{"$twin":{"status":{"phase":"x"}}}}`, "")
	f.Fuzz(func(t *testing.T, at uint8, annotation, status string) {
		version := servedVersions[int(at)%len(servedVersions)]
		obj, err := c.ToVersion(samples.MickeyV5(), version)
		if err != nil {
			t.Fatal(err)
		}
		meta := obj.(metav1.Object)
		annotations := meta.GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[boundary.Annotation] = annotation
		meta.SetAnnotations(annotations)
		if status != "" {
			bags, err := propertybag.UnmarshalBags(status)
			if err != nil {
				return
			}
			if !setStatusBags(obj, bags) {
				return
			}
		}
		h, err := c.ToVersion(obj, api.HubVersion)
		if err != nil {
			if strings.Contains(err.Error(), "panic") {
				t.Fatalf("%s: %v", version, err)
			}
			return
		}
		for _, v := range servedVersions {
			back, err := c.ToVersion(h, v)
			if err != nil {
				t.Fatalf("accepted at %s, but not readable at %s: %v", version, v, err)
			}
			if _, err := c.ToVersion(back, api.HubVersion); err != nil {
				t.Fatalf("accepted at %s, read at %s, but not written back: %v", version, v, err)
			}
		}
	})
}

// setStatusBags sets the status bags field of obj, if its version has one.
func setStatusBags(obj runtime.Object, bags propertybag.Bags) bool {
	f := reflect.ValueOf(obj).Elem().FieldByName("Status").FieldByName("PropertyBags")
	if !f.IsValid() {
		return false
	}
	f.Set(reflect.ValueOf(bags))
	return true
}
