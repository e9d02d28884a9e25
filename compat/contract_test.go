package compat_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The contracts of Add and Pull, one at a time: what each
// leaves in the bag on success and on failure, and which shape is tried
// first.

const (
	stagedText = `{"label":"1313 S. Harbor Blvd, Anaheim"}`
	laterText  = `{"street":"1313 S. Harbor Blvd","city":"Anaheim"}`
	otherText  = `"Theodore"` // another property, which must never be touched
)

// bagWith returns a bag holding text under ResidentialAddress and another
// property beside it.
func bagWith(text string) propertybag.PropertyBag {
	return propertybag.PropertyBag{"ResidentialAddress": text, "MiddleName": otherText}
}

// A successful recall takes the property out of the bag, whichever shape it
// was stored in, and leaves everything else.
func TestRecallRemovesTheProperty(t *testing.T) {
	for _, tc := range []struct {
		name   string
		text   string
		recall func(*propertybag.PropertyBag) (any, error)
		want   any
	}{
		{
			"Pull, staged shape", stagedText,
			func(b *propertybag.PropertyBag) (any, error) { return residentialAddress.Pull(b) },
			mickeyV5.Address,
		},
		{
			"Pull, later shape", laterText,
			func(b *propertybag.PropertyBag) (any, error) { return residentialAddress.Pull(b) },
			mickeyV5.Address,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bag := bagWith(tc.text)
			got, err := tc.recall(&bag)
			must(t, err)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("recalled value (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(propertybag.PropertyBag{"MiddleName": otherText}, bag); diff != "" {
				t.Errorf("bag after a successful recall (-want +got):\n%s", diff)
			}
			// A bag the recall empties becomes nil, as with propertybag.Pull.
			alone := propertybag.PropertyBag{"ResidentialAddress": tc.text}
			if _, err := tc.recall(&alone); err != nil || alone != nil {
				t.Errorf("recall of the only property: %v, bag %#v; want a nil bag", err, alone)
			}
		})
	}
}

// Stashing replaces what the bag held; stashing nil removes it, so that a
// value cleared at the newer version does not come back from the bag.
func TestStashReplacesOrRemoves(t *testing.T) {
	bag := bagWith(`{"label":"an earlier address, Nowhere"}`)
	must(t, residentialAddress.Add(&bag, mickeyV5.Address))
	if diff := cmp.Diff(bagWith(stagedText), bag); diff != "" {
		t.Errorf("stash over an earlier value (-want +got):\n%s", diff)
	}

	must(t, residentialAddress.Add(&bag, nil))
	if diff := cmp.Diff(propertybag.PropertyBag{"MiddleName": otherText}, bag); diff != "" {
		t.Errorf("a nil stash kept the earlier value (-want +got):\n%s", diff)
	}

	// The round trip a cleared address takes: v5 (no address) → v4 → v5
	// must not bring the address back from the v4 bag it came from.
	v4 := v4Person{Name: "Mickey", Bag: bagWith(stagedText)}
	v5, err := v4ToV5Staged(v4)
	must(t, err)
	v5.Address = nil // cleared by a client at v5
	v4, err = v5ToV4Staged(v5)
	must(t, err)
	if v4.Bag.Contains("ResidentialAddress") {
		t.Errorf("a cleared address stayed in the v4 bag: %v", v4.Bag)
	}

	// A nil stash into no bag at all is a no-op, not a panic.
	must(t, residentialAddress.Add(nil, nil))
}

// hookCalls counts the calls of a Property's conversion hooks.
type hookCalls struct {
	toStaged, fromStaged int
}

// countingAddress is residentialAddress with hooks that count their calls
// into calls and, when told to, fail after writing part of their result.
func countingAddress(calls *hookCalls, failTo, failFrom bool) compat.Property[stagedAddress, v5Address] {
	return compat.Property[stagedAddress, v5Address]{
		Name:    "ResidentialAddress",
		Version: "v4storage",
		ToStaged: func(a *v5Address, s *stagedAddress) error {
			calls.toStaged++
			if failTo {
				s.Label = ptr("half-written") // a hook that fails part way
				return errors.New("refused to stage")
			}
			return v5ToStaged(a, s)
		},
		FromStaged: func(s *stagedAddress, a *v5Address) error {
			calls.fromStaged++
			if failFrom {
				a.Street = ptr("half-written")
				return errors.New("refused to recall")
			}
			return stagedToV5(s, a)
		},
	}
}

