package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRenameRelations: the renames of the Person fixture, with two more in
// the elements of a list and the values of a map, are declared to the
// visibility check at every path they reach, in JSON names.
func TestRenameRelations(t *testing.T) {
	api := freshCase(t, "person", func(dir string, b []byte) []byte {
		if dir == "v3" {
			b = bytes.Replace(b, []byte("\tValue string `json:\"value,omitempty\"`"), []byte("\t// +hubspoke:renamedFrom=Value\n\tText string `json:\"text,omitempty\"`"), 1)
			b = bytes.Replace(b, []byte("\tBalance int64 `json:\"balance,omitempty\"`"), []byte("\t// +hubspoke:renamedFrom=Balance\n\tAmount int64 `json:\"amount,omitempty\"`"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range renameRelations(out.chain, "Person") {
		got = append(got, fmt.Sprintf("%s: %s → %s", r.version.name, r.old, r.new))
	}
	slices.Sort(got)
	want := []string{
		"v3: spec.accounts{*}.balance → spec.accounts{*}.amount",
		"v3: spec.contacts[*].value → spec.contacts[*].text",
		"v3: spec.nickname → spec.knownAs",
	}
	if !slices.Equal(got, want) {
		t.Errorf("relations:\n%v\nwant:\n%v", got, want)
	}
}

// TestDefaultOptions: the generated test of the validatingwebhook fixture
// declares every API version's single-value defaults to the visibility
// check (convtest.Default), at every path, the marker's value written as a
// literal of the property's kind; a list's default ({v1beta1}) is left
// out. Without them the check cannot see a hook that leaves v1beta1's
// unset failurePolicy unset at v1, where unset means Fail, not Ignore.
func TestDefaultOptions(t *testing.T) {
	api := freshCase(t, "validatingwebhook", nil, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	test := v1storageTest(out)
	for _, want := range []string{
		`convtest.Default("v1beta1", "webhooks[*].failurePolicy", "Ignore"),`,
		`convtest.Default("v1", "webhooks[*].failurePolicy", "Fail"),`,
		`convtest.Default("v1beta1", "webhooks[*].timeoutSeconds", 30),`,
		`convtest.Default("v1", "webhooks[*].timeoutSeconds", 10),`,
		`convtest.Default("v1beta1", "webhooks[*].sideEffects", "Unknown"),`,
		`convtest.Default("v1", "webhooks[*].rules[*].scope", "*"),`,
		`convtest.Default("v1", "webhooks[*].clientConfig.service.port", 443),`,
		`append(append(append([]convtest.Option{}, validatingWebhookConfigurationEnumValues...), validatingWebhookConfigurationDefaults...), validatingWebhookConfigurationTestOptions()...)...)`,
	} {
		if !strings.Contains(test, want) {
			t.Errorf("the generated test lacks %s:\n%s", want, test)
		}
	}
	if strings.Contains(test, "admissionReviewVersions") {
		t.Errorf("the generated test declares the default of a list:\n%s", test)
	}
}

// TestDefaultOptionsWithRelations: a kind with markers' relations, enum
// values, declared defaults and hand-written options gets all four, in one
// list that compiles (the generated test is vetted by TestFixturesConvert;
// here its text): validatingwebhook with v1's namespaceSelector renamed.
func TestDefaultOptionsWithRelations(t *testing.T) {
	api := freshCase(t, "validatingwebhook", func(dir string, b []byte) []byte {
		if dir != "v1" {
			return b
		}
		return bytes.Replace(b, []byte("\tNamespaceSelector *metav1.LabelSelector `json:\"namespaceSelector,omitempty\"`"),
			[]byte("\t// +hubspoke:renamedFrom=NamespaceSelector\n\tNamespaces *metav1.LabelSelector `json:\"namespaces,omitempty\"`"), 1)
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	test := v1storageTest(out)
	want := `append(append(append([]convtest.Option{validatingWebhookConfigurationRelations}, validatingWebhookConfigurationEnumValues...), validatingWebhookConfigurationDefaults...), validatingWebhookConfigurationTestOptions()...)...)`
	if !strings.Contains(test, want) {
		t.Errorf("the generated test lacks %s:\n%s", want, test)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "test.go", test, 0); err != nil {
		t.Errorf("the generated test does not parse: %v", err)
	}
}

// TestDefaultLiteral: a default marker's value as a Go literal of the
// property's kind, or nothing where it is not one.
func TestDefaultLiteral(t *testing.T) {
	str := &typeRef{kind: refBasic, typ: types.Typ[types.String]}
	i32 := &typeRef{kind: refBasic, typ: types.Typ[types.Int32]}
	flag := &typeRef{kind: refBasic, typ: types.Typ[types.Bool]}
	f64 := &typeRef{kind: refBasic, typ: types.Typ[types.Float64]}
	for _, c := range []struct {
		r        *typeRef
		marker   string
		want     string
		declared bool
	}{
		{str, "Ignore", `"Ignore"`, true},
		{pointerTo(str), `"*"`, `"*"`, true},
		{str, "{v1beta1}", "", false},
		{str, "", "", false},
		{pointerTo(i32), "30", "30", true},
		{i32, "thirty", "", false},
		{i32, "1.5", "", false},
		{flag, "true", "true", true},
		{flag, "yes", "", false},
		{f64, "0.5", "0.5", true},
		{&typeRef{kind: refSlice, elem: str}, "{a}", "", false},
	} {
		got, ok := defaultLiteral(c.r, c.marker)
		if got != c.want || ok != c.declared {
			t.Errorf("defaultLiteral(%s, %q) = %q, %v; want %q, %v", c.r, c.marker, got, ok, c.want, c.declared)
		}
	}
}

// v1storageTest returns the conversion test generated into v1storage.
func v1storageTest(out *output) string {
	for p, b := range out.files {
		if strings.HasSuffix(p, "/v1storage/zz_generated.conversion_test.go") {
			return string(b)
		}
	}
	return ""
}

// TestEnumValueOptions: the generated test of a small chain draws each
// string enum property from the union of the values its versions declare
// (on the field or its type, by value or through a pointer, or on the
// elements of a list or map: Families, Zones), a value no version lists
// (unlisted-value, with a suffix where a version lists it) and "", before
// the hand-written options, whose FieldValues then win. A name that a
// field of the same struct takes any string under in some version
// (Finish, plain in v1) is left to random strings and named in a comment;
// one that another struct's field takes any string under (Operator, as
// metav1.LabelSelectorRequirement's) is qualified by its struct
// (WidgetSpec.Operator); an enum of integers is left out.
func TestEnumValueOptions(t *testing.T) {
	api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		spec := []byte("\tColor Color `json:\"color,omitempty\"`\n")
		switch dir {
		case "v1":
			// A constant of v1's +enum Color.
			b = bytes.Replace(b, []byte("\tColorBlue  Color = \"Blue\"\n"), []byte("\tColorBlue  Color = \"Blue\"\n\tColorUnlisted Color = \"unlisted-value\"\n"), 1)
			return bytes.Replace(b, spec, append(spec, []byte("\tFinish string `json:\"finish,omitempty\"`\n"+
				"\tSelector *metav1.LabelSelector `json:\"selector,omitempty\"`\n")...), 1)
		case "v2":
			b = append(b, []byte("\n// IPFamily is an IP family.\n// +kubebuilder:validation:Enum=IPv4;IPv6\ntype IPFamily string\n")...)
			return bytes.Replace(b, spec, append(spec, []byte("\t// +kubebuilder:validation:Enum=Matte;Gloss\n\tFinish string `json:\"finish,omitempty\"`\n"+
				"\tSelector *metav1.LabelSelector `json:\"selector,omitempty\"`\n"+
				"\t// +kubebuilder:validation:Enum=In;NotIn\n\tOperator string `json:\"operator,omitempty\"`\n"+
				"\t// +kubebuilder:validation:Enum=1;2\n\tLevel int32 `json:\"level,omitempty\"`\n"+
				"\t// +kubebuilder:validation:Enum=Small;Large\n\tSize *string `json:\"size,omitempty\"`\n"+
				"\tFamilies []IPFamily `json:\"families,omitempty\"`\n"+
				"\tZones map[string]IPFamily `json:\"zones,omitempty\"`\n")...), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	want := `// Left to random strings, which a FieldValues would replace: WidgetSpec.Finish (an enum in v2 WidgetSpec.Finish): v1 WidgetSpec.Finish takes any string.
// Qualified by their structs, since v1 LabelSelectorRequirement.Operator (k8s.io/apimachinery/pkg/apis/meta/v1) takes any string: WidgetSpec.Operator.
var widgetEnumValues = []convtest.Option{
	convtest.FieldValues("Color", "B", "Blue", "G", "Green", "R", "Red", "unlisted-value", "unlisted-value-2", ""),
	convtest.FieldValues("Families", "IPv4", "IPv6", "unlisted-value", ""),
	convtest.FieldValues("WidgetSpec.Operator", "In", "NotIn", "unlisted-value", ""),
	convtest.FieldValues("Size", "Large", "Small", "unlisted-value", ""),
	convtest.FieldValues("Zones", "IPv4", "IPv6", "unlisted-value", ""),
}
`
	if !strings.Contains(test, want) {
		t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
	}
	order := `append(append([]convtest.Option{}, widgetEnumValues...), widgetTestOptions()...)...)`
	if strings.Count(test, order) != 2 {
		t.Errorf("the round trip and reliability tests do not pass the enum values before the hand-written options (%s):\n%s", order, test)
	}
	for _, name := range []string{`"Finish"`, `"WidgetSpec.Finish"`, `"Operator"`, `"Level"`} {
		if strings.Contains(test, "FieldValues("+name) {
			t.Errorf("the generated test draws %s from its enum:\n%s", name, test)
		}
	}
}

// TestEnumValueOptionsQualified: an enum that shares its Go name with a
// field of another struct that takes any string (a union discriminator's
// Type beside a condition's Type: WidgetSpec.Color beside WidgetStatus.Color,
// and a type renamed between versions, v1's Paint as v2's Coat, beside
// WidgetStatus.Tone) is drawn under the name qualified by its struct, once
// for each name the struct has, each with the values of every version;
// the free-text field keeps its random strings. One comment line names
// them all, with the field that takes any string under each name.
func TestEnumValueOptionsQualified(t *testing.T) {
	status := []byte("type WidgetStatus struct {\n")
	spec := []byte("\tColor Color `json:\"color,omitempty\"`\n")
	api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		b = bytes.Replace(b, status, append(status, []byte("\t// +optional\n\tColor string `json:\"color,omitempty\"`\n\t// +optional\n\tTone string `json:\"tone,omitempty\"`\n")...), 1)
		switch dir {
		case "v1":
			b = bytes.Replace(b, spec, append(spec, []byte("\tPaint *Paint `json:\"paint,omitempty\"`\n")...), 1)
			return append(b, []byte("\n// Paint is a paint.\ntype Paint struct {\n\t// +kubebuilder:validation:Enum=Red;Green\n\tTone string `json:\"tone,omitempty\"`\n}\n")...)
		case "v2":
			b = bytes.Replace(b, spec, append(spec, []byte("\tPaint *Coat `json:\"paint,omitempty\"`\n")...), 1)
			return append(b, []byte("\n// Coat is a paint.\n// +hubspoke:renamedFrom=Paint\ntype Coat struct {\n\t// +kubebuilder:validation:Enum=R;G\n\tTone string `json:\"tone,omitempty\"`\n}\n")...)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	want := `// Qualified by their structs, since v1 WidgetStatus.Color takes any string: WidgetSpec.Color; since v1 WidgetStatus.Tone takes any string: Coat.Tone, Paint.Tone.
var widgetEnumValues = []convtest.Option{
	convtest.FieldValues("WidgetSpec.Color", "B", "Blue", "G", "Green", "R", "Red", "unlisted-value", ""),
	convtest.FieldValues("Coat.Tone", "G", "Green", "R", "Red", "unlisted-value", ""),
	convtest.FieldValues("Paint.Tone", "G", "Green", "R", "Red", "unlisted-value", ""),
}
`
	if !strings.Contains(test, want) {
		t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "test.go", test, parser.ParseComments); err != nil {
		t.Errorf("the generated test does not parse: %v", err)
	}
}

// skuAndRule edits the enummap fixture for the tests of enums that share
// a Go field name: WidgetSpec gains a Sku and a Rule, each with a Name of
// its own enum (a sku's Premium, Standard; a rule's Allow, Deny) and a Tier
// of one enum that both declare alike (Basic, Pro), in every version.
func skuAndRule(dir string, b []byte) []byte {
	if dir != "v1" && dir != "v2" {
		return b
	}
	spec := []byte("\tColor Color `json:\"color,omitempty\"`\n")
	b = bytes.Replace(b, spec, append(spec, []byte("\t// +optional\n\tSku *Sku `json:\"sku,omitempty\"`\n\t// +optional\n\tRule *Rule `json:\"rule,omitempty\"`\n")...), 1)
	return append(b, []byte(`
// Sku is a widget's price plan.
type Sku struct {
	// +kubebuilder:validation:Enum=Standard;Premium
	Name string `+"`json:\"name,omitempty\"`"+`
	// +kubebuilder:validation:Enum=Basic;Pro
	Tier string `+"`json:\"tier,omitempty\"`"+`
}

// Rule is a widget's access rule.
type Rule struct {
	// +kubebuilder:validation:Enum=Allow;Deny
	Name string `+"`json:\"name,omitempty\"`"+`
	// +kubebuilder:validation:Enum=Basic;Pro
	Tier string `+"`json:\"tier,omitempty\"`"+`
}
`)...)
}

// TestEnumValueOptionsDistinctEnums: two structs whose fields of one Go
// name are enums of different values (Sku.Name, Rule.Name) draw each
// under the name qualified by its struct, from its own values, so that no
// sku is named Allow (the kitchen fixture has such a pair, Sku.Mode and
// Rule.Mode, with hooks that refuse a sku of a rule's mode: its generated
// round trip fails when the values are merged under the bare name); a
// name whose enums agree in every struct (Tier)
// stays bare, as does a name the hand-written options draw bare (theirs
// win over the generated values of every field of the name, and a
// qualified option would win over them).
func TestEnumValueOptionsDistinctEnums(t *testing.T) {
	out, err := generate(freshCase(t, "enummap", skuAndRule, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	want := `// Qualified by their structs, since their enums differ: Rule.Name, Sku.Name.
var widgetEnumValues = []convtest.Option{
	convtest.FieldValues("Color", "B", "Blue", "G", "Green", "R", "Red", "unlisted-value", ""),
	convtest.FieldValues("Rule.Name", "Allow", "Deny", "unlisted-value", ""),
	convtest.FieldValues("Sku.Name", "Premium", "Standard", "unlisted-value", ""),
	convtest.FieldValues("Tier", "Basic", "Pro", "unlisted-value", ""),
}
`
	if !strings.Contains(test, want) {
		t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "test.go", test, parser.ParseComments); err != nil {
		t.Errorf("the generated test does not parse: %v", err)
	}

	bare := []byte("return []convtest.Option{\n")
	out, err = generate(freshCase(t, "enummap", func(dir string, b []byte) []byte {
		if dir == "v2storage" {
			if !bytes.Contains(b, bare) {
				t.Fatalf("the options of v2storage have no %q to add a FieldValues to", bare)
			}
			b = bytes.Replace(b, bare, append(bare, []byte("\t\tconvtest.FieldValues(\"Name\", \"Standard\", \"Allow\"),\n")...), 1)
		}
		return skuAndRule(dir, b)
	}, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	test = storageTest(out, "v2storage")
	if want := `convtest.FieldValues("Name", "Allow", "Deny", "Premium", "Standard", "unlisted-value", ""),`; !strings.Contains(test, want) || strings.Contains(test, `"Sku.Name"`) {
		t.Errorf("with the hand-written options drawing Name, the generated test does not draw it bare (%s) alone:\n%s", want, test)
	}
}

// TestEnumValueOptionsAllLeftOut: where every enum property shares its Go
// name and its struct with a field that takes any string in another
// version (v1's free-text color that v2 made an enum), the generated test
// draws no enum values and says so in a comment, naming the field, as it
// does when only some are left out.
func TestEnumValueOptionsAllLeftOut(t *testing.T) {
	api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		if dir == "v1" {
			b = bytes.Replace(b, []byte("\tColor Color `json:\"color,omitempty\"`\n"), []byte("\tColor string `json:\"color,omitempty\"`\n"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	if strings.Contains(test, "FieldValues(") {
		t.Errorf("the generated test draws Color from its enum although v1's WidgetSpec.Color takes any string:\n%s", test)
	}
	want := "are not drawn from their values. Left to random strings, which a FieldValues would replace: WidgetSpec.Color (an enum in v2 WidgetSpec.Color): v1 WidgetSpec.Color takes any string."
	if !strings.Contains(test, want) {
		t.Errorf("the generated test does not say that the enum Color is left to random strings (%q):\n%s", want, test)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "test.go", test, parser.ParseComments); err != nil {
		t.Errorf("the generated test does not parse: %v", err)
	}
}

// storageTest returns the conversion test generated into the storage
// package named storage.
func storageTest(out *output, storage string) string {
	for p, b := range out.files {
		if strings.HasSuffix(p, "/"+storage+"/zz_generated.conversion_test.go") {
			return string(b)
		}
	}
	return ""
}

// TestEnumValuesCatchMisMapping: the enummap fixture's hooks map v1's
// colors (Red) to v2's letters (R); with v1's Green seeded to map to B,
// the generated round trip fails, as it draws the colors from both
// versions' enums. With random strings the hooks never meet Green and the
// seeded bug passes (checked by hand: with enumValueOptions returning
// nothing, this test fails; the fixture's tests pass with seeds 1 to 3).
// One generation, one build, 200 cases of the round trip alone.
func TestEnumValuesCatchMisMapping(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a fixture's generated test (about 15 s)")
	}
	mapping := []byte(`"Green": "G",`)
	api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		if dir == "v1storage" {
			if !bytes.Contains(b, mapping) {
				t.Fatalf("the hooks of v1storage have no %s to seed the bug in", mapping)
			}
			b = bytes.Replace(b, mapping, []byte(`"Green": "B",`), 1)
		}
		return b
	}, nil)
	out, err := generate(api, caseOptions(filepath.Join("testdata", "enummap")))
	if err != nil {
		t.Fatal(err)
	}
	if err := out.write(); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Base(filepath.Dir(api))
	deepCopy(t, []string{copied})
	// go test runs while the package's other tests run (t.Parallel
	// waits for them).
	cmd := goCommand([]string{"HUBSPOKE_SEED=1", "HUBSPOKE_CASES=200"}, "test", "-count=1", "-vet=off", "-ldflags=-w", "-run", "^TestWidgetRoundTrip$", "./"+copied+"/api/v2storage")
	if err := cmd.start(); err != nil {
		t.Fatal(err)
	}
	t.Parallel()
	r := cmd.wait()
	got, err := r.out, r.err
	if err == nil || !strings.Contains(got, "--- FAIL: TestWidgetRoundTrip") || !strings.Contains(got, `"Green"`) {
		t.Errorf("the generated round trip passes the hook that maps Green to B, or fails otherwise (err %v):\n%s", err, got)
	}
}

// TestEnumValueOptionsBesideMetadata: a string enum named as a string field
// of the metadata (Kind, as TypeMeta's) still gets its values: convtest
// fills the metadata itself, where FieldValues does not reach.
func TestEnumValueOptionsBesideMetadata(t *testing.T) {
	api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		if dir != "v2" {
			return b
		}
		spec := []byte("\tColor Color `json:\"color,omitempty\"`\n")
		return bytes.Replace(b, spec, append(spec, []byte("\t// +kubebuilder:validation:Enum=Fast;Slow\n\tKind string `json:\"kind,omitempty\"`\n")...), 1)
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	if want := `convtest.FieldValues("Kind", "Fast", "Slow", "unlisted-value", ""),`; !strings.Contains(test, want) {
		t.Errorf("the generated test lacks %s:\n%s", want, test)
	}
}

// TestConvtestNeedsRegisteredKinds: an API version whose package does not
// register its kind (no SchemeBuilder.Register in an init function, as a
// type written by hand rather than scaffolded may lack) is not in the
// scheme of the generated test, and convtest tests the versions the scheme
// holds: the round trip of the single fixture then tests its storage twin
// alone and passes. The generated test fails instead, naming the kind.
func TestConvtestNeedsRegisteredKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a fixture's generated test (about 10 s)")
	}
	register := []byte("SchemeBuilder.Register(&Widget{}, &WidgetList{})")
	api := freshCase(t, "single", func(dir string, b []byte) []byte {
		if dir == "v1" && bytes.Contains(b, register) {
			b = bytes.Replace(b, register, []byte("_ = SchemeBuilder"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := out.write(); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Base(filepath.Dir(api))
	deepCopy(t, []string{copied})
	// go test runs while the package's other tests run (t.Parallel
	// waits for them).
	cmd := goCommand([]string{"HUBSPOKE_CASES=10"}, "test", "-count=1", "-vet=off", "-ldflags=-w", "-run", "^TestWidgetRoundTrip$", "./"+copied+"/api/v1storage")
	if err := cmd.start(); err != nil {
		t.Fatal(err)
	}
	t.Parallel()
	r := cmd.wait()
	got, err := r.out, r.err
	want := "example.com/v1, Kind=Widget is not registered"
	if err == nil || !strings.Contains(got, want) {
		t.Errorf("the generated round trip passes without v1's Widget in the scheme, or fails otherwise (err %v), want %q:\n%s", err, want, got)
	}
}

// unionCase is the enummap fixture with a union in WidgetSpec: latest and
// pinned, of which v1 allows at most one (AtMostOneOf, in braces) and v2
// exactly one (ExactlyOneOf, with a name v2 does not have, which is left
// out); v2 also names a union of fewer than two fields it has, which is
// no union.
func unionCase(t *testing.T) string {
	return freshCase(t, "enummap", func(dir string, b []byte) []byte {
		marker := map[string]string{
			"v1": "// +kubebuilder:validation:AtMostOneOf={latest,pinned}\n",
			"v2": "// +kubebuilder:validation:ExactlyOneOf=latest;pinned;manual\n// +kubebuilder:validation:AtMostOneOf=color;release\n",
		}[dir]
		if marker == "" {
			return b
		}
		decl := []byte("type WidgetSpec struct {\n")
		fields := "\t// +optional\n\tLatest *Mode `json:\"latest,omitempty\"`\n\t// +optional\n\tPinned *Mode `json:\"pinned,omitempty\"`\n"
		b = bytes.Replace(b, decl, append([]byte(marker), append(decl, fields...)...), 1)
		return append(b, "\n// Mode is a way to route.\ntype Mode struct {\n\t// +optional\n\tName string `json:\"name,omitempty\"`\n}\n"...)
	}, nil)
}

// TestOneOfOptions: the generated test declares each union of a struct
// (+kubebuilder:validation:ExactlyOneOf, AtMostOneOf) to convtest by the
// struct's Go name and its members' Go names, once though two versions
// declare it, and passes it to the round trip and Reliability.
func TestOneOfOptions(t *testing.T) {
	out, err := generate(unionCase(t), options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	want := "var widgetOneOfs = []convtest.Option{\n\tconvtest.OneOf(\"WidgetSpec\", \"Latest\", \"Pinned\"),\n}\n"
	if !strings.Contains(test, want) {
		t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
	}
	if n := strings.Count(test, "widgetOneOfs..."); n != 2 {
		t.Errorf("widgetOneOfs is passed %d times, want 2 (round trip, Reliability):\n%s", n, test)
	}
	if strings.Contains(test, `"Color"`+")") || strings.Contains(test, `OneOf("WidgetSpec", "Color"`) {
		t.Errorf("a union with one member the version has is declared:\n%s", test)
	}
}

// TestOneOfOptionsRun: the generated tests of the union case build and
// pass with the union declared (the generated conversions copy both
// members as they are). One generation, one build, 200 cases of each.
func TestOneOfOptionsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a fixture's generated test (about 15 s)")
	}
	api := unionCase(t)
	out, err := generate(api, caseOptions(filepath.Join("testdata", "enummap")))
	if err != nil {
		t.Fatal(err)
	}
	if err := out.write(); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Base(filepath.Dir(api))
	deepCopy(t, []string{copied})
	cmd := goCommand([]string{"HUBSPOKE_SEED=1", "HUBSPOKE_CASES=200"}, "test", "-count=1", "-vet=off", "-ldflags=-w", "-run", "^TestWidget(RoundTrip|Reliability)$", "./"+copied+"/api/v2storage")
	if err := cmd.start(); err != nil {
		t.Fatal(err)
	}
	t.Parallel()
	r := cmd.wait()
	if r.err != nil || strings.Contains(r.out, "no tests to run") {
		t.Errorf("the generated tests of the union case fail, or do not run (err %v):\n%s", r.err, r.out)
	}
}

// kubernetesUnionCase is the enummap fixture with unions declared by
// Kubernetes' markers: v1's Route says +union, with a discriminator
// (+unionDiscriminator) and a required field, which are no members; v2's
// Route marks its members +k8s:unionMember and its discriminator
// +k8s:unionDiscriminator (the same union: declared once), and v2's
// WidgetSpec holds two named unions (+k8s:unionMember(union: ...), one of
// them in a stage, +k8s:alpha(...)=) and a union of one member, which is
// none.
func kubernetesUnionCase(t *testing.T) string {
	return freshCase(t, "enummap", func(dir string, b []byte) []byte {
		var route, spec string
		switch dir {
		case "v1":
			route = "// Route picks one way.\n// +union\ntype Route struct {\n" +
				"\t// +unionDiscriminator\n\t// +optional\n\tType string `json:\"type,omitempty\"`\n" +
				"\t// +required\n\tName string `json:\"name\"`\n" +
				"\t// +optional\n\tLatest *Mode `json:\"latest,omitempty\"`\n" +
				"\t// +optional\n\tPinned *Mode `json:\"pinned,omitempty\"`\n}\n"
		case "v2":
			route = "// Route picks one way.\ntype Route struct {\n" +
				"\t// +k8s:unionDiscriminator\n\t// +optional\n\tType string `json:\"type,omitempty\"`\n" +
				"\t// +required\n\tName string `json:\"name\"`\n" +
				"\t// +k8s:unionMember\n\t// +optional\n\tLatest *Mode `json:\"latest,omitempty\"`\n" +
				"\t// +k8s:unionMember\n\t// +optional\n\tPinned *Mode `json:\"pinned,omitempty\"`\n}\n"
			spec = "\t// +k8s:unionMember(union: \"pick\", memberName: \"a\")\n\t// +optional\n\tA *Mode `json:\"a,omitempty\"`\n" +
				"\t// +k8s:alpha(since: \"1.36\")=+k8s:unionMember(union: \"pick\")\n\t// +optional\n\tB *Mode `json:\"b,omitempty\"`\n" +
				"\t// +k8s:unionMember(union: \"alone\")\n\t// +optional\n\tC *Mode `json:\"c,omitempty\"`\n"
		default:
			return b
		}
		decl := []byte("type WidgetSpec struct {\n")
		b = bytes.Replace(b, decl, append(decl, "\t// +optional\n\tRoute *Route `json:\"route,omitempty\"`\n"+spec...), 1)
		return append(b, "\n"+route+"\n// Mode is a way to route.\ntype Mode struct {\n\t// +optional\n\tName string `json:\"name,omitempty\"`\n}\n"...)
	}, nil)
}

// TestKubernetesUnionOptions: the generated test declares the unions of
// Kubernetes' markers (+union, +k8s:unionMember) to convtest, members
// only: not the discriminator, nor a required field of a +union struct.
func TestKubernetesUnionOptions(t *testing.T) {
	out, err := generate(kubernetesUnionCase(t), options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	want := "var widgetOneOfs = []convtest.Option{\n\tconvtest.OneOf(\"Route\", \"Latest\", \"Pinned\"),\n\tconvtest.OneOf(\"WidgetSpec\", \"A\", \"B\"),\n}\n"
	if !strings.Contains(test, want) {
		t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
	}
}

func TestK8sMarker(t *testing.T) {
	for _, c := range []struct {
		m, args string
		ok      bool
	}{
		{"+k8s:unionMember", "", true},
		{`+k8s:unionMember(union: "a")`, `union: "a"`, true},
		{`+k8s:alpha(since: "1.36")=+k8s:unionMember`, "", true},
		{"+k8s:unionMemberOf", "", false},
		{"+k8s:unionDiscriminator", "", false},
		{"+optional", "", false},
	} {
		if args, ok := k8sMarker(c.m, markerK8sUnionMember); args != c.args || ok != c.ok {
			t.Errorf("k8sMarker(%q) = %q, %v; want %q, %v", c.m, args, ok, c.args, c.ok)
		}
	}
}
