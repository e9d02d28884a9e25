//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/propertybag"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// testSecurity attacks people through the bags annotation as two users
// with certificates of their own and RBAC roles in ns: an editor, who may
// create, update and patch people but not people/status, and a status
// writer, who may read people and update people/status only. Every attack
// of issue 18 must be refused (422 from the admission webhook, 403 from
// RBAC) and leave etcd as it was, or have no effect on what etcd holds;
// every legitimate write must keep the values only other versions know;
// and every object must stay readable at every served version. The status
// code of every attempt is logged as a table at the end.
func testSecurity(t *testing.T, ns string) {
	ctx := withTimeout(t, 3*time.Minute)
	createNamespace(ctx, t, ns)
	group := api.GroupKind.Group
	editor := newUser(ctx, t, ns, "editor",
		rbacv1.PolicyRule{APIGroups: []string{group}, Resources: []string{"people"}, Verbs: []string{"get", "list", "watch", "create", "update", "patch"}})
	statusWriter := newUser(ctx, t, ns, "status-writer",
		rbacv1.PolicyRule{APIGroups: []string{group}, Resources: []string{"people"}, Verbs: []string{"get", "list", "watch"}},
		rbacv1.PolicyRule{APIGroups: []string{group}, Resources: []string{"people/status"}, Verbs: []string{"get", "update", "patch"}})
	s := &security{ns: ns, editor: editor, statusWriter: statusWriter}
	t.Run("StatusOnlyThroughStatus", s.testStatusOnlyThroughStatus)
	t.Run("ValidatedAtTheHub", s.testValidatedAtTheHub)
	t.Run("EveryVersionStaysReadable", s.testEveryVersionStaysReadable)
	t.Run("UpdatesKeepHiddenValues", s.testUpdatesKeepHiddenValues)
	s.logTable(t)
}

// user is a client authenticated as an RBAC-limited user.
type user struct {
	name string
	c    client.Client
}

// newUser creates a Role with rules in ns, binds it to a new user (a
// client certificate envtest signs) and returns that user's client, once
// the API server authorizes it.
func newUser(ctx context.Context, t *testing.T, ns, role string, rules ...rbacv1.PolicyRule) user {
	t.Helper()
	name := ns + "-" + role
	if err := env.client.Create(ctx, &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: role, Namespace: ns}, Rules: rules}); err != nil {
		t.Fatal(err)
	}
	binding := &rbacv1.RoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: role, Namespace: ns},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: role},
		Subjects:   []rbacv1.Subject{{APIGroup: rbacv1.GroupName, Kind: rbacv1.UserKind, Name: name}},
	}
	if err := env.client.Create(ctx, binding); err != nil {
		t.Fatal(err)
	}
	authenticated, err := env.testEnv.AddUser(envtest.User{Name: name, Groups: []string{"hubspoke-e2e"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.New(authenticated.Config(), client.Options{Scheme: env.scheme})
	if err != nil {
		t.Fatal(err)
	}
	// The authorizer sees the binding a moment after it is created.
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(api.GroupKind.WithVersion("v1").GroupVersion().WithKind("PersonList"))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		err := c.List(ctx, list, client.InNamespace(ns))
		if err == nil {
			break
		}
		if !apierrors.IsForbidden(err) || time.Now().After(deadline) {
			t.Fatalf("user %s cannot list people in %s: %v", name, ns, err)
		}
	}
	return user{name: name, c: c}
}

// security holds the users and the table of attempts.
type security struct {
	ns                   string
	editor, statusWriter user

	mu       sync.Mutex
	attempts []attempt
}

// attempt is one write and its answer, for the table.
type attempt struct {
	what   string
	code   int32
	effect string
}

func (s *security) record(what string, code int32, effect string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.attempts = append(s.attempts, attempt{what, code, effect})
}

func (s *security) logTable(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "%-100s %s  %s\n", "attempt", "HTTP", "effect")
	for _, a := range s.attempts {
		fmt.Fprintf(&b, "%-100s %d   %s\n", a.what, a.code, a.effect)
	}
	t.Logf("every write of the security scenarios:\n%s", b.String())
}