// A failed operation returns no value and leaves its input and the bag as
// they were, so a retry (or an older release) still finds the value.
func TestFailedOperationsLoseNothing(t *testing.T) {
	noTo := residentialAddress
	noTo.ToStaged = nil
	noFrom := residentialAddress
	noFrom.FromStaged = nil
	var calls hookCalls
	failing := countingAddress(&calls, true, true)

	for _, tc := range []struct {
		name    string
		text    string // in the bag beforehand; "" for none
		op      func(*propertybag.PropertyBag) (any, error)
		wantErr []string
		is      error
	}{
		{
			"Pull, FromStaged fails", stagedText,
			func(b *propertybag.PropertyBag) (any, error) { return failing.Pull(b) },
			[]string{"refused to recall", `"ResidentialAddress"`, "compat_test.stagedAddress to compat_test.v5Address", "v4storage"}, nil,
		},
		{
			"Pull, FromStaged is nil", stagedText,
			func(b *propertybag.PropertyBag) (any, error) { return noFrom.Pull(b) },
			[]string{"compat: pulling", "FromStaged is nil", `"ResidentialAddress"`}, nil,
		},
		{
			"Pull, hook rejects the value", `{"label":"no comma"}`,
			func(b *propertybag.PropertyBag) (any, error) { return residentialAddress.Pull(b) },
			[]string{"label has no city", `"ResidentialAddress"`}, nil,
		},
		{
			"Pull, wrong shape", `{"postcode":"92803"}`,
			func(b *propertybag.PropertyBag) (any, error) { return residentialAddress.Pull(b) },
			[]string{`"ResidentialAddress"`, "v4storage"}, compat.ErrWrongShape,
		},
		{
			"Add, ToStaged fails", stagedText,
			func(b *propertybag.PropertyBag) (any, error) {
				return nil, failing.Add(b, &v5Address{Street: ptr("Elm Street"), City: ptr("Springwood")})
			},
			[]string{"refused to stage", `"ResidentialAddress"`}, nil,
		},
		{
			"Add, ToStaged is nil", stagedText,
			func(b *propertybag.PropertyBag) (any, error) {
				return nil, noTo.Add(b, &v5Address{Street: ptr("Elm Street"), City: ptr("Springwood")})
			},
			[]string{"compat: adding", "ToStaged is nil", `"ResidentialAddress"`}, nil,
		},
		{
			"Add, ToStaged fails on an empty bag", "",
			func(b *propertybag.PropertyBag) (any, error) {
				return nil, failing.Add(b, &v5Address{Street: ptr("Elm Street"), City: ptr("Springwood")})
			},
			[]string{"refused to stage"}, nil,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bag := propertybag.PropertyBag{"MiddleName": otherText}
			if tc.text != "" {
				bag["ResidentialAddress"] = tc.text
			}
			before := bag.DeepCopy()
			got, err := tc.op(&bag)
			if err == nil {
				t.Fatalf("no error; got %v", got)
			}
			for _, want := range tc.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %s", err, want)
				}
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q does not wrap %v", err, tc.is)
			}
			if got != nil && !isNilPointer(got) {
				t.Errorf("a value came back with the error: %+v", got)
			}
			if diff := cmp.Diff(before, bag); diff != "" {
				t.Errorf("the failed operation changed the bag (-before +after):\n%s", diff)
			}
		})
	}
}

func isNilPointer(v any) bool {
	switch p := v.(type) {
	case *v5Address:
		return p == nil
	case *stagedAddress:
		return p == nil
	}
	return false
}

// Add does not change the value it is given, even when the staging hook
// fails.
func TestStashLeavesItsInput(t *testing.T) {
	for _, fail := range []bool{false, true} {
		var calls hookCalls
		p := countingAddress(&calls, fail, fail)
		value := &v5Address{Street: ptr("1313 S. Harbor Blvd"), City: ptr("Anaheim")}
		var bag propertybag.PropertyBag
		err := p.Add(&bag, value)
		if (err != nil) != fail {
			t.Fatalf("fail=%v: error %v", fail, err)
		}
		if diff := cmp.Diff(mickeyV5.Address, value); diff != "" {
			t.Errorf("fail=%v: Add changed its input (-want +got):\n%s", fail, diff)
		}
		if calls != (hookCalls{toStaged: 1}) {
			t.Errorf("fail=%v: hooks called %+v, want ToStaged once", fail, calls)
		}
	}
}

