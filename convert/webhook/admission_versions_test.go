package webhook_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/propertybag"
	admissionv1 "k8s.io/api/admission/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/yaml"
)

// These tests use Dial, a resource whose CRD is testdata/dials.yaml:
//
//	v1 (API) → v1storage → v3storage (hub) ← v3 (API)
//	                                      ↖ v4beta1 (API)
//
// v1 has fields the hub has not: a mode, a label, a since, a legacy
// object, tags and limits, which the hub keeps in its property bag, and a first name, which
// v1storage's hooks derive from the hub's full name. v1's schema limits
// them; the hub's cannot.

var dialGK = schema.GroupKind{Group: group, Kind: "Dial"}

// --- v3storage: the hub ---

type dialHubSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	FullName    string                  `json:"fullName,omitempty"`
	Speed       int                     `json:"speed,omitempty"`
}

type dialHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialHubSpec `json:"spec"`
}

func (d *dialHub) Hub()                           {}
func (d *dialHub) DeepCopyObject() runtime.Object { return jsonCopy(d) }

// --- v1storage: the storage twin of v1 ---

// dialLegacy is an object only v1 has, whose schema requires its kind.
type dialLegacy struct {
	Kind string `json:"kind,omitempty"`
}

type dialV1StorageSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Mode        string                  `json:"mode,omitempty"`
	Label       string                  `json:"label,omitempty"`
	FirstName   string                  `json:"firstName,omitempty"`
	Speed       int                     `json:"speed,omitempty"`
	Since       string                  `json:"since,omitempty"` // a date-time in v1's schema
	Legacy      *dialLegacy             `json:"legacy,omitempty"`
	Tags        []string                `json:"tags,omitempty"`   // a set in v1's schema
	Limits      map[string]int          `json:"limits,omitempty"` // each at most 9 in v1's schema
}

type dialV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialV1StorageSpec `json:"spec"`
}

func (d *dialV1Storage) DeepCopyObject() runtime.Object { return jsonCopy(d) }
func (d *dialV1Storage) Link() convert.Link {
	return convert.LinkTo((*dialV1Storage).assignTo, (*dialV1Storage).assignFrom)
}
func (d *dialV1Storage) ConvertTo(h conversion.Hub) error   { return convert.ToHub(d, h) }
func (d *dialV1Storage) ConvertFrom(h conversion.Hub) error { return convert.FromHub(d, h) }

// firstWord is the first name v1 shows for a full name.
func firstWord(fullName string) string {
	first, _, _ := strings.Cut(fullName, " ")
	return first
}

// assignTo keeps the mode, the label, the since, the legacy object, the
// tags and the limits in the hub's bag, and the full name the bag carries while its first word is
// still v1's first name.
func (d *dialV1Storage) assignTo(dst *dialHub) error {
	bag := d.Spec.PropertyBag.DeepCopy()
	dst.Spec = dialHubSpec{FullName: d.Spec.FirstName, Speed: d.Spec.Speed}
	var full string
	if err := pullInto(bag, "FullName", &full); err != nil {
		return err
	}
	if full != "" && firstWord(full) == d.Spec.FirstName {
		dst.Spec.FullName = full
	}
	if err := addIfSet(&bag, "Mode", d.Spec.Mode); err != nil {
		return err
	}
	if err := addIfSet(&bag, "Label", d.Spec.Label); err != nil {
		return err
	}
	if err := addIfSet(&bag, "Since", d.Spec.Since); err != nil {
		return err
	}
	if d.Spec.Legacy != nil {
		if err := propertybag.Add(&bag, "Legacy", d.Spec.Legacy); err != nil {
			return err
		}
	}
	if d.Spec.Tags != nil {
		if err := propertybag.Add(&bag, "Tags", &d.Spec.Tags); err != nil {
			return err
		}
	}
	if d.Spec.Limits != nil {
		if err := propertybag.Add(&bag, "Limits", &d.Spec.Limits); err != nil {
			return err
		}
	}
	dst.Spec.PropertyBag = bag
	return nil
}

