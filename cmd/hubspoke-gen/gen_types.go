package main

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
)

// typesFile renders the storage twin of v: its objects with every property
// optional and a property bag each, its enums, and their registration.
func typesFile(names *namer, c *chain, v *version) ([]byte, error) {
	f := newFile(names, v.storageName, v.storagePath)
	for _, name := range v.types {
		if e, ok := v.enums[name]; ok {
			f.printf("%s", comment(e.twinMarkers()))
			if len(e.twinMarkers()) > 0 {
				f.printf("\n")
			}
			f.printf("%s", twinComment(e.doc))
			f.printf("type %s %s\n\n", e.name, e.basic.Name())
			continue
		}
		if c, ok := v.collections[name]; ok {
			writeCollection(f, c, v.storagePath)
			continue
		}
		o := v.twins[name]
		markers := o.twinMarkers()
		if o.root && !o.list && v.hub {
			markers = append(markers, markerStorageVersion)
		}
		switch {
		case !o.root || o.list:
		case c.stored[v]:
			markers = append(markers, markerUnservedVersion)
		case !c.inCRD(v):
			markers = append(withoutVersionMarkers(markers), markerSkipVersion)
		}
		f.printf("%s", comment(markers))
		if len(markers) > 0 {
			f.printf("\n")
		}
		f.printf("%s", twinComment(o.doc))
		f.printf("type %s struct {\n", o.name)
		wroteEmbedded := false
		for _, fl := range o.fields {
			if fl.embedded {
				f.printf("%s `%s`\n", twinType(f, v, fl.ref), fl.tag)
				wroteEmbedded = true
			}
		}
		if wroteEmbedded {
			f.printf("\n")
		}
		if !o.list {
			f.printf("// PropertyBag holds the values of other versions that this version has no field for.\n")
			f.printf("PropertyBag %s `json:\"$propertyBag,omitempty\"`\n\n", f.q(pathPropertybag, "PropertyBag"))
		}
		for _, fl := range o.fields {
			if fl.embedded {
				continue
			}
			f.printf("%s", twinComment(fl.doc))
			fm := fl.twinMarkers()
			if !o.list {
				fm = append([]string{markerOptional}, fm...)
			}
			f.printf("%s", comment(fm))
			f.printf("%s %s `%s`\n\n", fl.name, twinType(f, v, fl.ref), twinTag(fl))
		}
		f.printf("}\n\n")
	}
	var register []string
	for _, name := range v.types {
		if o, ok := v.objects[name]; ok && o.root {
			register = append(register, "&"+name+"{}")
		}
	}
	f.printf("func init() {\nSchemeBuilder.Register(%s)\n}\n", strings.Join(register, ", "))
	return f.bytes()
}

// writeCollection declares collection c (type ExtraValue []string) in
// file f of the package at local, with its elements of that package, its
// doc and the markers a twin copies.
func writeCollection(f *file, c *collection, local string) {
	f.printf("%s", comment(c.twinMarkers()))
	if len(c.twinMarkers()) > 0 {
		f.printf("\n")
	}
	f.printf("%s", twinComment(c.doc))
	f.printf("type %s %s\n\n", c.name, renderType(f, c.ref, local))
}

// twinType renders type r of a storage twin of v.
func twinType(f *file, v *version, r *typeRef) string {
	return renderType(f, r, v.storagePath)
}

// renderType renders r in file f, its enums and objects being those of the
// package at local.
func renderType(f *file, r *typeRef, local string) string {
	switch r.kind {
	case refBasic, refExternal:
		return types.TypeString(r.typ, f.qualifier)
	case refEnum, refObject:
		return f.q(local, r.name)
	case refPointer:
		return "*" + renderType(f, r.elem, local)
	}
	if r.named != "" {
		return f.q(local, r.named)
	}
	switch r.kind {
	case refSlice:
		return "[]" + renderType(f, r.elem, local)
	case refMap:
		return "map[" + renderType(f, r.key, local) + "]" + renderType(f, r.elem, local)
	}
	panic("hubspoke-gen: unknown type")
}

