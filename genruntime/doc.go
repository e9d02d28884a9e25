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
// while API versions often hold plain values. Generated code converts an
// API value field to a storage pointer field in one of these ways:
//
//   - ptr.To (k8s.io/utils/ptr), for a field without omitempty. The storage
//     field records exactly what the API object held, including a zero value
//     (replicas: 0, enabled: false).
//   - PtrIfNotZero, for a field tagged `json:",omitempty"`, where the zero
//     value means "absent", and for a comparable struct of another package
//     (metav1.Time), whose zero value reads back from JSON as absent. The
//     storage field is then nil, just as the field is missing from the
//     serialised object, so storage-to-storage conversions and defaulting
//     treat it as unset rather than as an explicit zero.
//   - PtrIfNotZeroValue, the same for a struct of another package that is
//     not comparable (runtime.RawExtension, whose zero value encodes as
//     null).
//   - For an omitempty field of another package's type that says itself
//     when it is empty (a resource.Quantity of 0 decoded from JSON is not
//     the type's zero value), generated code calls the type's IsZero method
//     in place and keeps nil when it reports true.
//
// Back from storage, ptr.Deref(p, zero) gives the zero value for nil, and
// every choice round-trips losslessly through it. What a plain value cannot
// show (an absent value behind a required field, an explicit zero behind an
// omitempty one) travels in the bags instead: reflectbags.Stash keeps it
// under the bag entry `$twin`, assuming the choices above.
//
// # Enums
//
// Enumerations are generated separately for each API version, as named string
// types (type Gender string), and storage versions hold them as plain
// strings. ConvertEnumPointer converts an optional value between any two of
// these types, keeping its spelling exactly: a value the destination version
// does not list (sent by a newer API, or stored before a member was renamed)
// survives unchanged, and every value round-trips.
//
// All functions are safe for concurrent use, provided that nobody modifies
// the source value during the call.
package genruntime