// statusCode returns the HTTP status code of the API server's answer: ok
// when err is nil, the code of the Status otherwise.
func statusCode(err error, ok int32) int32 {
	if err == nil {
		return ok
	}
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return status.Status().Code
	}
	return 0
}

// etcdPerson returns what etcd holds for the Person ns/name, nil if it
// holds nothing.
func etcdPerson(ctx context.Context, t *testing.T, ns, name string) []byte {
	t.Helper()
	key := fmt.Sprintf("/registry/%s/people/%s/%s", api.GroupKind.Group, ns, name)
	kvs, err := etcdRangeRequest(ctx, map[string]string{"key": b64(key)})
	if err != nil {
		t.Fatal(err)
	}
	return kvs[key]
}

// storedParts returns the spec and status etcd holds for a Person.
func storedParts(t *testing.T, raw []byte) (spec, status any) {
	t.Helper()
	var stored map[string]any
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatalf("the value in etcd is not JSON: %v", err)
	}
	return stored["spec"], stored["status"]
}

// refused makes a write that must be refused with want and must leave
// etcd's value of ns/name as it was; the message must name every one of
// mention.
func (s *security) refused(ctx context.Context, t *testing.T, name, what string, want int32, write func() error, mention ...string) {
	t.Helper()
	s.refusedWith(ctx, t, name, what, []int32{want}, write, mention...)
}

// refusedWith is refused with any of the codes in want.
func (s *security) refusedWith(ctx context.Context, t *testing.T, name, what string, want []int32, write func() error, mention ...string) {
	t.Helper()
	before := etcdPerson(ctx, t, s.ns, name)
	err := write()
	code := statusCode(err, http.StatusOK)
	effect := "refused"
	if !slices.Contains(want, code) {
		t.Errorf("%s: HTTP %d (%v), want one of %d", what, code, err, want)
		effect = "NOT REFUSED"
	} else if err != nil {
		for _, m := range mention {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("%s: the message does not name %q: %v", what, m, err)
			}
		}
	}
	if after := etcdPerson(ctx, t, s.ns, name); !bytes.Equal(before, after) {
		t.Errorf("%s: refused, but etcd changed", what)
		effect += ", etcd CHANGED"
	} else {
		effect += ", etcd unchanged"
	}
	s.record(what, code, effect)
}

// noEffect makes a write whose attack the API server defeats by ignoring
// it: whether it is accepted (2xx) or refused (4xx), etcd's spec and status
// of ns/name must stay as they were.
func (s *security) noEffect(ctx context.Context, t *testing.T, name, what string, ok int32, write func() error) {
	t.Helper()
	spec, status := storedParts(t, etcdPerson(ctx, t, s.ns, name))
	err := write()
	code := statusCode(err, ok)
	effect := "accepted"
	if err != nil {
		effect = "refused"
		if code < 400 || code >= 500 {
			t.Errorf("%s: HTTP %d: %v, want 2xx or 4xx", what, code, err)
		}
	}
	spec2, status2 := storedParts(t, etcdPerson(ctx, t, s.ns, name))
	if diff := cmp.Diff(status, status2); diff != "" {
		t.Errorf("%s: etcd's status changed (-before +after):\n%s", what, diff)
		effect += ", etcd's status CHANGED"
	} else {
		effect += ", etcd's status unchanged"
	}
	if diff := cmp.Diff(spec, spec2); diff != "" {
		t.Errorf("%s: etcd's spec changed (-before +after):\n%s", what, diff)
		effect += ", spec CHANGED"
	}
	s.record(what, code, effect)
}

