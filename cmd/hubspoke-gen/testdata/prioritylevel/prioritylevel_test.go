// Package prioritylevel_test checks where the concurrency shares of each
// version of PriorityLevelConfiguration land at the others: what a client
// of each version reads, and what an update through an older version keeps.
package prioritylevel_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"example.com/fixtures/prioritylevel/api/v1"
	"example.com/fixtures/prioritylevel/api/v1beta1"
	"example.com/fixtures/prioritylevel/api/v1beta2"
	"example.com/fixtures/prioritylevel/api/v1beta3"
	"example.com/fixtures/prioritylevel/api/v1storage"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// convertible is an API version: it converts to and from the hub.
type convertible interface {
	conversion.Convertible
}

// convert takes in to the hub and from there to out, through JSON each
// way, as a client of out would read it.
func convert[T convertible](t *testing.T, in convertible, out T) T {
	t.Helper()
	in = viaJSON(t, in)
	hub := &v1storage.PriorityLevelConfiguration{}
	if err := in.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	if err := out.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return viaJSON(t, out)
}

// viaJSON returns a copy of obj that went through JSON, as a client's does.
func viaJSON[T any](t *testing.T, obj T) T {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	out := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(T)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
	return out
}

func v1Limited(shares *int32) *v1.PriorityLevelConfiguration {
	return &v1.PriorityLevelConfiguration{Spec: v1.PriorityLevelConfigurationSpec{
		Type: v1.PriorityLevelEnablementLimited,
		Limited: &v1.LimitedPriorityLevelConfiguration{
			NominalConcurrencyShares: shares,
			LimitResponse:            v1.LimitResponse{Type: v1.LimitResponseTypeReject},
		},
	}}
}

// A client of v1beta1 or v1beta2 sets assuredConcurrencyShares, a client
// of v1beta3 nominalConcurrencyShares: at v1, a value is
// nominalConcurrencyShares, and 0 (the default in those versions) is unset
// (the default in v1). The other fields land as they are.
func TestSharesLandInV1(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   convertible
		want *int32
	}{
		{"v1beta1 5", &v1beta1.PriorityLevelConfiguration{Spec: v1beta1.PriorityLevelConfigurationSpec{Type: "Limited", Limited: &v1beta1.LimitedPriorityLevelConfiguration{AssuredConcurrencyShares: 5, LendablePercent: ptr.To[int32](25), BorrowingLimitPercent: ptr.To[int32](200), LimitResponse: v1beta1.LimitResponse{Type: "Reject"}}}}, ptr.To[int32](5)},
		{"v1beta1 0", &v1beta1.PriorityLevelConfiguration{Spec: v1beta1.PriorityLevelConfigurationSpec{Type: "Limited", Limited: &v1beta1.LimitedPriorityLevelConfiguration{AssuredConcurrencyShares: 0, LendablePercent: ptr.To[int32](25), BorrowingLimitPercent: ptr.To[int32](200), LimitResponse: v1beta1.LimitResponse{Type: "Reject"}}}}, nil},
		{"v1beta2 5", &v1beta2.PriorityLevelConfiguration{Spec: v1beta2.PriorityLevelConfigurationSpec{Type: "Limited", Limited: &v1beta2.LimitedPriorityLevelConfiguration{AssuredConcurrencyShares: 5, LendablePercent: ptr.To[int32](25), BorrowingLimitPercent: ptr.To[int32](200), LimitResponse: v1beta2.LimitResponse{Type: "Reject"}}}}, ptr.To[int32](5)},
		{"v1beta2 0", &v1beta2.PriorityLevelConfiguration{Spec: v1beta2.PriorityLevelConfigurationSpec{Type: "Limited", Limited: &v1beta2.LimitedPriorityLevelConfiguration{AssuredConcurrencyShares: 0, LendablePercent: ptr.To[int32](25), BorrowingLimitPercent: ptr.To[int32](200), LimitResponse: v1beta2.LimitResponse{Type: "Reject"}}}}, nil},
		{"v1beta3 5", &v1beta3.PriorityLevelConfiguration{Spec: v1beta3.PriorityLevelConfigurationSpec{Type: "Limited", Limited: &v1beta3.LimitedPriorityLevelConfiguration{NominalConcurrencyShares: 5, LendablePercent: ptr.To[int32](25), BorrowingLimitPercent: ptr.To[int32](200), LimitResponse: v1beta3.LimitResponse{Type: "Reject"}}}}, ptr.To[int32](5)},
		{"v1beta3 0", &v1beta3.PriorityLevelConfiguration{Spec: v1beta3.PriorityLevelConfigurationSpec{Type: "Limited", Limited: &v1beta3.LimitedPriorityLevelConfiguration{NominalConcurrencyShares: 0, LendablePercent: ptr.To[int32](25), BorrowingLimitPercent: ptr.To[int32](200), LimitResponse: v1beta3.LimitResponse{Type: "Reject"}}}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := convert(t, tc.in, &v1.PriorityLevelConfiguration{})
			want := v1Limited(tc.want)
			want.Spec.Limited.LendablePercent = ptr.To[int32](25)
			want.Spec.Limited.BorrowingLimitPercent = ptr.To[int32](200)
			got.Annotations = nil // the bags of the other versions, which v1 carries
			if !reflect.DeepEqual(got.Spec, want.Spec) {
				t.Errorf("%s at v1:\n got %+v\nwant %+v", tc.name, got.Spec.Limited, want.Spec.Limited)
			}
		})
	}
}

