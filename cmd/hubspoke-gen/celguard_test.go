package main

import (
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// celVersion is a version for the rules' tests: S holds required,
// optional, defaulted and nested properties, W is a struct S holds by
// value, E a list element.
func celVersion(optionalByDefault bool) *version {
	i32 := &typeRef{kind: refBasic, typ: types.Typ[types.Int32]}
	str := &typeRef{kind: refBasic, typ: types.Typ[types.String]}
	fld := func(name, tag string, ref *typeRef, markers ...string) *field {
		json, _ := jsonTag(tag)
		return &field{name: name, jsonName: json, tag: tag, ref: ref, comments: comments{markers: markers}}
	}
	obj := func(name string, fields ...*field) *object { return &object{name: name, fields: fields} }
	return &version{name: "v2", optionalByDefault: optionalByDefault, objects: map[string]*object{
		"S": obj("S",
			fld("Min", `json:"min"`, i32),
			fld("Max", `json:"max"`, i32),
			fld("Opt", `json:"opt,omitempty"`, pointerTo(i32)),
			fld("Marked", `json:"marked"`, i32, "+optional"),
			fld("Req", `json:"req,omitempty"`, pointerTo(i32), "+required"),
			fld("Class", `json:"class,omitempty"`, str, "+optional", "+kubebuilder:default=standard"),
			fld("Namespace", `json:"namespace"`, str),
			fld("Dashed", `json:"x-y"`, str),
			fld("W", `json:"w"`, &typeRef{kind: refObject, name: "W"}),
			fld("Items", `json:"items"`, &typeRef{kind: refSlice, elem: &typeRef{kind: refObject, name: "E"}}),
			fld("ByName", `json:"byName"`, &typeRef{kind: refMap, key: str, elem: &typeRef{kind: refObject, name: "E"}}),
			fld("Tags", `json:"tags"`, &typeRef{kind: refSlice, elem: str}),
			fld("Ref", `json:"ref"`, &typeRef{kind: refExternal, typ: types.NewNamed(types.NewTypeName(0, nil, "ObjectReference", nil), types.NewStruct(nil, nil), nil)}),
		),
		"W": obj("W", fld("Start", `json:"start"`, i32), fld("End", `json:"end,omitempty"`, pointerTo(i32))),
		"E": obj("E", fld("Port", `json:"port"`, i32)),
	}}
}

func TestGuardRule(t *testing.T) {
	self := &typeRef{kind: refObject, name: "S"}
	for _, tc := range []struct {
		name, args, want  string
		optionalByDefault bool
		warning           string // a part of the warning; "" for none
	}{
		{name: "required properties", args: `rule="self.min <= self.max",message="min above max"`,
			want: `rule="(has(self.min) && has(self.max)) ? (self.min <= self.max) : true",message="min above max"`},
		{name: "optional: the author's to guard", args: `rule="self.opt > 0 && self.marked > 0"`, want: `rule="self.opt > 0 && self.marked > 0"`},
		{name: "+required with omitempty", args: `rule="self.req > 0"`, want: `rule="has(self.req) ? (self.req > 0) : true"`},
		{name: "defaulted", args: `rule="self.class != ''"`, want: `rule="has(self.class) ? (self.class != '') : true"`},
		{name: "package optional by default", optionalByDefault: true, args: `rule="self.min <= self.req"`,
			want: `rule="has(self.req) ? (self.min <= self.req) : true"`},
		{name: "has() is no read", args: `rule="has(self.opt) || has(self.w.end)"`, want: `rule="has(self.w) ? (has(self.opt) || has(self.w.end)) : true"`},
		{name: "nested", args: `rule="self.w.start < 24"`, want: `rule="(has(self.w) && has(self.w.start)) ? (self.w.start < 24) : true"`},
		{name: "transition rule", args: `rule="self.min == oldSelf.min",messageExpression="'was ' + string(oldSelf.min)",fieldPath=".min",reason=FieldValueForbidden`,
			want: `rule="(has(self.min) && has(oldSelf.min)) ? (self.min == oldSelf.min) : true",messageExpression="'was ' + string(oldSelf.min)",fieldPath=".min",reason=FieldValueForbidden`},
		{name: "escaped names", args: `rule="self.__namespace__ != self.x__dash__y"`,
			want: `rule="(has(self.__namespace__) && has(self.x__dash__y)) ? (self.__namespace__ != self.x__dash__y) : true"`},
		{name: "another package's struct keeps its own", args: `rule="self.ref.name != ''"`, want: `rule="has(self.ref) ? (self.ref.name != '') : true"`},
		{name: "list of strings in a macro", args: `rule="self.tags.all(t, t.size() > 0)"`, want: `rule="has(self.tags) ? (self.tags.all(t, t.size() > 0)) : true"`},
		{name: "raw string", args: "rule=`self.min < 3`", want: "rule=`has(self.min) ? (self.min < 3) : true`"},
		{name: "escapes kept", args: `rule="self.namespace == \"a\\\\b\"" `, want: `rule="self.namespace == \"a\\\\b\"" `},
		{name: "escapes kept, guarded", args: `rule="self.__namespace__ == \"a\\\\b\""`,
			want: `rule="has(self.__namespace__) ? (self.__namespace__ == \"a\\\\b\") : true"`},
		{name: "bare", args: `rule=self.min > 0,message=m`, want: `rule="has(self.min) ? (self.min > 0) : true",message=m`},
		{name: "optional select", args: `rule="self.?opt.orValue(0) >= 0"`, want: `rule="self.?opt.orValue(0) >= 0"`},
		// Left as written, with a warning.
		{name: "element in a macro", args: `rule="self.items.all(e, e.port > 0)"`, want: `rule="self.items.all(e, e.port > 0)"`,
			warning: "reads port of E (through a list's element"},
		{name: "map value", args: `rule="self.byName['a'].port > 0"`, want: `rule="self.byName['a'].port > 0"`, warning: "reads port of E"},
		{name: "optionalOldSelf", args: `rule="!oldSelf.hasValue() || self.min >= oldSelf.value().min",optionalOldSelf=true`,
			want: `rule="!oldSelf.hasValue() || self.min >= oldSelf.value().min",optionalOldSelf=true`, warning: "reads min of S"},
		{name: "unknown value", args: `rule="(self.min > 0 ? self.w : self.w).start > 0"`, want: `rule="(self.min > 0 ? self.w : self.w).start > 0"`,
			warning: "start of a value whose type the generator does not follow"},
		{name: "does not parse", args: `rule="self.min >"`, want: `rule="self.min >"`, warning: "does not parse"},
		{name: "ends in a comment", args: `rule="self.min > 0 // positive"`, want: `rule="self.min > 0 // positive"`, warning: "cannot guard it"},
		{name: "marker unread", args: `rule="self.min`, want: `rule="self.min`, warning: "cannot read the marker"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, warning := guardRule(celVersion(tc.optionalByDefault), self, tc.args)
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if tc.warning == "" && warning != "" || !strings.Contains(warning, tc.warning) {
				t.Errorf("warning %q, want one with %q", warning, tc.warning)
			}
		})
	}
}

