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