// v1's nominalConcurrencyShares at the older versions: a value is that
// value, unset (the default) is 0 (the default there), and 0 (no shares)
// is 0 as well, which those versions show as they can.
func TestSharesLandInOlderVersions(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   *int32
		want int32
	}{
		{"5", ptr.To[int32](5), 5},
		{"unset", nil, 0},
		{"0", ptr.To[int32](0), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := v1Limited(tc.in)
			if got := convert(t, in, &v1beta3.PriorityLevelConfiguration{}).Spec.Limited.NominalConcurrencyShares; got != tc.want {
				t.Errorf("v1beta3's nominalConcurrencyShares: got %d, want %d", got, tc.want)
			}
			if got := convert(t, in, &v1beta2.PriorityLevelConfiguration{}).Spec.Limited.AssuredConcurrencyShares; got != tc.want {
				t.Errorf("v1beta2's assuredConcurrencyShares: got %d, want %d", got, tc.want)
			}
			if got := convert(t, in, &v1beta1.PriorityLevelConfiguration{}).Spec.Limited.AssuredConcurrencyShares; got != tc.want {
				t.Errorf("v1beta1's assuredConcurrencyShares: got %d, want %d", got, tc.want)
			}
		})
	}
}

// A client of v1beta3 (or v1beta1) reads an object v1 wrote, changes
// lendablePercent, and writes it back: v1's 0 (no shares) stays 0 and
// v1's unset stays unset, although the older version shows both as 0; a
// client that changes the 0 to another value is heard.
func TestUpdateThroughOlderVersionKeepsV1Shares(t *testing.T) {
	for _, shares := range []*int32{ptr.To[int32](0), nil, ptr.To[int32](9)} {
		cur := v1Limited(shares)
		cur.Spec.Limited.BorrowingLimitPercent = ptr.To[int32](0)
		want := cur.DeepCopy()
		want.Spec.Limited.LendablePercent = ptr.To[int32](40)

		beta3 := convert(t, cur, &v1beta3.PriorityLevelConfiguration{})
		beta3.Spec.Limited.LendablePercent = ptr.To[int32](40)
		if got := convert(t, beta3, &v1.PriorityLevelConfiguration{}); !reflect.DeepEqual(got.Spec, want.Spec) {
			t.Errorf("v1 (shares %v) → v1beta3, changed, → v1:\n got %+v\nwant %+v", ptr.Deref(shares, -1), got.Spec.Limited, want.Spec.Limited)
		}

		beta1 := convert(t, cur, &v1beta1.PriorityLevelConfiguration{})
		beta1.Spec.Limited.LendablePercent = ptr.To[int32](40)
		if got := convert(t, beta1, &v1.PriorityLevelConfiguration{}); !reflect.DeepEqual(got.Spec, want.Spec) {
			t.Errorf("v1 (shares %v) → v1beta1, changed, → v1:\n got %+v\nwant %+v", ptr.Deref(shares, -1), got.Spec.Limited, want.Spec.Limited)
		}
	}

	// A client of v1beta3 that sets the 0 of v1 to 7 gives v1 7.
	beta3 := convert(t, v1Limited(ptr.To[int32](0)), &v1beta3.PriorityLevelConfiguration{})
	beta3.Spec.Limited.NominalConcurrencyShares = 7
	if got := convert(t, beta3, &v1.PriorityLevelConfiguration{}).Spec.Limited.NominalConcurrencyShares; !reflect.DeepEqual(got, ptr.To[int32](7)) {
		t.Errorf("v1's 0 set to 7 at v1beta3: v1 has %v, want 7", got)
	}
}
