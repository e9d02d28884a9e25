package convtest

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/propertybag"
)

type bagSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type hiddenBagSpec struct {
	bag propertybag.PropertyBag
}

type bagHolderObj struct {
	Spec       *bagSpec      `json:"spec"`
	Status     hiddenBagSpec `json:"status"`
	Other      string        `json:"other"`
	Named      bagSpec       `json:"named"`
	InlineDeep               // its fields are the holder's
	hidden     bagSpec       // unexported: encoding/json does not see it
}

type InlineDeep struct {
	Deep string `json:"deep"`
}

var _ = bagHolderObj{}.hidden
var _ = hiddenBagSpec{}.bag

// TestHasBagAt: a bag right in the field of that JSON name, behind a pointer
// too; not in an unexported field, nor in a field that is no struct.
func TestHasBagAt(t *testing.T) {
	typ := reflect.TypeFor[*bagHolderObj]()
	for part, want := range map[string]bool{"spec": true, "named": true, "status": false, "other": false, "hidden": false, "nothing": false} {
		if got := hasBagAt(typ, part); got != want {
			t.Errorf("hasBagAt(%s) = %v, want %v", part, got, want)
		}
	}
}

// TestFieldByJSONName: fields by their JSON names, in structs embedded
// inline too, never unexported ones.
func TestFieldByJSONName(t *testing.T) {
	v := reflect.ValueOf(&bagHolderObj{Other: "o", InlineDeep: InlineDeep{Deep: "d"}}).Elem()
	if got := jsontag.FieldValue(v, "deep"); !got.IsValid() || got.String() != "d" {
		t.Errorf("deep = %v", got)
	}
	if got := jsontag.FieldValue(v, "other"); !got.IsValid() || got.String() != "o" {
		t.Errorf("other = %v", got)
	}
	for _, name := range []string{"hidden", "InlineDeep", "Inline", "nothing"} {
		if got := jsontag.FieldValue(v, name); got.IsValid() {
			t.Errorf("%s = %v, want none", name, got)
		}
	}
}
