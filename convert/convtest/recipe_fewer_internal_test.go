package convtest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/propertybag"
)

// TestFewerExtras: the variants of the entries added along the way lose
// one set, or one entry of a set with several, at a time; the sets given
// are left alone.
func TestFewerExtras(t *testing.T) {
	spec, status := []step{{kind: stepField, i: 1}}, []step{{kind: stepField, i: 2}}
	extras := []bagExtra{
		{path: spec, entries: propertybag.PropertyBag{"a": "1", "b": "2"}},
		{path: status, entries: propertybag.PropertyBag{"c": "3"}},
	}
	var got []string
	for _, v := range fewerExtras(extras) {
		var sets []string
		for _, e := range v {
			sets = append(sets, fmt.Sprint(e.path[0].i, e.entries))
		}
		got = append(got, fmt.Sprint(sets))
	}
	want := []string{
		"[2 map[c:3]]",
		"[1 map[b:2] 2 map[c:3]]",
		"[1 map[a:1] 2 map[c:3]]",
		"[1 map[a:1 b:2]]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("variants:\n%q\nwant\n%q", got, want)
	}
	if len(extras[0].entries) != 2 || len(extras) != 2 {
		t.Errorf("the extras were changed: %v", extras)
	}
}
