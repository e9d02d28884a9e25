// Package jsontag reads the json tag of a struct field: the name
// encoding/json gives the field in an object. It depends on the standard
// library only, so leaf packages can use it.
package jsontag

import (
	"reflect"
	"strings"
)

// Name returns the name encoding/json gives f in an object:
//
//   - "-" when the tag is exactly "-" (encoding/json skips f);
//   - the name before the first comma of the tag, options such as
//     omitempty and inline dropped ("spec,omitempty" is "spec");
//   - "" for an embedded field whose tag gives no name (no tag, ",inline",
//     ",omitempty"), which encoding/json inlines when it is a struct;
//   - f.Name for any other field whose tag gives no name.
//
// A tag "-," names the field "-" for encoding/json; Name returns "-" for
// it as for a skipped field, so callers skip it too. Name does not look at
// whether f is exported or what its type is: callers decide that.
func Name(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "-"
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" && !f.Anonymous {
		return f.Name
	}
	return name
}

// Field returns the exported field of struct type t that encoding/json
// names name: a field of t itself first, then one of a struct t embeds by
// value without a JSON name (which encoding/json writes as t's own
// fields), looked for in the order of t's fields. The field's Index is its
// path from t, for reflect.Value.FieldByIndex. The names "" and "-" name
// no field.
func Field(t reflect.Type, name string) (reflect.StructField, bool) {
	if name == "" || name == "-" || t.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && Name(f) == name {
			return f, true
		}
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.Anonymous || !f.IsExported() || f.Type.Kind() != reflect.Struct || Name(f) != "" {
			continue
		}
		if inner, ok := Field(f.Type, name); ok {
			inner.Index = append([]int{i}, inner.Index...)
			return inner, true
		}
	}
	return reflect.StructField{}, false
}

// FieldValue returns the field of struct v that Field finds, or the zero
// Value when there is none.
func FieldValue(v reflect.Value, name string) reflect.Value {
	if f, ok := Field(v.Type(), name); ok {
		return v.FieldByIndex(f.Index)
	}
	return reflect.Value{}
}
