package jsonzero

import (
	"errors"
	"reflect"
	"testing"
)

// param writes its zero value as "" and any other value as its text, as
// Tekton's ParamValue does; it has no IsZero method.
type param struct{ s string }

func (p param) MarshalJSON() ([]byte, error) { return []byte(`"` + p.s + `"`), nil }

// broken cannot be written.
type broken struct{ n int }

func (b broken) MarshalJSON() ([]byte, error) {
	if b.n == 0 {
		return []byte(`0`), nil
	}
	return nil, errors.New("broken")
}

func TestWrites(t *testing.T) {
	for _, c := range []struct {
		name string
		v    any
		want bool
	}{
		{"zero param", param{}, true},
		{"param with a value", param{"a"}, false},
		{"zero int", 0, true},
		{"int", 3, false},
		{"empty slice writes [] where nil writes null", []string{}, false},
		{"nil slice", []string(nil), true},
		{"a value that fails to write", broken{1}, false},
	} {
		if got := Writes(reflect.ValueOf(c.v)); got != c.want {
			t.Errorf("%s: Writes(%#v) = %v, want %v", c.name, c.v, got, c.want)
		}
	}
}
