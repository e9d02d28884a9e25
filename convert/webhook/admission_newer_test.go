package webhook_test

import (
	"cmp"
	"strconv"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// --- v4beta1: a version newer than the hub, which names the hub's
// fullName name, and whose schema allows a speed of up to 20 where the
// hub's allows 10 (as a preview of Azure Service
// Operator widens an enum of the stable hub: PostgreSQL 16 at
// 2023-06-01-preview, where 2022-12-01 lists 11 to 14) ---

type dialV4beta1Spec struct {
	FullName string `json:"name,omitempty"` // the hub's fullName, renamed
	Speed    int    `json:"speed,omitempty"`
}

type dialV4beta1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialV4beta1Spec `json:"spec"`
}

// dialSpeedAnnotation is the annotation, or the label, v4beta1's hook reads
// a speed from.
const dialSpeedAnnotation = "crm.hubspoke.test/speed"

func (d *dialV4beta1) DeepCopyObject() runtime.Object { return jsonCopy(d) }
func (d *dialV4beta1) Link() convert.Link {
	return convert.LinkTo(func(d *dialV4beta1, dst *dialHub) error {
		dst.Spec = dialHubSpec{FullName: d.Spec.FullName, Speed: d.Spec.Speed}
		// A hook that reads the metadata: the speed an annotation, or a
		// label, gives where the spec gives none (as a release that moved
		// a value out of an annotation reads it still).
		if a := cmp.Or(d.GetAnnotations()[dialSpeedAnnotation], d.GetLabels()[dialSpeedAnnotation]); a != "" && d.Spec.Speed == 0 {
			speed, err := strconv.Atoi(a)
			if err != nil {
				return err
			}
			dst.Spec.Speed = speed
		}
		return nil
	}, func(d *dialV4beta1, src *dialHub) error {
		d.Spec = dialV4beta1Spec{FullName: src.Spec.FullName, Speed: src.Spec.Speed}
		return nil
	})
}
func (d *dialV4beta1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(d, h) }
func (d *dialV4beta1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(d, h) }

// A value that a version newer than the hub allows, in a field it has, is
// its schema's to judge (the API server did): the hub's narrower schema
// refused every such write, so the newer version could not be used for
// what it adds. At the hub's own API version, and at older ones, the
// hub's schema still decides.
func TestAdmissionLetsANewerVersionWiden(t *testing.T) {
	h := dialAdmission(t)
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, dialAt(t, "v4beta1", dialHubSpec{FullName: "Ada", Speed: 15}), nil)))
	old := dialAt(t, "v4beta1", dialHubSpec{FullName: "Ada", Speed: 3})
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, dialAt(t, "v4beta1", dialHubSpec{FullName: "Ada", Speed: 15}), old)))
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Create, dialAt(t, "v3", dialHubSpec{Speed: 15}), nil)), "v3",
		[]string{"spec.speed"}, "spec.speed: Invalid value: 15")
}

// A value the hub has at a field the newer version has not (the full name
// v4beta1 renames) is the hub's schema's to judge, though the version's own
// fields give it: v4beta1's schema judged a property of another name (its
// name, of any length), not the hub's fullName, of up to 40 characters.
func TestAdmissionNewerVersionKeepsTheHubsSchemaAtItsOtherFields(t *testing.T) {
	h := dialAdmission(t)
	long := "Ada " + strings.Repeat("b", 37) // 41 bytes; v1 shows its first name, Ada
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Create, dialAt(t, "v4beta1", dialHubSpec{FullName: long, Speed: 15}), nil)), "v4beta1",
		[]string{"spec.fullName"}, "spec.fullName: Too long", "v4beta1 has no field spec.fullName")
}

// A value a hook of the newer version reads from the metadata (an
// annotation or a label, which no schema validates) is no value of its
// fields: the hub's schema judges it. A speed of 99, which neither
// v4beta1's schema (up to 20) nor the hub's (up to 10) allows, passed for
// one of v4beta1's own.
func TestAdmissionNewerVersionJudgesWhatItsHooksReadFromMetadata(t *testing.T) {
	h := dialAdmission(t)
	obj := dialAt(t, "v4beta1", dialHubSpec{FullName: "Ada"}).(*dialV4beta1)
	obj.SetAnnotations(map[string]string{dialSpeedAnnotation: "99"})
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Create, obj, nil)), "v4beta1",
		[]string{"spec.speed"}, "spec.speed: Invalid value: 99")
	labelled := dialAt(t, "v4beta1", dialHubSpec{FullName: "Ada"}).(*dialV4beta1)
	labelled.SetLabels(map[string]string{dialSpeedAnnotation: "99"})
	wantDialInvalid(t, admit(t, h, request(t, admissionv1.Create, labelled, nil)), "v4beta1",
		[]string{"spec.speed"}, "spec.speed: Invalid value: 99")
}
