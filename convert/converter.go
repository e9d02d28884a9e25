package convert

import (
	"context"
	"fmt"
	"reflect"
	"slices"

	"github.com/hubspoke/hubspoke/hub"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Converter converts objects of one resource between any two of its
// versions through the hub. It is safe for concurrent use.
type Converter struct {
	scheme *runtime.Scheme
	gk     schema.GroupKind
	graph  *hub.Graph
	hubGVK schema.GroupVersionKind
	// versions maps each Go type registered as exactly one version of the
	// resource to that version, shared each type registered as several
	// versions to those versions, and apiVersions each version to its
	// apiVersion text; all are read-only after NewConverter.
	versions    map[reflect.Type]string
	shared      map[reflect.Type][]string
	apiVersions map[string]string
}

// NewConverter builds the Converter for resource gk from the types
// registered in scheme. It validates the conversion graph (GraphFromScheme)
// and then converts an empty object of every version to the hub and back,
// so that a chain that is broken in code fails here, at start-up, naming the
// version at fault.
func NewConverter(scheme *runtime.Scheme, gk schema.GroupKind) (*Converter, error) {
	graph, err := GraphFromScheme(scheme, gk)
	if err != nil {
		return nil, err
	}
	c := &Converter{scheme: scheme, gk: gk, graph: graph, hubGVK: gk.WithVersion(graph.Hub()),
		versions: map[reflect.Type]string{}, shared: map[reflect.Type][]string{}, apiVersions: map[string]string{}}
	for _, v := range graph.Versions() {
		c.apiVersions[v] = gk.WithVersion(v).GroupVersion().String()
		obj, err := c.newObject(v)
		if err != nil {
			return nil, err
		}
		t := reflect.TypeOf(obj)
		c.shared[t] = append(c.shared[t], v)
	}
	for t, versions := range c.shared {
		if len(versions) == 1 {
			c.versions[t] = versions[0]
			delete(c.shared, t)
		}
	}
	for _, v := range graph.Versions() {
		if v == graph.Hub() {
			continue
		}
		err := c.checkHooks(v)
		if err == nil {
			err = c.smokeTest(v)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: start-up check of version %s: %w", gk, v, err)
		}
	}
	return c, nil
}

// recoverInto turns a panic in conversion code into an error, so that bad
// data or a buggy hook fails one conversion instead of the process.
func recoverInto(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("panic during conversion: %v", r)
	}
}

var errorType = reflect.TypeFor[error]()

// checkHooks reports a whole-object hook (see package augment) whose
// signature does not take the next version: such a method compiles, but
// never runs.
func (c *Converter) checkHooks(version string) error {
	obj, err := c.newObject(version)
	if err != nil {
		return err
	}
	chained, ok := obj.(Chained)
	if !ok {
		return nil
	}
	t, want := reflect.TypeOf(obj), reflect.TypeOf(chained.NextVersion())
	for _, name := range []string{"AssignPropertiesTo", "AssignPropertiesFrom"} {
		m, ok := t.MethodByName(name)
		if !ok {
			continue
		}
		if m.Type.NumIn() != 2 || m.Type.In(1) != want || m.Type.NumOut() != 1 || m.Type.Out(0) != errorType {
			return fmt.Errorf("hook %s.%s has type %s, want func(%s) error: it would never run",
				t.Elem(), name, m.Type, want)
		}
	}
	return nil
}

// smokeTest converts an empty object of version to the hub and back.
func (c *Converter) smokeTest(version string) (err error) {
	defer recoverInto(&err)
	obj, err := c.newObject(version)
	if err != nil {
		return err
	}
	h, err := c.newObject(c.graph.Hub())
	if err != nil {
		return err
	}
	if err := asConvertible(obj).ConvertTo(h.(conversion.Hub)); err != nil {
		return err
	}
	back, err := c.newObject(version)
	if err != nil {
		return err
	}
	return asConvertible(back).ConvertFrom(h.(conversion.Hub))
}

// Graph returns the conversion graph of the resource.
func (c *Converter) Graph() *hub.Graph { return c.graph }

// GroupKind returns the resource the Converter converts.
func (c *Converter) GroupKind() schema.GroupKind { return c.gk }

// HubGVK returns the group, version and kind of the hub.
func (c *Converter) HubGVK() schema.GroupVersionKind { return c.hubGVK }

