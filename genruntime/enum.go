package genruntime

// ConvertEnumPointer converts an optional enum value from one string type
// to another: nil gives nil, and anything else a new pointer to D(*s), so
// that the result never shares memory with the source. It is how a storage
// *string becomes an API *E, an API *E a storage *string, and one
// version's enum another's:
//
//	dst.Gender = genruntime.ConvertEnumPointer[v3.Gender](src.Gender)
//
// The value is kept exactly as it is spelled, whether or not D has a member
// of that spelling, so a value the version does not know (sent by a newer
// API, or stored before a member was renamed) is never lost or changed.
func ConvertEnumPointer[D ~string, S ~string](s *S) *D {
	if s == nil {
		return nil
	}
	d := D(*s)
	return &d
}
