package convert

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/hub"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// graphFromScheme derives the conversion graph of the resource gk from the
// types registered in scheme: a type implementing conversion.Hub is the hub;
// a Linked type links to the version its Link leads to; a
// conversion.Convertible that is not Linked is taken to convert directly to
// the hub. Any other registered version has no way to the hub and makes
// the graph invalid. Errors name the resource and the versions at fault.
func graphFromScheme(scheme *runtime.Scheme, gk schema.GroupKind) (*hub.Graph, error) {
	spec := hub.GraphSpec{Resource: gk.String(), Next: map[string]string{}}
	var convertibles []string
	var errs []error
	for _, gvk := range versionsOf(scheme, gk) {
		obj, err := scheme.New(gvk)
		if err != nil {
			return nil, fmt.Errorf("%s: creating %s: %w", gk, gvk.Version, err)
		}
		spec.Versions = append(spec.Versions, gvk.Version)
		switch o := obj.(type) {
		case conversion.Hub:
			spec.Hubs = append(spec.Hubs, gvk.Version)
		case Linked:
			s, err := stepOf(reflect.TypeOf(o))
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: version %s: %w", gk, gvk.Version, err))
				continue
			}
			next, ok := reflect.New(s.to.Elem()).Interface().(runtime.Object)
			if !ok {
				errs = append(errs, fmt.Errorf("%s: version %s: its Link leads to %s, which is not a runtime.Object", gk, gvk.Version, s.toName))
				continue
			}
			nextGVK, err := kindOf(scheme, next, gk)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: version %s: its Link: %w", gk, gvk.Version, err))
				continue
			}
			spec.Next[gvk.Version] = nextGVK.Version
		case conversion.Convertible:
			convertibles = append(convertibles, gvk.Version)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err // every version whose Link is unusable, not just the first
	}
	if len(spec.Hubs) == 1 {
		for _, v := range convertibles {
			spec.Next[v] = spec.Hubs[0]
		}
	}
	return hub.NewGraph(spec)
}

// versionsOf lists the GVKs registered for gk, sorted by version name.
func versionsOf(scheme *runtime.Scheme, gk schema.GroupKind) []schema.GroupVersionKind {
	var gvks []schema.GroupVersionKind
	for gvk := range scheme.AllKnownTypes() {
		if gvk.GroupKind() == gk && gvk.Version != runtime.APIVersionInternal {
			gvks = append(gvks, gvk)
		}
	}
	slices.SortFunc(gvks, func(a, b schema.GroupVersionKind) int {
		return strings.Compare(a.Version, b.Version)
	})
	return gvks
}

// kindOf returns the GVK under which obj's type is registered for gk.
func kindOf(scheme *runtime.Scheme, obj runtime.Object, gk schema.GroupKind) (schema.GroupVersionKind, error) {
	if obj == nil {
		return schema.GroupVersionKind{}, fmt.Errorf("nil object")
	}
	gvks, _, err := scheme.ObjectKinds(obj)
	if err != nil {
		return schema.GroupVersionKind{}, fmt.Errorf("%T is not registered in the scheme: %w", obj, err)
	}
	for _, gvk := range gvks {
		if gvk.GroupKind() == gk {
			return gvk, nil
		}
	}
	return schema.GroupVersionKind{}, fmt.Errorf("%T is registered as %v, not as a version of %s", obj, gvks, gk)
}
