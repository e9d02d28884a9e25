package convert

// GraphFromSchemeForTest lets the tests of package convert_test check the
// graph derived from a scheme, and its errors, without a Converter.
var GraphFromSchemeForTest = graphFromScheme

// SetPoolingForTest makes f hear of every intermediate object taken from a
// pool (put false) and put back into one (put true); nil stops it.
func SetPoolingForTest(f func(v any, put bool)) { pooling = f }
