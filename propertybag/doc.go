// Package propertybag provides PropertyBag, the map a storage version embeds
// to keep the values of properties it has no field for, so that converting
// between API versions loses nothing.
//
// When generated code converts an object to a version that lacks one of its
// properties, it adds the value to the bag (Add); when it converts to a
// version that has the property again, it pulls the value out of the bag
// (Pull). Pull removes what it reads, so a bag holds exactly the values
// that the current version cannot represent. Contains reports whether the
// bag holds a value, Remove drops one, and Get reads one without removing
// it.
//
//	err := propertybag.Add(&dst.PropertyBag, "MiddleName", src.MiddleName)  // *string; nil removes
//	middle, err := propertybag.Pull[string](&bag, "MiddleName")             // *string; nil if absent
//
// Nil means absent, everywhere: adding a nil value removes the name, and a
// name the bag does not hold, or holds as the text null, is pulled as nil.
// A bag emptied by Pull or Remove becomes nil, so an object whose bag was
// emptied compares equal to one that never had a bag.
//
// # Azure Service Operator
//
// The operations are those of genruntime.PropertyBag in Azure Service
// Operator (ASO), which the design documents use, and write the same JSON.
// Each maps to ASO's method of the same name:
//
//   - Add(&bag, name, value), with value a *T, is ASO's
//     bag.Add(name, *value) when value is not nil, and bag.Remove(name) when
//     it is: what ASO's generated conversions write for an optional
//     property. The text is the same as ASO's for every type but string,
//     which ASO stores as it is and Add stores as a JSON string literal
//     (unless the program is built with ASO's string format, below), and
//     enums, which ASO's storage versions hold as strings. Add allocates a
//     nil bag.
//   - Pull[T](&bag, name) is what ASO's generated conversions write around
//     ASO's Pull: if bag.Contains(name), var v T and bag.Pull(name, &v),
//     else nil. A name the bag does not hold is nil, not ASO's error. A
//     value that does not decode is an error and stays in the bag, where
//     ASO's Pull removes it; and the decoding is strict (below), where ASO's
//     json.Unmarshal ignores an object key the type has no field for.
//   - Contains(name) and Remove(name) are ASO's methods; Remove also sets a
//     bag it empties to nil.
//   - Get[T](bag, name) has no ASO counterpart: it is Pull without the
//     removal, for a hook that looks at a value generated code pulls later.
//
// Nil is absent in both: ASO's generated conversions write Remove for a nil
// value and ask Contains before Pull, so a name that Add removed reads as
// nil there too. Only code that calls ASO's Pull without asking Contains
// first, which ASO's generated conversions never do, would find ASO's error
// where ASO's Add of a nil slice, map or pointer stored null.
//
// Bags written by ASO read: see Legacy text below. An operator that moves
// from ASO to hubspoke and may need to roll back builds with ASO's string
// format; docs/aso-adopters.md says what to do.
//
// # Wire format
//
// A storage type declares the bag as
//
//	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
//
// and the bag serializes as a JSON object whose values are strings, each the
// JSON text of one value:
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
//   - Add stores the bytes encoding/json.Marshal produces for *value
//     (except for strings and enums in ASO's string format, below).
//     Strings are therefore quoted and escaped JSON string literals (HTML
//     characters as \u003c and friends), structs have their fields in
//     declaration order, maps have their keys sorted, and a nil pointer,
//     slice or map is null (a whole value stored as null is pulled as nil,
//     as below). The same value always yields the same bytes.
//   - Named string types (enums) are stored as JSON strings, so a value
//     added as an enum is pulled as a plain string and vice versa; the
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
//   - Legacy text: ASO's bags store a value of Go type string as it is,
//     without quotes, and everything else as JSON. To read them, a T of
//     string kind (or a pointer to one) decodes as JSON only text that
//     begins and ends with a double quote and is a JSON string literal, and
//     takes any other text as it is: Theodore, 42, or "a" followed by a
//     space or a newline read as stored. Two exceptions keep that rule from
//     hiding errors: text that is a JSON object or array is rejected as the
//     wrong shape, and the text null (exactly, without white space) is nil
//     as above. So an ASO string whose own text is a JSON string literal
//     ("a", with its quotes) reads without its quotes, one whose text is
//     null reads as nil, and one whose text is a JSON object or array is an
//     error: ASO's string format reads all three as ASO does.
//
// # ASO's string format
//
// Built with the hubspoke_aso build tag (go build -tags hubspoke_aso, and
// the same for go test), a program uses ASO's format for strings, and
// ASOStrings is true: Add stores a value of string kind (string, or an enum:
// a named string type without its own JSON or text methods) as it is, and
// Pull and Get take the stored text as it is for such a T (null, JSON and
// the empty text included), exactly as ASO's Add and Pull do for a string.
// ASO's storage versions hold an enum as a plain string, so that is what
// ASO writes and reads for it; hubspoke's storage twins keep the enum type.
// Every other type is unchanged, so the bag holds what ASO would have
// written for every value, and ASO's code, after a rollback, reads back
// what hubspoke wrote. A string added by a program built without the tag
// is pulled with its quotes in this format, as in ASO: every release that
// shares the stored objects is built with the same format.
//
// # Errors
//
// Every error of Add, Pull and Get is an *Error naming the operation
// ("add", "pull" or "get"), the property, the Go type and a short excerpt
// of the stored text, and wraps ErrEncode (Add) or ErrDecode (Pull, Get), so
// errors.Is works. A failed Pull leaves the value in the bag; a failed Add
// leaves the bag as it was. Errors of MarshalBags and UnmarshalBags wrap
// ErrEncode and ErrDecode and say that the property bags annotation
// (hubspoke.dev/property-bags) is at fault. No operation panics on stored
// data.
//
// # Implementation
//
// The JSON is encoding/json's: values are written as json.Marshal writes
// them and read as a json.Decoder that disallows unknown fields reads them.
// Values of the shapes generated storage versions keep in bags (structs of
// strings, integers, booleans and pointers to them, nested bags, lists and
// maps of those, with no JSON methods, embedded fields or tag options but
// omitempty) are written and read by the package itself, which gives the
// same bytes and values and leaves any text it does not read in the one
// obvious way (a key that names no field exactly, a key twice, a number
// that is not an integer that fits) to encoding/json from the start; fuzz
// tests compare the two. Other values go through encoding/json, whose
// decoders are pooled, each reading one text after another, and reused
// only after reading exactly one whole value. UnmarshalBags finds where
// each name and value of the annotation begins and ends itself and checks
// each value the same way (json.Valid for what the package does not
// follow: values nesting more than 64 deep).
// Contains, Remove and DeepCopy do not encode or decode anything.
package propertybag
