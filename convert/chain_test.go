package convert_test

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hubspoke/hubspoke/convert"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// The tests build version chains of any length from one generic type:
// node[N, PN] is a version whose next version is N, and the hub is hubNode.
// node[node[hubNode]] is two hops from the hub, and so on.

type spec struct {
	Name     string            `json:"name"`
	Given    string            `json:"given,omitempty"`
	Family   string            `json:"family,omitempty"`
	Email    string            `json:"email,omitempty"`
	Phone    string            `json:"phone,omitempty"`
	Age      int               `json:"age,omitempty"`
	Height   float64           `json:"height,omitempty"`
	Active   bool              `json:"active,omitempty"`
	Nickname *string           `json:"nickname,omitempty"`
	Score    *int              `json:"score,omitempty"`
	Count    int               `json:"count"`
	Tags     []string          `json:"tags,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Hops     int               `json:"hops"` // conversion steps taken, set by the copy
}

func (s spec) clone() spec {
	if s.Nickname != nil {
		n := *s.Nickname
		s.Nickname = &n
	}
	if s.Score != nil {
		n := *s.Score
		s.Score = &n
	}
	s.Tags = slices.Clone(s.Tags)
	s.Labels = maps.Clone(s.Labels)
	return s
}

type object interface {
	runtime.Object
	metav1.ObjectMetaAccessor
	spec() *spec
}

type nextPtr[T any] interface {
	*T
	object
}

type node[N any, PN nextPtr[N]] struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              spec `json:"spec"`
}

func (n *node[N, PN]) spec() *spec { return &n.Spec }

func (n *node[N, PN]) DeepCopyInto(out *node[N, PN]) {
	*out = *n
	n.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec = n.Spec.clone()
}

func (n *node[N, PN]) DeepCopyObject() runtime.Object {
	c := new(node[N, PN])
	n.DeepCopyInto(c)
	return c
}

func (n *node[N, PN]) ConvertTo(h conversion.Hub) error { return convert.ToHub(n, h) }

func (n *node[N, PN]) ConvertFrom(h conversion.Hub) error { return convert.FromHub(n, h) }

func (n *node[N, PN]) Link() convert.Link {
	return convert.LinkTo((*node[N, PN]).assignTo, (*node[N, PN]).assignFrom)
}

// next returns an empty object of the next version.
func (n *node[N, PN]) next() object { return PN(new(N)) }

// New returns an empty object of the same version.
func (n *node[N, PN]) New() conversion.Convertible { return new(node[N, PN]) }

// assignTo and assignFrom play the generated copies: copy the spec, count
// the hop, then call the hook, as generated code does for a type that has
// one.
func (n *node[N, PN]) assignTo(dst *N) error {
	d := PN(dst)
	*d.spec() = n.Spec
	d.spec().Hops++
	if err := hooks.copied(n, d); err != nil {
		return err
	}
	return n.AssignPropertiesTo(d)
}

func (n *node[N, PN]) assignFrom(src *N) error {
	s := PN(src)
	n.Spec = *s.spec()
	n.Spec.Hops++
	if err := hooks.copied(s, n); err != nil {
		return err
	}
	return n.AssignPropertiesFrom(s)
}

// The whole-object hooks, which every node has.
func (n *node[N, PN]) AssignPropertiesTo(dst PN) error {
	return hooks.hook("to", n, dst)
}

func (n *node[N, PN]) AssignPropertiesFrom(src PN) error {
	return hooks.hook("from", src, n)
}

type hubNode struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              spec `json:"spec"`
}

func (h *hubNode) spec() *spec { return &h.Spec }
func (h *hubNode) Hub()        {}

func (h *hubNode) DeepCopyInto(out *hubNode) {
	*out = *h
	h.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec = h.Spec.clone()
}

func (h *hubNode) DeepCopyObject() runtime.Object {
	c := new(hubNode)
	h.DeepCopyInto(c)
	return c
}

// Chains of 1, 2, 4 and 8 hops: c8v1 is eight hops from the hub.
type (
	c1v1 = node[hubNode, *hubNode]
	c2v2 = node[hubNode, *hubNode]
	c2v1 = node[c2v2, *c2v2]
	c4v4 = node[hubNode, *hubNode]
	c4v3 = node[c4v4, *c4v4]
	c4v2 = node[c4v3, *c4v3]
	c4v1 = node[c4v2, *c4v2]
	c8v8 = node[hubNode, *hubNode]
	c8v7 = node[c8v8, *c8v8]
	c8v6 = node[c8v7, *c8v7]
	c8v5 = node[c8v6, *c8v6]
	c8v4 = node[c8v5, *c8v5]
	c8v3 = node[c8v4, *c8v4]
	c8v2 = node[c8v3, *c8v3]
	c8v1 = node[c8v2, *c8v2]
)

// chainObjects returns an empty object of each version of the chain with the
// given number of hops, outermost first, the hub last.
func chainObjects(hops int) []object {
	switch hops {
	case 1:
		return []object{&c1v1{}, &hubNode{}}
	case 2:
		return []object{&c2v1{}, &c2v2{}, &hubNode{}}
	case 4:
		return []object{&c4v1{}, &c4v2{}, &c4v3{}, &c4v4{}, &hubNode{}}
	case 8:
		return []object{&c8v1{}, &c8v2{}, &c8v3{}, &c8v4{}, &c8v5{}, &c8v6{}, &c8v7{}, &c8v8{}, &hubNode{}}
	}
	panic(fmt.Sprintf("no chain of %d hops", hops))
}

var testGK = schema.GroupKind{Group: "test.hubspoke.dev", Kind: "Thing"}

// chainScheme registers the chain with the given number of hops as versions
// v1 (outermost) to v<hops+1> (the hub).
func chainScheme(hops int) *runtime.Scheme {
	s := runtime.NewScheme()
	for i, obj := range chainObjects(hops) {
		s.AddKnownTypeWithName(testGK.WithVersion(fmt.Sprintf("v%d", i+1)), obj)
	}
	return s
}

// recorder observes hook calls; a test can make one hook fail, or make
// every hook change its source and destination in place.
type recorder struct {
	quiet   atomic.Bool // benchmarks: record nothing
	meddle  atomic.Bool // hooks change the maps and slices they are given in place
	keep    atomic.Bool // hooks keep a pointer into their source's memory
	mu      sync.Mutex
	calls   []string
	failOn  string // "to:<type>" or "from:<type>"
	meddled atomic.Int64
}

var hooks = &recorder{}

func (r *recorder) reset(failOn string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls, r.failOn = nil, failOn
}

func (r *recorder) log() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

// copied records that a generated copy finished.
func (r *recorder) copied(from, to object) error {
	if r.quiet.Load() {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, fmt.Sprintf("copy %s->%s", short(from), short(to)))
	return nil
}

var errHook = errors.New("hook refused")

// hook records a hook call and checks that the generated copy ran first.
func (r *recorder) hook(dir string, from, to object) error {
	if r.meddle.Load() {
		// What a careless hook does: change memory it was handed, on both
		// sides of the step.
		if labels := to.GetObjectMeta().GetLabels(); labels != nil {
			labels["meddled"] = dir
		}
		if tags := from.spec().Tags; len(tags) > 0 {
			tags[0] = "meddled"
		}
		if labels := from.spec().Labels; labels != nil {
			labels["meddled"] = dir
		}
		r.meddled.Add(1)
	}
	if r.keep.Load() {
		// What a step may do with its source: keep a pointer into it
		// rather than copy the value.
		to.spec().Nickname = &from.spec().Name
	}
	if r.quiet.Load() {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, fmt.Sprintf("hook %s %s->%s", dir, short(from), short(to)))
	if to.spec().Name != from.spec().Name {
		r.calls = append(r.calls, "hook ran before the copy")
	}
	if r.failOn == dir+":"+short(from) || r.failOn == dir+":"+short(to) {
		return errHook
	}
	return nil
}

// short names a chain type by its distance from the hub: "hub", "h1" (one
// hop away), "h2", ...
func short(o object) string {
	if _, ok := o.(*hubNode); ok {
		return "hub"
	}
	n := 0
	for o != nil {
		n++
		c, ok := o.(interface{ next() object })
		if !ok {
			break
		}
		next := c.next()
		if _, ok := next.(*hubNode); ok {
			break
		}
		o = next
	}
	return fmt.Sprintf("h%d", n)
}
