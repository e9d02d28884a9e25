// Package augment is how hand-written code adjusts a generated conversion.
//
// Generated code converts each version to its neighbour (an API version to
// its storage twin, a storage version to the next storage version) by
// copying the properties that match and stashing the rest in a property bag.
// Where a change between versions needs knowledge the generator does not
// have (a name split into parts, a property whose type changes) a person
// writes one of two kinds of augmentation, in a hand-written file, and the
// generated code calls it:
//
//   - A per-property converter (PropertyConverter) for a property whose type
//     changes between versions: two typed functions, one per direction.
//   - A whole-object hook: the type hosting the conversion implements
//     AssignableTo[T] and/or AssignableFrom[T]. The hook sees the finished
//     generated result and may change anything.
//
// Hooks are bound at compile time: the generated copy of a type that has a
// hook ends by calling it directly, and declares the interface it expects,
//
//	var _ augment.AssignableTo[*v3storage.PersonSpec] = (*PersonSpec)(nil)
//
// so a hook with the wrong signature, or on the wrong type, is a build error,
// not a hook that silently never runs.
//
// Order is fixed and the same in both directions: first the generated copy
// of every property, then the per-property converters in the order the
// properties are declared, then the whole-object hook. Each hook runs exactly
// once per conversion step. The objects a step works on are private to the
// conversion (see package convert), so a hook may change its destination
// freely; it must leave its source alone only where the generated code
// moved values from it (the generated copy of a type with a hook copies its
// property bag rather than moving it, so that the hook still sees the
// source's bag as it was).
//
// The hosting type is always the older of the two neighbours (the one that
// imports the other), which is the same rule the generated methods follow,
// so hooks never create import cycles.
package augment

// AssignableTo is implemented by a type whose conversion to T (its newer
// neighbour, a pointer to a storage type) needs hand-written adjustment.
// The generated copy calls AssignPropertiesTo last, after it has filled
// dst; the hook may read the receiver and change dst.
type AssignableTo[T any] interface {
	AssignPropertiesTo(dst T) error
}

// AssignableFrom is implemented by a type whose conversion from T (its
// newer neighbour) needs hand-written adjustment. The generated copy calls
// AssignPropertiesFrom last, after it has filled the receiver from src; the
// hook may change the receiver.
type AssignableFrom[T any] interface {
	AssignPropertiesFrom(src T) error
}
