package genruntime

import "testing"

// Two versions' independently generated enum types.
type genderV1 string

type genderV2 string

func TestConvertEnumPointer(t *testing.T) {
	if got := ConvertEnumPointer[genderV1, string](nil); got != nil {
		t.Fatalf("ConvertEnumPointer(nil) = %v, want nil", *got)
	}
	// Members, values the version does not list, other spellings and the
	// empty string all keep their exact spelling, in both directions.
	for _, s := range []string{"Female", "FEMALE", "female", "Unspecified", "", "été"} {
		v1 := ConvertEnumPointer[genderV1](&s)
		if v1 == nil || string(*v1) != s {
			t.Fatalf("ConvertEnumPointer[genderV1](%q) = %v", s, v1)
		}
		v2 := ConvertEnumPointer[genderV2](v1)
		back := ConvertEnumPointer[string](v2)
		if back == nil || *back != s {
			t.Fatalf("storage → v1 → v2 → storage of %q = %v", s, back)
		}
		*v1 = "changed"
		if s == "changed" || string(*v2) != s {
			t.Fatal("ConvertEnumPointer result aliases its source")
		}
	}
}
