//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v6alpha1 "github.com/hubspoke/hubspoke/examples/person/api/v6alpha1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// testPatchesThroughOldVersions changes Mickey through each old API version
// (v1–v4) the ways clients change an object without sending all of it: a
// JSON merge patch, a JSON patch, a server-side apply, and kubectl's
// client-side apply (a three-way JSON merge patch against the
// last-applied-configuration annotation, twice). Mickey's hub holds values
// those versions have no field for, at every depth: pronouns (v6alpha1) in
// the hub's spec bag, a birth date that is not a date (v3's text) in the bag
// of spec.birthDate, the mailing and residential addresses, and
// status.lastContacted. After every change the object read at the hub must
// be the in-process conversion of the changed old version, and those values
// must be as they were.
func testPatchesThroughOldVersions(t *testing.T, ns string) {
	ctx := withTimeout(t, 3*time.Minute)
	createNamespace(ctx, t, ns)
	edits := []struct {
		version, field string
		values         [2]string // the first change, and the second of client-side apply
	}{
		{"v1", "firstName", [2]string{"Mickey", "Mick"}},
		{"v2", "middleName", [2]string{"T.", "Ted"}},
		{"v3", "knownAs", [2]string{"Mick", "Mickey"}},
		{"v4", "sortKey", [2]string{"Mouse, Mick", "Mouse, Mickey"}},
	}
	methods := []struct {
		name   string
		change func(ctx context.Context, t *testing.T, live client.Object, field string, values [2]string, check func(want client.Object))
	}{
		{"merge-patch", mergePatch},
		{"json-patch", jsonPatch},
		{"server-side-apply", serverSideApply},
		{"client-side-apply", clientSideApply},
	}
	for _, e := range edits {
		for _, m := range methods {
			t.Run(e.version+"/"+m.name, func(t *testing.T) {
				name := fmt.Sprintf("mickey-%s-%s", m.name, e.version)
				hidden := createHidden(ctx, t, ns, name)
				live, err := get(ctx, t, ns, name, e.version)
				if err != nil {
					t.Fatal(err)
				}
				// After each change, check is given the old-version object
				// the API server should hold, computed in-process.
				i := 0
				m.change(ctx, t, live, e.field, e.values, func(want client.Object) {
					t.Helper()
					i++
					got, err := get(ctx, t, ns, name, api.HubVersion)
					if err != nil {
						t.Fatal(err)
					}
					if diff := diffView(t, convertTo(t, want, api.HubVersion), got); diff != "" {
						t.Errorf("change %d at %s by %s: the hub differs from the in-process conversion of the changed %s object (-in-process +API server):\n%s",
							i, e.version, m.name, e.version, diff)
					}
					if diff := cmp.Diff(hidden, hiddenValues(t, got)); diff != "" {
						t.Errorf("change %d at %s by %s changed values %s has no field for (-before +after):\n%s", i, e.version, m.name, e.version, diff)
					}
				})
			})
		}
	}
}

// createHidden creates Mickey at v5 with a status, sets his pronouns at
// v6alpha1 and his birth date to text at v3, each through the API server,
// and returns the hub's values that v1–v4 have no field for.
func createHidden(ctx context.Context, t *testing.T, ns, name string) map[string]any {
	t.Helper()
	if err := createWithStatus(ctx, at(t, mickeyV5(), "v5", ns, name)); err != nil {
		t.Fatal(err)
	}
	for _, u := range []struct {
		version string
		edit    func(client.Object)
	}{
		{"v6alpha1", func(o client.Object) { o.(*v6alpha1.Person).Spec.Pronouns = "he/him" }},
		{"v3", func(o client.Object) { o.(*v3.Person).Spec.BirthDate = "late in 1928, on a steamboat" }},
	} {
		obj, err := get(ctx, t, ns, name, u.version)
		if err != nil {
			t.Fatal(err)
		}
		u.edit(obj)
		if err := update(ctx, obj); err != nil {
			t.Fatalf("update at %s: %v", u.version, err)
		}
	}
	hub, err := get(ctx, t, ns, name, api.HubVersion)
	if err != nil {
		t.Fatal(err)
	}
	hidden := hiddenValues(t, hub)
	for _, path := range []string{"spec.$propertyBag.Pronouns", "spec.birthDate.$propertyBag.BirthDate", "spec.mailingAddress", "spec.residentialAddress", "status.lastContacted"} {
		if hidden[path] == nil {
			t.Fatalf("the hub holds no %s before the change (hub: %v)", path, view(t, hub))
		}
	}
	return hidden
}

// hiddenValues returns the values of the hub that v1–v4 have no field for,
// by path (nil when absent).
func hiddenValues(t *testing.T, hub client.Object) map[string]any {
	t.Helper()
	v := view(t, hub)
	return map[string]any{
		"spec.$propertyBag.Pronouns":            dig(v, "spec", "$propertyBag", "Pronouns"),
		"spec.birthDate":                        dig(v, "spec", "birthDate"),
		"spec.birthDate.$propertyBag.BirthDate": dig(v, "spec", "birthDate", "$propertyBag", "BirthDate"),
		"spec.mailingAddress":                   dig(v, "spec", "mailingAddress"),
		"spec.residentialAddress":               dig(v, "spec", "residentialAddress"),
		"status.lastContacted":                  dig(v, "status", "lastContacted"),
	}
}

