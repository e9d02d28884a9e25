package genruntime

import (
	"reflect"
	"strings"
	"testing"
)

// Two versions' independently generated enum types.
type genderV1 string

const (
	genderV1Female genderV1 = "Female"
	genderV1Male   genderV1 = "Male"
	genderV1Other  genderV1 = "other"
)

type genderV2 string

const (
	genderV2Female      genderV2 = "Female"
	genderV2Male        genderV2 = "Male"
	genderV2Other       genderV2 = "Other" // renamed spelling in v2
	genderV2Unspecified genderV2 = "Unspecified"
)

var (
	genderV1Values = EnumValues(genderV1Female, genderV1Male, genderV1Other)
	genderV2Values = EnumValues(genderV2Female, genderV2Male, genderV2Other, genderV2Unspecified)
)

func TestEnumValues(t *testing.T) {
	want := map[string]genderV1{"female": genderV1Female, "male": genderV1Male, "other": genderV1Other}
	if !reflect.DeepEqual(genderV1Values, want) {
		t.Fatalf("EnumValues = %v, want %v", genderV1Values, want)
	}
	if got := EnumValues[genderV1](); got == nil || len(got) != 0 {
		t.Fatalf("EnumValues() = %#v, want empty non-nil", got)
	}
	if got := EnumValues(genderV1Male, genderV1Male); len(got) != 1 || got["male"] != genderV1Male {
		t.Fatalf("duplicates: %v", got)
	}
}

// isMember reports whether e is a member of the table known.
func isMember[E ~string](e E, known map[string]E) bool {
	for _, m := range known {
		if m == e {
			return true
		}
	}
	return false
}

func TestConvertEnumRule(t *testing.T) {
	tests := []struct {
		value     string
		want      genderV1
		wantKnown bool
	}{
		{"Female", genderV1Female, true}, // exact
		{"female", genderV1Female, true}, // case-insensitive
		{"FEMALE", genderV1Female, true},
		{"fEmAlE", genderV1Female, true},
		{"other", genderV1Other, true}, // exact, lower-case member
		{"OTHER", genderV1Other, true},
		{"Unspecified", "Unspecified", false}, // fallback keeps the value
		{"unSpecified", "unSpecified", false}, // fallback keeps the spelling
		{"", "", false},
		{" female", " female", false}, // no trimming
	}
	for _, tt := range tests {
		got := ConvertEnum(tt.value, genderV1Values)
		if known := isMember(got, genderV1Values); got != tt.want || known != tt.wantKnown {
			t.Errorf("ConvertEnum(%q) = %q (a member: %v); want %q (%v)", tt.value, got, known, tt.want, tt.wantKnown)
		}
	}
}

func TestEnumCaseCollisions(t *testing.T) {
	type mode string
	// Listed with the mixed-case spellings first on purpose: a lower-case
	// member must still win its own key.
	known := EnumValues[mode]("Foo", "FOO", "foo", "Bar", "BAR")
	tests := []struct {
		value string
		want  mode
		known bool
	}{
		{"Foo", "Foo", true}, // exact matches always win
		{"FOO", "FOO", true},
		{"foo", "foo", true},
		{"fOO", "foo", true}, // ambiguous: the lower-case member
		{"Bar", "Bar", true},
		{"BAR", "BAR", true},
		{"bar", "Bar", true}, // ambiguous, no lower-case member: first listed
		{"bAR", "Bar", true},
		{"baz", "baz", false},
	}
	for _, tt := range tests {
		got := ConvertEnum(tt.value, known)
		if ok := isMember(got, known); got != tt.want || ok != tt.known {
			t.Errorf("ConvertEnum(%q) = %q (a member: %v); want %q (%v)", tt.value, got, ok, tt.want, tt.known)
		}
	}
}

func TestEnumTables(t *testing.T) {
	// A hand-written table keyed by lower-case spelling works the same.
	hand := map[string]genderV1{"female": genderV1Female}
	if got := ConvertEnum("FeMale", hand); got != genderV1Female {
		t.Fatalf("hand-written table: %q", got)
	}
	// A nil table is a plain conversion.
	if got := ConvertEnum[genderV1]("fEmale", nil); got != "fEmale" {
		t.Fatalf("nil table: %q", got)
	}
}

func TestEnumUnicodeRule(t *testing.T) {
	type season string
	known := EnumValues[season]("été")
	if got := ConvertEnum("ÉTÉ", known); got != "été" {
		t.Fatalf("ConvertEnum(ÉTÉ) = %q: strings.ToLower should match it", got)
	}
	// Documented limit: ToLower is not full folding, so long s does not
	// match s (strings.EqualFold would say they are equal).
	known2 := EnumValues[season]("s")
	if got := ConvertEnum("ſ", known2); got != "ſ" {
		t.Fatalf("ConvertEnum(ſ) = %q; want fallback", got)
	}
}

