package main

import (
	"strings"
	"testing"
)

// TestMovedEnumValues: the generated test draws both ends of a move
// between enum fields (movedenum's keyAlgorithm, rsa or ecdsa, in v1 and
// privateKey.algorithm, RSA or ECDSA, in v2) from the values of both, so
// that hooks mapping the spellings meet, at v2, a value spelled as v1
// spells it (which the way back would map, and a mark must keep), and at
// v1 one spelled as v2 does. Each end drew only its own values before.
func TestMovedEnumValues(t *testing.T) {
	out, err := generate(freshCase(t, "movedenum", nil, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	for _, want := range []string{
		`convtest.FieldValues("Algorithm", "ECDSA", "RSA", "ecdsa", "rsa", "unlisted-value", ""),`,
		`convtest.FieldValues("KeyAlgorithm", "ECDSA", "RSA", "ecdsa", "rsa", "unlisted-value", ""),`,
	} {
		if !strings.Contains(test, want) {
			t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
		}
	}
}
