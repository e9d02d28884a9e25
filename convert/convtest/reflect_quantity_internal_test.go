package convtest

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"
)

// TestCloneQuantityOwnsItsDecimal: a quantity too big for an int64 keeps
// its value in a decimal behind a pointer; the clone gets a decimal of its
// own, so that changing the clone's in place leaves the source's as it was.
func TestCloneQuantityOwnsItsDecimal(t *testing.T) {
	src := &cloneObj{Q: resource.MustParse("123456789012345678901234567890")}
	want := src.Q.AsDec().String()
	c := cloneObject(src).(*cloneObj)
	c.Q.AsDec().SetScale(-3)
	if got := src.Q.AsDec().String(); got != want {
		t.Errorf("changing the clone's decimal changed the source's: %s, want %s", got, want)
	}
}
