package convert

import (
	"fmt"

	"github.com/hubspoke/hubspoke/augment"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Chained is implemented by every version of a resource that is not the
// hub. NextVersion returns a new, empty object of the next version on the
// way to the hub: an API version's storage twin, or the next storage
// version. The graph is derived from it; the conversion itself is done by
// ConvertTo and ConvertFrom.
type Chained interface {
	conversion.Convertible
	NextVersion() runtime.Object
}

// ToHub converts src to hub, one step at a time. assign copies src into its
// neighbour (the next version, of type Next). When hub is a *Next, assign
// writes straight into it; otherwise ToHub assigns into a new Next and calls
// its ConvertTo(hub), which continues the walk.
//
// Ownership: assign may share memory (slices, maps, pointers) between src
// and the neighbour, as a plain field-by-field copy does, and ToHub carries
// the object's metadata (metav1.ObjectMeta) the same way, so generated code
// leaves metadata alone. Once the hub is complete, ToHub replaces it with
// its own deep copy (DeepCopyObject), so the result shares nothing with src
// and the cost of copying is paid once, not once per step. Hooks therefore
// see neighbours that may share memory with the source: they must assign new
// values rather than modify shared ones in place (convtest catches a hook
// that does).
//
// An error from assign is wrapped with the step ("converting v2.Person to
// v2storage.Person: ..."); errors from later steps carry their own step.
func ToHub[Next any](src any, hub conversion.Hub, assign func(*Next) error) error {
	if dst, ok := any(hub).(*Next); ok {
		if err := assign(dst); err != nil {
			return stepError(src, dst, err)
		}
		copyMeta(src, dst)
		return detach(dst)
	}
	next := new(Next)
	onward, ok := any(next).(conversion.Convertible)
	if !ok {
		return notOnward(src, hub, next)
	}
	if err := assign(next); err != nil {
		return stepError(src, next, err)
	}
	copyMeta(src, next)
	return onward.ConvertTo(hub)
}

// FromHub fills dst from hub, one step at a time, the mirror of ToHub.
// assign copies dst's neighbour (of type Next) into dst. When hub is a *Next,
// FromHub takes one deep copy of it (DeepCopyObject) and assigns from that;
// otherwise it fills a new Next from the hub with its ConvertFrom(hub) and
// assigns from that. Either way assign only ever reads a private object, so
// it may share memory with it, and the result shares nothing with the hub.
// Metadata travels with the object as in ToHub.
func FromHub[Next any](dst any, hub conversion.Hub, assign func(*Next) error) error {
	if h, ok := any(hub).(*Next); ok {
		src, ok := any(hub.DeepCopyObject()).(*Next)
		if !ok {
			return fmt.Errorf("converting %s to %s: DeepCopyObject returned a different type", augment.TypeName(hub), augment.TypeName(dst))
		}
		if err := assign(src); err != nil {
			return stepError(h, dst, err)
		}
		copyMeta(src, dst)
		return nil
	}
	next := new(Next)
	onward, ok := any(next).(conversion.Convertible)
	if !ok {
		return notOnward(hub, dst, next)
	}
	if err := onward.ConvertFrom(hub); err != nil {
		return err
	}
	if err := assign(next); err != nil {
		return stepError(next, dst, err)
	}
	copyMeta(next, dst)
	return nil
}

// detach replaces *obj with its own deep copy, cutting every reference it
// shares with the objects it was assembled from.
func detach[T any](obj *T) error {
	c, ok := any(obj).(interface{ DeepCopyObject() runtime.Object })
	if !ok {
		return fmt.Errorf("%s has no DeepCopyObject method", augment.TypeName(obj))
	}
	fresh, ok := any(c.DeepCopyObject()).(*T)
	if !ok {
		return fmt.Errorf("%s.DeepCopyObject returned a different type", augment.TypeName(obj))
	}
	*obj = *fresh
	return nil
}

func notOnward(from, to, next any) error {
	return fmt.Errorf("converting %s to %s: %s is not the hub and cannot convert onwards",
		augment.TypeName(from), augment.TypeName(to), augment.TypeName(next))
}

func stepError(from, to any, err error) error {
	return fmt.Errorf("converting %s to %s: %w", augment.TypeName(from), augment.TypeName(to), err)
}

// objectMeta returns obj's ObjectMeta, or nil when it has none.
func objectMeta(obj any) *metav1.ObjectMeta {
	if a, ok := obj.(metav1.ObjectMetaAccessor); ok {
		if m, ok := a.GetObjectMeta().(*metav1.ObjectMeta); ok {
			return m
		}
	}
	return nil
}

// copyMeta assigns from's ObjectMeta to to's (sharing its maps and slices).
func copyMeta(from, to any) {
	if f, t := objectMeta(from), objectMeta(to); f != nil && t != nil {
		*t = *f
	}
}

// deepCopyMeta copies from's ObjectMeta into to's, sharing nothing.
func deepCopyMeta(from, to any) {
	if f, t := objectMeta(from), objectMeta(to); f != nil && t != nil {
		f.DeepCopyInto(t)
	}
}
