package convtest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// nullable has a custom JSON encoding whose zero value is null, and no Raw
// field: the kit cannot make values of it and leaves it zero.
type nullable struct{ v *int }

func (n nullable) MarshalJSON() ([]byte, error) {
	if n.v == nil {
		return []byte("null"), nil
	}
	return json.Marshal(*n.v)
}

func (n *nullable) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	n.v = new(int)
	return json.Unmarshal(b, n.v)
}

// preserved holds the field types of real APIs that have custom JSON.
type preserved struct {
	Template    runtime.RawExtension  `json:"template,omitempty"`
	TemplatePtr *runtime.RawExtension `json:"templatePtr,omitempty"`
	Timeout     metav1.Duration       `json:"timeout,omitempty"`
	TimeoutPtr  *metav1.Duration      `json:"timeoutPtr,omitempty"`
	Opaque      nullable              `json:"opaque"`
	Message     json.RawMessage       `json:"message,omitempty"`
	hidden      `json:",inline"`
}

// hidden is embedded by value with an unexported type: encoding/json
// writes its exported fields, so the kit fills them.
type hidden struct {
	Note string `json:"note"`
}

// TestGenerateCustomJSON checks the values the kit makes for types with
// custom JSON: arbitrary JSON in runtime.RawExtension (and any struct
// holding its JSON in a field Raw []byte) and in json.RawMessage (a slice:
// the kit once asked it for a field Raw, and panicked), durations, and nothing for other
// types. Every object must encode to the same bytes after a trip through
// JSON: a RawExtension left empty behind a pointer would not (null reads
// back as a nil pointer).
func TestGenerateCustomJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var raws, rawPtrs, messages, durations, notes int
	for i := range 500 {
		b := &builder{r: r, size: 1 + i%6}
		var p preserved
		b.fill(reflect.ValueOf(&p).Elem(), 0)
		if p.Opaque.v != nil {
			t.Fatalf("object %d: a value of a type the kit cannot fill is set: %+v", i, p.Opaque)
		}
		if len(p.Template.Raw) > 0 {
			raws++
		}
		if p.TemplatePtr != nil && len(p.TemplatePtr.Raw) > 0 {
			rawPtrs++
		}
		if len(p.Message) > 0 {
			messages++
		}
		if p.Timeout.Duration != 0 {
			durations++
		}
		if p.Note != "" {
			notes++
		}
		first, err := json.Marshal(&p)
		if err != nil {
			t.Fatalf("object %d: %v", i, err)
		}
		var back preserved
		if err := json.Unmarshal(first, &back); err != nil {
			t.Fatalf("object %d: %s: %v", i, first, err)
		}
		second, err := json.Marshal(&back)
		if err != nil {
			t.Fatalf("object %d: %v", i, err)
		}
		if !bytes.Equal(first, second) {
			t.Fatalf("object %d does not survive JSON:\n%s\n%s", i, first, second)
		}
	}
	if raws < 400 || rawPtrs < 100 || messages < 400 || durations < 400 || notes < 400 {
		t.Fatalf("500 objects: %d with raw JSON, %d with raw JSON behind a pointer, %d with a json.RawMessage, %d with a duration, %d with a note in an unexported embedded struct; want most",
			raws, rawPtrs, messages, durations, notes)
	}
}
