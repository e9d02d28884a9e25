package convert

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	goruntime "runtime"
	"strings"
	"sync"

	"github.com/hubspoke/hubspoke/internal/typename"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Linked is implemented by every version of a resource that is not the hub:
// Link declares its step towards the hub. The conversion graph is derived
// from these declarations, and the walk follows them, so the two cannot
// disagree.
type Linked interface {
	runtime.Object
	Link() Link
}

// Link is one step of a chain: a version (From), its neighbour towards the
// hub (To), and the two generated functions that copy between them. Build
// it with LinkTo. The zero Link is not valid.
type Link struct{ s *step }

// LinkTo declares the step from versions of type From to their neighbour
// To. to fills its second argument from its first; from fills its first
// argument from its second. Both are the generated AssignProperties
// functions of From, typically passed as method expressions, so that a step
// whose functions do not fit the two types does not compile:
//
//	var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)
//
//	func (*Person) Link() convert.Link { return personLink }
//
// Both functions work on private objects: the walk copies the object it is
// given once, at its entry, so a step may move values (property bags
// included) from its source to its destination instead of copying them,
// and may change its source. A step may also keep anything of its source
// in its destination: its slices and maps, or pointers into its memory
// (dst.Name = &src.Name). Every object of a walk, those between the ends
// included, is allocated for that walk and never reused, so what a result
// points to reads as the step left it after the walk ends, whatever other
// conversions run at the same time. The walk carries each object's
// ObjectMeta to the next before calling the function, so the functions
// leave metadata alone unless they mean to change it.
func LinkTo[From, To any](to func(*From, *To) error, from func(*From, *To) error) Link {
	if to == nil || from == nil {
		panic("convert: LinkTo needs both functions")
	}
	return Link{&step{
		from:     reflect.TypeFor[*From](),
		to:       reflect.TypeFor[*To](),
		fromName: typename.Of(reflect.TypeFor[From]()),
		toName:   typename.Of(reflect.TypeFor[To]()),
		newFrom:  func() any { return new(From) },
		newTo:    func() any { return new(To) },
		forward:  func(src, dst any) error { return to(src.(*From), dst.(*To)) },
		backward: func(src, dst any) error { return from(dst.(*From), src.(*To)) },
	}}
}

// step is what a Link holds. forward converts a *From into a *To; backward
// converts a *To into a *From.
type step struct {
	from, to         reflect.Type // *From, *To
	fromName, toName string
	newFrom, newTo   func() any
	forward          func(src, dst any) error
	backward         func(src, dst any) error
}

// run calls forward (or backward) on src and dst, turning a panic into an
// error and naming the step in any error.
func (s *step) run(forward bool, src, dst any) (err error) {
	from, to := s.fromName, s.toName
	if !forward {
		from, to = to, from
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("converting %s to %s: panic: %v%s", from, to, r, panicSite())
		}
	}()
	copyMeta(src, dst)
	if forward {
		err = s.forward(src, dst)
	} else {
		err = s.backward(src, dst)
	}
	if err != nil {
		return fmt.Errorf("converting %s to %s: %w", from, to, err)
	}
	return nil
}

