package convtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"k8s.io/apimachinery/pkg/runtime"
)

// checkLosses compares source, the exemplar of a golden test, with back,
// the exemplar converted to the target version and back, value by value in
// their JSON, and reports every value of source that back lacks or holds
// differently, unless withExpectLoss declared it (the kit's own tests). A
// declared loss that does not happen is reported too, so that declarations
// do not outlive the loss.
func checkLosses(source, back runtime.Object, cfg *config, what string) error {
	a, err := jsonTree(source)
	if err != nil {
		return fmt.Errorf("convtest: golden %s: %w", what, err)
	}
	b, err := jsonTree(back)
	if err != nil {
		return fmt.Errorf("convtest: golden %s: %w", what, err)
	}
	var lost []loss
	compareTrees(a, b, "", cfg.tolerance, &lost)
	used := map[string]bool{}
	var unexpected []string
	for _, l := range lost {
		if e := expectedBy(l.path, cfg.expectLoss); e != "" {
			used[e] = true
			continue
		}
		unexpected = append(unexpected, l.String())
	}
	var unused []string
	for _, e := range cfg.expectLoss {
		if !used[e] {
			unused = append(unused, strconv.Quote(e))
		}
	}
	var b2 strings.Builder
	if len(unexpected) > 0 {
		fmt.Fprintf(&b2, "convtest: golden %s loses values of the exemplar:\n", what)
		for _, u := range unexpected {
			fmt.Fprintf(&b2, "  %s\n", u)
		}
		b2.WriteString("The golden files would record the loss. Fix the conversion (a hook, or the exemplar if no version can hold the value).")
	}
	if len(unused) > 0 {
		if b2.Len() > 0 {
			b2.WriteString("\n")
		}
		fmt.Fprintf(&b2, "convtest: golden %s: ExpectLoss(%s) declares a loss that does not happen; remove it", what, strings.Join(unused, ", "))
	}
	if b2.Len() == 0 {
		return nil
	}
	return fmt.Errorf("%s", b2.String())
}

// loss is a value of the source at path that the round trip lost.
type loss struct {
	path     string
	was, got string // JSON texts; got is "" when the value is missing
}

func (l loss) String() string {
	if l.got == "" {
		return fmt.Sprintf("%s: %s is missing", l.path, l.was)
	}
	return fmt.Sprintf("%s: %s came back as %s", l.path, l.was, l.got)
}

// expectedBy returns the declared path that covers path (itself or an
// ancestor), or "".
func expectedBy(path string, declared []string) string {
	for _, e := range declared {
		if path == e || strings.HasPrefix(path, e) && (path[len(e)] == '.' || path[len(e)] == '[') {
			return e
		}
	}
	return ""
}

// jsonTree decodes obj's JSON into maps, slices and json.Numbers, with the
// text of the bags annotation decoded too, so that its bags compare one by
// one. apiVersion and kind, which the converter sets, are left out.
func jsonTree(obj runtime.Object) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var tree map[string]any
	if err := decodeNumbers(data, &tree); err != nil {
		return nil, err
	}
	delete(tree, "apiVersion")
	delete(tree, "kind")
	if meta, ok := tree["metadata"].(map[string]any); ok {
		if annotations, ok := meta["annotations"].(map[string]any); ok {
			if text, ok := annotations[boundary.Annotation].(string); ok {
				var bags any
				if decodeNumbers([]byte(text), &bags) == nil {
					annotations[boundary.Annotation] = bags
				}
			}
		}
	}
	return tree, nil
}

func decodeNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// compareTrees records in lost every value of a (at path) that b lacks or
// holds differently. Objects and arrays are compared member by member; a
// null in a is no value. Numbers compare within tol unless both are
// written as integers.
func compareTrees(a, b any, path string, tol float64, lost *[]loss) {
	switch x := a.(type) {
	case nil:
		return
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			*lost = append(*lost, loss{path, shortJSON(a), shortJSON(b)})
			return
		}
		for _, k := range sortedStrings(x) {
			child := treePath(path, k)
			v, ok := y[k]
			if !ok || v == nil {
				if x[k] != nil {
					*lost = append(*lost, loss{path: child, was: shortJSON(x[k])})
				}
				continue
			}
			compareTrees(x[k], v, child, tol, lost)
		}
	case []any:
		y, ok := b.([]any)
		if !ok {
			*lost = append(*lost, loss{path, shortJSON(a), shortJSON(b)})
			return
		}
		for i, v := range x {
			child := fmt.Sprintf("%s[%d]", path, i)
			if i >= len(y) {
				*lost = append(*lost, loss{path: child, was: shortJSON(v)})
				continue
			}
			compareTrees(v, y[i], child, tol, lost)
		}
	case json.Number:
		y, ok := b.(json.Number)
		if ok && x == y {
			return
		}
		if ok && !(isIntegerText(x) && isIntegerText(y)) { // integers compare exactly, beyond float64's precision too
			f, err1 := strconv.ParseFloat(x.String(), 64)
			g, err2 := strconv.ParseFloat(y.String(), 64)
			if err1 == nil && err2 == nil && floatsEqual(f, g, tol) {
				return
			}
		}
		*lost = append(*lost, loss{path, shortJSON(a), shortJSON(b)})
	default:
		if a != b {
			*lost = append(*lost, loss{path, shortJSON(a), shortJSON(b)})
		}
	}
}

// isIntegerText reports whether n is written as an integer: digits, with
// a minus sign or not.
func isIntegerText(n json.Number) bool {
	s := strings.TrimPrefix(string(n), "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// treePath appends a member name: .name for a plain name, ["name"] for one
// with other characters (label and annotation keys).
func treePath(path, name string) string {
	plain := name != ""
	for _, c := range name {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '$') {
			plain = false
			break
		}
	}
	if !plain {
		return path + "[" + strconv.Quote(name) + "]"
	}
	if path == "" {
		return name
	}
	return path + "." + name
}

func sortedStrings(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// shortJSON renders a value for a loss report, cut at 80 bytes.
func shortJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(data) > 80 {
		return string(data[:77]) + "..."
	}
	return string(data)
}
