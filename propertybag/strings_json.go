//go:build !hubspoke_aso

package propertybag

// ASOStrings reports whether this program stores strings as Azure Service
// Operator's genruntime.PropertyBag does. It is false unless the program is
// built with the hubspoke_aso build tag (go build -tags hubspoke_aso): Add
// writes a string as a JSON string literal ("\"Theodore\""), and Pull and
// Get read a string from a JSON string literal or from legacy text (see the
// package documentation).
//
// Built with the tag, ASOStrings is true: Add writes a value of string kind
// (string or an enum, unless the type has its own JSON or text methods) as
// it is (Theodore), and Pull and Get read one as the stored text, as ASO
// does for the strings of its storage versions (which hold enums as plain
// strings), so that an operator that moved from ASO can roll back one
// release (docs/aso-adopters.md). Every other type is JSON either way.
const ASOStrings = false