// twinTag returns the struct tag of a storage twin's field: the API
// version's tag, with omitempty for optional values and the list-map keys
// in the hubspoke key (see package boundary). Slices and maps keep their
// json options, since JSON tells nil and empty apart without omitempty.
func twinTag(fl *field) string {
	var parts []string
	hasJSON := false
	for _, kv := range structTag(fl.tag) {
		if kv[0] == "json" {
			hasJSON = true
			kv[1] = twinJSON(fl, kv[1])
		}
		if kv[0] == "hubspoke" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s:%q", kv[0], kv[1]))
	}
	if !hasJSON {
		parts = append([]string{fmt.Sprintf("json:%q", twinJSON(fl, fl.name))}, parts...)
	}
	if len(fl.listMapKeys) > 0 {
		keys := make([]string, len(fl.listMapKeys))
		for i, k := range fl.listMapKeys {
			keys[i] = "listMapKey=" + k
		}
		parts = append(parts, fmt.Sprintf("hubspoke:%q", strings.Join(keys, ",")))
	}
	return strings.Join(parts, " ")
}

func twinJSON(fl *field, value string) string {
	if fl.ref.kind != refPointer || fl.omitEmpty {
		return value
	}
	return value + ",omitempty"
}

// structTag splits a struct tag into its keys and values, in order.
func structTag(tag string) [][2]string {
	var out [][2]string
	for tag != "" {
		tag = strings.TrimLeft(tag, " ")
		colon := strings.Index(tag, ":")
		if colon <= 0 || colon+1 >= len(tag) || tag[colon+1] != '"' {
			break
		}
		key := tag[:colon]
		value, ok := reflect.StructTag(tag).Lookup(key)
		if !ok {
			break
		}
		out = append(out, [2]string{key, value})
		// Skip past the quoted value.
		i := colon + 2
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		tag = tag[min(i+1, len(tag)):]
	}
	return out
}

// groupVersionFile renders the registration of v's storage twin, as
// kubebuilder writes it for API versions.
func groupVersionFile(names *namer, c *chain, v *version) ([]byte, error) {
	f := newFile(names, v.storageName, v.storagePath)
	f.doc = fmt.Sprintf("Package %s holds the storage version of API version %s: the same types, every\n"+
		"property optional, and a property bag in every object for the values of\n"+
		"other versions that this version has no field for.\n\n"+
		"+kubebuilder:object:generate=true\n+groupName=%s", v.storageName, v.name, c.group)
	if !c.inCRD(v) {
		f.doc += "\n\nOnly the conversions use it: it is registered in the scheme, but its kinds\n" +
			"are not a version of the CRD (+kubebuilder:skipversion; hubspoke-gen\n" +
			"-stored keeps a storage version there)."
	}
	f.printf(`var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = %s{Group: %q, Version: %q}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &%s{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
`, f.q(pathSchema, "GroupVersion"), c.group, v.storageName, f.q(pathCRScheme, "Builder"))
	return f.bytes()
}

// withoutVersionMarkers drops from the markers of a root type that is left
// out of the CRD those that describe its CRD version (subresources, printer
// columns, ...): controller-gen may apply them before it sees
// +kubebuilder:skipversion, and fails on a version that is not in the CRD.
func withoutVersionMarkers(markers []string) []string {
	var out []string
	for _, m := range markers {
		if !slices.ContainsFunc(versionMarkers, func(prefix string) bool { return strings.HasPrefix(m, prefix) }) {
			out = append(out, m)
		}
	}
	return out
}

// versionMarkers are the prefixes of the kubebuilder markers that apply to
// one version of a CRD.
var versionMarkers = []string{"+kubebuilder:subresource:", "+kubebuilder:printcolumn", "+kubebuilder:selectablefield", "+kubebuilder:deprecatedversion"}
