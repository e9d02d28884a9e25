package augment_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/augment"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// older and newer are two neighbouring versions; the hosts below are older
// versions with different kinds of hooks.
type older struct{ FullName string }

type newer struct{ Given, Family string }

var errRefused = errors.New("refused")

// hookHost has both hooks; fail makes them return errRefused.
type hookHost struct {
	FullName string
	fail     bool
	toCalls  int
	from     int
}

func (h *hookHost) AssignPropertiesTo(dst *newer) error {
	h.toCalls++
	if h.fail {
		return errRefused
	}
	dst.Given, dst.Family, _ = strings.Cut(h.FullName, " ")
	return nil
}

func (h *hookHost) AssignPropertiesFrom(src *newer) error {
	h.from++
	if h.fail {
		return errRefused
	}
	h.FullName = src.Given + " " + src.Family
	return nil
}

// valueHost's hook has a value receiver, so values and pointers have it.
type valueHost struct{ calls *int }

func (v valueHost) AssignPropertiesTo(*newer) error { *v.calls++; return nil }

// wrongHost's hook takes newer rather than *newer: it is not an
// AssignableTo[*newer], so it is never called for a *newer.
type wrongHost struct{ calls int }

func (w *wrongHost) AssignPropertiesTo(newer) error { w.calls++; return nil }

// toOnly has only the AssignableTo hook.
type toOnly struct{}

func (toOnly) AssignPropertiesTo(*newer) error { return nil }

func TestAfterAssignTo(t *testing.T) {
	for _, tc := range []struct {
		name      string
		src       func() any
		calls     func(src any) int
		wantCalls int
		wantErr   string // "" for success
		want      newer
	}{
		{
			name:      "hook present",
			src:       func() any { return &hookHost{FullName: "Ada Lovelace"} },
			calls:     func(src any) int { return src.(*hookHost).toCalls },
			wantCalls: 1,
			want:      newer{Given: "Ada", Family: "Lovelace"},
		},
		{
			name:      "hook returns an error",
			src:       func() any { return &hookHost{FullName: "Ada Lovelace", fail: true} },
			calls:     func(src any) int { return src.(*hookHost).toCalls },
			wantCalls: 1,
			wantErr:   "augmenting conversion from augment_test.hookHost to augment_test.newer: refused",
		},
		{
			name:      "hook absent",
			src:       func() any { return &older{FullName: "Ada Lovelace"} },
			calls:     func(any) int { return 0 },
			wantCalls: 0,
		},
		{
			name:      "hook on a value receiver, called through a pointer",
			src:       func() any { return &valueHost{calls: new(int)} },
			calls:     func(src any) int { return *src.(*valueHost).calls },
			wantCalls: 1,
		},
		{
			name:      "hook on a value receiver, called on a value",
			src:       func() any { return valueHost{calls: new(int)} },
			calls:     func(src any) int { return *src.(valueHost).calls },
			wantCalls: 1,
		},
		{
			name:      "hook for another type is not called",
			src:       func() any { return &wrongHost{} },
			calls:     func(src any) int { return src.(*wrongHost).calls },
			wantCalls: 0,
		},
		{
			name:      "pointer-receiver hook is not found on a value",
			src:       func() any { return hookHost{FullName: "Ada Lovelace"} },
			calls:     func(any) int { return 0 },
			wantCalls: 0,
		},
		{
			name:      "nil source",
			src:       func() any { return nil },
			calls:     func(any) int { return 0 },
			wantCalls: 0,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src()
			dst := &newer{}
			err := augment.AfterAssignTo(src, dst)
			if got := tc.calls(src); got != tc.wantCalls {
				t.Errorf("hook called %d times, want %d", got, tc.wantCalls)
			}
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if *dst != tc.want {
					t.Errorf("dst = %+v, want %+v", *dst, tc.want)
				}
				return
			}
			if err == nil || err.Error() != tc.wantErr {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			if !errors.Is(err, errRefused) {
				t.Errorf("errors.Is(%v, errRefused) is false", err)
			}
		})
	}
}

