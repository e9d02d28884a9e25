package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// The enum of a string type marked +enum, Kubernetes' way: the values of
// the constants of the type in its package. enummap's v1 Color declares
// Red, Green and Blue so, v2's Color R, G and B with
// +kubebuilder:validation:Enum.

// TestPlusEnumWarns: without the hooks that map enummap's colors, the
// change of Color's values between v1 (its constants) and v2 (its marker)
// is warned about, naming both versions' values. Read from the
// +kubebuilder:validation:Enum marker alone, v1's Color has no enum, and
// the warning says "any value" for v1.
func TestPlusEnumWarns(t *testing.T) {
	api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		if dir == "v1storage" && bytes.Contains(b, []byte("AssignPropertiesTo")) {
			return []byte("// The hooks are removed.\n\npackage v1storage\n")
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "v2 WidgetSpec.Color (spec.color): its enum changes (Blue, Green, Red in v1; B, G, R in v2): the conversions carry a value as it is, also one the other version does not allow " +
		"(Blue only in v1; Green only in v1; Red only in v1; B only in v2; G only in v2; R only in v2); "
	if !slices.ContainsFunc(out.warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("no warning starts %q:\n%s", want, strings.Join(out.warnings, "\n"))
	}
}

// TestPlusEnumValues: where the values of a +enum type come from, as the
// generated test's draws show them. Only the typed string constants of
// the type's own package count (not an untyped constant, one of type
// string, nor a variable of the type), unexported ones too, each value
// once; a +kubebuilder:validation:Enum marker, on the type or the field,
// wins over them; a type marked +enum without constants, and one with
// constants but no +enum, has no enum: v1's Color then takes any string,
// and the generated test leaves Color to random strings, as it does for a
// plain string field.
func TestPlusEnumValues(t *testing.T) {
	consts := []byte("\tColorBlue  Color = \"Blue\"\n")
	cases := []struct {
		name       string
		edit       func(b []byte) []byte // of v1's types
		want, none string                // a line of the generated test; a value it must not draw
	}{{
		name: "constants",
		edit: func(b []byte) []byte {
			return bytes.Replace(b, consts, append(consts, []byte("\tcolorTeal Color = \"Teal\"\n\tColorAgain Color = \"Red\"\n"+
				"\tUntyped = \"Untyped\"\n\tPlain string = \"Plain\"\n)\n\nvar ColorVar Color = \"Var\"\n\nconst (\n")...), 1)
		},
		want: `convtest.FieldValues("Color", "B", "Blue", "G", "Green", "R", "Red", "Teal", "unlisted-value", ""),`,
		none: `"Untyped"`,
	}, {
		name: "marker on the type wins",
		edit: func(b []byte) []byte {
			return bytes.Replace(b, []byte("// +enum\n"), []byte("// +enum\n// +kubebuilder:validation:Enum=Red;Yellow\n"), 1)
		},
		want: `convtest.FieldValues("Color", "B", "G", "R", "Red", "Yellow", "unlisted-value", ""),`,
		none: `"Green"`,
	}, {
		name: "marker on the field wins",
		edit: func(b []byte) []byte {
			return bytes.Replace(b, []byte("\tColor Color `json"), []byte("\t// +kubebuilder:validation:Enum=Red;Yellow\n\tColor Color `json"), 1)
		},
		want: `convtest.FieldValues("Color", "B", "G", "R", "Red", "Yellow", "unlisted-value", ""),`,
		none: `"Green"`,
	}, {
		name: "no constants",
		edit: func(b []byte) []byte {
			i := bytes.Index(b, []byte("// The values of Color."))
			j := bytes.Index(b, []byte("// WidgetStatus"))
			return append(b[:i:i], b[j:]...)
		},
		want: "// The enum properties of Widget (a string, or a list or map of strings, with +kubebuilder:validation:Enum, or +enum on its type and constants of it, in some version) are not drawn from their values. " +
			"Left to random strings, which a FieldValues would replace: WidgetSpec.Color (an enum in v2 WidgetSpec.Color): v1 WidgetSpec.Color takes any string.",
		none: "FieldValues(",
	}, {
		name: "no +enum",
		edit: func(b []byte) []byte {
			return bytes.Replace(b, []byte("// +enum\n"), nil, 1)
		},
		want: "// The enum properties of Widget (a string, or a list or map of strings, with +kubebuilder:validation:Enum, or +enum on its type and constants of it, in some version) are not drawn from their values. " +
			"Left to random strings, which a FieldValues would replace: WidgetSpec.Color (an enum in v2 WidgetSpec.Color): v1 WidgetSpec.Color takes any string.",
		none: "FieldValues(",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			api := freshCase(t, "enummap", func(dir string, b []byte) []byte {
				if dir == "v1" && bytes.Contains(b, []byte("type Color string")) {
					edited := c.edit(b)
					if bytes.Equal(edited, b) {
						t.Fatalf("the edit changes nothing in v1's types")
					}
					return edited
				}
				return b
			}, nil)
			out, err := generate(api, options{})
			if err != nil {
				t.Fatal(err)
			}
			test := storageTest(out, "v2storage")
			if !strings.Contains(test, c.want) {
				t.Errorf("the generated test lacks\n%s\nin:\n%s", c.want, test)
			}
			if strings.Contains(test, c.none) {
				t.Errorf("the generated test draws %s:\n%s", c.none, test)
			}
		})
	}
}
