package reflectbags_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
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

// TestUnkeyedBagsFollowTheirElements: a client of an old API version that
// reorders an unkeyed list, or removes an element before the last, does not
// give one element's hidden values to another (docs/design-unkeyed-lists.md;
// the rules are package boundary's, TestHiddenValuesFollowTheirElement).
func TestUnkeyedBagsFollowTheirElements(t *testing.T) {
	stored := func(paths ...string) *routeStorage {
		r := &routeStorage{}
		for i, p := range paths {
			r.Spec.Rules = append(r.Spec.Rules, ruleStorage{Path: str(p), PropertyBag: bag("Timeout", `"`+strconv.Itoa(i+1)+`s"`)})
		}
		r.Spec.Rules[len(paths)-1].PropertyBag = nil // the last has none
		return r
	}
	cases := []struct {
		name   string
		stored *routeStorage
		edit   func(rules []rule) []rule
		want   []string // the timeout of each rule back, "" for none
	}{
		{"unchanged", stored("/a", "/b", "/c"), func(r []rule) []rule { return r }, []string{"1s", "2s", ""}},
		{"swapped", stored("/a", "/b", "/c"), func(r []rule) []rule { return []rule{r[1], r[0], r[2]} }, []string{"2s", "1s", ""}},
		{"first removed", stored("/a", "/b", "/c"), func(r []rule) []rule { return r[1:] }, []string{"2s", ""}},
		{"inserted first", stored("/a", "/b", "/c"), func(r []rule) []rule { return append([]rule{{Path: "/new"}}, r...) }, []string{"", "1s", "2s", ""}},
		{"reversed", stored("/a", "/b", "/c"), func(r []rule) []rule { return []rule{r[2], r[1], r[0]} }, []string{"", "2s", "1s"}},
		{"edited in place", stored("/a", "/b", "/c"), func(r []rule) []rule { r[0].Path = "/a2"; return r }, []string{"1s", "2s", ""}},
		{"edited in place, one appended", stored("/a", "/b", "/c"), func(r []rule) []rule { r[1].Path = "/b2"; return append(r, rule{Path: "/d"}) }, []string{"1s", "2s", "", ""}},
		// What fingerprints cannot tell: a rule moved and edited in one
		// write, or edited beside one removed, gets none (rather than
		// another rule's values).
		{"moved and edited", stored("/a", "/b", "/c"), func(r []rule) []rule { return []rule{r[1], {Path: "/a2"}, r[2]} }, []string{"2s", "", ""}},
		{"first removed, second edited", stored("/a", "/b", "/c"), func(r []rule) []rule { return []rule{{Path: "/b2"}, r[2]} }, []string{"", ""}},
		// Equal rules, which the client cannot tell apart: one still in
		// its place keeps its values; the others are paired in order.
		{"equal, reordered", stored("/a", "/a", "/b"), func(r []rule) []rule { return []rule{r[2], r[0], r[1]} }, []string{"", "2s", "1s"}},
		{"equal, one removed", stored("/a", "/a", "/b"), func(r []rule) []rule { return []rule{r[0], r[2]} }, []string{"1s", ""}},
		{"equal, both moved", stored("/a", "/a", "/b"), func(r []rule) []rule { return []rule{{Path: "/x"}, r[2], r[0], r[1]} }, []string{"", "", "1s", "2s"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.stored
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
			got := make([]string, len(dst.Spec.Rules))
			for i, r := range dst.Spec.Rules {
				got[i] = strings.Trim(r.PropertyBag["Timeout"], `"`)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("timeouts back %q, want %q", got, tc.want)
			}
		})
	}
}
