package webhook

import (
	"runtime"
	"strings"
	"testing"
)

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

// TestManyTinyValuesKeepNoSlices: the objects of a review are kept up to
// the first that is not an object with an apiVersion and a kind, which
// fails the review; the values after it are counted. A slice of text takes
// 24 bytes, so keeping a slice for each of a million "{}" (3 bytes of
// text each) allocated forty times the review (2.8 GiB for 64 MiB of
// them, where MaxReviewBytes allows 64 MiB); now it allocates less than
// the review. (This fails when every value is kept.)
func TestManyTinyValuesKeepNoSlices(t *testing.T) {
	const n = 1 << 20
	text := []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` +
		person + strings.Repeat(`,{}`, n) + `]}}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var review reviewIn
	err := parseReview(text, &review)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := review.Request.Objects; len(got) != 2 || string(got[0]) != person || string(got[1]) != "{}" || review.Request.Dropped != n-1 {
		t.Errorf("kept %d objects (%.40q...), dropped %d; want the Person and one {}, %d dropped", len(got), got[:min(len(got), 2)], review.Request.Dropped, n-1)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > uint64(len(text)) {
		t.Errorf("reading a review of %d bytes allocated %d bytes", len(text), allocated)
	}
	// The values after it are still checked to be JSON.
	bad := []byte(`{"request":{"objects":[{},{"a":}]}}`)
	if err := parseReview(bad, &reviewIn{}); err == nil || !strings.Contains(err.Error(), "request.objects is not JSON") {
		t.Errorf("%s: %v", bad, err)
	}
}