// Convert converts src into dst; the types of src and dst (registered in the
// scheme) select the versions. On success dst holds the converted object
// with apiVersion and kind set to its version. Versions that convert with
// ToHub and FromHub carry a deep copy of src's metadata (other Convertibles
// must copy it themselves, as controller-runtime expects). src is never
// modified, and on failure dst is left as it was. Converting to the version
// src already has returns a deep copy, without a trip through the hub (the
// API server never asks for that conversion).
//
// An error begins with "hubspoke: converting", the resource and the two
// versions, and goes on with the step of the chain that failed and the
// property at fault, for example "hubspoke: converting
// Person.crm.example.com from v1 to v5storage: converting v3storage.Person
// to v4storage.Person: propertybag: pull "MailingAddress" ...", so that the
// message the API server passes on to a client names its source.
func (c *Converter) Convert(src, dst runtime.Object) error {
	from, err := c.versionOf(src)
	if err != nil {
		return fmt.Errorf("hubspoke: converting %s: source: %w", c.gk, err)
	}
	to, err := c.versionOf(dst)
	if err != nil {
		return fmt.Errorf("hubspoke: converting %s: destination: %w", c.gk, err)
	}
	out := reflect.ValueOf(dst)
	if out.IsNil() {
		return fmt.Errorf("hubspoke: converting %s: destination: nil %T", c.gk, dst)
	}
	// A new destination, empty but perhaps for its apiVersion and kind (what
	// a webhook allocates), is filled in place; on failure it is emptied
	// again and its type restored, so it is left as it was.
	var typeMeta metav1.TypeMeta
	tm, _ := dst.GetObjectKind().(*metav1.TypeMeta)
	if tm != nil {
		typeMeta, *tm = *tm, metav1.TypeMeta{}
	}
	if out.Elem().IsZero() {
		if err := c.convert(src, dst, from, to); err != nil {
			out.Elem().SetZero()
			if tm != nil {
				*tm = typeMeta
			}
			return err
		}
		return nil
	}
	if tm != nil {
		*tm = typeMeta
	}
	fresh, err := c.newObject(to)
	if err != nil {
		return err
	}
	if err := c.convert(src, fresh, from, to); err != nil {
		return err
	}
	out.Elem().Set(reflect.ValueOf(fresh).Elem())
	return nil
}

// versionOf returns the version of the resource that obj is. A Go type
// registered as several versions is the one its apiVersion names.
func (c *Converter) versionOf(obj runtime.Object) (string, error) {
	t := reflect.TypeOf(obj)
	if v, ok := c.versions[t]; ok {
		return v, nil
	}
	if versions := c.shared[t]; versions != nil && !reflect.ValueOf(obj).IsNil() {
		if gvk := obj.GetObjectKind().GroupVersionKind(); gvk.GroupKind() == c.gk && slices.Contains(versions, gvk.Version) {
			return gvk.Version, nil
		}
		return "", fmt.Errorf("%T is registered as versions %v of %s, and its apiVersion %q names none of them",
			obj, versions, c.gk, obj.GetObjectKind().GroupVersionKind().GroupVersion())
	}
	gvk, err := kindOf(c.scheme, obj, c.gk)
	if err != nil {
		return "", err
	}
	if !c.graph.Has(gvk.Version) {
		return "", fmt.Errorf("%T is %s, %w (have %v)", obj, gvk, hub.ErrUnknownVersion, c.graph.Versions())
	}
	return gvk.Version, nil
}

// ConvertObject implements controller-runtime's conversion.Converter
// interface (webhook/conversion), so a Converter can be registered in a
// manager's converter registry. The context is not used.
func (c *Converter) ConvertObject(_ context.Context, src, dst runtime.Object) error {
	return c.Convert(src, dst)
}

// ConvertToVersion returns a new object holding src converted to version.
func (c *Converter) ConvertToVersion(src runtime.Object, version string) (runtime.Object, error) {
	dst, err := c.newObject(version)
	if err != nil {
		return nil, err
	}
	if err := c.Convert(src, dst); err != nil {
		return nil, err
	}
	return dst, nil
}

func (c *Converter) newObject(version string) (runtime.Object, error) {
	if !c.graph.Has(version) {
		return nil, fmt.Errorf("%s: %w %q (have %v)", c.gk, hub.ErrUnknownVersion, version, c.graph.Versions())
	}
	obj, err := c.scheme.New(c.gk.WithVersion(version))
	if err != nil {
		return nil, fmt.Errorf("%s: creating version %s: %w", c.gk, version, err)
	}
	obj.GetObjectKind().SetGroupVersionKind(c.gk.WithVersion(version))
	return obj, nil
}

// convert converts src (at version from) into the empty object dst (at
// version to) and applies the API server's rules for type and metadata.
func (c *Converter) convert(src, dst runtime.Object, from, to string) error {
	err := c.walk(src, dst, from, to)
	if err != nil {
		return fmt.Errorf("hubspoke: converting %s from %s to %s: %w", c.gk, from, to, err)
	}
	if tm, ok := dst.GetObjectKind().(*metav1.TypeMeta); ok {
		tm.APIVersion, tm.Kind = c.apiVersions[to], c.gk.Kind
	} else {
		dst.GetObjectKind().SetGroupVersionKind(c.gk.WithVersion(to))
	}
	return nil
}

func (c *Converter) walk(src, dst runtime.Object, from, to string) (err error) {
	defer recoverInto(&err)
	hubVersion := c.graph.Hub()
	switch {
	case from == to:
		reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src.DeepCopyObject()).Elem())
		return nil
	case from == hubVersion:
		return asConvertible(dst).ConvertFrom(src.(conversion.Hub))
	case to == hubVersion:
		return asConvertible(src).ConvertTo(dst.(conversion.Hub))
	}
	h, err := c.newObject(hubVersion)
	if err != nil {
		return err
	}
	if err := asConvertible(src).ConvertTo(h.(conversion.Hub)); err != nil {
		return err
	}
	return asConvertible(dst).ConvertFrom(h.(conversion.Hub))
}

// asConvertible is safe because GraphFromScheme only admits versions that
// are the hub or Convertible.
func asConvertible(obj runtime.Object) conversion.Convertible {
	return obj.(conversion.Convertible)
}