// withSpec returns a copy of obj with spec.<field> set to value.
func withSpec(t *testing.T, obj client.Object, field, value string) client.Object {
	t.Helper()
	u := toUnstructured(t, obj)
	if err := unstructured.SetNestedField(u.Object, value, "spec", field); err != nil {
		t.Fatal(err)
	}
	out := newObject(t, obj.GetObjectKind().GroupVersionKind().Version)
	if err := fromUnstructured(u, out); err != nil {
		t.Fatal(err)
	}
	return out
}

func toUnstructured(t *testing.T, obj client.Object) *unstructured.Unstructured {
	t.Helper()
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(raw); err != nil {
		t.Fatal(err)
	}
	return u
}

// patchAt sends a patch of patchType to live's name at live's version.
func patchAt(ctx context.Context, t *testing.T, live client.Object, patchType types.PatchType, patch []byte) {
	t.Helper()
	x := &unstructured.Unstructured{}
	x.SetGroupVersionKind(live.GetObjectKind().GroupVersionKind())
	x.SetNamespace(live.GetNamespace())
	x.SetName(live.GetName())
	if err := env.client.Patch(ctx, x, client.RawPatch(patchType, patch)); err != nil {
		t.Fatalf("%s at %s: %v\npatch: %s", patchType, x.GetAPIVersion(), err, patch)
	}
}

func mergePatch(ctx context.Context, t *testing.T, live client.Object, field string, values [2]string, check func(client.Object)) {
	patch := fmt.Appendf(nil, `{"spec":{%q:%q}}`, field, values[0])
	patchAt(ctx, t, live, types.MergePatchType, patch)
	check(withSpec(t, live, field, values[0]))
}

func jsonPatch(ctx context.Context, t *testing.T, live client.Object, field string, values [2]string, check func(client.Object)) {
	patch := fmt.Appendf(nil, `[{"op":"test","path":"/metadata/resourceVersion","value":%q},{"op":"add","path":"/spec/%s","value":%q}]`,
		live.GetResourceVersion(), field, values[0])
	patchAt(ctx, t, live, types.JSONPatchType, patch)
	check(withSpec(t, live, field, values[0]))
}

// serverSideApply applies a configuration holding only the field, as a
// manager of its own (forcing the ownership the creator holds).
func serverSideApply(ctx context.Context, t *testing.T, live client.Object, field string, values [2]string, check func(client.Object)) {
	x := &unstructured.Unstructured{Object: map[string]any{"spec": map[string]any{field: values[0]}}}
	x.SetGroupVersionKind(live.GetObjectKind().GroupVersionKind())
	x.SetNamespace(live.GetNamespace())
	x.SetName(live.GetName())
	if err := env.client.Apply(ctx, client.ApplyConfigurationFromUnstructured(x), client.FieldOwner("e2e-applier"), client.ForceOwnership); err != nil {
		t.Fatalf("server-side apply at %s: %v", x.GetAPIVersion(), err)
	}
	check(withSpec(t, live, field, values[0]))
}

// clientSideApply does what kubectl apply does, twice: the configuration
// is the object's spec as an old client's manifest has it (no annotations,
// no status), with the field changed; the patch is the three-way JSON merge
// patch (kubectl's for custom resources) from the last applied
// configuration (none the first time), the configuration with itself in
// the last-applied-configuration annotation, and the live object.
func clientSideApply(ctx context.Context, t *testing.T, live client.Object, field string, values [2]string, check func(client.Object)) {
	for _, value := range values {
		current, err := get(ctx, t, live.GetNamespace(), live.GetName(), live.GetObjectKind().GroupVersionKind().Version)
		if err != nil {
			t.Fatal(err)
		}
		config := &unstructured.Unstructured{Object: map[string]any{"spec": toUnstructured(t, live).Object["spec"]}}
		config.SetGroupVersionKind(live.GetObjectKind().GroupVersionKind())
		config.SetNamespace(live.GetNamespace())
		config.SetName(live.GetName())
		if err := unstructured.SetNestedField(config.Object, value, "spec", field); err != nil {
			t.Fatal(err)
		}
		applied, err := config.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		config.SetAnnotations(map[string]string{corev1.LastAppliedConfigAnnotation: string(applied)})
		modified, err := config.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var original []byte
		if text, ok := current.GetAnnotations()[corev1.LastAppliedConfigAnnotation]; ok {
			original = []byte(text)
		}
		currentJSON, err := json.Marshal(current)
		if err != nil {
			t.Fatal(err)
		}
		patch, err := jsonmergepatch.CreateThreeWayJSONMergePatch(original, modified, currentJSON,
			mergepatch.RequireKeyUnchanged("apiVersion"), mergepatch.RequireKeyUnchanged("kind"), mergepatch.RequireMetadataKeyUnchanged("name"))
		if err != nil {
			t.Fatalf("three-way merge patch: %v", err)
		}
		patchAt(ctx, t, live, types.MergePatchType, patch)
		want := withSpec(t, current, field, value)
		annotations := want.GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[corev1.LastAppliedConfigAnnotation] = string(applied)
		want.SetAnnotations(annotations)
		check(want)
	}
}