// assignFrom derives the first name from the full name, which it keeps in
// the bag when v1 cannot show it whole.
func (d *dialV1Storage) assignFrom(src *dialHub) error {
	bag := src.Spec.PropertyBag.DeepCopy()
	spec := dialV1StorageSpec{FirstName: firstWord(src.Spec.FullName), Speed: src.Spec.Speed}
	if err := pullInto(bag, "Mode", &spec.Mode); err != nil {
		return err
	}
	if err := pullInto(bag, "Label", &spec.Label); err != nil {
		return err
	}
	if err := pullInto(bag, "Since", &spec.Since); err != nil {
		return err
	}
	legacy, err := propertybag.Pull[dialLegacy](&bag, "Legacy")
	if err != nil {
		return err
	}
	spec.Legacy = legacy
	if err := pullInto(bag, "Tags", &spec.Tags); err != nil {
		return err
	}
	if err := pullInto(bag, "Limits", &spec.Limits); err != nil {
		return err
	}
	if src.Spec.FullName != spec.FirstName {
		if err := addIfSet(&bag, "FullName", src.Spec.FullName); err != nil {
			return err
		}
	}
	spec.PropertyBag = bag
	d.Spec = spec
	return nil
}

// --- v1: API version ---

type dialV1Spec struct {
	Mode      string         `json:"mode,omitempty"`
	Label     string         `json:"label,omitempty"`
	FirstName string         `json:"firstName,omitempty"`
	Speed     int            `json:"speed,omitempty"`
	Since     string         `json:"since,omitempty"`
	Legacy    *dialLegacy    `json:"legacy,omitempty"`
	Tags      []string       `json:"tags,omitempty"`
	Limits    map[string]int `json:"limits,omitempty"`
}

type dialV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialV1Spec `json:"spec"`
}

func (d *dialV1) DeepCopyObject() runtime.Object { return jsonCopy(d) }
func (d *dialV1) Link() convert.Link {
	return convert.LinkTo(func(d *dialV1, dst *dialV1Storage) error {
		dst.Spec = dialV1StorageSpec{Mode: d.Spec.Mode, Label: d.Spec.Label, FirstName: d.Spec.FirstName, Speed: d.Spec.Speed, Since: d.Spec.Since, Legacy: d.Spec.Legacy,
			Tags: d.Spec.Tags, Limits: d.Spec.Limits}
		return reflectbags.Recall(dst, d)
	}, func(d *dialV1, src *dialV1Storage) error {
		d.Spec = dialV1Spec{Mode: src.Spec.Mode, Label: src.Spec.Label, FirstName: src.Spec.FirstName, Speed: src.Spec.Speed, Since: src.Spec.Since, Legacy: src.Spec.Legacy,
			Tags: src.Spec.Tags, Limits: src.Spec.Limits}
		return reflectbags.Stash(d, src)
	})
}
func (d *dialV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(d, h) }
func (d *dialV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(d, h) }

// --- v3: API version, the shape of the hub ---

type dialV3Spec struct {
	FullName string `json:"fullName,omitempty"`
	Speed    int    `json:"speed,omitempty"`
}

type dialV3 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialV3Spec `json:"spec"`
}

func (d *dialV3) DeepCopyObject() runtime.Object { return jsonCopy(d) }
func (d *dialV3) Link() convert.Link {
	return convert.LinkTo(func(d *dialV3, dst *dialHub) error {
		dst.Spec = dialHubSpec{FullName: d.Spec.FullName, Speed: d.Spec.Speed}
		return reflectbags.Recall(dst, d)
	}, func(d *dialV3, src *dialHub) error {
		d.Spec = dialV3Spec{FullName: src.Spec.FullName, Speed: src.Spec.Speed}
		return reflectbags.Stash(d, src)
	})
}
func (d *dialV3) ConvertTo(h conversion.Hub) error   { return convert.ToHub(d, h) }
func (d *dialV3) ConvertFrom(h conversion.Hub) error { return convert.FromHub(d, h) }

func dialScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(dialGK.WithVersion("v1"), &dialV1{})
	s.AddKnownTypeWithName(dialGK.WithVersion("v1storage"), &dialV1Storage{})
	s.AddKnownTypeWithName(dialGK.WithVersion("v3"), &dialV3{})
	s.AddKnownTypeWithName(dialGK.WithVersion("v3storage"), &dialHub{})
	s.AddKnownTypeWithName(dialGK.WithVersion("v4beta1"), &dialV4beta1{})
	return s
}

func dialAdmission(t testing.TB) http.Handler {
	t.Helper()
	text, err := os.ReadFile("testdata/dials.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(text, crd); err != nil {
		t.Fatal(err)
	}
	h, err := webhook.NewAdmissionHandler(dialScheme(), crd, webhook.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// dialAt returns, at version, the dial whose hub has spec (named gizmo,
// in namespace shop, as request wants).
func dialAt(t testing.TB, version string, spec dialHubSpec) runtime.Object {
	t.Helper()
	hub := &dialHub{ObjectMeta: metav1.ObjectMeta{Name: "gizmo", Namespace: "shop"}, Spec: spec}
	hub.SetGroupVersionKind(dialGK.WithVersion("v3storage"))
	c, err := convert.NewConverter(dialScheme(), dialGK)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := c.ToVersion(hub, version)
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// dialBag is a hub's bag with the entries of v1 only fields, names and
// string values in turn, stored as propertybag.Add stores them.
func dialBag(entries ...any) propertybag.PropertyBag {
	bag := propertybag.PropertyBag{}
	for i := 0; i+1 < len(entries); i += 2 {
		switch v := entries[i+1].(type) {
		case string:
			bag[entries[i].(string)] = bagText(v) // as the build stores strings
		case json.RawMessage:
			bag[entries[i].(string)] = string(v) // stored alike in both formats
		default:
			panic(fmt.Sprintf("dialBag: %T", v))
		}
	}
	return bag
}

// wantDialInvalid checks that resp refuses the write at written with 422,
// with causes on fields and a message that names every one of want.
func wantDialInvalid(t *testing.T, resp *admissionv1.AdmissionResponse, written string, fields []string, want ...string) {
	t.Helper()
	if resp.Allowed || resp.Result == nil {
		t.Fatalf("allowed, want refused")
	}
	r := resp.Result
	if r.Code != http.StatusUnprocessableEntity || r.Reason != metav1.StatusReasonInvalid {
		t.Errorf("code %d reason %q, want 422 Invalid", r.Code, r.Reason)
	}
	prefix := `hubspoke: Dial.crm.hubspoke.test "gizmo" written at ` + written + " is invalid: "
	if !strings.HasPrefix(r.Message, prefix) {
		t.Errorf("message %q does not begin with %q", r.Message, prefix)
	}
	for _, w := range want {
		if !strings.Contains(r.Message, w) {
			t.Errorf("message %q does not name %q", r.Message, w)
		}
	}
	var got []string
	if r.Details != nil {
		for _, c := range r.Details.Causes {
			got = append(got, c.Field)
		}
	}
	if strings.Join(got, " ") != strings.Join(fields, " ") {
		t.Errorf("causes on fields %q, want %q (%s)", got, fields, r.Message)
	}
}

func TestDialFixtureRoundTrips(t *testing.T) {
	spec := dialHubSpec{FullName: "Ada Lovelace", Speed: 3, PropertyBag: dialBag("Mode", "Fast", "Label", "dial",
		"Since", "2026-11-28T10:00:00Z", "Legacy", json.RawMessage(`{"kind":"knob"}`), "Tags", json.RawMessage(`["a"]`), "Limits", json.RawMessage(`{"east":9}`))}
	v1 := dialAt(t, "v1", spec).(*dialV1)
	if want := (dialV1Spec{Mode: "Fast", Label: "dial", FirstName: "Ada", Speed: 3, Since: "2026-11-28T10:00:00Z",
		Legacy: &dialLegacy{Kind: "knob"}, Tags: []string{"a"}, Limits: map[string]int{"east": 9}}); !reflect.DeepEqual(v1.Spec, want) {
		t.Fatalf("at v1 %+v, want %+v", v1.Spec, want)
	}
	c, err := convert.NewConverter(dialScheme(), dialGK)
	if err != nil {
		t.Fatal(err)
	}
	back, err := c.ToVersion(v1, "v3")
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*dialV3).Spec; got.FullName != "Ada Lovelace" || got.Speed != 3 {
		t.Errorf("back at v3 %+v, want Ada Lovelace at 3", got)
	}
	hub, err := c.ToVersion(v1, "v3storage")
	if err != nil {
		t.Fatal(err)
	}
	if got := hub.(*dialHub).Spec; !reflect.DeepEqual(got, spec) {
		t.Errorf("back at the hub %+v, want %+v", got, spec)
	}
}

func TestAdmissionValidatesTheValuesAnOlderVersionShows(t *testing.T) {
	h := dialAdmission(t)
	valid := dialHubSpec{FullName: "Ada Lovelace", Speed: 3, PropertyBag: dialBag("Mode", "Fast", "Label", "dial",
		"Since", "2026-11-28T10:00:00Z", "Legacy", json.RawMessage(`{"kind":"knob"}`), "Tags", json.RawMessage(`["a","b"]`), "Limits", json.RawMessage(`{"east":9}`))}
	for _, version := range []string{"v1", "v1storage", "v3", "v3storage"} {
		obj := dialAt(t, version, valid)
		wantAllowed(t, admit(t, h, request(t, admissionv1.Create, obj, nil)))
		wantAllowed(t, admit(t, h, request(t, admissionv1.Update, obj, obj)))
	}
	shows := "a value v1 shows"
	cases := []struct {
		name    string
		spec    dialHubSpec
		fields  []string
		message []string
	}{
		{"an enum v1 does not allow", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Turbo")},
			[]string{"spec.mode", "spec.mode"},
			[]string{`at v1, spec.mode: Unsupported value: "Turbo"`, shows, `at v1storage, spec.mode`}},
		{"a pattern v1 does not allow", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Label", "NOT LOWER")},
			[]string{"spec.label", "spec.label"},
			[]string{`at v1, spec.label: Invalid value: "NOT LOWER"`, shows}},
		{"a CEL rule of v1", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Label", "forbidden")},
			[]string{"spec.label"},
			[]string{`at v1, spec.label: Invalid value: "forbidden": a dial cannot be labelled forbidden`, shows}},
		// A format, and a required property, are constraints of their own.
		{"a date-time v1 does not allow", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Since", "yesterday")},
			[]string{"spec.since", "spec.since"},
			[]string{`at v1, spec.since: Invalid value: "yesterday": spec.since in body must be of type date-time`, shows}},
		{"a v1-only object without the kind v1 requires", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Legacy", json.RawMessage(`{}`))},
			[]string{"spec.legacy.kind", "spec.legacy.kind"},
			[]string{`at v1, spec.legacy.kind: Required value`, shows}},
		// So are a list type, and the limits of a map's values.
		{"a set v1 does not allow", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Tags", json.RawMessage(`["a","a"]`))},
			[]string{"spec.tags[1]", "spec.tags[1]"},
			[]string{`at v1, spec.tags[1]: Duplicate value: "a"`, shows}},
		{"a map value v1 does not allow", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Limits", json.RawMessage(`{"east":10}`))},
			[]string{"spec.limits.east", "spec.limits.east"},
			[]string{`at v1, spec.limits.east: Invalid value: 10`, shows}},
		// A long value is not repeated.
		{"a long value", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Slow", "Label", strings.Repeat("X", 500))},
			[]string{"spec.label", "spec.label"},
			[]string{`at v1, spec.label: Invalid value: "` + strings.Repeat("X", 120) + `... (500 bytes)"`, shows}},
		// A value the hooks derive for v1 is one v1 shows as well: it
		// must be one v1 can hold.
		{"a derived value longer than v1 allows", dialHubSpec{FullName: "Bartholomew Smith", PropertyBag: dialBag("Mode", "Slow")},
			[]string{"spec.firstName", "spec.firstName"},
			[]string{`at v1, spec.firstName: Too long`, shows}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, version := range []string{"v3", "v3storage"} {
				obj := dialAt(t, version, c.spec)
				wantDialInvalid(t, admit(t, h, request(t, admissionv1.Create, obj, nil)), version, c.fields, c.message...)
			}
		})
	}
}

func TestAdmissionLeavesToTheHubWhatTheHubHas(t *testing.T) {
	h := dialAdmission(t)
	// v1 requires a mode the hub does not have: a write at v3 has none.
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, dialAt(t, "v3", dialHubSpec{FullName: "Ada"}), nil)))
	// v1 allows a speed of at most 5, the hub 10: the hub's schema decides.
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, dialAt(t, "v3", dialHubSpec{Speed: 7}), nil)))
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Create, dialAt(t, "v3", dialHubSpec{Speed: 11}), nil)), "v3",
		[]string{"spec.speed"}, "spec.speed: Invalid value: 11")
}