func TestConvertEnum(t *testing.T) {
	tests := []struct {
		from genderV1
		want genderV2
	}{
		{genderV1Female, genderV2Female},
		{genderV1Male, genderV2Male},
		{genderV1Other, genderV2Other}, // "other" -> "Other" via case-insensitive match
		{"Unspecified", genderV2Unspecified},
		{"NewInV9", "NewInV9"}, // unknown survives
	}
	for _, tt := range tests {
		if got := ConvertEnum(tt.from, genderV2Values); got != tt.want {
			t.Errorf("ConvertEnum(%q) = %q, want %q", tt.from, got, tt.want)
		}
	}
	// Unknown values survive a full round trip v2 -> v1 -> v2.
	if got := ConvertEnum(ConvertEnum(genderV2Unspecified, genderV1Values), genderV2Values); got != genderV2Unspecified {
		t.Errorf("round trip = %q", got)
	}
}

func TestConvertEnumPointer(t *testing.T) {
	// Storage *string -> API *E.
	if got := ConvertEnumPointer[genderV1, string](nil, genderV1Values); got != nil {
		t.Fatalf("ConvertEnumPointer(nil) = %v", *got)
	}
	s := "MALE"
	got := ConvertEnumPointer(&s, genderV1Values)
	if got == nil || *got != genderV1Male {
		t.Fatalf("ConvertEnumPointer(MALE) = %v", got)
	}
	if got2 := ConvertEnumPointer(&s, genderV1Values); got2 == got {
		t.Fatal("ConvertEnumPointer reused a pointer")
	}

	if got := ConvertEnumPointer[genderV2, genderV1](nil, genderV2Values); got != nil {
		t.Fatalf("ConvertEnumPointer(nil) = %v", *got)
	}
	v1 := genderV1Other
	if got := ConvertEnumPointer(&v1, genderV2Values); got == nil || *got != genderV2Other {
		t.Fatalf("ConvertEnumPointer(other) = %v", got)
	}
	// API *E -> storage *string with a nil table.
	str := ConvertEnumPointer[string](&v1, nil)
	if str == nil || *str != "other" {
		t.Fatalf("ConvertEnumPointer[string] = %v", str)
	}
	*str = "changed"
	if v1 != genderV1Other {
		t.Fatal("ConvertEnumPointer result aliases the source")
	}
}

// The effect of case-insensitive matching on round trips, as "Enum case and
// round trips" in the package documentation states it: exact and unknown
// spellings come back unchanged, other spellings change once, to the
// member's, and then stay.
func TestEnumRoundTripCase(t *testing.T) {
	type mode string
	tables := map[string]map[string]mode{
		"gender":     EnumValues[mode]("Female", "Male", "other"),
		"collisions": EnumValues[mode]("Foo", "FOO", "foo", "Bar", "BAR"),
		"empty":      EnumValues[mode](),
		"nil":        nil,
	}
	values := []string{
		"Female", "female", "FEMALE", "fEmAlE", "Male", "other", "OTHER", "Other",
		"Foo", "FOO", "foo", "fOO", "Bar", "BAR", "bar", "bAR", "baz", "", " female", "ÉTÉ",
	}
	for name, known := range tables {
		members := map[mode]bool{}
		for _, m := range known {
			members[m] = true
		}
		for _, v := range values {
			once := ConvertEnum(v, known)
			twice := ConvertEnum(once, known)
			if twice != once {
				t.Errorf("%s: %q → %q → %q: a second lookup changed the value", name, v, once, twice)
			}
			ok := isMember(once, known)
			switch {
			case members[mode(v)] || !ok:
				// Exact spelling of a member, or unknown: unchanged.
				if string(once) != v {
					t.Errorf("%s: %q came back as %q", name, v, once)
				}
			default:
				// Case-insensitive match: the member's spelling.
				if !members[once] || string(once) == v || !strings.EqualFold(string(once), v) {
					t.Errorf("%s: %q came back as %q, want the member spelled differently", name, v, once)
				}
			}
		}
	}

	// Storage → API → storage, as generated code converts an optional enum.
	storage := "FEMALE"
	api := ConvertEnumPointer(&storage, genderV1Values)
	back := ConvertEnumPointer[string](api, nil)
	if *api != genderV1Female || *back != "Female" {
		t.Errorf("storage %q → API %q → storage %q, want Female and \"Female\"", storage, *api, *back)
	}
	// Between versions whose members differ in case: members round-trip,
	// other spellings come back in the first version's spelling.
	type genderV4 string
	v4Values := EnumValues[genderV4]("female", "male", "other")
	for _, tc := range []struct{ from, want genderV1 }{
		{genderV1Female, genderV1Female},
		{genderV1Other, genderV1Other},
		{"FEMALE", genderV1Female},
		{"NonBinary", "NonBinary"},
	} {
		if got := ConvertEnum(ConvertEnum(tc.from, v4Values), genderV1Values); got != tc.want {
			t.Errorf("v1 %q → v4 → v1 = %q, want %q", tc.from, got, tc.want)
		}
	}
}
