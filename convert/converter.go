package convert

import (
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
	// versions maps each Go type registered as exactly one version of the
	// resource to that version, shared each type registered as several
	// versions to those versions, and apiVersions each version to its
	// apiVersion text; all are read-only after NewConverter.
	versions    map[reflect.Type]string
	shared      map[reflect.Type][]string
	apiVersions map[string]string
	// steps holds, for each version that declares a Link, the steps from
	// it to the hub; versions without (plain controller-runtime
	// Convertibles) convert with their own ConvertTo and ConvertFrom.
	steps map[string][]*step
}

// NewConverter builds the Converter for resource gk from the types
// registered in scheme. It derives the conversion graph from the Links of
// the registered types (a conversion.Hub is the hub; a Convertible without
// a Link converts straight to the hub), validates it (package hub), and
// then converts an empty object of every version to the hub and back,
// so that a chain that is broken in code fails here, at start-up, naming the
// version at fault.
func NewConverter(scheme *runtime.Scheme, gk schema.GroupKind) (*Converter, error) {
	graph, err := graphFromScheme(scheme, gk)
	if err != nil {
		return nil, err
	}
	c := &Converter{scheme: scheme, gk: gk, graph: graph,
		versions: map[reflect.Type]string{}, shared: map[reflect.Type][]string{}, apiVersions: map[string]string{},
		steps: map[string][]*step{}}
	hubObj, err := c.newObject(graph.Hub())
	if err != nil {
		return nil, err
	}
	for _, v := range graph.Versions() {
		c.apiVersions[v] = gk.WithVersion(v).GroupVersion().String()
		obj, err := c.newObject(v)
		if err != nil {
			return nil, err
		}
		t := reflect.TypeOf(obj)
		c.shared[t] = append(c.shared[t], v)
		if _, ok := obj.(Linked); ok && v != graph.Hub() {
			steps, err := pathToHub(t, reflect.TypeOf(hubObj))
			if err != nil {
				return nil, fmt.Errorf("%s: version %s: %w", gk, v, err)
			}
			c.steps[v] = steps
		}
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
		if err := c.smokeTest(v); err != nil {
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

// smokeTest converts an empty object of version to the hub and back.
func (c *Converter) smokeTest(version string) error {
	obj, err := c.newObject(version)
	if err != nil {
		return err
	}
	h, err := c.newObject(c.graph.Hub())
	if err != nil {
		return err
	}
	if err := c.walk(obj, h, version, c.graph.Hub(), true); err != nil {
		return err
	}
	back, err := c.newObject(version)
	if err != nil {
		return err
	}
	return c.walk(h, back, c.graph.Hub(), version, true)
}

// Graph returns the conversion graph of the resource.
func (c *Converter) Graph() *hub.Graph { return c.graph }

// GroupKind returns the resource the Converter converts.
func (c *Converter) GroupKind() schema.GroupKind { return c.gk }

// Convert converts src into dst; the types of src and dst (registered in the
// scheme) select the versions. On success dst holds the converted object
// with apiVersion and kind set to its version, and a deep copy of src's
// metadata. src is never modified: it is deep-copied once, at the start,
// and every step of the walk works on private objects, so the result shares
// no memory with src. On failure dst is left as it was. Converting to the
// version src already has returns a deep copy, without a trip through the
// hub (the API server never asks for that conversion).
//
// An error begins with "hubspoke: converting", the resource and the two
// versions, and goes on with the step of the chain that failed and the
// property at fault, for example "hubspoke: converting
// Person.crm.example.com from v1 to v5storage: converting v3storage.Person
// to v4storage.Person: propertybag: pull "MailingAddress" ...", so that
// the message the API server passes on to a client names its source. A
// panic in a step is an error naming the step.
func (c *Converter) Convert(src, dst runtime.Object) error {
	return c.convertObject(src, dst, false)
}

// ConvertOwned is Convert for a caller that owns src and discards it
// afterwards, such as a webhook that has just decoded it: it skips the deep
// copy of src, and src may be changed. dst shares memory with what is left
// of src.
func (c *Converter) ConvertOwned(src, dst runtime.Object) error {
	return c.convertObject(src, dst, true)
}

func (c *Converter) convertObject(src, dst runtime.Object, owned bool) error {
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
		if err := c.convert(src, dst, from, to, owned); err != nil {
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
	if err := c.convert(src, fresh, from, to, owned); err != nil {
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

// ToVersion returns a new object holding src converted to version.
func (c *Converter) ToVersion(src runtime.Object, version string) (runtime.Object, error) {
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
func (c *Converter) convert(src, dst runtime.Object, from, to string, owned bool) error {
	err := c.walk(src, dst, from, to, owned)
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

// walk converts src into the empty object dst: up the steps of from to the
// hub, then down the steps of to. Unless owned, src is deep-copied first.
func (c *Converter) walk(src, dst runtime.Object, from, to string, owned bool) (err error) {
	defer recoverInto(&err)
	cur := src
	if !owned {
		cur = src.DeepCopyObject()
	}
	if from == to {
		reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(cur).Elem())
		return nil
	}
	hubVersion := c.graph.Hub()
	var last runtime.Object
	if to == hubVersion {
		last = dst
	}
	// Up to the hub.
	h := cur
	switch up := c.steps[from]; {
	case from == hubVersion:
	case up != nil:
		var target any // the destination when it is the hub; else a new hub
		if last != nil {
			target = last
		}
		result, err := upSteps(cur, up, target)
		if err != nil {
			return err
		}
		h = result.(runtime.Object)
	default:
		if last == nil {
			if last, err = c.newObject(hubVersion); err != nil {
				return err
			}
		}
		if err := cur.(conversion.Convertible).ConvertTo(last.(conversion.Hub)); err != nil {
			return err
		}
		h = last
	}
	if to == hubVersion {
		return nil // h is dst
	}
	// Down from the hub.
	if down := c.steps[to]; down != nil {
		_, err = downSteps(h, down, dst)
		return err
	}
	return dst.(conversion.Convertible).ConvertFrom(h.(conversion.Hub))
}
