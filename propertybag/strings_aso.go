//go:build hubspoke_aso

package propertybag

// ASOStrings reports whether this program stores strings as Azure Service
// Operator's genruntime.PropertyBag does. Built with the hubspoke_aso build
// tag, as this program is, it is true: Add writes a value of string kind
// (string or an enum, unless the type has its own JSON or text methods) as
// it is (Theodore), and Pull and Get read one as the stored text, as ASO
// does for the strings of its storage versions (which hold enums as plain
// strings), so that an operator that moved from ASO can roll back one
// release (docs/aso-adopters.md). Every other type is JSON either way.
const ASOStrings = true
