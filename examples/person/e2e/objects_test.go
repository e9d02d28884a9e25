//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The samples are the Mickeys of examples/person (package samples).

func mickeyV1() *v1.Person { return samples.MickeyV1() }
func mickeyV3() *v3.Person { return samples.MickeyV3() }
func mickeyV5() *v5.Person { return samples.MickeyV5() }

func mickeyAddress() *v5.Address { return samples.MickeyV5().Spec.ResidentialAddress }

// mickeyLabel is Mickey's address as v3 writes it.
var mickeyLabel = samples.MickeyV3().Spec.ResidentialAddress.Label

// allVersions lists every served version, oldest first: the API versions
// and the hub (the other storage twins are not in the CRD).
func allVersions() []string {
	served := map[string]bool{}
	for _, v := range env.crd.Spec.Versions {
		served[v.Name] = v.Served
	}
	var out []string
	for _, v := range env.converter.Graph().Versions() {
		if served[v] {
			out = append(out, v)
		}
	}
	return out
}

func newObject(t testing.TB, version string) client.Object {
	t.Helper()
	obj, err := env.scheme.New(api.GroupKind.WithVersion(version))
	if err != nil {
		t.Fatal(err)
	}
	co := obj.(client.Object)
	co.GetObjectKind().SetGroupVersionKind(api.GroupKind.WithVersion(version))
	return co
}

// convertTo converts obj in-process, as the tests expect the webhook to.
func convertTo(t testing.TB, obj runtime.Object, version string) client.Object {
	t.Helper()
	out, err := env.converter.ToVersion(obj, version)
	if err != nil {
		t.Fatalf("in-process conversion to %s: %v", version, err)
	}
	return out.(client.Object)
}

// stored returns what the API server holds and answers with after sent is
// written at its version and read at version: sent converted to the hub
// (what etcd stores) and from there to version. For a version other than
// sent's, that is convertTo(sent, version); at sent's own version it is
// the round trip through the hub, not a copy.
func stored(t testing.TB, sent runtime.Object, version string) client.Object {
	t.Helper()
	return convertTo(t, convertTo(t, sent, api.HubVersion), version)
}

// at returns origin converted to version, named name in namespace ns, ready
// to create.
func at(t testing.TB, origin runtime.Object, version, ns, name string) client.Object {
	t.Helper()
	obj := convertTo(t, origin, version)
	obj.SetNamespace(ns)
	obj.SetName(name)
	return obj
}

// view is an object as the tests compare it: apiVersion, kind, spec,
// status, and the metadata a client sets (name, namespace, labels,
// annotations), as generic JSON.
func view(t testing.TB, obj any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	meta, _ := m["metadata"].(map[string]any)
	kept := map[string]any{}
	for _, k := range []string{"name", "namespace", "labels", "annotations"} {
		if v, ok := meta[k]; ok {
			kept[k] = v
		}
	}
	m["metadata"] = kept
	for k := range m {
		switch k {
		case "apiVersion", "kind", "metadata", "spec", "status":
		default:
			delete(m, k)
		}
	}
	return m
}

// diffView returns the difference between want and got, compared as views.
func diffView(t testing.TB, want, got any) string {
	t.Helper()
	return cmp.Diff(view(t, want), view(t, got))
}

// The API server's answers are read as unstructured objects, so that their
// apiVersion and kind are what the server sent (a typed client clears
// them), checked, and then decoded into the typed Person of the version.

// get reads the Person ns/name at version.
func get(ctx context.Context, t testing.TB, ns, name, version string) (client.Object, error) {
	return getWith(ctx, t, env.client, ns, name, version)
}

// getWith reads the Person ns/name at version with c.
func getWith(ctx context.Context, t testing.TB, c client.Client, ns, name, version string) (client.Object, error) {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(api.GroupKind.WithVersion(version))
	if err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, u); err != nil {
		return nil, err
	}
	obj := newObject(t, version)
	return obj, fromUnstructured(u, obj)
}