func TestAfterAssignFrom(t *testing.T) {
	for _, tc := range []struct {
		name      string
		dst       func() any
		calls     func(dst any) int
		wantCalls int
		wantErr   string
		wantName  string // the FullName of a *hookHost afterwards
	}{
		{
			name:      "hook present",
			dst:       func() any { return &hookHost{} },
			calls:     func(dst any) int { return dst.(*hookHost).from },
			wantCalls: 1,
			wantName:  "Ada Lovelace",
		},
		{
			name:      "hook returns an error",
			dst:       func() any { return &hookHost{fail: true} },
			calls:     func(dst any) int { return dst.(*hookHost).from },
			wantCalls: 1,
			wantErr:   "augmenting conversion from augment_test.newer to augment_test.hookHost: refused",
		},
		{
			name:      "hook absent",
			dst:       func() any { return &older{} },
			calls:     func(any) int { return 0 },
			wantCalls: 0,
		},
		{
			name:      "only the other direction has a hook",
			dst:       func() any { return &toOnly{} },
			calls:     func(any) int { return 0 },
			wantCalls: 0,
		},
		{
			name:      "nil destination",
			dst:       func() any { return nil },
			calls:     func(any) int { return 0 },
			wantCalls: 0,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := tc.dst()
			src := &newer{Given: "Ada", Family: "Lovelace"}
			err := augment.AfterAssignFrom(dst, src)
			if got := tc.calls(dst); got != tc.wantCalls {
				t.Errorf("hook called %d times, want %d", got, tc.wantCalls)
			}
			if *src != (newer{Given: "Ada", Family: "Lovelace"}) {
				t.Errorf("source changed: %+v", *src)
			}
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if h, ok := dst.(*hookHost); ok && h.FullName != tc.wantName {
					t.Errorf("FullName = %q, want %q", h.FullName, tc.wantName)
				}
				return
			}
			if err == nil || err.Error() != tc.wantErr {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			if !errors.Is(err, errRefused) {
				t.Errorf("errors.Is(%v, errRefused) is false", err)
			}
		})
	}
}

// Hooks wrapping a typed error keep it reachable with errors.As.
func TestAfterAssignErrorAs(t *testing.T) {
	src := &typedErrHost{}
	err := augment.AfterAssignTo(src, &newer{})
	var fe *fieldError
	if !errors.As(err, &fe) || fe.Field != "FullName" {
		t.Fatalf("errors.As(%v) = %v, %+v", err, errors.As(err, &fe), fe)
	}
}

type fieldError struct{ Field string }

func (e *fieldError) Error() string { return "bad " + e.Field }

type typedErrHost struct{}

func (*typedErrHost) AssignPropertiesTo(*newer) error { return &fieldError{Field: "FullName"} }

func TestHasHooks(t *testing.T) {
	for _, tc := range []struct {
		name             string
		has              func() (bool, bool)
		wantTo, wantFrom bool
	}{
		{"both hooks", augment.HasHooks[*hookHost, *newer], true, true},
		{"pointer hooks are not in a value's method set", augment.HasHooks[hookHost, *newer], false, false},
		{"hooks for another type", augment.HasHooks[*hookHost, newer], false, false},
		{"no hooks", augment.HasHooks[*older, *newer], false, false},
		{"only to, value receiver", augment.HasHooks[toOnly, *newer], true, false},
		{"only to, through a pointer", augment.HasHooks[*toOnly, *newer], true, false},
		{"value-receiver hook", augment.HasHooks[valueHost, *newer], true, false},
		{"wrong parameter type", augment.HasHooks[*wrongHost, *newer], false, false},
		{"parameter type matches exactly", augment.HasHooks[*wrongHost, newer], true, false},
	} {
		to, from := tc.has()
		if to != tc.wantTo || from != tc.wantFrom {
			t.Errorf("%s: HasHooks = %v, %v; want %v, %v", tc.name, to, from, tc.wantTo, tc.wantFrom)
		}
	}
}

