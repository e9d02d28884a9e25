package transporttest_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A route, whose lists have no list-map keys: rules in spec and in the
// values of a map, backends inside each rule, conditions in status. The
// storage twin keeps bags in each element, and pointers where the API
// version shows plain values.
type routeTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              routeTwinSpec   `json:"spec,omitempty"`
	Status            routeTwinStatus `json:"status,omitempty"`
}

type routeTwinSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Rules       []ruleTwin              `json:"rules,omitempty"`
	Groups      map[string][]ruleTwin   `json:"groups,omitempty"`
}

type ruleTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Path        *string                 `json:"path,omitempty"`
	Weight      *int32                  `json:"weight,omitempty"`
	Backends    []backendTwin           `json:"backends,omitempty"`
}

type backendTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
}

type routeTwinStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Conditions  []backendTwin           `json:"conditions,omitempty"`
}

// The API version: a required weight (absent in the twin, shown as 0),
// an omitempty path and name (an explicit "" in the twin, shown as absent).
type route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              routeSpec   `json:"spec,omitempty"`
	Status            routeStatus `json:"status,omitempty"`
}

type routeSpec struct {
	Rules  []rule            `json:"rules,omitempty"`
	Groups map[string][]rule `json:"groups,omitempty"`
}

type rule struct {
	Path     string    `json:"path,omitempty"`
	Weight   int32     `json:"weight"`
	Backends []backend `json:"backends,omitempty"`
}

type backend struct {
	Name string `json:"name,omitempty"`
}

type routeStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
	Conditions   []backend        `json:"conditions,omitempty"`
}

// The copies, as hubspoke-gen writes them.
func copyRouteFrom(a *route, t *routeTwin) {
	*a = route{TypeMeta: t.TypeMeta, ObjectMeta: t.ObjectMeta}
	a.Spec.Rules = rulesFrom(t.Spec.Rules)
	for k, v := range t.Spec.Groups {
		if a.Spec.Groups == nil {
			a.Spec.Groups = map[string][]rule{}
		}
		a.Spec.Groups[k] = rulesFrom(v)
	}
	a.Status.Conditions = backendsFrom(t.Status.Conditions)
}

func rulesFrom(ts []ruleTwin) []rule {
	if ts == nil {
		return nil
	}
	out := make([]rule, len(ts))
	for i, t := range ts {
		out[i] = rule{Path: value(t.Path), Weight: value(t.Weight), Backends: backendsFrom(t.Backends)}
	}
	return out
}

func backendsFrom(ts []backendTwin) []backend {
	if ts == nil {
		return nil
	}
	out := make([]backend, len(ts))
	for i, t := range ts {
		out[i] = backend{Name: value(t.Name)}
	}
	return out
}

func copyRouteTo(a *route, t *routeTwin) {
	*t = routeTwin{TypeMeta: a.TypeMeta, ObjectMeta: a.ObjectMeta}
	t.Spec.Rules = rulesTo(a.Spec.Rules)
	for k, v := range a.Spec.Groups {
		if t.Spec.Groups == nil {
			t.Spec.Groups = map[string][]ruleTwin{}
		}
		t.Spec.Groups[k] = rulesTo(v)
	}
	t.Status.Conditions = backendsTo(a.Status.Conditions)
}

func rulesTo(as []rule) []ruleTwin {
	if as == nil {
		return nil
	}
	out := make([]ruleTwin, len(as))
	for i, a := range as {
		w := a.Weight
		out[i] = ruleTwin{Path: nilIfZero(a.Path), Weight: &w, Backends: backendsTo(a.Backends)}
	}
	return out
}

func backendsTo(as []backend) []backendTwin {
	if as == nil {
		return nil
	}
	out := make([]backendTwin, len(as))
	for i, a := range as {
		out[i] = backendTwin{Name: nilIfZero(a.Name)}
	}
	return out
}

// routeTransport plays the transport hubspoke-gen writes for the route,
// through package boundary's Carrier. Its flags make the faults Check
// must catch: a stash that writes no fingerprints, a recall that ignores
// them and names elements by index; key, when set, writes the map keys in
// paths in place of boundary.Key.
type routeTransport struct {
	noFingerprints, byIndex bool
	key                     keyWriter
}

func (rt routeTransport) from(a *route, t *routeTwin) error {
	copyRouteFrom(a, t)
	var c boundary.Carrier
	c.Bag("spec", &t.Spec.PropertyBag)
	if err := stashList(rt, &c, "spec.rules", a.Spec.Rules, t.Spec.Rules, rt.stashRule); err != nil {
		return err
	}
	for k, v := range t.Spec.Groups {
		if err := stashList(rt, &c, "spec.groups["+rt.key.of(k)+"]", a.Spec.Groups[k], v, rt.stashRule); err != nil {
			return err
		}
	}
	c.Bag("status", &t.Status.PropertyBag)
	if err := stashList(rt, &c, "status.conditions", a.Status.Conditions, t.Status.Conditions, stashBackend); err != nil {
		return err
	}
	return c.Done(&a.ObjectMeta, &a.Status.PropertyBags)
}

