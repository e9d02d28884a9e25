package genruntime

import "testing"

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
