package convert

// GraphFromSchemeForTest lets the tests of package convert_test check the
// graph derived from a scheme, and its errors, without a Converter.
var GraphFromSchemeForTest = graphFromScheme
