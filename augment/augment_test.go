package augment_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/augment"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type newer struct{ Given, Family string }

var errRefused = errors.New("refused")

// hookHost has both hooks, as a hand-written file gives them.
type hookHost struct{ FullName string }

func (h *hookHost) AssignPropertiesTo(dst *newer) error {
	dst.Given, dst.Family, _ = strings.Cut(h.FullName, " ")
	return nil
}

func (h *hookHost) AssignPropertiesFrom(src *newer) error {
	h.FullName = src.Given + " " + src.Family
	return nil
}

// The assertions the generated code of a type with hooks declares: a hook
// with another signature fails to build here.
var (
	_ augment.AssignableTo[*newer]   = (*hookHost)(nil)
	_ augment.AssignableFrom[*newer] = (*hookHost)(nil)
)

// Errors of property converters name apimachinery's types as
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
}

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
