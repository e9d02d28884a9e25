// Package bagcodec selects the JSON codec package propertybag uses, so that
// one benchmark process can measure the hand-written codec against the
// library-based ones in turn. It exists only for that measurement.
package bagcodec

import "sync/atomic"

// The codecs.
const (
	Hand   = iota // propertybag's hand-written decoder and encoder
	StdLib        // encoding/json
	V2            // github.com/go-json-experiment/json (encoding/json/v2)
)

// Mode is the codec in use; Hand by default.
var Mode atomic.Int32
