package main

import (
	"go/types"
	"strings"
	"testing"
)

// TestExplainNamesUnobservedHookedCopies: a property the copy takes
// across as it is, which the hooks of its struct name and may rewrite,
// and whose values hold no marker of the observing program
// (prometheus-operator's AlertmanagerConfig keeps its child routes as
// apiextensions' JSON, and hooks respell the matchers in their text),
// says that what the hooks do with it is not observed, instead of only
// "copied".
func TestExplainNamesUnobservedHookedCopies(t *testing.T) {
	pkg := types.NewPackage("k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", "v1")
	js := types.NewNamed(types.NewTypeName(0, pkg, "JSON", nil), types.NewStruct(nil, nil), nil)
	routes := &typeRef{kind: refSlice, elem: &typeRef{kind: refExternal, typ: js}}
	str := &typeRef{kind: refPointer, elem: &typeRef{kind: refBasic, typ: types.Typ[types.String]}}
	mk := func(name, jsonName string, ref *typeRef) *prop {
		return &prop{host: &field{name: name, jsonName: jsonName, ref: ref}, other: &field{name: name, jsonName: jsonName, ref: ref}, action: actCopy}
	}
	for _, c := range []struct {
		name      string
		hooked    bool
		handNames map[string]bool
		obs       observations
		want      bool
	}{
		{"hooks name it", true, map[string]bool{"Routes": true}, observations{}, true},
		{"hooks name it, not run", true, map[string]bool{"Routes": true}, nil, false},
		{"hooks name another", true, map[string]bool{"Receiver": true}, observations{}, false},
		{"no hooks", false, map[string]bool{"Routes": true}, observations{}, false},
	} {
		p := &pair{name: "Route", otherName: "Route", host: &object{name: "Route"}, other: &object{name: "Route"}, hookTo: c.hooked, hookFrom: c.hooked,
			props: []*prop{mk("Routes", "routes", routes), mk("Receiver", "receiver", str)}}
		// (twin: no changes of meaning, which need the versions.)
		s := &step{twin: true, hostName: "v1alpha1storage", otherName: "v1beta1storage", pairs: []*pair{p}, byName: map[string]*pair{"Route": p}, handNames: c.handNames}
		var b strings.Builder
		explainStep(&b, s, false, map[string]string{"Route": "spec.route"}, c.obs)
		var routesRow, receiverRow string
		for _, line := range strings.Split(b.String(), "\n") {
			switch {
			case strings.HasPrefix(line, "Route.Routes "):
				routesRow = line
			case strings.HasPrefix(line, "Route.Receiver "):
				receiverRow = line
			}
		}
		const note = "the hooks of Route name it: what they do with it is not observed"
		if got := strings.Contains(routesRow, note); got != c.want || routesRow == "" {
			t.Errorf("%s: routes row %q, want the note: %v\n%s", c.name, routesRow, c.want, b.String())
		}
		if strings.Contains(receiverRow, note) {
			t.Errorf("%s: a string, which holds a marker: %q", c.name, receiverRow)
		}
	}
}
