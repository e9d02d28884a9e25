package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"go/types"
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
		`append(append([]convtest.Option{}, validatingWebhookConfigurationDefaults...), validatingWebhookConfigurationTestOptions()...)...)`,
	} {
		if !strings.Contains(test, want) {
			t.Errorf("the generated test lacks %s:\n%s", want, test)
		}
	}
	if strings.Contains(test, "admissionReviewVersions") {
		t.Errorf("the generated test declares the default of a list:\n%s", test)
	}
}

// TestDefaultOptionsWithRelations: a kind with markers' relations, declared
// defaults and hand-written options gets all three, in one list that
// compiles (the generated test is vetted by TestFixturesConvert; here its
// text): validatingwebhook with v1's namespaceSelector renamed.
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
	want := `append(append([]convtest.Option{validatingWebhookConfigurationRelations}, validatingWebhookConfigurationDefaults...), validatingWebhookConfigurationTestOptions()...)...)`
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