func TestTypeName(t *testing.T) {
	var nilPtr *newer
	var nilErr error
	pp := &nilPtr
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"pointer", &newer{}, "augment_test.newer"},
		{"value", newer{}, "augment_test.newer"},
		{"nil pointer of a type", nilPtr, "augment_test.newer"},
		{"pointer to pointer", pp, "augment_test.newer"},
		{"untyped nil", nil, "<nil>"},
		{"nil interface", nilErr, "<nil>"},
		{"builtin", 42, "int"},
		{"slice", []*newer{}, "[]*augment_test.newer"},
		{"map", map[string]int{}, "map[string]int"},
		{"other package", errors.New("x"), "errors.errorString"},
		{"generic", augment.PropertyConverter[string, int]{}, "augment.PropertyConverter[string,int]"},
		{"generic, type argument of this package", box[newer]{}, "augment_test.box[augment_test.newer]"},
		{"generic, nested", box[*box[[]newer]]{}, "augment_test.box[*augment_test.box[[]augment_test.newer]]"},
		{"generic, two arguments", augment.PropertyConverter[*newer, map[string]older]{}, "augment.PropertyConverter[*augment_test.newer,map[string]augment_test.older]"},
		{"array", [2]*newer{}, "[2]*augment_test.newer"},
		{"named slice", labels{}, "augment_test.labels"},
		{"named map", timesByName{}, "augment_test.timesByName"},
		{"slice of a named slice", []labels{}, "[]augment_test.labels"},
		{"channel", make(chan newer), "chan augment_test.newer"},
		{"send channel", make(chan<- newer), "chan<- augment_test.newer"},
		{"receive channel", make(<-chan newer), "<-chan augment_test.newer"},
		{"channel of receive channels", make(chan (<-chan newer)), "chan (<-chan augment_test.newer)"},
		{"channel of channels", make(chan chan newer), "chan chan augment_test.newer"},
		{"channel of send channels", make(chan chan<- newer), "chan chan<- augment_test.newer"},
	} {
		if got := augment.TypeName(tc.v); got != tc.want {
			t.Errorf("%s: TypeName = %q, want %q", tc.name, got, tc.want)
		}
	}
}

type box[T any] struct{ V T }

type labels []string

type timesByName map[string]metav1.Time

