package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRenameProposedWithoutStrict: a property dropped while its type gains
// exactly one property of the same type is, without -strict, a warning
// that proposes the rename marker, as -strict's error does. It proposed
// only +hubspoke:removed, which a new user porting flowcontrol's
// assuredConcurrencyShares (nominalConcurrencyShares in v1beta3) would
// follow, and no generated test then notices that v1beta1's shares never
// reach v1's field.
func TestRenameProposedWithoutStrict(t *testing.T) {
	api := freshCase(t, "prioritylevel", func(dir string, b []byte) []byte {
		if dir == "v1beta3" {
			b = bytes.Replace(b, []byte("\t// +hubspoke:renamedFrom=AssuredConcurrencyShares\n"), nil, 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	w := warningWith(out, "v1beta3 LimitedPriorityLevelConfiguration.AssuredConcurrencyShares: ")
	for _, want := range []string{
		"but adds LimitedPriorityLevelConfiguration.NominalConcurrencyShares, of the same type int32",
		"say so with // +hubspoke:renamedFrom=AssuredConcurrencyShares on LimitedPriorityLevelConfiguration.NominalConcurrencyShares in v1beta3",
		"// +hubspoke:removed=AssuredConcurrencyShares on LimitedPriorityLevelConfiguration",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning does not say %q:\n%s", want, w)
		}
	}
}
