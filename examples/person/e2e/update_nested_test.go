//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// TestUpdateKeepsNestedValues writes Mickey at v3 with a birth date that is
// not a date (the hub keeps the text in the bag of spec.birthDate, below the
// top level) and sets status.lastContacted at v5 (v1–v4 have no field for
// it: it travels in their status.$propertyBags). Then it updates him the
// way old and new clients do, reading and writing back through v1 and
// through v5, and checks in etcd that both hidden values are intact after
// each update, and that v3 and v5 read them back.
func TestUpdateKeepsNestedValues(t *testing.T) {
	startWebhook(t)
	ctx := withTimeout(t, time.Minute)
	const ns, name, text, contacted = "nested-update", "mickey", "late in 1928, on a steamboat", "2026-11-20"
	createNamespace(ctx, t, ns)

	mickey := mickeyV3()
	mickey.Spec.BirthDate = text
	if err := create(ctx, at(t, mickey, "v3", ns, name)); err != nil {
		t.Fatal(err)
	}
	atV5, err := get(ctx, t, ns, name, "v5")
	if err != nil {
		t.Fatal(err)
	}
	atV5.(*v5.Person).Status.LastContacted = contacted
	if err := updateStatus(ctx, atV5); err != nil {
		t.Fatal(err)
	}
	checkHidden(t, "after the create at v3 and the status update at v5", ns, name, text, contacted)

	for _, u := range []struct {
		version string
		edit    func(client.Object)
	}{
		{"v1", func(o client.Object) { o.(*v1.Person).Spec.LastName = "Maus" }},
		{"v5", func(o client.Object) { o.(*v5.Person).Spec.KnownAs = "Mick" }},
		{"v1", func(o client.Object) {}}, // read and written back unchanged
	} {
		old, err := get(ctx, t, ns, name, u.version)
		if err != nil {
			t.Fatal(err)
		}
		u.edit(old)
		if err := update(ctx, old); err != nil {
			t.Fatalf("update at %s: %v", u.version, err)
		}
		checkHidden(t, "after an update at "+u.version, ns, name, text, contacted)
	}

	read, err := get(ctx, t, ns, name, "v5")
	if err != nil {
		t.Fatal(err)
	}
	if p := read.(*v5.Person); p.Spec.FamilyName != "Maus" || p.Spec.KnownAs != "Mick" || p.Status.LastContacted != contacted {
		t.Errorf("read at v5: family name %q, known as %q, last contacted %q; want Maus, Mick, %s",
			p.Spec.FamilyName, p.Spec.KnownAs, p.Status.LastContacted, contacted)
	}
}

// checkHidden reads the stored hub from etcd and the object at v3: the
// birth date text and the last-contacted date must be there.
func checkHidden(t *testing.T, when, ns, name, text, contacted string) {
	t.Helper()
	ctx := withTimeout(t, 30*time.Second)
	raw, err := etcdGet(ctx, fmt.Sprintf("/registry/%s/people/%s/%s", api.GroupKind.Group, ns, name))
	if err != nil {
		t.Fatal(err)
	}
	var stored map[string]any
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatalf("the value in etcd is not JSON: %v", err)
	}
	wantText, _ := json.Marshal(text)
	if got, _ := dig(stored, "spec", "birthDate", "$propertyBag", "BirthDate").(string); got != string(wantText) {
		t.Errorf("%s: etcd's spec.birthDate.$propertyBag.BirthDate = %q, want %s (spec: %v)", when, got, wantText, stored["spec"])
	}
	if got := dig(stored, "status", "lastContacted"); got != contacted {
		t.Errorf("%s: etcd's status.lastContacted = %v, want %s (status: %v)", when, got, contacted, stored["status"])
	}
	at3, err := get(ctx, t, ns, name, "v3")
	if err != nil {
		t.Fatal(err)
	}
	if got := at3.(*v3.Person).Spec.BirthDate; got != text {
		t.Errorf("%s: read at v3, birth date %q, want %q", when, got, text)
	}
}
