package reflectbags_test

import (
	"encoding/json"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A route whose rules form an unkeyed list (no list-map keys), as
// HTTPRoute's spec.rules: the storage twin keeps, in each rule's bag, what
// a newer version holds (here a timeout) that the API version cannot show.
type routeStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              routeStorageSpec `json:"spec,omitempty"`
}

type routeStorageSpec struct {
	Rules []ruleStorage `json:"rules,omitempty"`
}

type ruleStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Path        *string                 `json:"path,omitempty"`
}

// The API version: the same rules, no bags.
type route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              routeSpec `json:"spec,omitempty"`
}

type routeSpec struct {
	Rules []rule `json:"rules,omitempty"`
}

type rule struct {
	Path string `json:"path,omitempty"`
}

// toAPI and toTwin play the generated copies of the route's plain fields.
func (r *routeStorage) toAPI() *route {
	out := &route{ObjectMeta: r.ObjectMeta}
	for _, x := range r.Spec.Rules {
		out.Spec.Rules = append(out.Spec.Rules, rule{Path: *x.Path})
	}
	return out
}

func (r *route) toTwin() *routeStorage {
	out := &routeStorage{ObjectMeta: r.ObjectMeta}
	for _, x := range r.Spec.Rules {
		out.Spec.Rules = append(out.Spec.Rules, ruleStorage{Path: str(x.Path)})
	}
	return out
}

// TestUnkeyedBagsFollowTheirElements shows the limit that
// docs/design-unkeyed-lists.md addresses: a client of an old API version
// that reorders an unkeyed list, or removes an element before the last,
// must not give one element's hidden values to another. Today a bag
// belongs to its index (TestIndexedBagsBelongToTheirIndex), so every case
// below but "unchanged" fails; the design makes them pass.
func TestUnkeyedBagsFollowTheirElements(t *testing.T) {
	t.Skip("design: docs/design-unkeyed-lists.md")
	stored := func() *routeStorage {
		return &routeStorage{Spec: routeStorageSpec{Rules: []ruleStorage{
			{Path: str("/a"), PropertyBag: bag("Timeout", `"1s"`)},
			{Path: str("/b"), PropertyBag: bag("Timeout", `"2s"`)},
			{Path: str("/c")},
		}}}
	}
	want := map[string]string{"/a": `"1s"`, "/b": `"2s"`}
	cases := []struct {
		name string
		edit func(rules []rule) []rule
	}{
		{"unchanged", func(r []rule) []rule { return r }}, // passes today
		{"swapped", func(r []rule) []rule { return []rule{r[1], r[0], r[2]} }},
		{"first removed", func(r []rule) []rule { return r[1:] }},
		{"inserted first", func(r []rule) []rule { return append([]rule{{Path: "/new"}}, r...) }},
		{"reversed", func(r []rule) []rule { return []rule{r[2], r[1], r[0]} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := stored()
			api := src.toAPI()
			if err := reflectbags.Stash(api, src); err != nil {
				t.Fatal(err)
			}
			// Through JSON, as the client reads it; the client edits the
			// list and writes the object back.
			data, err := json.Marshal(api)
			if err != nil {
				t.Fatal(err)
			}
			var sent route
			if err := json.Unmarshal(data, &sent); err != nil {
				t.Fatal(err)
			}
			sent.Spec.Rules = tc.edit(sent.Spec.Rules)
			dst := sent.toTwin()
			if err := reflectbags.Recall(dst, &sent); err != nil {
				t.Fatal(err)
			}
			for i, r := range dst.Spec.Rules {
				if got := r.PropertyBag["Timeout"]; got != want[*r.Path] {
					t.Errorf("rule %d (%s) has timeout %q, want %q (its own)", i, *r.Path, got, want[*r.Path])
				}
			}
		})
	}
}