// TestTwinRulesGuarded: the celrules case's twins carry v2's rules
// guarded, field rules too, and v2 keeps them as written; the rule the
// generator cannot guard is a warning naming version, type, property and
// rule.
func TestTwinRulesGuarded(t *testing.T) {
	dir := filepath.Join("testdata", "celrules")
	out, err := generateCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	rules := func(file string) []string {
		text, ok := out.files[mustAbs(t, filepath.Join(dir, "api", file))]
		if !ok {
			text = mustRead(t, filepath.Join(dir, "api", file))
		}
		var rs []string
		for _, l := range strings.Split(string(text), "\n") {
			if _, r, ok := strings.Cut(l, markerXValidation); ok {
				rs = append(rs, r)
			}
		}
		return rs
	}
	want := []string{
		`rule="(has(self.minReplicas) && has(self.maxReplicas)) ? (self.minReplicas <= self.maxReplicas) : true",message="minReplicas must not exceed maxReplicas",fieldPath=".minReplicas"`,
		`rule="(has(self.class) && has(oldSelf.class)) ? (self.class == oldSelf.class) : true",messageExpression="'class is immutable, was ' + oldSelf.class",reason=FieldValueForbidden`,
		`rule="has(self.maxReplicas) ? (!has(self.zones) || self.zones.size() <= self.maxReplicas) : true",message="more zones than replicas"`,
		`rule="self.size() > 0",message="name a zone, or leave zones out"`,
		"rule=`(has(self.end) && has(self.start)) ? (self.end - self.start <= 24) : true`,message=\"a window of a day at most\"",
		`rule="self.all(p, p.port > 0)",message="ports are positive"`,
		`rule="(has(self.start) && has(self.end)) ? (self.start < self.end) : true",message="a window ends after it starts"`,
	}
	if got := rules(filepath.Join("v2storage", "zz_generated.types.go")); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("v2storage's rules:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := rules(filepath.Join("v2", "scaler_types.go")); len(got) != len(want) || strings.Contains(strings.Join(got, ""), "has(self.maxReplicas)") {
		t.Errorf("v2's rules changed: %q", got)
	}
	var warnings []string
	for _, w := range out.warnings {
		if strings.Contains(w, "XValidation") {
			warnings = append(warnings, w)
		}
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], `v2 ScalerSpec.Ports: +kubebuilder:validation:XValidation:rule="self.all(p, p.port > 0)"`) {
		t.Errorf("warnings %q, want one for v2 ScalerSpec.Ports", warnings)
	}
}
