// Generated-style code: v5storage is the hub, the version every other
// version converts to and from.

package v5storage

// Hub marks Person in v5storage as the conversion hub.
func (*Person) Hub() {}
