package webhook

import "testing"

// TestScannerReadsInvalidUTF8AsEncodingJSON: a string with bytes that are
// not UTF-8, and no escapes, reads as encoding/json reads it, each such
// byte a U+FFFD, in the review and in an object's apiVersion and kind.
func TestScannerReadsInvalidUTF8AsEncodingJSON(t *testing.T) {
	var review reviewIn
	err := parseReview([]byte("{\"kind\":\"Conversion\xffReview\",\"request\":{\"uid\":\"\xc3(\",\"desiredAPIVersion\":\"v\xed\xa0\x80\"}}"), &review)
	if err != nil {
		t.Fatal(err)
	}
	if review.Kind != "Conversion\uFFFDReview" || review.Request.UID != "\uFFFD(" || review.Request.DesiredAPIVersion != "v\uFFFD\uFFFD\uFFFD" {
		t.Errorf("kind %q, uid %q, desiredAPIVersion %q", review.Kind, review.Request.UID, review.Request.DesiredAPIVersion)
	}
	apiVersion, kind, err := typeOf([]byte("{\"kind\":\"P\xffrson\",\"apiVersion\":\"a/v\xc3\",\"x\":\"\xe2\x82\xac\"}"))
	if err != nil || apiVersion != "a/v\uFFFD" || kind != "P\uFFFDrson" {
		t.Errorf("typeOf: %q, %q, %v", apiVersion, kind, err)
	}
	// Valid UTF-8 reads as it is.
	if apiVersion, kind, err := typeOf([]byte(`{"kind":"Pérson €","apiVersion":"a/v😀"}`)); err != nil || apiVersion != "a/v😀" || kind != "Pérson €" {
		t.Errorf("typeOf: %q, %q, %v", apiVersion, kind, err)
	}
}
