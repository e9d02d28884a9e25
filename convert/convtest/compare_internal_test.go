package convtest

import "testing"

// The golden files must not depend on the apimachinery version: a null
// creationTimestamp in metadata (written by apimachinery v0.31, left out by
// v0.35) is dropped, nothing else is touched and numbers keep their digits.
func TestDropNullCreationTimestamp(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{
			`{"metadata":{"creationTimestamp":null,"name":"a"},"spec":{"creationTimestamp":null,"n":12345678901234567890}}`,
			`{"metadata":{"name":"a"},"spec":{"creationTimestamp":null,"n":12345678901234567890}}`,
		},
		{ // a set creation time stays
			`{"metadata":{"creationTimestamp":"2024-01-02T03:04:05Z"}}`,
			`{"metadata":{"creationTimestamp":"2024-01-02T03:04:05Z"}}`,
		},
		{ // only in the spec: unchanged, byte for byte
			`{"spec":{"creationTimestamp":null, "x":1.50}}`,
			`{"spec":{"creationTimestamp":null, "x":1.50}}`,
		},
	} {
		got, err := dropNullCreationTimestamp([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if string(got) != c.want {
			t.Errorf("dropNullCreationTimestamp(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	if _, err := dropNullCreationTimestamp([]byte(`{"metadata":{"creationTimestamp":null`)); err == nil {
		t.Error("truncated JSON: no error")
	}
}
