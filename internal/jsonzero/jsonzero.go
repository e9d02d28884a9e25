// Package jsonzero tells whether a value is the zero value of its type as
// JSON sees it: for a type that writes its own JSON without an IsZero
// method (Tekton's ParamValue writes its zero value as ""), the value that
// writes the same text as the zero value is the one a reader takes for
// zero. The generated transport, the reflective bag walk and the test kit
// judge such values by this one rule.
package jsonzero

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// Writes reports whether v, written as JSON, gives the same text as the
// zero value of its type. A value that fails to write is not zero.
func Writes(v reflect.Value) bool {
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	got, err := json.Marshal(p.Interface())
	if err != nil {
		return false
	}
	zero, err := json.Marshal(reflect.New(v.Type()).Interface())
	return err == nil && bytes.Equal(got, zero)
}