// Add into no bag at all is an error (not a panic) that names the
// property; the conversion is not lost silently.
func TestAddIntoNoBag(t *testing.T) {
	err := residentialAddress.Add(nil, mickeyV5.Address)
	if !errors.Is(err, propertybag.ErrEncode) {
		t.Fatalf("got %v, want an error wrapping propertybag.ErrEncode", err)
	}
	for _, want := range []string{"compat: adding", `"ResidentialAddress"`, "compat_test.stagedAddress", "v4storage", "nil *PropertyBag"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}

// A staged shape that cannot be encoded makes Add fail with the bag as it
// was.
type unencodable struct{}

func (unencodable) MarshalJSON() ([]byte, error) { return nil, errors.New("cannot encode") }

func TestStashEncodingFails(t *testing.T) {
	p := compat.Property[unencodable, v5Address]{
		Name: "ResidentialAddress", Version: "v4storage",
		ToStaged:   func(*v5Address, *unencodable) error { return nil },
		FromStaged: func(*unencodable, *v5Address) error { return nil },
	}
	bag := bagWith(stagedText)
	err := p.Add(&bag, mickeyV5.Address)
	if !errors.Is(err, propertybag.ErrEncode) || !strings.Contains(err.Error(), "cannot encode") || !strings.Contains(err.Error(), `"ResidentialAddress"`) {
		t.Fatalf("got %v", err)
	}
	if diff := cmp.Diff(bagWith(stagedText), bag); diff != "" {
		t.Errorf("a failed stash changed the bag (-before +after):\n%s", diff)
	}
}

// Absent properties need no conversion: nothing is called and nothing is
// returned.
func TestRecallAbsent(t *testing.T) {
	var calls hookCalls
	p := countingAddress(&calls, true, true)
	for _, bag := range []propertybag.PropertyBag{nil, {}, {"MiddleName": otherText}} {
		before := bag.DeepCopy()
		if got, err := p.Pull(&bag); got != nil || err != nil {
			t.Errorf("Pull(%v) = %v, %v", bag, got, err)
		}
		if diff := cmp.Diff(before, bag); diff != "" {
			t.Errorf("bag changed (-before +after):\n%s", diff)
		}
	}
	if got, err := p.Pull(nil); got != nil || err != nil {
		t.Errorf("Pull(nil) = %v, %v", got, err)
	}
	if calls != (hookCalls{}) {
		t.Errorf("hooks called for an absent property: %+v", calls)
	}
}

// Each read calls exactly the conversion its shape needs: the staged shape
// goes through FromStaged, the later shape and text of neither shape
// through nothing.
func TestRecallCallsTheRightHook(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		want hookCalls
	}{
		{"Pull, staged shape", stagedText, hookCalls{fromStaged: 1}},
		{"Pull, later shape", laterText, hookCalls{}},
		{"Pull, neither shape", `{"postcode":"92803"}`, hookCalls{}},
	} {
		var calls hookCalls
		p := countingAddress(&calls, false, false)
		bag := bagWith(tc.text)
		_, err := p.Pull(&bag)
		if wantErr := strings.Contains(tc.name, "neither"); (err != nil) != wantErr {
			t.Errorf("%s: error %v", tc.name, err)
		}
		if calls != tc.want {
			t.Errorf("%s: hooks called %+v, want %+v", tc.name, calls, tc.want)
		}
	}
}

// Shapes that overlap: the earlier and the later version both call the
// property {"name": ...}, but the earlier one writes "Family, Given" and the
// later one "Given Family". Text that decodes as both must be read as the
// staged shape, because that is what the bag holds by the rule; the repair
// applies only to text the staged shape rejects.
type familyFirst struct {
	Name *string `json:"name,omitempty"`
}

type givenFirst struct {
	Name  *string `json:"name,omitempty"`
	Title *string `json:"title,omitempty"` // only in the later shape
}

var personName = compat.Property[familyFirst, givenFirst]{
	Name:    "Name",
	Version: "v4storage",
	ToStaged: func(g *givenFirst, f *familyFirst) error {
		given, family, _ := strings.Cut(deref(g.Name), " ")
		name := family + ", " + given
		f.Name = &name
		return nil
	},
	FromStaged: func(f *familyFirst, g *givenFirst) error {
		family, given, _ := strings.Cut(deref(f.Name), ", ")
		name := given + " " + family
		g.Name = &name
		return nil
	},
}

