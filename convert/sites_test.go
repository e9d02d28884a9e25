package convert

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/propertybag"
)

type siteLeaf struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
}

type SiteInline struct {
	Extra *siteLeaf `json:"extra,omitempty"`
}

type siteSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	SiteInline  `json:",inline"`
	Owner       *siteLeaf `json:"owner,omitempty"`
	Deep        **siteLeaf
	Missing     *siteLeaf `json:"missing,omitempty"`
	Plain       siteLeaf  `json:"plain"`
}

type siteObject struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Spec        siteSpec                `json:"spec"`
}

type siteList struct {
	Items []siteLeaf `json:"items"`
}

type siteLoop struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Next        *siteLoop               `json:"next,omitempty"`
}

// visits lists the paths and bags visit sees, through the sites when they
// exist, and through the reflective walk otherwise.
func visits(t *testing.T, v any, useSites bool) []string {
	t.Helper()
	var got []string
	visit := func(path []byte, bag reflect.Value) error {
		got = append(got, string(path)+"="+bag.Interface().(propertybag.PropertyBag)["k"])
		return nil
	}
	rv := reflect.ValueOf(v)
	if useSites {
		sites := staticSitesOf(rv.Type())
		if sites == nil {
			t.Fatalf("%T has no static sites", v)
		}
		if err := walkSites(rv, sites, visit); err != nil {
			t.Fatal(err)
		}
	} else {
		w := &bagWalker{plans: map[reflect.Type]*structPlan{}, visit: visit}
		if err := w.value(rv, nil, 0); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(got)
	return got
}

// The fixed bag sites of a type visit exactly the bags the walk visits, with
// the same paths: through pointers (nil ones skipped), inline embedding and
// nested structs.
func TestStaticSitesMatchTheWalk(t *testing.T) {
	bag := func(v string) propertybag.PropertyBag { return propertybag.PropertyBag{"k": v} }
	deep := &siteLeaf{PropertyBag: bag("deep")}
	obj := &siteObject{
		PropertyBag: bag("root"),
		Spec: siteSpec{
			PropertyBag: bag("spec"),
			SiteInline:  SiteInline{Extra: &siteLeaf{PropertyBag: bag("extra")}},
			Owner:       &siteLeaf{PropertyBag: bag("owner")},
			Deep:        &deep,
			Plain:       siteLeaf{PropertyBag: bag("plain")},
		},
	}
	want := visits(t, obj, false)
	if got := visits(t, obj, true); !slices.Equal(got, want) {
		t.Errorf("sites visit %q, the walk %q", got, want)
	}
	if len(want) != 6 {
		t.Errorf("the walk visits %q, want 6 bags", want)
	}
	for _, v := range []any{&siteList{}, &siteLoop{}} {
		if sites := staticSitesOf(reflect.TypeOf(v)); sites != nil {
			t.Errorf("%T: static sites %v, want the walk (a list, or a recursive type)", v, sites)
		}
	}
}
