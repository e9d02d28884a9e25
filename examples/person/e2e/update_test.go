//go:build e2e

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v2 "github.com/hubspoke/hubspoke/examples/person/api/v2"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v4 "github.com/hubspoke/hubspoke/examples/person/api/v4"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// testUpdateThroughOldVersions creates Mickey at v5 and updates him the way
// an old client does, through an old version: GET at that version, change a
// field that version has, UPDATE at that version. The fields only newer
// versions have (birth date, mailing address, residential address) must
// still be there when he is read at v5 afterwards.
func testUpdateThroughOldVersions(t *testing.T, ns string) {
	ctx := withTimeout(t, time.Minute)
	createNamespace(ctx, t, ns)
	edits := []struct {
		version string
		edit    func(client.Object) // changes a field the version has
		check   func(*testing.T, *v5.Person)
	}{
		{"v1", func(o client.Object) { o.(*v1.Person).Spec.FirstName = "Mickey" }, func(t *testing.T, p *v5.Person) {
			if p.Spec.FullName != "Mickey Theodore Mouse" {
				t.Errorf("full name %q after changing the first name at v1, want %q", p.Spec.FullName, "Mickey Theodore Mouse")
			}
		}},
		{"v2", func(o client.Object) { o.(*v2.Person).Spec.MiddleName = "T." }, func(t *testing.T, p *v5.Person) {
			if p.Spec.FullName != "Michael T. Mouse" {
				t.Errorf("full name %q after changing the middle name at v2, want %q", p.Spec.FullName, "Michael T. Mouse")
			}
		}},
		{"v3", func(o client.Object) { o.(*v3.Person).Spec.KnownAs = "Mick" }, func(t *testing.T, p *v5.Person) {
			if p.Spec.KnownAs != "Mick" {
				t.Errorf("knownAs %q after changing it at v3", p.Spec.KnownAs)
			}
		}},
		{"v4", func(o client.Object) { o.(*v4.Person).Spec.SortKey = "Mouse, Mick" }, func(t *testing.T, p *v5.Person) {
			if p.Spec.SortKey != "Mouse, Mick" {
				t.Errorf("sortKey %q after changing it at v4", p.Spec.SortKey)
			}
		}},
	}
	for _, e := range edits {
		t.Run(e.version, func(t *testing.T) {
			name := fmt.Sprintf("mickey-updated-at-%s", e.version)
			created := at(t, mickeyV5(), "v5", ns, name)
			if err := createWithStatus(ctx, created.DeepCopyObject().(client.Object)); err != nil {
				t.Fatal(err)
			}
			old, err := get(ctx, t, ns, name, e.version)
			if err != nil {
				t.Fatal(err)
			}
			e.edit(old)
			sent := old.DeepCopyObject().(client.Object)
			before := webhookRequests(t)
			if err := update(ctx, old); err != nil {
				t.Fatalf("update at %s: %v", e.version, err)
			}
			// Some of these are the API server's watch caches, one for each
			// served version, converting the write in the background.
			t.Logf("the webhook answered %d ConversionReviews during the update at %s", webhookRequests(t).total-before.total, e.version)
			if diff := diffView(t, stored(t, sent, e.version), old); diff != "" {
				t.Errorf("the answer to the update at %s differs from the in-process round trip through the hub (-in-process +answer):\n%s", e.version, diff)
			}

			got, err := get(ctx, t, ns, name, "v5")
			if err != nil {
				t.Fatal(err)
			}
			p := got.(*v5.Person)
			want := mickeyV5().Spec
			if diff := cmp.Diff(want.BirthDate, p.Spec.BirthDate); diff != "" {
				t.Errorf("birth date after an update at %s (-before +after):\n%s", e.version, diff)
			}
			if diff := cmp.Diff(want.MailingAddress, p.Spec.MailingAddress); diff != "" {
				t.Errorf("mailing address after an update at %s (-before +after):\n%s", e.version, diff)
			}
			if diff := cmp.Diff(want.ResidentialAddress, p.Spec.ResidentialAddress); diff != "" {
				t.Errorf("residential address after an update at %s (-before +after):\n%s", e.version, diff)
			}
			e.check(t, p)
			if diff := diffView(t, convertTo(t, sent, "v5"), got); diff != "" {
				t.Errorf("read at v5 after an update at %s differs from the in-process conversion of the update (-in-process +API server):\n%s", e.version, diff)
			}
		})
	}
}