// Kubernetes code imports apimachinery's meta/v1 as metav1, and every API
// group has a package named v1 too, so messages name its types metav1.X.
// Other packages named v1 keep their name.
func TestTypeNameMetav1(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{metav1.Time{}, "metav1.Time"},
		{&metav1.Time{}, "metav1.Time"},
		{[]metav1.Time{}, "[]metav1.Time"},
		{[]*metav1.Condition{}, "[]*metav1.Condition"},
		{map[string]metav1.Time{}, "map[string]metav1.Time"},
		{map[metav1.Time][1]metav1.Duration{}, "map[metav1.Time][1]metav1.Duration"},
		{box[metav1.Time]{}, "augment_test.box[metav1.Time]"},
		{box[map[string][]*metav1.Time]{}, "augment_test.box[map[string][]*metav1.Time]"},
		{augment.PropertyConverter[string, metav1.Time]{}, "augment.PropertyConverter[string,metav1.Time]"},
		{augment.PropertyConverter[corev1.Pod, metav1.Time]{}, "augment.PropertyConverter[v1.Pod,metav1.Time]"},
		{corev1.Pod{}, "v1.Pod"},
		{[]corev1.Pod{}, "[]v1.Pod"},
		{metav1.ObjectMeta{}, "metav1.ObjectMeta"},
		{[2]map[metav1.Time]*metav1.Duration{}, "[2]map[metav1.Time]*metav1.Duration"},
		{make(chan metav1.Time), "chan metav1.Time"},
		{make(<-chan metav1.Time), "<-chan metav1.Time"},
		{make(chan<- metav1.Time), "chan<- metav1.Time"},
		{make(chan (<-chan metav1.Time)), "chan (<-chan metav1.Time)"},
		{make(chan chan metav1.Time), "chan chan metav1.Time"},
		{box[[2]map[metav1.Time]chan *newer]{}, "augment_test.box[[2]map[metav1.Time]chan *augment_test.newer]"},
		{box[func(metav1.Time) error]{}, "augment_test.box[func(metav1.Time) error]"},
		{box[struct{ T *corev1.Pod }]{}, "augment_test.box[struct { T *v1.Pod }]"},
		{timesByName{}, "augment_test.timesByName"},
	} {
		if got := augment.TypeName(tc.v); got != tc.want {
			t.Errorf("TypeName(%T) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

// Errors of hooks and property converters name apimachinery's types as
// metav1.
func TestErrorsNameMetav1(t *testing.T) {
	c := augment.NewPropertyConverter("BirthDate",
		func(string) (metav1.Time, error) { return metav1.Time{}, errRefused },
		func(metav1.Time) (string, error) { return "", errRefused })
	_, err := c.Forward("yesterday")
	if want := `converting property "BirthDate" from string to metav1.Time: refused`; err == nil || err.Error() != want {
		t.Errorf("Forward: %v, want %q", err, want)
	}
	_, err = c.BackwardPtr(&metav1.Time{})
	if want := `converting property "BirthDate" from metav1.Time to string: refused`; err == nil || err.Error() != want {
		t.Errorf("BackwardPtr: %v, want %q", err, want)
	}
	ptrs := augment.NewPropertyConverter("Times",
		func([]*metav1.Time) (map[string]metav1.Time, error) { return nil, errRefused },
		func(map[string]metav1.Time) ([]*metav1.Time, error) { return nil, errRefused })
	_, err = ptrs.Forward(nil)
	if want := `converting property "Times" from []*metav1.Time to map[string]metav1.Time: refused`; err == nil || err.Error() != want {
		t.Errorf("Forward: %v, want %q", err, want)
	}
	err = augment.AfterAssignTo(&timeHost{}, &metav1.Time{})
	if want := "augmenting conversion from augment_test.timeHost to metav1.Time: refused"; err == nil || err.Error() != want {
		t.Errorf("AfterAssignTo: %v, want %q", err, want)
	}
	err = augment.AfterAssignFrom(&timeHost{}, &metav1.Time{})
	var h *augment.HookError
	if !errors.As(err, &h) || h.From != "metav1.Time" || h.To != "augment_test.timeHost" {
		t.Errorf("AfterAssignFrom: %#v", err)
	}
}

type timeHost struct{}

func (*timeHost) AssignPropertiesTo(*metav1.Time) error   { return errRefused }
func (*timeHost) AssignPropertiesFrom(*metav1.Time) error { return errRefused }

// gender is the newer version's type of a property that was a string.
type gender string

const (
	female gender = "Female"
	male   gender = "Male"
)

var errUnknownGender = errors.New("unknown gender")

// genderFuncs returns the two directions, counting their calls.
func genderFuncs(forwardCalls, backwardCalls *int) (func(string) (gender, error), func(gender) (string, error)) {
	forward := func(s string) (gender, error) {
		*forwardCalls++
		switch s {
		case "f":
			return female, nil
		case "m":
			return male, nil
		}
		// A partial result with the error, which the converter must not
		// pass on.
		return gender(s), fmt.Errorf("%q: %w", s, errUnknownGender)
	}
	backward := func(g gender) (string, error) {
		*backwardCalls++
		switch g {
		case female:
			return "f", nil
		case male:
			return "m", nil
		}
		return string(g), fmt.Errorf("%q: %w", g, errUnknownGender)
	}
	return forward, backward
}

func TestPropertyConverter(t *testing.T) {
	var fwd, bwd int
	forward, backward := genderFuncs(&fwd, &bwd)
	c := augment.NewPropertyConverter("Gender", forward, backward)
	if c.Property() != "Gender" {
		t.Errorf("Property() = %q", c.Property())
	}
	ptr := func(s string) *string { return &s }
	gptr := func(g gender) *gender { return &g }

	for _, tc := range []struct {
		name             string
		call             func() (any, error)
		want             any
		wantErr          string
		wantFwd, wantBwd int
	}{
		{"Forward", func() (any, error) { return c.Forward("f") }, female, "", 1, 0},
		{"Backward", func() (any, error) { return c.Backward(male) }, "m", "", 0, 1},
		{
			"Forward error", func() (any, error) { return c.Forward("q") }, gender(""),
			`converting property "Gender" from string to augment_test.gender: "q": unknown gender`, 1, 0,
		},
		{
			"Backward error", func() (any, error) { return c.Backward("Other") }, "",
			`converting property "Gender" from augment_test.gender to string: "Other": unknown gender`, 0, 1,
		},
		{"ForwardPtr nil", func() (any, error) { return c.ForwardPtr(nil) }, (*gender)(nil), "", 0, 0},
		{"BackwardPtr nil", func() (any, error) { return c.BackwardPtr(nil) }, (*string)(nil), "", 0, 0},
		{"ForwardPtr", func() (any, error) { return c.ForwardPtr(ptr("m")) }, gptr(male), "", 1, 0},
		{"BackwardPtr", func() (any, error) { return c.BackwardPtr(gptr(female)) }, ptr("f"), "", 0, 1},
		{
			"ForwardPtr error", func() (any, error) { return c.ForwardPtr(ptr("q")) }, (*gender)(nil),
			`converting property "Gender" from string to augment_test.gender: "q": unknown gender`, 1, 0,
		},
		{
			"BackwardPtr error", func() (any, error) { return c.BackwardPtr(gptr("Other")) }, (*string)(nil),
			`converting property "Gender" from augment_test.gender to string: "Other": unknown gender`, 0, 1,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fwd, bwd = 0, 0
			got, err := tc.call()
			if fwd != tc.wantFwd || bwd != tc.wantBwd {
				t.Errorf("forward called %d times, backward %d; want %d, %d", fwd, bwd, tc.wantFwd, tc.wantBwd)
			}
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				if !errors.Is(err, errUnknownGender) {
					t.Errorf("errors.Is(%v, errUnknownGender) is false", err)
				}
				// On error the result is the zero value (nil for the Ptr
				// forms), never what the failing function returned.
			} else if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if !equalValue(got, tc.want) {
				t.Errorf("got %s, want %s", show(got), show(tc.want))
			}
		})
	}
}

// equalValue compares results, pointers by what they point to.
func equalValue(got, want any) bool {
	switch w := want.(type) {
	case *gender:
		g, ok := got.(*gender)
		return ok && (g == nil) == (w == nil) && (g == nil || *g == *w)
	case *string:
		g, ok := got.(*string)
		return ok && (g == nil) == (w == nil) && (g == nil || *g == *w)
	}
	return got == want
}

func show(v any) string {
	switch p := v.(type) {
	case *gender:
		if p != nil {
			return fmt.Sprintf("&%q", *p)
		}
	case *string:
		if p != nil {
			return fmt.Sprintf("&%q", *p)
		}
	}
	return fmt.Sprintf("%#v", v)
}

func TestPropertyConverterZeroValue(t *testing.T) {
	var c augment.PropertyConverter[string, gender] // not built with NewPropertyConverter
	const hint = "converter was not built with NewPropertyConverter"
	if _, err := c.Forward("f"); err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("Forward: %v", err)
	}
	if _, err := c.Backward(female); err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("Backward: %v", err)
	}
	f := "f"
	if got, err := c.ForwardPtr(&f); got != nil || err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("ForwardPtr: %v, %v", got, err)
	}
	g := female
	if got, err := c.BackwardPtr(&g); got != nil || err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("BackwardPtr: %v, %v", got, err)
	}
	// A nil optional value needs no conversion, so the mistake goes
	// unnoticed until a value is present.
	if got, err := c.ForwardPtr(nil); got != nil || err != nil {
		t.Errorf("ForwardPtr(nil): %v, %v", got, err)
	}
}

func TestNewPropertyConverterPanicsOnNilFuncs(t *testing.T) {
	var n int
	forward, backward := genderFuncs(&n, &n)
	for _, tc := range []struct {
		name string
		make func()
	}{
		{"nil forward", func() { augment.NewPropertyConverter("Gender", nil, backward) }},
		{"nil backward", func() { augment.NewPropertyConverter("Gender", forward, nil) }},
		{"both nil", func() { augment.NewPropertyConverter[string, gender]("Gender", nil, nil) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if !strings.Contains(msg, `property converter for "Gender" needs both directions`) {
					t.Errorf("recovered %#v", r)
				}
			}()
			tc.make()
			t.Error("no panic")
		})
	}
}