func (rt routeTransport) to(a *route, t *routeTwin) error {
	copyRouteTo(a, t)
	var r boundary.Carrier
	if err := r.Open(a.Annotations, a.Status.PropertyBags); err != nil {
		return err
	}
	for r.Next() {
		r.Bag("spec", &t.Spec.PropertyBag)
		if err := recallList(rt, &r, "spec.rules", a.Spec.Rules, t.Spec.Rules, rt.recallRule); err != nil {
			return err
		}
		for k, v := range t.Spec.Groups {
			if err := recallList(rt, &r, "spec.groups["+rt.key.of(k)+"]", a.Spec.Groups[k], v, rt.recallRule); err != nil {
				return err
			}
		}
		r.Bag("status", &t.Status.PropertyBag)
		if err := recallList(rt, &r, "status.conditions", a.Status.Conditions, t.Status.Conditions, recallBackend); err != nil {
			return err
		}
	}
	return r.Done(&t.ObjectMeta, nil)
}

// stashList stashes the twin's list ts at path list, element i with the
// version's element as (when it has one), and fingerprints the version's
// elements.
func stashList[A, T any](rt routeTransport, c *boundary.Carrier, list string, as []A, ts []T, stash func(*boundary.Carrier, string, *A, *T) error) error {
	mark := c.Mark()
	for i := range ts {
		var a *A
		if i < len(as) {
			a = &as[i]
		}
		if err := stash(c, list+"["+strconv.Itoa(i)+"]", a, &ts[i]); err != nil {
			return err
		}
	}
	if rt.noFingerprints {
		return nil
	}
	return boundary.Elements(c, list, mark, as)
}

// recallList recalls the twin's list ts at path list, each element under
// the path its hidden values were stashed at.
func recallList[A, T any](rt routeTransport, r *boundary.Carrier, list string, as []A, ts []T, recall func(*boundary.Carrier, string, *A, *T) error) error {
	var order boundary.Order
	if !rt.byIndex {
		order = boundary.Match(r, list, as)
	}
	for i := range ts {
		var a *A
		if i < len(as) {
			a = &as[i]
		}
		if err := recall(r, order.Path(list, i), a, &ts[i]); err != nil {
			return err
		}
	}
	return nil
}

func (rt routeTransport) stashRule(c *boundary.Carrier, path string, a *rule, t *ruleTwin) error {
	c.Bag(path, &t.PropertyBag)
	var backends []backend
	if a != nil {
		if t.Path != nil && a.Path == "" {
			if err := c.Twin(path, "path", t.Path); err != nil {
				return err
			}
		}
		if t.Weight == nil && a.Weight == 0 {
			if err := c.Twin(path, "weight", nil); err != nil {
				return err
			}
		}
		backends = a.Backends
	}
	return stashList(rt, c, path+".backends", backends, t.Backends, stashBackend)
}

func (rt routeTransport) recallRule(r *boundary.Carrier, path string, a *rule, t *ruleTwin) error {
	r.Bag(path, &t.PropertyBag)
	var backends []backend
	if a != nil {
		if err := boundary.Restore(r, path, "path", &t.Path, a.Path == "", func(v *string) bool { return *v == "" }); err != nil {
			return err
		}
		if err := boundary.Restore(r, path, "weight", &t.Weight, a.Weight == 0, nil); err != nil {
			return err
		}
		backends = a.Backends
	}
	return recallList(rt, r, path+".backends", backends, t.Backends, recallBackend)
}

func stashBackend(c *boundary.Carrier, path string, a *backend, t *backendTwin) error {
	c.Bag(path, &t.PropertyBag)
	if a != nil && t.Name != nil && a.Name == "" {
		return c.Twin(path, "name", t.Name)
	}
	return nil
}

func recallBackend(r *boundary.Carrier, path string, a *backend, t *backendTwin) error {
	r.Bag(path, &t.PropertyBag)
	if a != nil {
		return boundary.Restore(r, path, "name", &t.Name, a.Name == "", func(v *string) bool { return *v == "" })
	}
	return nil
}

// TestCheckUnkeyedLists: package boundary's transport of unkeyed lists
// (fingerprints written by Elements, elements named through Match), in
// spec, nested, in map values and in status, agrees with reflectbags byte
// for byte and twin for twin, the client's edits to the lists included.
// A transport that writes no fingerprints fails the stash; one that
// names the elements by index fails the recall once the client moves them.
func TestCheckUnkeyedLists(t *testing.T) {
	good := routeTransport{}
	if err := transporttest.Check(transporttest.PairOf("route", good.from, good.to), 500); err != nil {
		t.Errorf("boundary's transport: %v", err)
	}
	for _, c := range []struct {
		name string
		rt   routeTransport
		want string
	}{
		{"no fingerprints", routeTransport{noFingerprints: true}, "stash: annotation differs"},
		{"by index", routeTransport{byIndex: true}, "the client changed lists"},
	} {
		err := transporttest.Check(transporttest.PairOf(c.name, c.rt.from, c.rt.to), 500)
		if err == nil || !strings.Contains(err.Error(), c.name+": seed ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check says %v, want an error with %q", c.name, err, c.want)
		}
	}
}
