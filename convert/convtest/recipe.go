package convtest

import (
	"github.com/hubspoke/hubspoke/propertybag"
	"github.com/leanovate/gopter"
	"k8s.io/apimachinery/pkg/runtime"
	"maps"
	"slices"
)

// A sample converted from a random object of another version holds values
// that fit together: a hook reads a property bag and a field and checks one
// against the other, a bag of an API object has its place in the object.
// Edits to the converted object itself would break that (a name removed, its
// parts left in the bag) and make the object fail for another reason than
// the one first found. So such samples are shrunk by shrinking the object
// they were converted from and converting again, and by removing, one by
// one, the entries under unused names that were added along the way: the
// recipe says what those were.

// recipe is how a sample was made from its Source.
type recipe struct {
	through []bagExtra // for an API version: entries added to the hub's bags on the way
	extras  []bagExtra // entries added to the converted object's bags
	carried []carried  // for an API version: entries added to the bags it carries
	origin  *sample    // for the update check: the API sample the hub was converted from
	toggles []toggle   // for the update check: pointer fields of the hub toggled between nil and the zero value
}

// carried is a set of entries added to the bag named part ("spec",
// "status") that an API object carries.
type carried struct {
	part    string
	entries propertybag.PropertyBag
}

// remake builds s again from source (or, for the update check, from the
// API sample origin) following rec. It returns nil when the conversion
// fails, or gives keyed lists whose keys repeat: a smaller object that does
// not convert, or that the API server refuses, is no counter-example of the
// property at hand.
func (g *generator) remake(s *sample, source runtime.Object, origin *sample, rec *recipe) *sample {
	var obj runtime.Object
	var err error
	switch {
	case rec.origin != nil:
		if origin.Err != nil {
			return nil
		}
		source = origin.Object
		obj, err = g.derive(source, s.Version)
	case rec.through != nil:
		var hub runtime.Object
		if hub, err = g.derive(source, g.conv.Graph().Hub()); err == nil {
			applyExtras(hub, rec.through)
			obj, err = g.derive(hub, s.Version)
		}
	default:
		obj, err = g.derive(source, s.Version)
	}
	if err != nil || g.keys.repeated(obj) {
		return nil
	}
	applyExtras(obj, rec.extras)
	applyToggles(obj, rec.toggles)
	if g.cfg.oneOfBroken(obj) { // fewer toggles can leave two members of a union set
		return nil
	}
	for _, c := range rec.carried {
		addCarried(obj, c.part, c.entries)
	}
	c := *s
	c.Source, c.Object, c.Shrunk = source, obj, s.Shrunk+1
	c.recipe = &recipe{through: rec.through, extras: rec.extras, carried: rec.carried, origin: origin, toggles: rec.toggles}
	return &c
}

// shrinkRecipe proposes smaller variants of s, a converted sample: without
// any of the entries added along the way (or of the fields toggled); with a
// smaller source, converted again, biggest reductions first (for the update
// check, the API sample it came from, shrunk in turn); then without one set
// of added entries, one entry of a set, or one toggled field, at a time.
func (g *generator) shrinkRecipe(s *sample) gopter.Shrink {
	rec := *s.recipe
	var streams []func() (*sample, bool)
	once := func(r recipe) {
		done := false
		streams = append(streams, func() (*sample, bool) {
			if done {
				return nil, false
			}
			done = true
			return g.remake(s, s.Source, rec.origin, &r), true
		})
	}
	if len(rec.through)+len(rec.extras)+len(rec.carried)+len(rec.toggles) > 0 {
		bare := rec
		bare.through, bare.extras, bare.carried, bare.toggles = nil, nil, nil, nil
		if rec.through != nil {
			bare.through = []bagExtra{} // still through the hub, without entries
		}
		once(bare)
	}
	if rec.origin != nil {
		next := g.shrinkSample(rec.origin)
		streams = append(streams, func() (*sample, bool) {
			v, ok := next()
			if !ok {
				return nil, false
			}
			return g.remake(s, nil, v.(*sample), &rec), true
		})
	} else {
		next := g.shrinkObject(s.Source)
		streams = append(streams, func() (*sample, bool) {
			src, ok := next()
			if !ok {
				return nil, false
			}
			return g.remake(s, src, nil, &rec), true
		})
	}
	for _, variant := range fewerExtras(rec.through) {
		r := rec
		r.through = variant
		once(r)
	}
	for _, variant := range fewerExtras(rec.extras) {
		r := rec
		r.extras = variant
		once(r)
	}
	for i := range rec.toggles {
		r := rec
		r.toggles = append(append([]toggle(nil), rec.toggles[:i]...), rec.toggles[i+1:]...)
		once(r)
	}
	for i, c := range rec.carried {
		r := rec
		r.carried = append(append([]carried(nil), rec.carried[:i]...), rec.carried[i+1:]...)
		once(r)
		if len(c.entries) > 1 {
			for _, name := range slices.Sorted(maps.Keys(c.entries)) {
				r := rec
				r.carried = append([]carried(nil), rec.carried...)
				entries := c.entries.DeepCopy()
				delete(entries, name)
				r.carried[i] = carried{c.part, entries}
				once(r)
			}
		}
	}
	return func() (any, bool) {
		for len(streams) > 0 {
			c, more := streams[0]()
			if !more {
				streams = streams[1:]
				continue
			}
			if c != nil {
				return c, true
			}
		}
		return nil, false
	}
}

// fewerExtras lists the variants of extras without one set, or without
// one entry of a set, at a time.
func fewerExtras(extras []bagExtra) [][]bagExtra {
	var out [][]bagExtra
	for i, e := range extras {
		out = append(out, append(append([]bagExtra{}, extras[:i]...), extras[i+1:]...))
		if len(e.entries) > 1 {
			for _, name := range slices.Sorted(maps.Keys(e.entries)) {
				fewer := append([]bagExtra(nil), extras...)
				entries := e.entries.DeepCopy()
				delete(entries, name)
				fewer[i] = bagExtra{path: e.path, entries: entries}
				out = append(out, fewer)
			}
		}
	}
	return out
}
