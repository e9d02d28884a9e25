package elementmatch

import (
	"encoding/json"
	"testing"
)

// ReadFingerprint reads what encoding/json reads from a JSON string,
// whether through its fast path or the decoder, and refuses what is not
// one.
func TestReadFingerprint(t *testing.T) {
	for _, text := range []string{`"t1XZo9bK3cQ"`, `""`, `"a b"`, `"\u0041BC"`, `"é"`, `"tab\t"`, `"x\"y"`} {
		var want string
		wantErr := json.Unmarshal([]byte(text), &want)
		got, err := ReadFingerprint(text)
		if (err != nil) != (wantErr != nil) || got != want {
			t.Errorf("ReadFingerprint(%s) = %q, %v; encoding/json reads %q, %v", text, got, err, want, wantErr)
		}
	}
	for _, text := range []string{`t1XZo9bK3cQ`, `"open`, `12`, `"a"b"`, `{"a":1}`} {
		if fp, err := ReadFingerprint(text); err == nil {
			t.Errorf("ReadFingerprint(%s) = %q, want an error", text, fp)
		}
	}
}

// A fingerprint is 11 characters of base64url, the same for the same JSON.
func TestFingerprint(t *testing.T) {
	a, b := Fingerprint([]byte(`{"path":"/a"}`)), Fingerprint([]byte(`{"path":"/b"}`))
	if len(a) != 11 || a == b || a != Fingerprint([]byte(`{"path":"/a"}`)) {
		t.Errorf("fingerprints %q and %q", a, b)
	}
	if fp, err := ReadFingerprint(`"` + a + `"`); err != nil || fp != a {
		t.Errorf("ReadFingerprint of %q: %q, %v", a, fp, err)
	}
}
