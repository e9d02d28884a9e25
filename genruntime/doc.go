// Package genruntime holds the small helpers that generated conversion code
// calls at run time.
//
// A Kubernetes API that goes through many versions is converted in two steps.
// Each API version (v1, v2, v3, ...) converts to and from a "storage" twin in
// which every field is optional (a pointer, a nil-able slice or map, or a
// string for an enum). Storage versions then convert to and from each other.
// All of that code is generated, and it is the only intended caller of this
// package. People writing hand-made conversion hooks may call it too. The
// helpers are generic so that generated code needs no per-type
// boilerplate.
//
// The package keeps only what generated code needs and neither the standard
// library nor k8s.io/utils provides: copies of slices and maps are
// slices.Clone and maps.Clone, pointers to values and back are ptr.To and
// ptr.Deref from k8s.io/utils/ptr, and deep copies are the DeepCopy methods
// controller-gen writes. genruntime itself depends on nothing outside the
// standard library, Kubernetes included.
//
// # Converting containers
//
// ConvertPointer, ConvertSlice and ConvertMap change the element type of a
// pointer, slice or map with a conversion that may fail, for example a
// []v3.Address to a []v3storage.Address. They take conversions of the shape
// func(src *S, dst *D) error, which generated AssignTo-style methods have in
// method-expression form. They keep three promises:
//
//   - Nil stays nil. A nil pointer, slice or map in the source gives a nil one
//     in the result, and the conversion is not called. Storage versions use
//     nil for "not set", so a conversion must never invent a value.
//   - Empty stays empty. An empty but non-nil slice or map gives an empty,
//     non-nil one. Serialisation keeps the two apart ("field": [] versus no
//     field), so a round trip through storage must keep them apart too.
//   - Fresh results. The result is newly allocated, every element a zero D
//     that the conversion fills in; whether it shares memory with the source
//     beyond that is up to the conversion.
//
// Their errors name the failing element ("element 3: ...", `key "home": ...`)
// and wrap the cause, so errors.Is and errors.As still work. ConvertMap
// reports the same key on every call, even though Go randomises map
// iteration order.
//
// # Optional values
//
// Storage versions hold every field as a pointer, with nil meaning "not set",
// while API versions often hold plain values. To convert an API value field
// to a storage pointer field:
//
//   - ptr.To (k8s.io/utils/ptr), the default. The storage field records
//     exactly what the API object held, including a zero value. Use it for
//     required fields and for any field where zero means something
//     (replicas: 0, enabled: false).
//   - PtrIfNotZero, for API fields tagged `json:",omitempty"`, where the zero
//     value means "absent". The storage field is then nil, just as the field
//     is missing from the serialised object, so storage-to-storage
//     conversions and defaulting treat it as unset rather than as an
//     explicit zero.
//
// For types of other packages that encode themselves, what reads back as
// absent is not always the Go zero value: PtrUnlessIsZero asks the value's
// IsZero method (a resource.Quantity of 0 decoded from JSON), and
// PtrIfNotZeroValue serves types that are not comparable
// (runtime.RawExtension, whose zero value encodes as null).
//
// Back from storage, ptr.Deref(p, zero) gives the zero value for nil, and
// every choice round-trips losslessly through it. What a plain value cannot
// show (an absent value behind a required field, an explicit zero behind an
// omitempty one) travels in the bags instead: convert.StashBags keeps it
// under convert.TwinKey, assuming the choices above (ptr.To for a field
// without omitempty, nil for an omitempty zero).
//
// # Enum lookup
//
// Enumerations are generated separately for each API version, as named string
// types (type Gender string). The same wire value must map to the right member
// of whichever version's type is being filled in. A value that the version
// does not know (sent by a newer API, or stored before a member was renamed)
// must survive unchanged. ConvertEnum and ConvertEnumPointer apply this rule,
// in this order:
//
//  1. Exact match: if value is spelled exactly like a member, that member is
//     returned.
//  2. Case-insensitive match: otherwise, if strings.ToLower(value) is a key of
//     the table, that member is returned, with the member's spelling.
//     strings.ToLower lower-cases each rune with unicode.ToLower. That is not
//     full Unicode case folding (strings.EqualFold): it matches "ÉTÉ" with
//     "été", but not 'ſ' (long s) with 's'. Enum values are ASCII in
//     practice, where the two agree.
//  3. Fallback: otherwise E(value) is returned unchanged. Nothing is lost.
//
// The table (the known parameter) maps the lower-case spelling of each member
// to the member. Build it once, in a package-level variable, with EnumValues,
// which also sorts out members that differ only in case. A map literal keyed
// by strings.ToLower of each member works as well. A nil table is valid:
// every value then takes the fallback, which makes the helpers plain type
// conversions.
//
// # Enum case and round trips
//
// A case-insensitive match (rule 2) returns the member's spelling, not the
// value's, and the value's own spelling is not kept anywhere. So a value that
// differs from a member only in case does not survive a round trip
// unchanged: it comes back in the member's (canonical) spelling. With the
// table EnumValues(Female, Male), the storage string "FEMALE" converts to the
// API member Female (ConvertEnumPointer), which converts back to the storage
// string "Female" (ConvertEnumPointer with a nil table), not "FEMALE".
// Exactly:
//
//   - A value spelled exactly like a member (rule 1), or like no member in
//     any case (rule 3), comes back unchanged, however many times it is
//     converted.
//   - A value that matches a member only case-insensitively (rule 2) is
//     changed once, on its first lookup, to the member's spelling. Where
//     several members differ only in case, that is the member that holds the
//     lower-case key (see EnumValues): with members Foo, FOO and foo, "fOO"
//     becomes "foo". After that the value is an exact match and does not
//     change again: ConvertEnum(ConvertEnum(v, known), known) ==
//     ConvertEnum(v, known) for every v and every table built by
//     EnumValues.
//   - Between two versions whose members differ in case (Female in v3,
//     female in v4), ConvertEnum maps each member to the other version's
//     member and back, so members round-trip; a non-canonical value such as
//     "FEMALE" comes back as the first version's member, "Female".
//
// string(ConvertEnum(value, known)) != value tells a case-insensitive match
// apart. Generated code that must keep the exact spelling (for example to
// pass a strict round-trip test over arbitrary strings) stashes the
// original in the property bag when they differ, or uses a nil table. An API version whose CRD schema lists the members
// (+kubebuilder:validation:Enum) gets only exact spellings from the API
// server, which compares case-sensitively, so the change affects values
// that arrive through storage versions and property bags.
//
// All functions are safe for concurrent use, provided that nobody modifies
// the source value during the call.
package genruntime
