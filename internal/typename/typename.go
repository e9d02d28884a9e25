// Package typename names Go types in messages as Kubernetes code spells
// them: apimachinery's meta/v1 package as metav1 (its package name v1 is
// also the name of every first API version), and the import paths reflect
// writes in type arguments shortened to package names. It has no
// dependencies, so leaf packages can use it.
package typename

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// metaV1Path is the import path of apimachinery's meta/v1 package, named
// metav1 in messages. Only the path is needed, so the packages that name
// types in their errors do not depend on Kubernetes.
const metaV1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

// Of is t.String() with apimachinery's meta/v1 package named metav1
// and the full import paths reflect gives type arguments shortened to
// package names.
func Of(t reflect.Type) string {
	if t.Name() != "" {
		// A defined type: reflect writes pkg.Name, with type arguments in
		// full import paths.
		s := t.String()
		if t.PkgPath() == metaV1Path {
			s = "metav1" + strings.TrimPrefix(s, "v1")
		}
		return shortenPaths(s)
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + Of(t.Elem())
	case reflect.Slice:
		return "[]" + Of(t.Elem())
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + Of(t.Elem())
	case reflect.Map:
		return "map[" + Of(t.Key()) + "]" + Of(t.Elem())
	case reflect.Chan:
		switch t.ChanDir() {
		case reflect.RecvDir:
			return "<-chan " + Of(t.Elem())
		case reflect.SendDir:
			return "chan<- " + Of(t.Elem())
		}
		if e := t.Elem(); e.Kind() == reflect.Chan && e.ChanDir() == reflect.RecvDir {
			return "chan (" + Of(e) + ")" // as the spec parses it
		}
		return "chan " + Of(t.Elem())
	}
	// Unnamed structs, funcs and interfaces are spelled out by reflect;
	// they do not occur as conversion types.
	return shortenPaths(t.String())
}

// qualifier matches an import path and its dot, as reflect writes them
// before the names in type arguments ("k8s.io/api/core/v1." in
// "G[k8s.io/api/core/v1.Pod]"): path elements ending in a slash, then a
// last element without dots.
var qualifier = regexp.MustCompile(`(?:[^\[\](),* /]+/)+[^\[\](),* /.]+\.`)

// shortenPaths rewrites the import paths in s to package names, meta/v1 to
// metav1: "G[string,k8s.io/apimachinery/pkg/apis/meta/v1.Time]" becomes
// "G[string,metav1.Time]".
func shortenPaths(s string) string {
	return qualifier.ReplaceAllStringFunc(s, func(q string) string {
		if q == metaV1Path+"." {
			return "metav1."
		}
		return q[strings.LastIndexByte(q, '/')+1:]
	})
}
