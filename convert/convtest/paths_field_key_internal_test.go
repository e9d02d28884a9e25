package convtest

import "testing"

// TestMatchPrefixFieldIsNoKey: a field and a map key of the same name are
// different places ("spec.app" is no pattern for `spec["app"]`, nor the
// other way round), so that a SkipVisibility or Relation of one never
// reaches the other.
func TestMatchPrefixFieldIsNoKey(t *testing.T) {
	spec := seg{kind: segField, name: "spec"}
	field, key := seg{kind: segField, name: "app"}, seg{kind: segKey, name: "app"}
	for _, tc := range []struct {
		pattern, path seg
		want          bool
	}{{field, field, true}, {key, key, true}, {field, key, false}, {key, field, false}} {
		if _, got := matchPrefix([]seg{spec, tc.pattern}, []seg{spec, tc.path}); got != tc.want {
			t.Errorf("matchPrefix(%s, %s) = %v, want %v", renderPath([]seg{spec, tc.pattern}), renderPath([]seg{spec, tc.path}), got, tc.want)
		}
	}
}
