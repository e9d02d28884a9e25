package convtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"
)

// cmpOptions compares objects the way the checks need: floats within a
// tolerance, nil and empty slices and maps kept apart (cmp's default), and
// types with unexported fields compared rather than rejected.
func cmpOptions(tol float64) cmp.Options {
	return cmp.Options{
		cmp.FilterValues(func(x, y any) bool {
			return isFloat(reflect.TypeOf(x)) && isFloat(reflect.TypeOf(y))
		}, cmp.Comparer(func(x, y any) bool {
			return floatsEqual(reflect.ValueOf(x).Float(), reflect.ValueOf(y).Float(), tol)
		})),
		cmp.Exporter(func(reflect.Type) bool { return true }),
	}
}

func isFloat(t reflect.Type) bool {
	return t != nil && (t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64)
}

func floatsEqual(a, b, tol float64) bool {
	if a == b || (math.IsNaN(a) && math.IsNaN(b)) {
		return true
	}
	d := math.Abs(a - b)
	return d <= tol || d <= tol*math.Max(math.Abs(a), math.Abs(b))
}

// diff returns "" when before and after are equal, and a go-cmp diff
// (-before +after) otherwise.
func diff(before, after any, opts cmp.Options) string {
	if reflect.DeepEqual(before, after) || cmp.Equal(before, after, opts) {
		return ""
	}
	return cmp.Diff(before, after, opts)
}

// viaJSON passes obj through encoding/json, as the API server does with
// every object that leaves the process (a hub on its way to etcd, an API
// version on its way to a client): it encodes obj, decodes the JSON into a
// new object of the same type and returns that object. It also requires the
// encoding to be stable: encoding the decoded object again must give the
// same bytes, as storing the object in etcd and reading it back needs (and
// when it does not, encoding obj a second time tells whether obj's own
// encoding changes from one time to the next). what names obj in the
// description of a problem, which is "" when there is none.
func viaJSON(obj runtime.Object, what string) (runtime.Object, string) {
	first, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Sprintf("encoding %s as JSON failed: %v", what, err)
	}
	fresh := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(runtime.Object)
	if err := json.Unmarshal(first, fresh); err != nil {
		return nil, fmt.Sprintf("decoding the JSON of %s failed: %v\n%s", what, err, indent(first))
	}
	again, err := json.Marshal(fresh)
	if err != nil {
		return nil, fmt.Sprintf("encoding %s again after decoding it failed: %v", what, err)
	}
	if bytes.Equal(first, again) {
		return fresh, ""
	}
	second, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Sprintf("encoding %s as JSON a second time failed: %v", what, err)
	}
	if !bytes.Equal(first, second) {
		return nil, fmt.Sprintf("encoding %s twice gave different JSON (-first +second):\n%s", what, cmp.Diff(indent(first), indent(second)))
	}
	return nil, fmt.Sprintf("%s does not survive JSON: decoding its JSON and encoding it again gave different bytes (-encoded +re-encoded):\n%s", what, cmp.Diff(indent(first), indent(again)))
}

// fromJSON returns obj encoded as JSON and decoded into a new object, as
// the API server receives an object from a client or reads it from etcd.
// Unlike viaJSON it does not require the encoding to be stable: generated
// objects need not be in the form their JSON gives them.
func fromJSON(obj runtime.Object, what string) (runtime.Object, string) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Sprintf("encoding %s as JSON failed: %v", what, err)
	}
	fresh := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(runtime.Object)
	if err := json.Unmarshal(data, fresh); err != nil {
		return nil, fmt.Sprintf("decoding the JSON of %s failed: %v\n%s", what, err, indent(data))
	}
	return fresh, ""
}

func indent(data []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, data, "", "  "); err != nil {
		return string(data)
	}
	return b.String()
}

// toYAML renders obj as YAML with apiVersion and kind set to gvk (when not
// empty), keys sorted, the way Kubernetes tools print objects: the object
// is encoded as JSON and the JSON re-encoded as YAML.
func toYAML(obj runtime.Object, gvk schema.GroupVersionKind) (y string, err error) {
	defer func() {
		if r := recover(); r != nil { // a MarshalJSON that panics: render the object otherwise
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if !gvk.Empty() {
		obj = cloneObject(obj)
		obj.GetObjectKind().SetGroupVersionKind(gvk)
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return "", err
	}
	if data, err = dropNullCreationTimestamp(data); err != nil {
		return "", err
	}
	out, err := yaml.JSONToYAML(data)
	if err != nil {
		return "", err
	}
	return string(out), nil
}

// dropNullCreationTimestamp removes "creationTimestamp": null from the
// object's metadata. apimachinery v0.31 writes it for an unset creation
// time and v0.35 leaves it out; without it the YAML (and
// so the golden files) is the same at every Kubernetes version the core
// supports. Numbers are kept as written.
func dropNullCreationTimestamp(data []byte) ([]byte, error) {
	if !bytes.Contains(data, []byte(`"creationTimestamp":null`)) {
		return data, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top map[string]any
	if err := dec.Decode(&top); err != nil {
		return nil, err
	}
	meta, ok := top["metadata"].(map[string]any)
	if !ok {
		return data, nil
	}
	if ts, found := meta["creationTimestamp"]; !found || ts != nil {
		return data, nil
	}
	delete(meta, "creationTimestamp")
	return json.Marshal(top)
}

// indentLines prefixes every line of s with prefix.
func indentLines(s, prefix string) string {
	s = strings.TrimRight(s, "\n")
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
