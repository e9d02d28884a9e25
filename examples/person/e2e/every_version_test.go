//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// testEveryVersion creates Mickey (as v1, v3 and v5 describe him) at every
// served version, API and storage, and reads each object back at every
// version. Every read must equal the in-process conversion of the object
// as created; a read at the version the sample was written at must give
// the sample back (nothing lost on the way through the hub and etcd); and
// the residential address, which v4 does not have, must come through v4
// in both directions.
func testEveryVersion(t *testing.T, ns string) {
	ctx := withTimeout(t, 2*time.Minute)
	createNamespace(ctx, t, ns)
	versions := allVersions()
	start := time.Now()

	type created struct {
		origin     runtime.Object
		originName string
		version    string
		sent       client.Object
	}
	var objects []created
	for _, o := range []struct {
		name   string
		origin runtime.Object
	}{{"v1", mickeyV1()}, {"v3", mickeyV3()}, {"v5", mickeyV5()}} {
		for _, version := range versions {
			sent := at(t, o.origin, version, ns, fmt.Sprintf("mickey-%s-at-%s", o.name, version))
			obj := sent.DeepCopyObject().(client.Object)
			if err := createWithStatus(ctx, obj); err != nil {
				t.Fatal(err)
			}
			if diff := diffView(t, stored(t, sent, version), obj); diff != "" {
				t.Errorf("%s: the API server's answer differs from the in-process round trip through the hub (-in-process +answer):\n%s", sent.GetName(), diff)
			}
			objects = append(objects, created{o.origin, o.name, version, sent})
		}
	}

	reads := 0
	var extraBags []string
	for _, c := range objects {
		for _, version := range versions {
			got, err := get(ctx, t, ns, c.sent.GetName(), version)
			if err != nil {
				t.Fatalf("read %s at %s: %v", c.sent.GetName(), version, err)
			}
			reads++
			if diff := diffView(t, stored(t, c.sent, version), got); diff != "" {
				t.Errorf("%s read at %s differs from the in-process conversion (-in-process +API server):\n%s", c.sent.GetName(), version, diff)
			}
			if version != c.originName {
				continue
			}
			// Back at the sample's version, the sample comes back whole. The
			// read may carry one thing more: the annotation with the bags
			// of the sample's storage twin, when the hub keeps values of
			// the version the object was created at (v1's and v2's names).
			want := c.origin.DeepCopyObject().(client.Object)
			want.SetNamespace(ns)
			want.SetName(c.sent.GetName())
			read := got.DeepCopyObject().(client.Object)
			if bags, ok := read.GetAnnotations()[boundary.Annotation]; ok {
				extraBags = append(extraBags, fmt.Sprintf("%s at %s: %s", read.GetName(), version, bags))
				delete(read.GetAnnotations(), boundary.Annotation)
				if len(read.GetAnnotations()) == 0 {
					read.SetAnnotations(nil)
				}
			}
			if diff := diffView(t, want, read); diff != "" {
				t.Errorf("Mickey (%s) created at %s and read at %s lost something (-sample +read):\n%s", c.originName, c.version, version, diff)
			}
		}
	}

	// The residential address skips v4: v3's label and v5's structured
	// address travel through v4 (and its storage twin) in the bags.
	for _, c := range objects {
		name := c.sent.GetName()
		switch c.originName {
		case "v3":
			got, err := get(ctx, t, ns, name, "v5")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(mickeyAddress(), got.(*v5.Person).Spec.ResidentialAddress); diff != "" {
				t.Errorf("%s read at v5: residential address (-want +got):\n%s", name, diff)
			}
		case "v5":
			got, err := get(ctx, t, ns, name, "v3")
			if err != nil {
				t.Fatal(err)
			}
			if a := got.(*v3.Person).Spec.ResidentialAddress; a == nil || a.Label != mickeyLabel {
				t.Errorf("%s read at v3: residential address %+v, want label %q", name, a, mickeyLabel)
			}
		}
	}
	t.Logf("%d objects created at %d versions, %d reads, in %s", len(objects), len(versions), reads, time.Since(start).Round(time.Millisecond))
	t.Logf("%d of the reads at the sample's own version carry a bags annotation the sample did not have; e.g. %s", len(extraBags), strings.Join(extraBags[:min(2, len(extraBags))], "; "))
}
