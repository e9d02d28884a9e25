package genruntime

import "testing"

func TestPtr(t *testing.T) {
	v := 3
	p := Ptr(v)
	if p == nil || *p != 3 {
		t.Fatalf("Ptr(3) = %v", p)
	}
	if p == &v {
		t.Fatal("Ptr returned the address of its argument's variable")
	}
	*p = 4
	if v != 3 {
		t.Fatal("Ptr result aliases the caller's variable")
	}
	if q := Ptr(v); q == p {
		t.Fatal("two Ptr calls returned the same pointer")
	}
	if z := Ptr(0); z == nil || *z != 0 {
		t.Fatal("Ptr of a zero value must be non-nil")
	}
}

func TestDeref(t *testing.T) {
	if got := Deref[int](nil); got != 0 {
		t.Fatalf("Deref(nil) = %d, want 0", got)
	}
	if got := Deref[string](nil); got != "" {
		t.Fatalf("Deref(nil) = %q, want empty", got)
	}
	if got := Deref[[]int](nil); got != nil {
		t.Fatalf("Deref(nil) = %v, want nil slice", got)
	}
	if got := Deref(Ptr("x")); got != "x" {
		t.Fatalf("Deref = %q, want x", got)
	}
}

func TestDerefOr(t *testing.T) {
	tests := []struct {
		name     string
		p        *int
		fallback int
		want     int
	}{
		{"nil uses fallback", nil, 8, 8},
		{"value ignores fallback", Ptr(3), 8, 3},
		{"explicit zero ignores fallback", Ptr(0), 8, 0},
	}
	for _, tt := range tests {
		if got := DerefOr(tt.p, tt.fallback); got != tt.want {
			t.Errorf("%s: DerefOr = %d, want %d", tt.name, got, tt.want)
		}
	}
}

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
}

// TestOptionalRoundTrip checks the claim in optional.go: both Ptr and
// PtrIfNotZero round-trip through Deref.
func TestOptionalRoundTrip(t *testing.T) {
	for _, v := range []int{0, 1, -5} {
		if got := Deref(Ptr(v)); got != v {
			t.Errorf("Deref(Ptr(%d)) = %d", v, got)
		}
		if got := Deref(PtrIfNotZero(v)); got != v {
			t.Errorf("Deref(PtrIfNotZero(%d)) = %d", v, got)
		}
	}
}