// accepted makes a write that must succeed; check looks at what etcd
// holds afterwards.
func (s *security) accepted(ctx context.Context, t *testing.T, name, what string, ok int32, write func() error, check func(spec, status any) string) {
	t.Helper()
	err := write()
	code := statusCode(err, ok)
	if err != nil {
		t.Errorf("%s: HTTP %d: %v", what, code, err)
		s.record(what, code, "REFUSED")
		return
	}
	effect := "accepted"
	if problem := check(storedParts(t, etcdPerson(ctx, t, s.ns, name))); problem != "" {
		t.Errorf("%s: %s", what, problem)
		effect += ", " + problem
	} else {
		effect += ", hidden values kept"
	}
	s.record(what, code, effect)
}

// edit reads ns/name at version as u, changes it and writes it back with
// write (update or updateStatus).
func (s *security) edit(ctx context.Context, t *testing.T, u user, name, version string, change func(client.Object), status bool) func() error {
	return func() error {
		obj, err := getWith(ctx, t, u.c, s.ns, name, version)
		if err != nil {
			return err
		}
		change(obj)
		return roundTrip(obj, func(x *unstructured.Unstructured) error {
			if status {
				return u.c.Status().Update(ctx, x)
			}
			return u.c.Update(ctx, x)
		})
	}
}

// patch patches ns/name at version as u.
func (s *security) patch(ctx context.Context, u user, name, version string, patchType types.PatchType, data any) func() error {
	return func() error {
		text, err := json.Marshal(data)
		if err != nil {
			return err
		}
		x := &unstructured.Unstructured{}
		x.SetGroupVersionKind(api.GroupKind.WithVersion(version))
		x.SetNamespace(s.ns)
		x.SetName(name)
		return u.c.Patch(ctx, x, client.RawPatch(patchType, text))
	}
}

// apply applies obj (apiVersion, kind and metadata are filled in) to
// ns/name at version as u, with server-side apply.
func (s *security) apply(ctx context.Context, u user, name, version string, obj map[string]any) func() error {
	return func() error {
		x := &unstructured.Unstructured{Object: obj}
		x.SetGroupVersionKind(api.GroupKind.WithVersion(version))
		x.SetNamespace(s.ns)
		x.SetName(name)
		return u.c.Apply(ctx, client.ApplyConfigurationFromUnstructured(x), client.FieldOwner("e2e-attacker"), client.ForceOwnership)
	}
}

// setBags sets the bags annotation of obj to text.
func setBags(obj client.Object, text string) {
	annotations := maps.Clone(obj.GetAnnotations())
	if annotations == nil {
		annotations = map[string]string{}
	}
	annotations[boundary.Annotation] = text
	obj.SetAnnotations(annotations)
}

