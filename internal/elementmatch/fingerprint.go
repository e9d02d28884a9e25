package elementmatch

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
)

// Fingerprint returns the fingerprint of an element whose JSON, as its API
// version shows it, is text: the first 8 bytes of the SHA-256 of text, in
// unpadded base64url (11 characters).
func Fingerprint(text []byte) string {
	sum := sha256.Sum256(text)
	return base64.RawURLEncoding.EncodeToString(sum[:8])
}

// ReadFingerprint returns the fingerprint a JSON string holds (as the
// #elements bag keeps it), or an error when text is not a JSON string. A
// string of ASCII without escapes, as every fingerprint Fingerprint makes
// is written, is read without a decoder.
func ReadFingerprint(text string) (string, error) {
	if fp, ok := plainJSONString(text); ok {
		return fp, nil
	}
	var fp string
	err := json.Unmarshal([]byte(text), &fp)
	return fp, err
}

// plainJSONString returns the content of text when text is a JSON string
// of ASCII without escapes or control characters.
func plainJSONString(text string) (string, bool) {
	n := len(text)
	if n < 2 || text[0] != '"' || text[n-1] != '"' {
		return "", false
	}
	for i := 1; i < n-1; i++ {
		if c := text[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return "", false
		}
	}
	return text[1 : n-1], true
}