// list lists the Persons in ns at version.
func list(ctx context.Context, t testing.TB, ns, version string) ([]client.Object, error) {
	ul := &unstructured.UnstructuredList{}
	ul.SetGroupVersionKind(api.GroupKind.WithVersion(version).GroupVersion().WithKind("PersonList"))
	if err := env.client.List(ctx, ul, client.InNamespace(ns)); err != nil {
		return nil, err
	}
	out := make([]client.Object, len(ul.Items))
	for i := range ul.Items {
		out[i] = newObject(t, version)
		if err := fromUnstructured(&ul.Items[i], out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// create creates obj and updates it to the server's answer.
func create(ctx context.Context, obj client.Object) error {
	return roundTrip(obj, func(u *unstructured.Unstructured) error { return env.client.Create(ctx, u) })
}

// update updates obj and updates it to the server's answer.
func update(ctx context.Context, obj client.Object) error {
	return roundTrip(obj, func(u *unstructured.Unstructured) error { return env.client.Update(ctx, u) })
}

// updateStatus updates obj's status and updates obj to the server's answer.
func updateStatus(ctx context.Context, obj client.Object) error {
	return roundTrip(obj, func(u *unstructured.Unstructured) error { return env.client.Status().Update(ctx, u) })
}

func roundTrip(obj client.Object, call func(*unstructured.Unstructured) error) error {
	raw, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(raw); err != nil {
		return err
	}
	if err := call(u); err != nil {
		return err
	}
	return fromUnstructured(u, obj)
}

// fromUnstructured checks that u has obj's apiVersion and kind and decodes
// it into obj.
func fromUnstructured(u *unstructured.Unstructured, obj client.Object) error {
	want := obj.GetObjectKind().GroupVersionKind()
	if got := u.GroupVersionKind(); got != want {
		return fmt.Errorf("%s: the API server answered with apiVersion %q kind %q, want %s", u.GetName(), u.GetAPIVersion(), u.GetKind(), want)
	}
	raw, err := u.MarshalJSON()
	if err != nil {
		return err
	}
	fresh := reflect.New(reflect.TypeOf(obj).Elem())
	if err := json.Unmarshal(raw, fresh.Interface()); err != nil {
		return fmt.Errorf("%s: decoding the API server's answer: %w", u.GetName(), err)
	}
	reflect.ValueOf(obj).Elem().Set(fresh.Elem())
	return nil
}

// createWithStatus creates obj and then sets its status through the status
// subresource (on create the API server drops the status of a resource
// with a status subresource). obj is updated to what the server answered.
func createWithStatus(ctx context.Context, obj client.Object) error {
	status := reflect.ValueOf(obj).Elem().FieldByName("Status")
	saved := reflect.New(status.Type()).Elem()
	saved.Set(status)
	if err := create(ctx, obj); err != nil {
		return fmt.Errorf("create %s at %s: %w", obj.GetName(), obj.GetObjectKind().GroupVersionKind().Version, err)
	}
	if saved.IsZero() {
		return nil
	}
	reflect.ValueOf(obj).Elem().FieldByName("Status").Set(saved)
	if err := updateStatus(ctx, obj); err != nil {
		return fmt.Errorf("update status of %s at %s: %w", obj.GetName(), obj.GetObjectKind().GroupVersionKind().Version, err)
	}
	return nil
}

// setZeroStatus clears obj's status.
func setZeroStatus(obj client.Object) {
	status := reflect.ValueOf(obj).Elem().FieldByName("Status")
	status.Set(reflect.Zero(status.Type()))
}

// createNamespace creates namespace ns (which may exist already).
func createNamespace(ctx context.Context, t testing.TB, ns string) {
	t.Helper()
	err := env.client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatal(err)
	}
}

// setSpecID sets spec.id, which every version of Person has (a string, or
// a *string in the storage versions).
func setSpecID(obj client.Object, id string) {
	f := reflect.ValueOf(obj).Elem().FieldByName("Spec").FieldByName("Id")
	if f.Kind() == reflect.Pointer {
		f.Set(reflect.ValueOf(&id))
		return
	}
	f.SetString(id)
}

// people returns n varied people, each at the version it is to be created
// at: Persons at v5 with or without addresses, at v3 with birth dates v4
// cannot hold as a date, and at v1 and v2 with names only; each converted
// to one of the seven served versions in turn.
func people(t testing.TB, ns, prefix string, n int) []client.Object {
	t.Helper()
	versions := allVersions()
	out := make([]client.Object, n)
	for i := range out {
		var origin runtime.Object
		switch i % 4 {
		case 0, 1:
			p := mickeyV5()
			p.Labels = map[string]string{"index": fmt.Sprint(i)}
			p.Spec.Id = fmt.Sprintf("id-%04d", i)
			p.Spec.FullName = fmt.Sprintf("Given%d Middle%d Family%d", i, i%7, i%13)
			p.Spec.FamilyName = fmt.Sprintf("Family%d", i%13)
			p.Spec.KnownAs = fmt.Sprintf("Given%d", i)
			p.Spec.SortKey = p.Spec.FamilyName + ", " + p.Spec.KnownAs
			p.Spec.BirthDate = &v5.Date{Year: 1900 + i%120, Month: 1 + i%12, Day: 1 + i%28}
			if i%3 == 0 {
				p.Spec.MailingAddress = nil
			}
			if i%5 == 0 {
				p.Spec.ResidentialAddress = nil
			}
			origin = p
		case 2:
			p := mickeyV3()
			p.Spec.Id = fmt.Sprintf("id-%04d", i)
			p.Spec.BirthDate = fmt.Sprintf("about %d", 1900+i%120)
			p.Spec.ResidentialAddress = &v3.Address{Label: fmt.Sprintf("%d Main St\nSpringfield\nUSA", i)}
			origin = p
		default:
			p := mickeyV1()
			p.Spec.Id = fmt.Sprintf("id-%04d", i)
			p.Spec.FirstName = fmt.Sprintf("First%d", i)
			origin = p
		}
		out[i] = at(t, origin, versions[i%len(versions)], ns, fmt.Sprintf("%s-%04d", prefix, i))
	}
	return out
}
