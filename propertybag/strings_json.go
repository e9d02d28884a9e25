//go:build !hubspoke_aso

package propertybag

// ASOStrings reports whether this program stores strings as Azure Service
// Operator's genruntime.PropertyBag does. It is false unless the program is
// built with the hubspoke_aso build tag (go build -tags hubspoke_aso): Add
// writes a value of type string as a JSON string literal ("\"Theodore\""),
// and Pull and Get read a string from a JSON string literal or from legacy
// text (see the package documentation).
//
// Built with the tag, ASOStrings is true: Add writes a value of type string
// as it is (Theodore), and Pull and Get read a T of type string as the
// stored text, exactly as ASO's Add and Pull do, so that an operator that
// moved from ASO can roll back one release (docs/aso-adopters.md). Every
// other type is JSON either way.
const ASOStrings = false