// panicSite names the function and line where the panic being recovered
// was raised (the first frame outside the runtime), so that an error from a
// panicking hook points at the hook: " (in pkg.(*T).AssignPropertiesTo at
// file.go:42)". Called from a deferred function.
func panicSite() string {
	var pcs [32]uintptr
	frames := goruntime.CallersFrames(pcs[:goruntime.Callers(3, pcs[:])])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf(" (in %s at %s:%d)", f.Function[strings.LastIndexByte(f.Function, '/')+1:], filepath.Base(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// upSteps converts cur, a private object of the first step's From type, along
// steps towards the hub. The last step writes into last when it is not nil,
// into a new object otherwise; the result is returned. Intermediate objects
// are new, and the result may point into them.
func upSteps(cur any, steps []*step, last any) (any, error) {
	for i, s := range steps {
		next := last
		if i < len(steps)-1 || last == nil {
			next = s.newTo()
		}
		if err := s.run(true, cur, next); err != nil {
			return nil, err
		}
		cur = next
	}
	return cur, nil
}

// downSteps converts cur, a private object of the last step's To type (the
// hub, for a full path), along steps away from the hub, in reverse order.
// The last step writes into last when it is not nil, into a new object
// otherwise; the result is returned. Intermediate objects are new, and the
// result may point into them.
func downSteps(cur any, steps []*step, last any) (any, error) {
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		prev := last
		if i > 0 || last == nil {
			prev = s.newFrom()
		}
		if err := s.run(false, cur, prev); err != nil {
			return nil, err
		}
		cur = prev
	}
	return cur, nil
}

// pathToHub returns the steps from type from to the hub type hub, following
// the Links of the types on the way.
func pathToHub(from, hub reflect.Type) ([]*step, error) {
	key := [2]reflect.Type{from, hub}
	if p, ok := paths.Load(key); ok {
		return p.([]*step), nil
	}
	var steps []*step
	seen := map[reflect.Type]bool{}
	for t := from; t != hub; {
		if seen[t] {
			return nil, fmt.Errorf("the chain from %s comes back to %s and never reaches %s", typeName(from), typeName(t), typeName(hub))
		}
		seen[t] = true
		s, err := stepOf(t)
		if err != nil {
			return nil, fmt.Errorf("the chain from %s to %s: %w", typeName(from), typeName(hub), err)
		}
		steps = append(steps, s)
		t = s.to
	}
	paths.Store(key, steps)
	return steps, nil
}

var paths sync.Map // [2]reflect.Type -> []*step

// stepOf returns the step declared by the Link of type t (a pointer type).
func stepOf(t reflect.Type) (*step, error) {
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s is not a pointer to a struct", t)
	}
	linked, ok := reflect.New(t.Elem()).Interface().(Linked)
	if !ok {
		return nil, fmt.Errorf("%s is not the hub and declares no Link", typeName(t))
	}
	s := linked.Link().s
	switch {
	case s == nil:
		return nil, fmt.Errorf("%s.Link returns the zero Link", typeName(t))
	case s.from != t:
		return nil, fmt.Errorf("%s.Link declares a step from %s", typeName(t), s.fromName)
	}
	return s, nil
}

func typeName(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return typename.Of(t)
}

// ToHub converts src to h, the hub of its chain, step by step along the
// Links. It is the body of the generated ConvertTo method, so that
// controller-runtime's Convertible/Hub style works with hubspoke types:
//
//	func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }
//
// src is never modified: it is deep-copied once, and every step works on
// private objects. h is written only on success (its apiVersion and kind
// are kept); on failure it is left as it was, and the error names the step
// that failed.
func ToHub(src Linked, h conversion.Hub) error {
	if err := checkNotNil(src, h); err != nil {
		return err
	}
	steps, err := pathToHub(reflect.TypeOf(src), reflect.TypeOf(h))
	if err != nil {
		return err
	}
	fresh := reflect.New(reflect.TypeOf(h).Elem())
	if _, err := upSteps(src.DeepCopyObject(), steps, fresh.Interface()); err != nil {
		return err
	}
	setKeepingType(h, fresh)
	return nil
}

// FromHub fills dst from h, the hub of its chain, step by step along the
// Links in reverse: the body of the generated ConvertFrom method. h is
// never modified (it is deep-copied once); dst is written only on success
// (its apiVersion and kind are kept).
func FromHub(dst Linked, h conversion.Hub) error {
	if err := checkNotNil(dst, h); err != nil {
		return err
	}
	steps, err := pathToHub(reflect.TypeOf(dst), reflect.TypeOf(h))
	if err != nil {
		return err
	}
	fresh := reflect.New(reflect.TypeOf(dst).Elem())
	if _, err := downSteps(h.DeepCopyObject(), steps, fresh.Interface()); err != nil {
		return err
	}
	setKeepingType(dst, fresh)
	return nil
}

func checkNotNil(obj runtime.Object, h conversion.Hub) error {
	if obj == nil || reflect.ValueOf(obj).IsNil() || h == nil || reflect.ValueOf(h).IsNil() {
		return errors.New("convert: nil object")
	}
	return nil
}

// setKeepingType sets *obj to *fresh, keeping obj's TypeMeta.
func setKeepingType(obj runtime.Object, fresh reflect.Value) {
	if tm, ok := obj.GetObjectKind().(*metav1.TypeMeta); ok {
		if ftm, ok := fresh.Interface().(runtime.Object).GetObjectKind().(*metav1.TypeMeta); ok {
			*ftm = *tm
		}
	}
	reflect.ValueOf(obj).Elem().Set(fresh.Elem())
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

// copyMeta assigns from's ObjectMeta to to's (sharing its maps and slices:
// the objects of a walk are private).
func copyMeta(from, to any) {
	if f, t := objectMeta(from), objectMeta(to); f != nil && t != nil {
		*t = *f
	}
}
