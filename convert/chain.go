package convert

import (
	"fmt"
	"reflect"
	"sync"

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
// its own deep copy (the generated DeepCopyInto, or DeepCopyObject), so the
// result shares nothing with src and the cost of copying is paid once, not
// once per step. Metadata is carried before assign runs, so assign may
// adjust the annotations of its destination (see StashBags and RecallBags).
// Intermediate objects are recycled through a pool. Hooks
// therefore see neighbours that may share memory with the source: they must
// assign new values rather than modify shared ones in place, and must not
// keep references to their arguments (convtest catches a hook that modifies
// its source).
//
// An error from assign is wrapped with the step ("converting v2.Person to
// v2storage.Person: ..."); errors from later steps carry their own step.
func ToHub[Next any](src any, hub conversion.Hub, assign func(*Next) error) error {
	if dst, ok := any(hub).(*Next); ok {
		copyMeta(src, dst)
		if err := assign(dst); err != nil {
			return stepError(src, dst, err)
		}
		return detach(dst)
	}
	next := borrow[Next]()
	defer giveBack(next)
	onward, ok := any(next).(conversion.Convertible)
	if !ok {
		return notOnward(src, hub, next)
	}
	copyMeta(src, next)
	if err := assign(next); err != nil {
		return stepError(src, next, err)
	}
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
		src := borrow[Next]()
		defer giveBack(src)
		if err := deepCopyInto(h, src); err != nil {
			return err
		}
		copyMeta(src, dst)
		if err := assign(src); err != nil {
			return stepError(h, dst, err)
		}
		return nil
	}
	next := borrow[Next]()
	defer giveBack(next)
	onward, ok := any(next).(conversion.Convertible)
	if !ok {
		return notOnward(hub, dst, next)
	}
	if err := onward.ConvertFrom(hub); err != nil {
		return err
	}
	copyMeta(next, dst)
	if err := assign(next); err != nil {
		return stepError(next, dst, err)
	}
	return nil
}

// Intermediate objects live only while a walk passes through them; they are
// recycled, zeroed, through one pool per type. The values they point to are
// not recycled (the result may share them until it is detached), only the
// objects themselves, so hooks must not keep a reference to their
// arguments.
var intermediates sync.Map // reflect.Type -> *sync.Pool

func poolOf[T any]() *sync.Pool {
	key := reflect.TypeFor[T]()
	if p, ok := intermediates.Load(key); ok {
		return p.(*sync.Pool)
	}
	p, _ := intermediates.LoadOrStore(key, &sync.Pool{New: func() any { return new(T) }})
	return p.(*sync.Pool)
}

func borrow[T any]() *T { return poolOf[T]().Get().(*T) }

func giveBack[T any](v *T) {
	var zero T
	*v = zero
	poolOf[T]().Put(v)
}

// detach replaces *obj with its own deep copy, cutting every reference it
// shares with the objects it was assembled from.
func detach[T any](obj *T) error {
	tmp := borrow[T]()
	defer giveBack(tmp)
	if err := deepCopyInto(obj, tmp); err != nil {
		return err
	}
	*obj = *tmp
	return nil
}

// deepCopyInto deep-copies *from into *to with the type's generated
// DeepCopyInto, or its DeepCopyObject.
func deepCopyInto[T any](from, to *T) error {
	switch c := any(from).(type) {
	case interface{ DeepCopyInto(*T) }:
		c.DeepCopyInto(to)
		return nil
	case interface{ DeepCopyObject() runtime.Object }:
		if fresh, ok := any(c.DeepCopyObject()).(*T); ok {
			*to = *fresh
			return nil
		}
	}
	return fmt.Errorf("%s has neither DeepCopyInto nor a DeepCopyObject of its own type", augment.TypeName(from))
}

func notOnward(from, to, next any) error {
	return fmt.Errorf("converting %s to %s: %s is not the hub and cannot convert onwards",
		augment.TypeName(from), augment.TypeName(to), augment.TypeName(next))
}

func stepError(from, to any, err error) error {
	if h, ok := err.(*augment.HookError); ok && h.From == augment.TypeName(from) && h.To == augment.TypeName(to) {
		return err // the hook error already names this step
	}
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
