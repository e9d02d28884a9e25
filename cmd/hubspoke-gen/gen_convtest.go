package main

import "fmt"

// convtestFile renders the conversion tests of every kind, in the hub's
// storage package (as an external test package, which may import every
// version): round trips and reliability with convtest.
func convtestFile(names *namer, c *chain) ([]byte, error) {
	h := c.hub
	f := newFile(names, h.storageName+"_test", h.storagePath+"_test")
	f.printf("// newScheme registers every version of the resources of %s.\n", c.group)
	f.printf("func newScheme(t *testing.T) *%s {\nt.Helper()\n", f.q(pathRuntime, "Scheme"))
	f.printf("s := %s()\n", f.q(pathRuntime, "NewScheme"))
	f.printf("for _, add := range []func(*%s) error{\n", f.q(pathRuntime, "Scheme"))
	for _, v := range c.versions {
		f.printf("%s, %s,\n", f.q(v.pkgPath, "AddToScheme"), f.q(v.storagePath, "AddToScheme"))
	}
	f.printf("} {\nif err := add(s); err != nil {\nt.Fatal(err)\n}\n}\nreturn s\n}\n\n")
	f.use("testing")
	for _, kind := range c.kinds {
		gk := fmt.Sprintf("%s{Group: %q, Kind: %q}", f.q(pathSchema, "GroupKind"), c.group, kind)
		f.printf("// Test%sRoundTrip converts objects of every version of %s to the hub and back, and hubs to every API version and back: nothing may be lost.\n", kind, kind)
		f.printf("func Test%sRoundTrip(t *testing.T) {\n%s(t, newScheme(t), %s)\n}\n\n", kind, f.q(pathConvtest, "RoundTripAll"), gk)
		f.printf("// Test%sReliability converts objects of every version of %s to every other version.\n", kind, kind)
		f.printf("func Test%sReliability(t *testing.T) {\n%s(t, newScheme(t), %s)\n}\n\n", kind, f.q(pathConvtest, "Reliability"), gk)
	}
	return f.bytes()
}