// changeBags returns obj's bags annotation with change applied to the
// bags it holds.
func changeBags(t *testing.T, obj client.Object, change func(propertybag.Bags)) string {
	t.Helper()
	bags, err := propertybag.UnmarshalBags(obj.GetAnnotations()[boundary.Annotation])
	if err != nil {
		t.Fatal(err)
	}
	if bags == nil {
		bags = propertybag.Bags{}
	}
	change(bags)
	text, err := propertybag.MarshalBags(bags)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// withSpecValue returns a change that sets the entry property of the spec
// bag of the annotation to value (JSON).
func withSpecValue(t *testing.T, property, value string) func(client.Object) {
	return func(obj client.Object) {
		setBags(obj, changeBags(t, obj, func(b propertybag.Bags) {
			if b["spec"] == nil {
				b["spec"] = propertybag.PropertyBag{}
			}
			b["spec"][property] = value
		}))
	}
}

const (
	contacted = "2026-11-20" // Mickey's status.lastContacted, which v1–v4 have no field for
	forged    = "1999-01-01" // what the attacker wants there
)

// forgedStatusBags are v1's status bags with a forged lastContacted.
var forgedStatusBags = propertybag.Bags{"status": {"LastContacted": `"` + forged + `"`}}

// createMickey creates Mickey at v5 as name, with status.lastContacted set
// through the status subresource, and returns the stored spec and status.
func (s *security) createMickey(ctx context.Context, t *testing.T, name string) (spec, status any) {
	t.Helper()
	if err := createWithStatus(ctx, at(t, mickeyV5(), "v5", s.ns, name)); err != nil {
		t.Fatal(err)
	}
	spec, status = storedParts(t, etcdPerson(ctx, t, s.ns, name))
	if got := dig(map[string]any{"status": status}, "status", "lastContacted"); got != contacted {
		t.Fatalf("etcd's status.lastContacted = %v after the create, want %s", got, contacted)
	}
	return spec, status
}

// testStatusOnlyThroughStatus: the editor tries to set status values
// through v1, which has no field for lastContacted, by every kind of
// write; the status writer writes status at v1 legitimately.
func (s *security) testStatusOnlyThroughStatus(t *testing.T) {
	ctx := withTimeout(t, time.Minute)
	const name = "mickey-status"
	spec, _ := s.createMickey(ctx, t, name)
	ed := s.editor
	forgedText, err := propertybag.MarshalBags(forgedStatusBags)
	if err != nil {
		t.Fatal(err)
	}
	statusBag := func(obj client.Object) {
		setBags(obj, changeBags(t, obj, func(b propertybag.Bags) { b["status"] = forgedStatusBags["status"] }))
	}
	verbatim := func(obj client.Object) {
		text := obj.GetAnnotations()[boundary.Annotation]
		setBags(obj, strings.TrimSuffix(text, "}")+`,"$verbatim":{"status":{"LastContacted":"`+forged+`"}}}`)
	}
	statusField := func(obj client.Object) {
		p := obj.(*v1.Person)
		p.Status.Phase = "Hacked"
		p.Status.PropertyBags = forgedStatusBags.DeepCopy()
	}
	forgedStatus := map[string]any{"phase": "Hacked", "$propertyBags": map[string]any{"status": map[string]any{"LastContacted": `"` + forged + `"`}}}
	annotation := map[string]any{"metadata": map[string]any{"annotations": map[string]any{boundary.Annotation: forgedText}}}
	bagsPointer := "/metadata/annotations/" + strings.ReplaceAll(boundary.Annotation, "/", "~1")

	refusedBy := []string{"admission webhook", "hubspoke:", boundary.Annotation, `"status"`, "written at v1"}
	s.refused(ctx, t, name, "editor: update at v1, a status bag in the annotation", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v1", statusBag, false), refusedBy...)
	s.refused(ctx, t, name, "editor: update at v1, a status bag under $verbatim in the annotation", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v1", verbatim, false), refusedBy...)
	s.noEffect(ctx, t, name, "editor: update at v1, status.$propertyBags and status.phase", http.StatusOK,
		s.edit(ctx, t, ed, name, "v1", statusField, false))
	s.noEffect(ctx, t, name, "editor: JSON merge patch at v1, status.$propertyBags and status.phase", http.StatusOK,
		s.patch(ctx, ed, name, "v1", types.MergePatchType, map[string]any{"status": forgedStatus}))
	s.refused(ctx, t, name, "editor: JSON merge patch at v1, a status bag in the annotation", http.StatusUnprocessableEntity,
		s.patch(ctx, ed, name, "v1", types.MergePatchType, annotation), refusedBy...)
	s.noEffect(ctx, t, name, "editor: JSON patch at v1, status.$propertyBags and status.phase", http.StatusOK,
		s.patch(ctx, ed, name, "v1", types.JSONPatchType, []map[string]any{
			{"op": "replace", "path": "/status/phase", "value": "Hacked"},
			{"op": "add", "path": "/status/$propertyBags", "value": forgedStatus["$propertyBags"]},
		}))
	s.refused(ctx, t, name, "editor: JSON patch at v1, a status bag in the annotation", http.StatusUnprocessableEntity,
		s.patch(ctx, ed, name, "v1", types.JSONPatchType, []map[string]any{{"op": "replace", "path": bagsPointer, "value": forgedText}}), refusedBy...)
	s.noEffect(ctx, t, name, "editor: server-side apply at v1, status.$propertyBags and status.phase", http.StatusOK,
		s.apply(ctx, ed, name, "v1", map[string]any{"status": forgedStatus}))
	// Server-side apply converts the merged object to the version of every
	// other field manager (Mickey has managers at v5) before admission
	// runs: a conversion that fails there is the API server's 500, with
	// the conversion's message, which names hubspoke, the step and the bag.
	s.refusedWith(ctx, t, name, "editor: server-side apply at v1, a status bag in the annotation", []int32{http.StatusUnprocessableEntity, http.StatusInternalServerError},
		s.apply(ctx, ed, name, "v1", annotation), "hubspoke:", boundary.Annotation, `"status"`, "v1")
	s.refused(ctx, t, name, "editor: update of people/status at v1", http.StatusForbidden,
		s.edit(ctx, t, ed, name, "v1", statusField, true))

	// Creates: the API server drops the status of a new object; a status
	// bag in the annotation is refused.
	s.createAs(ctx, t, "editor: create at v1 with status.$propertyBags and status.phase", ed,
		changed(at(t, mickeyV5(), "v1", s.ns, "forged-status"), statusField))
	s.createRefused(ctx, t, "editor: create at v1 with a status bag in the annotation", ed,
		changed(at(t, mickeyV5(), "v1", s.ns, "forged-annotation"), func(obj client.Object) { setBags(obj, forgedText) }), refusedBy...)

	// The status writer may write status, at v1 too, and cannot touch the
	// spec.
	sw := s.statusWriter
	s.refused(ctx, t, name, "status writer: update of people at v1", http.StatusForbidden,
		s.edit(ctx, t, sw, name, "v1", func(obj client.Object) { obj.(*v1.Person).Spec.LastName = "Maus" }, false))
	keeps := func(phase, lastContacted string) func(gotSpec, gotStatus any) string {
		return func(gotSpec, gotStatus any) string {
			st, _ := gotStatus.(map[string]any)
			if diff := cmp.Diff(spec, gotSpec); diff != "" {
				return "etcd's spec CHANGED: " + diff
			}
			if st["phase"] != phase || st["lastContacted"] != lastContacted {
				return fmt.Sprintf("etcd's status is %v, want phase %s and lastContacted %s", st, phase, lastContacted)
			}
			return ""
		}
	}
	s.accepted(ctx, t, name, "status writer: update of people/status at v1 (phase)", http.StatusOK,
		s.edit(ctx, t, sw, name, "v1", func(obj client.Object) { obj.(*v1.Person).Status.Phase = "Dormant" }, true),
		keeps("Dormant", contacted))
	s.accepted(ctx, t, name, "status writer: update of people/status at v1 changing spec and the annotation's spec bag", http.StatusOK,
		s.edit(ctx, t, sw, name, "v1", func(obj client.Object) {
			p := obj.(*v1.Person)
			p.Spec.LastName, p.Status.Phase = "Maus", "Resting"
			withSpecValue(t, "KnownAs", `"Mallory"`)(obj)
		}, true),
		keeps("Resting", contacted))
	s.accepted(ctx, t, name, "status writer: update of people/status at v1, lastContacted in status.$propertyBags", http.StatusOK,
		s.edit(ctx, t, sw, name, "v1", func(obj client.Object) {
			obj.(*v1.Person).Status.PropertyBags["status"]["LastContacted"] = `"2027-01-01"`
		}, true),
		keeps("Resting", "2027-01-01"))
}

// createAs creates obj as u: it must be created, without the status it
// was sent with.
func (s *security) createAs(ctx context.Context, t *testing.T, what string, u user, obj client.Object) {
	t.Helper()
	err := roundTrip(obj, func(x *unstructured.Unstructured) error { return u.c.Create(ctx, x) })
	code := statusCode(err, http.StatusCreated)
	if err != nil {
		t.Errorf("%s: HTTP %d: %v", what, code, err)
		s.record(what, code, "REFUSED")
		return
	}
	_, status := storedParts(t, etcdPerson(ctx, t, s.ns, obj.GetName()))
	effect := "created, without status"
	if st, _ := status.(map[string]any); len(st) > 0 {
		t.Errorf("%s: etcd's status is %v, want none", what, st)
		effect = fmt.Sprintf("created WITH STATUS %v", st)
	}
	s.record(what, code, effect)
}

// createRefused creates obj as u: it must be refused with 422, and etcd
// must hold nothing.
func (s *security) createRefused(ctx context.Context, t *testing.T, what string, u user, obj client.Object, mention ...string) {
	t.Helper()
	s.refused(ctx, t, obj.GetName(), what, http.StatusUnprocessableEntity, func() error {
		return roundTrip(obj, func(x *unstructured.Unstructured) error { return u.c.Create(ctx, x) })
	}, mention...)
}

// changed returns a copy of obj changed by change.
func changed(obj client.Object, change func(client.Object)) client.Object {
	c := obj.DeepCopyObject().(client.Object)
	change(c)
	return c
}

// testValidatedAtTheHub: the editor writes, through versions that have no
// field for them or no limit on them, values the hub's schema refuses, and
// bags of the wrong type.
func (s *security) testValidatedAtTheHub(t *testing.T) {
	ctx := withTimeout(t, time.Minute)
	const name = "mickey-valid"
	s.createMickey(ctx, t, name)
	ed := s.editor
	long := strings.Repeat("k", 100)
	s.refused(ctx, t, name, "editor: update at v1, 100 characters of KnownAs in the annotation's spec bag", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v1", withSpecValue(t, "KnownAs", `"`+long+`"`), false),
		"spec.knownAs: Too long: may not be more than 20 bytes", "written at v1", "v1 has no field spec.knownAs")
	s.refused(ctx, t, name, "editor: update at v3, 100 characters of knownAs (v3 has no limit)", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v3", func(o client.Object) { o.(*v3.Person).Spec.KnownAs = long }, false),
		"spec.knownAs: Too long: may not be more than 20 bytes", "written at v3")
	s.refused(ctx, t, name, "editor: update at v5, 100 characters of knownAs (the API server's own validation)", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v5", func(o client.Object) { o.(*v5.Person).Spec.KnownAs = long }, false),
		"spec.knownAs: Too long")
	s.refused(ctx, t, name, "editor: update at v1, MailingAddress: 42 in the annotation's spec bag", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v1", withSpecValue(t, "MailingAddress", `42`), false),
		boundary.Annotation, `"MailingAddress"`, "hubspoke: converting Person.crm.hubspoke.dev from v1 to v5storage: converting v3storage.Person to v4storage.Person")
	s.refusedWith(ctx, t, name, "editor: server-side apply at v1, MailingAddress: 42 in the annotation's spec bag", []int32{http.StatusUnprocessableEntity, http.StatusInternalServerError},
		func() error {
			obj, err := getWith(ctx, t, ed.c, s.ns, name, "v1")
			if err != nil {
				return err
			}
			withSpecValue(t, "MailingAddress", `42`)(obj)
			bags := map[string]any{"metadata": map[string]any{"annotations": map[string]any{boundary.Annotation: obj.GetAnnotations()[boundary.Annotation]}}}
			return s.apply(ctx, ed, name, "v1", bags)()
		},
		"hubspoke:", `"MailingAddress"`, "v3storage.Person to v4storage.Person")
	s.refused(ctx, t, name, "editor: update at v1, an annotation that is not JSON ({not json)", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v1", func(o client.Object) { setBags(o, "{not json") }, false),
		boundary.Annotation, "property bags")
	s.createRefused(ctx, t, "editor: create at v1, MailingAddress: 42 in the annotation's spec bag", ed,
		changed(at(t, mickeyV5(), "v1", s.ns, "wrong-type"), withSpecValue(t, "MailingAddress", `42`)),
		boundary.Annotation, `"MailingAddress"`)
}

// testEveryVersionStaysReadable: writes that would make the annotation
// too large at some served version are refused, naming the version and
// the properties; the object stays readable at every version and people
// stay listable in every namespace.
func (s *security) testEveryVersionStaysReadable(t *testing.T) {
	ctx := withTimeout(t, 2*time.Minute)
	const name = "mickey-readable"
	s.createMickey(ctx, t, name)
	ed := s.editor

	// 50,000 '<' as v1's middle name, typed into the annotation as they
	// are (the bag's text holds the escapes Add writes, which the
	// annotation shows as the characters): whether an annotation grows past
	// the budget depends on how the bags encode '<'; the in-process
	// conversion, the same code as the webhook's, says.
	angles := withSpecValue(t, "MiddleName", `"`+strings.Repeat(`\u003c`, 50000)+`"`)
	sent, err := getWith(ctx, t, ed.c, s.ns, name, "v1")
	if err != nil {
		t.Fatal(err)
	}
	angles(sent)
	hub := convertTo(t, sent, api.HubVersion)
	var tooLarge []string
	for _, v := range allVersions() {
		if size := len(convertTo(t, hub, v).GetAnnotations()[boundary.Annotation]); size > bagsBudget {
			tooLarge = append(tooLarge, fmt.Sprintf("%s (%d bytes)", v, size))
		}
	}
	what := fmt.Sprintf("editor: update at v1, a %d-byte annotation whose MiddleName is 50,000 '<'", len(sent.GetAnnotations()[boundary.Annotation]))
	if len(tooLarge) > 0 {
		mention := []string{`MiddleName in bag "spec"`}
		for _, v := range tooLarge {
			mention = append(mention, "at "+strings.Fields(v)[0]+" ")
		}
		s.refused(ctx, t, name, what+" (too large at "+strings.Join(tooLarge, ", ")+")", http.StatusUnprocessableEntity,
			s.edit(ctx, t, ed, name, "v1", angles, false), mention...)
	} else {
		s.accepted(ctx, t, name, what+" (within the budget at every version)", http.StatusOK,
			s.edit(ctx, t, ed, name, "v1", angles, false),
			func(spec, _ any) string {
				// The middle name is part of the hub's fullName, or in its
				// bag when the names do not split back into it.
				if n := strings.Count(fmt.Sprint(spec), "<") + strings.Count(fmt.Sprint(spec), `\u003c`); n < 50000 {
					return fmt.Sprintf("etcd's spec holds %d of the 50,000 '<': %.200v", n, spec)
				}
				return ""
			})
	}

	street := strings.Repeat("1313 S. Harbor Blvd ", 300<<10/20)
	s.refused(ctx, t, name, "editor: update at v5, a 300 KiB street (v1 would carry it in its annotation)", http.StatusUnprocessableEntity,
		s.edit(ctx, t, ed, name, "v5", func(o client.Object) { o.(*v5.Person).Spec.ResidentialAddress.Street = street }, false),
		"at v1 ", `ResidentialAddress in bag "spec"`, "over the API server's limit of 262144")
	big := at(t, mickeyV5(), "v5", s.ns, "big-street")
	big.(*v5.Person).Spec.ResidentialAddress.Street = street
	s.createRefused(ctx, t, "editor: create at v5, a 300 KiB street", ed, big, "at v1 ", `ResidentialAddress in bag "spec"`)

	for _, v := range allVersions() {
		obj, err := get(ctx, t, s.ns, name, v)
		if err != nil {
			t.Errorf("%s is not readable at %s: %v", name, v, err)
			continue
		}
		if size := len(obj.GetAnnotations()[boundary.Annotation]); size > bagsBudget {
			t.Errorf("%s read at %s has an annotation of %d bytes", name, v, size)
		}
	}
	for _, v := range []string{"v1", "v5"} {
		list := &unstructured.UnstructuredList{}
		list.SetGroupVersionKind(api.GroupKind.WithVersion(v).GroupVersion().WithKind("PersonList"))
		if err := env.client.List(ctx, list); err != nil {
			t.Errorf("people cannot be listed in every namespace at %s: %v", v, err)
			continue
		}
		found := slices.ContainsFunc(list.Items, func(u unstructured.Unstructured) bool { return u.GetNamespace() == s.ns && u.GetName() == name })
		if !found {
			t.Errorf("the list of people at %s does not have %s/%s", v, s.ns, name)
		}
		t.Logf("%d people listed in every namespace at %s", len(list.Items), v)
	}
}

// testUpdatesKeepHiddenValues: the editor updates Mickey at every served
// version and the status writer updates his status at every served
// version; the values only some versions have fields for (a birth date
// that is not a date, in the bag of spec.birthDate at the hub; the mailing
// and residential addresses; status.lastContacted) must all stay in etcd.
func (s *security) testUpdatesKeepHiddenValues(t *testing.T) {
	ctx := withTimeout(t, 2*time.Minute)
	const name = "mickey-hidden"
	const text = "late in 1928"
	m := mickeyV3()
	m.Spec.BirthDate = text
	if err := create(ctx, at(t, m, "v3", s.ns, name)); err != nil {
		t.Fatal(err)
	}
	atV5, err := get(ctx, t, s.ns, name, "v5")
	if err != nil {
		t.Fatal(err)
	}
	atV5.(*v5.Person).Status.LastContacted = contacted
	if err := updateStatus(ctx, atV5); err != nil {
		t.Fatal(err)
	}
	spec, status := storedParts(t, etcdPerson(ctx, t, s.ns, name))
	wantText, _ := json.Marshal(text)
	if got, _ := dig(map[string]any{"spec": spec}, "spec", "birthDate", "$propertyBag", "BirthDate").(string); got != string(wantText) {
		t.Fatalf("etcd's spec.birthDate.$propertyBag.BirthDate = %q, want %s", got, wantText)
	}
	for _, v := range allVersions() {
		s.accepted(ctx, t, name, "editor: update at "+v+" (a label)", http.StatusOK,
			s.edit(ctx, t, s.editor, name, v, func(o client.Object) {
				labels := maps.Clone(o.GetLabels())
				if labels == nil {
					labels = map[string]string{}
				}
				labels["updated-at"] = v
				o.SetLabels(labels)
			}, false),
			func(gotSpec, gotStatus any) string {
				if diff := cmp.Diff(spec, gotSpec); diff != "" {
					return "etcd's spec CHANGED: " + diff
				}
				if diff := cmp.Diff(status, gotStatus); diff != "" {
					return "etcd's status CHANGED: " + diff
				}
				return ""
			})
	}
	for _, v := range allVersions() {
		phase := "seen-at-" + v
		s.accepted(ctx, t, name, "status writer: update of people/status at "+v+" (phase)", http.StatusOK,
			s.edit(ctx, t, s.statusWriter, name, v, func(o client.Object) { setStatusPhase(o, phase) }, true),
			func(gotSpec, gotStatus any) string {
				if diff := cmp.Diff(spec, gotSpec); diff != "" {
					return "etcd's spec CHANGED: " + diff
				}
				st, _ := gotStatus.(map[string]any)
				if st["phase"] != phase || st["lastContacted"] != contacted {
					return fmt.Sprintf("etcd's status is %v, want phase %s and lastContacted %s", st, phase, contacted)
				}
				return ""
			})
	}
}

// setStatusPhase sets status.phase, a string at API versions and a
// *string at storage versions.
func setStatusPhase(obj client.Object, phase string) {
	f := reflect.ValueOf(obj).Elem().FieldByName("Status").FieldByName("Phase")
	if f.Kind() == reflect.Pointer {
		f.Set(reflect.ValueOf(&phase))
		return
	}
	f.SetString(phase)
}

// bagsBudget is convert/webhook's default Options.BagsBudget.
const bagsBudget = 128 << 10