func TestAdmissionRatchetsTheValuesAnOlderVersionShows(t *testing.T) {
	h := dialAdmission(t)
	old := dialAt(t, "v3", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Turbo")})
	faster := dialAt(t, "v3", dialHubSpec{FullName: "Ada", Speed: 4, PropertyBag: dialBag("Mode", "Turbo")})
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, faster, old)))
	warp := dialAt(t, "v3", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Warp")})
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Update, warp, old)), "v3",
		[]string{"spec.mode", "spec.mode"}, `at v1, spec.mode: Unsupported value: "Warp"`)
}

// An old object that cannot be read at v1 (its mode, in the hub's bag, is
// not a string: written before the webhook was installed) ratchets nothing
// there: the update is checked at v1 as if it created the object.
func TestAdmissionChecksAtAnOlderVersionWhatAnUnreadableOldObjectCannotRatchet(t *testing.T) {
	h := dialAdmission(t)
	old := dialAt(t, "v3", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", json.RawMessage(`{"not":"a string"}`))})
	turbo := dialAt(t, "v3", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Turbo")})
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Update, turbo, old)), "v3",
		[]string{"spec.mode", "spec.mode"}, `at v1, spec.mode: Unsupported value: "Turbo"`, `at v1storage, spec.mode`)
	fast := dialAt(t, "v3", dialHubSpec{FullName: "Ada", PropertyBag: dialBag("Mode", "Fast")})
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, fast, old)))
}

// BenchmarkDialAdmission: a create at v3 and an update at v1 of a valid
// dial, whose v1 and v1storage are validated besides the hub.
//
//	go -C convert/webhook test -run '^$' -bench DialAdmission .
func BenchmarkDialAdmission(b *testing.B) {
	h := dialAdmission(b)
	spec := dialHubSpec{FullName: "Ada Lovelace", Speed: 3, PropertyBag: dialBag("Mode", "Fast", "Label", "dial")}
	for _, bc := range []struct {
		name     string
		obj, old runtime.Object
	}{
		{"create-v3", dialAt(b, "v3", spec), nil},
		{"update-v1", dialAt(b, "v1", spec), dialAt(b, "v1", spec)},
	} {
		op := admissionv1.Create
		if bc.old != nil {
			op = admissionv1.Update
		}
		req := request(b, op, bc.obj, bc.old)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if resp := admit(b, h, req); !resp.Allowed {
					b.Fatalf("refused: %s", resp.Result.Message)
				}
			}
		})
	}
}
