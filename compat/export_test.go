package compat

// ErrWrongShape lets the tests of package compat_test tell the wrong-shape
// error apart.
var ErrWrongShape = errWrongShape
