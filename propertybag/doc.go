// Package propertybag provides PropertyBag, the map a storage version embeds
// to keep values it has no field for, so that converting between API versions
// loses nothing.
//
// When generated code converts an object to a version that lacks one of its
// properties, it stashes the value in the bag with Add; when it converts back
// to a version that has the property again, it recalls the value with Pull
// (or the typed Pull[T], PullOptional[T]). Pull removes what it reads, so a
// bag holds exactly the values that the current version cannot represent.
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
//   - Add stores the bytes encoding/json.Marshal produces for the value.
//     Strings are therefore quoted and escaped JSON string literals (HTML
//     characters as \u003c and friends), structs have their fields in
//     declaration order, maps have their keys sorted, and a nil pointer is
//     stored as null. The same value always yields the same bytes.
//   - Named string types (enums) are stored as JSON strings, so a value added
//     as an enum pulls back as a plain string and vice versa; the same holds
//     for other named scalar types and their underlying types.
//   - Get and Pull decode strictly: the text must be valid JSON of a shape
//     that fits the destination, and an object key the destination struct
//     has no field for is an error, not silently dropped (keys match field
//     names exactly first, then case-insensitively, as in encoding/json).
//     The destination is replaced, not merged, and is untouched on error:
//     text such as 42abc, 0x10 or "4 2" read into a number is an error and
//     writes nothing, not 42, 0 or 4.
//   - The text null (what Add stores for nil and for a nil pointer) reads as
//     nil into a pointer, slice, map or interface. Any other destination
//     cannot hold it, so reading null into a string, number, bool, struct or
//     array is an error wrapping ErrDecode, the same for all of them, and
//     the destination is untouched; read such a value into a pointer (or
//     with PullOptional) to get nil. A type with its own UnmarshalJSON or
//     UnmarshalText is given null as encoding/json gives it (metav1.Time, which
//     stores its zero value as null, reads it back as that). Inside an object
//     or array, null leaves the field or element its zero value, as in
//     encoding/json.
//   - Legacy text: bags written by Azure Service Operator's
//     genruntime.PropertyBag store a value of Go type string verbatim,
//     without quotes, and everything else as JSON. To read them, a
//     destination of string kind (or a pointer to one) accepts any text that
//     is not a JSON string literal and takes it verbatim. Two exceptions keep
//     that rule from hiding errors: text that is a JSON object or array is
//     rejected as the wrong shape, and the text null (exactly, without white
//     space) is JSON null as above: nil for a pointer, an error for a
//     string. The ambiguities: a legacy string whose own text is a valid JSON
//     string literal (it begins and ends with a double quote) is decoded as
//     JSON, and a legacy string whose text is null reads only into a
//     pointer, as nil.
//
// # Errors
//
// Every error of Add, Get and Pull is an *Error naming the operation, the
// property, the Go type and a short excerpt of the stored text, and wraps one
// of the sentinels ErrNotFound, ErrDecode, ErrEncode, ErrNilDestination or
// ErrNilBag, so errors.Is works. A destination that is nil (a nil pointer of
// any type) or not a pointer is ErrNilDestination, whatever the bag holds
// under the name. A failed Pull leaves the value in the bag; a failed Add
// leaves the bag as it was. Errors of MarshalBags and UnmarshalBags wrap
// ErrEncode and ErrDecode and say that the property bags annotation
// (hubspoke.dev/property-bags) is at fault. No operation panics on stored
// data.
//
// # Performance
//
// Scalars are encoded and decoded without encoding/json, and structs, slices
// and maps of ordinary exported fields are decoded by a strict single-pass
// decoder with per-type plans cached on first use; anything else (custom
// unmarshalers, interfaces, embedded structs, byte slices) is decoded by
// encoding/json with unknown fields disallowed. Contains, Remove and Names do
// not encode or decode anything.
package propertybag
