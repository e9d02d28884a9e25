// Package augment is how hand-written code adjusts a generated conversion.
//
// Generated code converts each version to its neighbour (an API version to
// its storage twin, a storage version to the next storage version) by
// copying the properties that match and stashing the rest in a property bag.
// Where a change between versions needs knowledge the generator does not
// have (a name split into parts, a property whose type changes) a person
// writes a whole-object hook in a hand-written file: the type hosting the
// conversion implements AssignableTo[T] and/or AssignableFrom[T]. The hook
// sees the finished generated result and may change anything.
//
// Hooks are bound at compile time: the generated copy of a type that has a
// hook ends by calling it directly, and declares the interface it expects,
//
//	var _ augment.AssignableTo[*v3storage.PersonSpec] = (*PersonSpec)(nil)
//
// so a hook with the wrong signature, or on the wrong type, is a build error,
// not a hook that silently never runs.
//
// The generated copy of every property comes first, then the hook, in both
// directions; each hook runs exactly once per conversion step. The objects
// a step works on are private to the conversion (see package convert), so a
// hook may change its destination freely and the generated copy moves the
// source's property bag to the destination rather than copying it. Only
// where the hook may read its source's bag (its body selects the bag field
// of the source, or hands the source on as a whole) does the generated copy
// copy the bag instead, so that the hook sees the source's bag as it was.
// A value the generated copy has stashed in the destination's bag is the
// source's own field (src.X in AssignPropertiesFrom, the receiver's X in
// AssignPropertiesTo): a hook reads that field rather than decode the
// stash it has just been given, and only removes the entry once the field
// it fills says the same.
//
// Clients of the hub write values an API version cannot show: an empty
// string or a zero where a field was absent, and the reverse. A hook that
// decides whether two shapes agree should treat an empty value as no value,
// as the API versions do, yet remove a stashed copy only where what it
// fills gives that copy back exactly. A mark a hook keeps in a bag (a note
// that some value was absent) is read only where the value it speaks of is
// there, and left in the bag elsewhere: a client of the hub may have changed
// the value beside it. convtest's update check writes such hubs.
//
// What a hook may keep of its source: anything, in its destination. Its
// slices, maps and pointers into its memory (dst.Name = &src.Name) stay
// valid after the conversion, because every object of a walk is allocated
// for that walk and never reused (see convert.LinkTo); a later step may move
// values out of the hook's destination, never out of what it points to in
// the source. What it may not keep: anything of its source or destination
// outside them (in a package variable, a cache, another goroutine), since
// the caller owns the result and other conversions run at the same time.
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
