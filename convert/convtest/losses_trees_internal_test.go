package convtest

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// TestCompareTreesValues: objects, numbers and scalars: a member missing or
// null, an object replaced by a scalar, a number changed, beyond float64's
// precision too, or replaced by text; numbers equal in value but not in
// text are the same.
func TestCompareTreesValues(t *testing.T) {
	var a, b any
	if err := decodeNumbers([]byte(`{"gone":1,"null":"x","obj":{"k":1},"n":1,"big":9007199254740993,"text":1,"same":1,"neg":-0.5,"s":"v","t":true}`), &a); err != nil {
		t.Fatal(err)
	}
	if err := decodeNumbers([]byte(`{"null":null,"obj":5,"n":2,"big":9007199254740992,"text":"1","same":1.0,"neg":-5e-1,"s":"v","t":false}`), &b); err != nil {
		t.Fatal(err)
	}
	var lost []loss
	compareTrees(a, b, "", 0, &lost)
	var got []string
	for _, l := range lost {
		got = append(got, l.String())
	}
	want := []string{
		"big: 9007199254740993 came back as 9007199254740992",
		"gone: 1 is missing",
		"n: 1 came back as 2",
		`null: "x" is missing`,
		`obj: {"k":1} came back as 5`,
		`t: true came back as false`,
		`text: 1 came back as "1"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("losses:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The tolerance is for floats: an integer off by one is lost at the
	// default tolerance, a float within it is not.
	for _, tc := range []struct {
		a, b json.Number
		lost bool
	}{
		{"5000000000000", "5000000000001", true},
		{"-5000000000000", "-5000000000001", true},
		{"5000000000000.5", "5000000000000.6", false},
		{"1", "1.0", false},
		{"0.5", "0.75", true},
	} {
		var lost []loss
		compareTrees(tc.a, tc.b, "n", 1e-9, &lost)
		if (len(lost) > 0) != tc.lost {
			t.Errorf("%s and %s at tolerance 1e-9: losses %v, want lost %v", tc.a, tc.b, lost, tc.lost)
		}
	}
}

// TestFloatsEqual: equal values, infinities and NaNs are equal; others
// within the tolerance, absolute near zero or relative, at its very edge.
func TestFloatsEqual(t *testing.T) {
	for _, tc := range []struct {
		a, b, tol float64
		want      bool
	}{
		{1, 1, 0, true},
		{math.Inf(1), math.Inf(1), 0, true},
		{math.NaN(), math.NaN(), 0, true},
		{math.NaN(), 1, 1, false},
		{0, 0.5, 0.5, true}, // |a-b| = tol
		{0, 0.5, 0.25, false},
		{2, 4, 0.5, true}, // |a-b| = tol*max(|a|,|b|)
		{2, 4.5, 0.5, false},
		{-2, -4, 0.5, true},
	} {
		if got := floatsEqual(tc.a, tc.b, tc.tol); got != tc.want {
			t.Errorf("floatsEqual(%g, %g, %g) = %v, want %v", tc.a, tc.b, tc.tol, got, tc.want)
		}
	}
}

// TestTreePath: names of letters, digits, _ and $ are plain; any other
// character, just outside those ranges too, makes the name quoted.
func TestTreePath(t *testing.T) {
	for _, name := range []string{"az", "AZ", "09", "_$", "aZ9"} {
		if got := treePath("spec", name); got != "spec."+name {
			t.Errorf("treePath(spec, %q) = %s", name, got)
		}
	}
	for _, name := range []string{"`", "{", "@", "[", "/", ":", "a-b", ""} {
		if got, want := treePath("spec", name), `spec["`+name+`"]`; got != want {
			t.Errorf("treePath(spec, %q) = %s, want %s", name, got, want)
		}
	}
	if got := treePath("", "spec"); got != "spec" {
		t.Errorf("treePath at the top = %s", got)
	}
}

// TestShortJSON: values are cut beyond 80 bytes, not at 80.
func TestShortJSON(t *testing.T) {
	at80 := strings.Repeat("x", 78) // 80 bytes quoted
	if got := shortJSON(at80); got != `"`+at80+`"` {
		t.Errorf("80 bytes cut: %s", got)
	}
	if got := shortJSON(at80 + "y"); got != `"`+at80[:76]+"..." {
		t.Errorf("81 bytes: %s", got)
	}
}

// TestJSONTree: apiVersion and kind are left out and the bags annotation is
// decoded; other annotations stay text.
func TestJSONTree(t *testing.T) {
	obj := &metav1.PartialObjectMetadata{
		TypeMeta: metav1.TypeMeta{APIVersion: "x.dev/v1", Kind: "Thing"},
		ObjectMeta: metav1.ObjectMeta{Name: "n", Annotations: map[string]string{
			boundary.Annotation: `{"spec":{"a":1}}`,
			"other":             `{"b":2}`,
		}},
	}
	tree, err := jsonTree(obj)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tree["apiVersion"]; ok {
		t.Errorf("apiVersion kept: %v", tree)
	}
	if _, ok := tree["kind"]; ok {
		t.Errorf("kind kept: %v", tree)
	}
	annotations := tree["metadata"].(map[string]any)["annotations"]
	data, err := json.Marshal(annotations)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), `{"`+boundary.Annotation+`":{"spec":{"a":1}},"other":"{\"b\":2}"}`; got != want {
		t.Errorf("annotations %s\nwant %s", got, want)
	}
}

// TestCheckLossesMessage: unexpected losses and unused declarations are
// reported together, each on its own lines.
func TestCheckLossesMessage(t *testing.T) {
	src := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Name: "n", Labels: map[string]string{"a": "1"}}}
	back := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Name: "n"}}
	err := checkLosses(src, back, &config{expectLoss: []string{"metadata.namespace"}}, "v1 → v2")
	want := "convtest: golden v1 → v2 loses values of the exemplar:\n" +
		"  metadata.labels: {\"a\":\"1\"} is missing\n" +
		"The golden files would record the loss. Fix the conversion (a hook, or the exemplar if no version can hold the value).\n" +
		"convtest: golden v1 → v2: ExpectLoss(\"metadata.namespace\") declares a loss that does not happen; remove it"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if err := checkLosses(src, back, &config{expectLoss: []string{"metadata.labels"}}, "v1 → v2"); err != nil {
		t.Errorf("the loss declared: %v", err)
	}
	err = checkLosses(src, src, &config{expectLoss: []string{"metadata.labels"}}, "v1 → v2")
	if want := `convtest: golden v1 → v2: ExpectLoss("metadata.labels") declares a loss that does not happen; remove it`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// nanObject is an object whose JSON fails while its Ratio is NaN.
type nanObject struct {
	metav1.TypeMeta
	Ratio float64
}

func (o *nanObject) DeepCopyObject() runtime.Object { c := *o; return &c }

// TestCheckLossesUnencodable: an object that does not encode is an error
// of the golden check, whichever side it is on, not a pass (mutation
// testing: returning nil for the object converted back survived).
func TestCheckLossesUnencodable(t *testing.T) {
	good, bad := &nanObject{Ratio: 1}, &nanObject{Ratio: math.NaN()}
	for _, c := range []struct{ source, back *nanObject }{{bad, good}, {good, bad}} {
		err := checkLosses(c.source, c.back, &config{}, "v1 → v2")
		if want := "convtest: golden v1 → v2: json: unsupported value: NaN"; err == nil || err.Error() != want {
			t.Errorf("source %v, back %v: got %v, want %s", c.source.Ratio, c.back.Ratio, err, want)
		}
	}
	if err := checkLosses(good, good, &config{}, "v1 → v2"); err != nil {
		t.Errorf("nothing lost: %v", err)
	}
}