func TestStagedShapeIsTriedFirst(t *testing.T) {
	// Decodes as both shapes.
	both := propertybag.PropertyBag{"Name": `{"name":"Lovelace, Ada"}`}
	got, err := personName.Pull(copyOf(both))
	must(t, err)
	if diff := cmp.Diff(&givenFirst{Name: ptr("Ada Lovelace")}, got); diff != "" {
		t.Errorf("Pull read the later shape first (-want +got):\n%s", diff)
	}

	// Decodes only as the later shape: repaired.
	later := propertybag.PropertyBag{"Name": `{"name":"Ada Lovelace","title":"Countess"}`}
	got, err = personName.Pull(copyOf(later))
	must(t, err)
	if diff := cmp.Diff(&givenFirst{Name: ptr("Ada Lovelace"), Title: ptr("Countess")}, got); diff != "" {
		t.Errorf("Pull of the later shape (-want +got):\n%s", diff)
	}
}

// copyOf returns a pointer to a copy of b.
func copyOf(b propertybag.PropertyBag) *propertybag.PropertyBag {
	c := b.DeepCopy()
	return &c
}

// The wrong-shape error carries both decoding errors, so the reader sees why
// each shape was rejected.
func TestWrongShapeNamesBothReasons(t *testing.T) {
	bag := propertybag.PropertyBag{"ResidentialAddress": `{"label":"x","street":"y"}`}
	_, err := residentialAddress.Pull(&bag)
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{`unknown field "street"`, `unknown field "label"`, "as compat_test.stagedAddress:", "as compat_test.v5Address:"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %s", msg, want)
		}
	}
	// The staged shape's reason comes first, each after its own type.
	staged, later, ok := strings.Cut(msg, "as compat_test.v5Address:")
	if !ok || !strings.Contains(staged, "as compat_test.stagedAddress:") {
		t.Fatalf("error %q gives the later shape's reason first", msg)
	}
	if !strings.Contains(staged, `unknown field "street"`) || !strings.Contains(later, `unknown field "label"`) {
		t.Errorf("error %q gives a shape's reason after the other shape's type", msg)
	}
}

// Text the bag holds is the staged shape, exactly as encoding/json writes
// it, so that objects already persisted keep their serialized form.
func TestStashWritesTheStagedShape(t *testing.T) {
	var bag propertybag.PropertyBag
	must(t, residentialAddress.Add(&bag, mickeyV5.Address))
	want, err := json.Marshal(stagedAddress{Label: mickeyV3.Address.Label})
	must(t, err)
	if bag["ResidentialAddress"] != string(want) {
		t.Errorf("bag holds %s, want %s", bag["ResidentialAddress"], want)
	}
}

// Messages name apimachinery's types as Kubernetes code imports them:
// metav1.Time, not v1.Time.
func TestErrorsNameMetav1(t *testing.T) {
	born := compat.Property[metav1.Time, metav1.MicroTime]{
		Name: "Born", Version: "v4storage",
		ToStaged:   func(*metav1.MicroTime, *metav1.Time) error { return errors.New("refused") },
		FromStaged: func(*metav1.Time, *metav1.MicroTime) error { return errors.New("refused") },
	}
	_, err := born.Pull(&propertybag.PropertyBag{"Born": `{"year":1928}`})
	if !errors.Is(err, compat.ErrWrongShape) {
		t.Fatalf("got %v", err)
	}
	for _, want := range []string{"as metav1.Time:", "as metav1.MicroTime:"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
	_, err = born.Pull(&propertybag.PropertyBag{"Born": `"1928-11-18T00:00:00Z"`})
	if want := `compat: converting metav1.Time to metav1.MicroTime for property "Born" (staged as metav1.Time in v4storage): refused`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	err = born.Add(&propertybag.PropertyBag{}, &metav1.MicroTime{})
	if want := `compat: converting metav1.MicroTime to metav1.Time for property "Born" (staged as metav1.Time in v4storage): refused`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// Null means absent, as in package propertybag: a stored null is recalled
// as nil without calling a hook, and is removed.
func TestRecallNull(t *testing.T) {
	var calls hookCalls
	p := countingAddress(&calls, true, true)
	bag := bagWith("null")
	got, err := p.Pull(&bag)
	if err != nil || got != nil {
		t.Errorf("Pull of null = %v, %v; want nil, nil", got, err)
	}
	if diff := cmp.Diff(propertybag.PropertyBag{"MiddleName": otherText}, bag); diff != "" {
		t.Errorf("bag after a recall of null (-want +got):\n%s", diff)
	}
	if calls != (hookCalls{}) {
		t.Errorf("hooks called for null: %+v", calls)
	}
}
