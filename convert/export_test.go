package convert

// GraphFromSchemeForTest lets the tests of package convert_test check the
// graph derived from a scheme, and its errors, without a Converter.
var GraphFromSchemeForTest = graphFromScheme

// TwinEntriesForTest is twinEntries, for the tests of package convert_test.
var TwinEntriesForTest = twinEntries

// SetSlowAlwaysForTest makes twinEntries walk and test every field through
// reflect; see slowAlways.
func SetSlowAlwaysForTest(on bool) { slowAlways = on }
