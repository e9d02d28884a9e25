package propertybag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestCodecAllocations: the shortcuts of codec.go, which change no result
// and are noticed only by what they save: a short string quoted on the
// stack, the pooled json.Decoder and json.Encoder, and a slice written
// through a pointer to it rather than copied into an interface.
func TestCodecAllocations(t *testing.T) {
	for _, n := range []int{0, 62} { // 62 and its quotes fill the stack buffer
		s := strings.Repeat("a", n)
		if got := testing.AllocsPerRun(100, func() { _ = quote(s) }); got != 1 {
			t.Errorf("quote of %d bytes: %v allocations, want 1 (the string)", n, got)
		}
	}
	if raceEnabled {
		t.Skip("the race detector drops pooled values at random")
	}
	// Not of simple shape (a float): read and written by encoding/json.
	type point struct{ X, Y float64 }
	text := `{"X":1.5,"Y":-2}`
	bag := PropertyBag{"p": text}
	fresh := testing.AllocsPerRun(100, func() {
		var p point
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		_ = dec.Decode(&p)
	})
	if got := testing.AllocsPerRun(100, func() { _, _ = Get[point](bag, "p") }); got >= fresh {
		t.Errorf("Get of a point: %v allocations, a new json.Decoder %v: the decoder is not reused", got, fresh)
	}
	list := []float64{1.5, 2.5}
	fresh = testing.AllocsPerRun(100, func() {
		var buf bytes.Buffer
		_ = json.NewEncoder(&buf).Encode(&list)
		_ = buf.String()
	})
	if got := testing.AllocsPerRun(100, func() { _ = Add(&bag, "l", &list) }); got >= fresh {
		t.Errorf("Add of a list of floats: %v allocations, a new json.Encoder %v: the encoder is not reused", got, fresh)
	}
	ptr := &list
	if got, want := testing.AllocsPerRun(100, func() { _ = Add(&bag, "l", &list) }), testing.AllocsPerRun(100, func() { _ = Add(&bag, "l", &ptr) }); got != want {
		t.Errorf("Add of a list of floats: %v allocations, of a pointer to it %v: the list is copied into an interface", got, want)
	}
}

// TestMarshalBagsAllocations: MarshalBags keeps the names, the sorted values
// and the text of a few small bags on the stack, so that the text itself is
// its one allocation.
func TestMarshalBagsAllocations(t *testing.T) {
	bags := Bags{
		"spec":           {"MiddleName": `"Theodore"`, "Age": "95", "Address": `{"street":"1313 S. Harbor Blvd","city":"Anaheim"}`},
		"spec.birthDate": {"Text": `"late \u003c1928\u003e"`},
		"status":         {"Flags": `["a","b"]`},
	}
	if got := testing.AllocsPerRun(100, func() { _, _ = MarshalBags(bags) }); got != 1 {
		t.Errorf("MarshalBags of three small bags: %v allocations, want 1 (the text)", got)
	}
}

// TestAddAllocations: Add writes a simple value of up to a few hundred
// bytes of text on the stack, so that the text is its one allocation.
func TestAddAllocations(t *testing.T) {
	type address struct {
		Street   *string `json:"street,omitempty"`
		City     *string `json:"city,omitempty"`
		Postcode *string `json:"postcode,omitempty"`
		Country  *string `json:"country,omitempty"`
	}
	street, city, postcode, country := "PO Box 10000", "Lake Buena Vista", "FL 32830", "USA"
	value := address{&street, &city, &postcode, &country} // 90 bytes of JSON
	bag := PropertyBag{"other": "1"}
	if got := testing.AllocsPerRun(100, func() { _ = Add(&bag, "MailingAddress", &value) }); got != 1 {
		t.Errorf("Add of a 90-byte address: %v allocations, want 1 (the text)", got)
	}
}

// TestQuoteAroundTheStackBuffer: quote's copy on the stack gives way to
// appendQuoted at the first byte that needs an escape, wherever it lies,
// and strings too long for the buffer take the heap; each as json.Marshal
// writes it.
func TestQuoteAroundTheStackBuffer(t *testing.T) {
	for n := 0; n <= 66; n++ {
		checkQuote(t, strings.Repeat("x", n))
		for _, odd := range []string{"<", "\"", "\n", "é", "\xff", "\u2028"} {
			for _, at := range []int{0, n / 2, n} {
				checkQuote(t, strings.Repeat("x", at)+odd+strings.Repeat("y", n-at))
			}
		}
	}
}
