package convtest

import (
	"strings"
	"testing"
)

// TestFieldValuesNeedsValues: FieldValues without a value panics with a
// message that says so, instead of leaving the field random unnoticed.
func TestFieldValuesNeedsValues(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "FieldValues needs at least one value") {
			t.Errorf("FieldValues without values: %v", r)
		}
	}()
	FieldValues("Type")
}
