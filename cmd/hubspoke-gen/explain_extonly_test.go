package main

import (
	"go/types"
	"strings"
	"testing"
)

// TestExplainNamesWhatOnlyTheOtherPackageHas: a struct of another package
// converted field by field to a struct of a version (prometheus-operator's
// AlertmanagerConfig: v1alpha1's corev1.SecretKeySelector, v1beta1's own
// SecretKeySelector) loses, where clients look, what only the other
// package's struct has (optional): the copy keeps it in the bag of the
// version's struct. The row names it, on the side of each step, so that it
// does not read as though every value arrived.
func TestExplainNamesWhatOnlyTheOtherPackageHas(t *testing.T) {
	str := &typeRef{kind: refBasic, typ: types.Typ[types.String]}
	pkg := types.NewPackage("k8s.io/api/core/v1", "v1")
	ext := types.NewNamed(types.NewTypeName(0, pkg, "SecretKeySelector", nil), types.NewStruct(nil, nil), nil)
	extRef := &typeRef{kind: refPointer, elem: &typeRef{kind: refExternal, typ: ext}}
	localRef := &typeRef{kind: refPointer, elem: &typeRef{kind: refObject, name: "SecretKeySelector"}}
	sp := &shapePair{
		ext:     ext,
		local:   &object{name: "SecretKeySelector"},
		props:   [][2]*field{{{name: "Key", jsonName: "key", ref: str}, {name: "Key", jsonName: "key", ref: str}}},
		extOnly: []*field{{name: "Optional", jsonName: "optional", ref: &typeRef{kind: refPointer, elem: &typeRef{kind: refBasic, typ: types.Typ[types.Bool]}}}},
	}
	p := &pair{name: "EmailConfig"}
	for _, c := range []struct {
		host, other *typeRef
		hostName    string
		otherName   string
		want        string
	}{
		{extRef, localRef, "v1alpha1storage", "v1beta1storage", "; `optional` only in `k8s.io/api/core/v1.SecretKeySelector`: kept in the bag of `SecretKeySelector`, not shown in v1beta1storage"},
		{localRef, extRef, "v1beta1storage", "v1alpha1storage", "; `optional` only in `k8s.io/api/core/v1.SecretKeySelector`: kept in the bag of `SecretKeySelector`, not shown in v1beta1storage"},
	} {
		s := &step{hostName: c.hostName, otherName: c.otherName, shapes: []*shapePair{sp}}
		pr := &prop{host: &field{name: "AuthPassword", jsonName: "authPassword", ref: c.host}, other: &field{name: "AuthPassword", jsonName: "authPassword", ref: c.other}, action: actConvert}
		r := explainProp(s, p, pr)
		if r.action != "converted" || !strings.HasSuffix(r.detail, c.want) {
			t.Errorf("host %s: got %s: %s, want converted ending %q", c.hostName, r.action, r.detail, c.want)
		}
	}
	// Nothing only on the other side: nothing to name.
	s := &step{hostName: "v1alpha1storage", otherName: "v1beta1storage", shapes: []*shapePair{{ext: ext, local: sp.local, props: sp.props}}}
	pr := &prop{host: &field{name: "AuthPassword", jsonName: "authPassword", ref: extRef}, other: &field{name: "AuthPassword", jsonName: "authPassword", ref: localRef}, action: actConvert}
	if r := explainProp(s, p, pr); strings.Contains(r.detail, "kept in the bag") {
		t.Errorf("a pair without extra properties: %s", r.detail)
	}
}
