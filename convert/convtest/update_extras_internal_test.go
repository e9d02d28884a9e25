package convtest

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/propertybag"
)

type extrasItem struct {
	Bag propertybag.PropertyBag
}

type extrasHolder struct {
	Array [2]extrasItem
	Slice []extrasItem
}

// TestExtrasInListElements: the update check finds the bags in the
// elements of arrays and slices and adds its entries there (mutation
// testing: skipping arrays survived, the Widget chain having none).
func TestExtrasInListElements(t *testing.T) {
	h := &extrasHolder{Slice: make([]extrasItem, 1)}
	v := reflect.ValueOf(h).Elem()
	sites := bagSites(v)
	if len(sites) != 3 {
		t.Fatalf("sites %v, want the bags of the two array elements and the slice element", sites)
	}
	for _, site := range sites {
		atPath(v, site, addEntries(propertybag.PropertyBag{"x-added": "1"}))
	}
	for i, item := range []extrasItem{h.Array[0], h.Array[1], h.Slice[0]} {
		if item.Bag["x-added"] != "1" {
			t.Errorf("item %d: bag %v, want the entry added", i, item.Bag)
		}
	}
	// A path past the end of a shrunk list leads nowhere: skipped.
	atPath(v, []step{{kind: stepField, i: 1}, {kind: stepIndex, i: 5}, {kind: stepField, i: 0}}, addEntries(propertybag.PropertyBag{"y": "2"}))
}
