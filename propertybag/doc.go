// Package propertybag provides PropertyBag, the map a storage version embeds
// to keep values it has no field for, so that converting between API versions
// loses nothing.
//
// When generated code converts an object to a version that lacks one of its
// properties, it stashes the value in the bag (Add); when it converts back
// to a version that has the property again, it recalls the value (Pull).
// Pull removes what it reads, so a bag holds exactly the values that the
// current version cannot represent; Get reads without removing.
//
// Nil means absent, everywhere: stashing a nil value removes the name, and
// a name the bag does not hold, or holds as the text null, is recalled as
// nil. A bag emptied by Pull or Remove becomes nil, so an object whose
// bag was emptied compares equal to one that never had a bag.
//
//	err := propertybag.Add(&dst.PropertyBag, "MiddleName", src.MiddleName)  // *string; nil removes
//	middle, err := propertybag.Pull[string](&bag, "MiddleName")             // *string; nil if absent
//
// # Wire format
//
// A storage type declares the bag as
//
//	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
//
// and the bag serializes as a JSON object whose values are strings, each the
// JSON text of one stashed value:
//
//	"$propertyBag": {
//	  "MiddleName": "\"Theodore\"",
//	  "Age": "42",
//	  "ResidentialAddress": "{\"label\":\"1313 S. Harbor Blvd\"}"
//	}
//
// This format is a compatibility promise: objects persisted in etcd must read
// back after every upgrade. Precisely:
//
//   - Add stores the bytes encoding/json.Marshal produces for *value.
//     Strings are therefore quoted and escaped JSON string literals (HTML
//     characters as \u003c and friends), structs have their fields in
//     declaration order, maps have their keys sorted, and a nil pointer,
//     slice or map is null (a whole value stored as null is recalled as nil,
//     as below). The same value always yields the same bytes.
//   - Named string types (enums) are stored as JSON strings, so a value
//     stashed as an enum is recalled as a plain string and vice versa; the
//     same holds for other named scalar types and their underlying types.
//   - Pull and Get decode strictly: the text must be valid JSON of a shape
//     that fits T, and an object key the struct has no field for is an
//     error, not silently dropped (keys match field names exactly first,
//     then case-insensitively, as in encoding/json). A failure returns no
//     value, never a partial one: text such as 42abc, 0x10 or "4 2" read as
//     a number is an error, not 42, 0 or 4.
//   - The text null reads as nil for every T, whatever T would make of it
//     (metav1.Time, which stores its zero value as null, included), as does
//     null with white space around it unless T is a string kind. Inside an
//     object or array, null leaves the field or element its zero value, as
//     in encoding/json.
//   - Legacy text: bags written by Azure Service Operator's
//     genruntime.PropertyBag store a value of Go type string verbatim,
//     without quotes, and everything else as JSON. To read them, a T of
//     string kind (or a pointer to one) accepts any text that
//     is not a JSON string literal and takes it verbatim. Two exceptions keep
//     that rule from hiding errors: text that is a JSON object or array is
//     rejected as the wrong shape, and the text null (exactly, without white
//     space) is JSON null as above, nil. The ambiguities: a legacy string
//     whose own text is a valid JSON string literal (it begins and ends with
//     a double quote) is decoded as JSON, and a legacy string whose text is
//     null reads as nil.
//
// # Errors
//
// Every error of Add, Pull and Get is an *Error naming the operation
// ("stash", "recall" or "get"), the property, the Go type and a short
// excerpt of the stored text, and wraps ErrEncode (Add) or ErrDecode
// (Pull, Get), so errors.Is works. A failed Pull leaves the value in the
// bag; a failed Add leaves the bag as it was. Errors of MarshalBags and
// UnmarshalBags wrap ErrEncode and ErrDecode and say that the property bags
// annotation (hubspoke.dev/property-bags) is at fault. No operation panics
// on stored data.
//
// # Performance
//
// The JSON is encoding/json's: values are written with json.Marshal (strings,
// bools and integers directly, which gives the same bytes) and read with a
// json.Decoder that disallows unknown fields; the decoders are pooled, each
// reading one text after another, and reused only after reading exactly one
// whole value. UnmarshalBags finds where each name and value of the
// annotation begins and ends itself and checks each value with json.Valid.
// A hand-written codec made the served Person example's hub→v1 conversion
// only 1.21× faster (see the README), so it was not kept. Contains, Remove
// and DeepCopy do not encode or decode anything.
package propertybag
