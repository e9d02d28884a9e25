package convert

// GraphFromSchemeForTest lets the tests of package convert_test check the
// graph derived from a scheme, and its errors, without a Converter.
var GraphFromSchemeForTest = graphFromScheme

// SetPoolingForTest makes f hear of every intermediate object taken from a
// pool (put false) and put back into one (put true); nil stops it.
func SetPoolingForTest(f func(v any, put bool)) { pooling = f }

// TwinEntriesForTest is twinEntries, for the tests of package convert_test.
var TwinEntriesForTest = twinEntries

// SetSlowAlwaysForTest makes twinEntries walk and test every field through
// reflect; see slowAlways.
func SetSlowAlwaysForTest(on bool) { slowAlways = on }
