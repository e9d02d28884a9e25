package genruntime

import (
	"math"
	"testing"
)

func TestPtrIfNotZero(t *testing.T) {
	if p := PtrIfNotZero(0); p != nil {
		t.Fatalf("PtrIfNotZero(0) = %v, want nil", *p)
	}
	if p := PtrIfNotZero(""); p != nil {
		t.Fatal("PtrIfNotZero(\"\") != nil")
	}
	if p := PtrIfNotZero(false); p != nil {
		t.Fatal("PtrIfNotZero(false) != nil")
	}
	type pair struct{ A, B int }
	if p := PtrIfNotZero(pair{}); p != nil {
		t.Fatal("PtrIfNotZero(zero struct) != nil")
	}
	if p := PtrIfNotZero(pair{B: 1}); p == nil || *p != (pair{B: 1}) {
		t.Fatalf("PtrIfNotZero(pair{B:1}) = %v", p)
	}
	if p := PtrIfNotZero(-1); p == nil || *p != -1 {
		t.Fatalf("PtrIfNotZero(-1) = %v", p)
	}
	v := 3
	p := PtrIfNotZero(v)
	if p == &v {
		t.Fatal("PtrIfNotZero returned the address of its argument's variable")
	}
	*p = 4
	if v != 3 {
		t.Fatal("PtrIfNotZero result aliases the caller's variable")
	}
}

func TestPtrIfNotZeroValue(t *testing.T) {
	// runtime.RawExtension's shape: a slice and an interface, not comparable.
	type raw struct {
		Raw    []byte
		Object any
	}
	if p := PtrIfNotZeroValue(raw{}); p != nil {
		t.Fatalf("PtrIfNotZeroValue(zero) = %v, want nil", *p)
	}
	if p := PtrIfNotZeroValue(raw{Raw: []byte{}}); p == nil {
		t.Fatal("PtrIfNotZeroValue(empty, not nil, Raw) = nil: only the zero value is absent")
	}
	in := raw{Raw: []byte(`{"a":1}`)}
	p := PtrIfNotZeroValue(in)
	if p == nil || string(p.Raw) != `{"a":1}` {
		t.Fatalf("PtrIfNotZeroValue(%s) = %v", in.Raw, p)
	}
	p.Object = 1
	if in.Object != nil {
		t.Fatal("PtrIfNotZeroValue result aliases the caller's variable")
	}
	if p := PtrIfNotZeroValue(map[string]int(nil)); p != nil {
		t.Fatal("PtrIfNotZeroValue(nil map) != nil")
	}
	// For an interface type, the zero value is the nil interface, not the
	// zero of what it holds.
	if p := PtrIfNotZeroValue[any](nil); p != nil {
		t.Fatal("PtrIfNotZeroValue[any](nil) != nil")
	}
	if p := PtrIfNotZeroValue[any](0); p == nil || (*p).(int) != 0 {
		t.Fatalf("PtrIfNotZeroValue[any](0) = %v, want a pointer to 0", p)
	}
}

// TestOptionalRoundTrip checks the claim in the package documentation:
// PtrIfNotZero round-trips through a dereference that gives the zero value
// for nil (ptr.Deref(p, zero) of k8s.io/utils/ptr).
func TestOptionalRoundTrip(t *testing.T) {
	deref := func(p *int) int {
		if p == nil {
			return 0
		}
		return *p
	}
	for _, v := range []int{0, 1, -5} {
		if got := deref(PtrIfNotZero(v)); got != v {
			t.Errorf("deref(PtrIfNotZero(%d)) = %d", v, got)
		}
	}
}

// TestPtrIfNotZeroFloats: == decides, as encoding/json's omitempty does, so
// negative zero is absent (omitempty drops it) and NaN, which is not equal
// to zero, is kept.
func TestPtrIfNotZeroFloats(t *testing.T) {
	if p := PtrIfNotZero(math.Copysign(0, -1)); p != nil {
		t.Errorf("PtrIfNotZero(-0.0) = %v, want nil", *p)
	}
	if p := PtrIfNotZero(float32(math.Copysign(0, -1))); p != nil {
		t.Errorf("PtrIfNotZero(float32 -0.0) = %v, want nil", *p)
	}
	if p := PtrIfNotZero(math.NaN()); p == nil || !math.IsNaN(*p) {
		t.Errorf("PtrIfNotZero(NaN) = %v, want a pointer to NaN", p)
	}
}
