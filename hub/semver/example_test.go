package semver_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hubspoke/hubspoke/hub/semver"
)

func ExampleParse() {
	v, err := semver.Parse("v1.4.0-rc.1+build.7")
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Major, v.Minor, v.Patch, v.Pre, v.Build)
	fmt.Println(v) // canonical form, without the leading "v"

	_, err = semver.Parse("1.02.3")
	fmt.Println(err)
	fmt.Println(errors.Is(err, semver.ErrInvalid))
	// Output:
	// 1 4 0 [rc 1] [build 7]
	// 1.4.0-rc.1+build.7
	// semver: invalid version "1.02.3": minor version "02" has a leading zero
	// true
}

func ExampleVersion_Compare() {
	var versions []semver.Version
	for _, s := range []string{"1.0.0", "1.0.0-beta.11", "1.0.0-alpha", "1.0.0-beta.2", "1.0.0-alpha.1"} {
		v, err := semver.Parse(s)
		if err != nil {
			panic(err)
		}
		versions = append(versions, v)
	}
	slices.SortFunc(versions, semver.Version.Compare)
	fmt.Println(versions)

	// Build metadata does not affect precedence.
	linux, _ := semver.Parse("1.0.0+linux")
	darwin, _ := semver.Parse("1.0.0+darwin")
	fmt.Println(linux.Compare(darwin))
	// Output:
	// [1.0.0-alpha 1.0.0-alpha.1 1.0.0-beta.2 1.0.0-beta.11 1.0.0]
	// 0
}

func ExampleParseSpec() {
	spec, err := semver.ParseSpec(" >= 1.2 , <2.0,!=1.5 ")
	if err != nil {
		panic(err)
	}
	fmt.Println(spec)

	_, err = semver.ParseSpec("~1.2")
	fmt.Println(err)
	// Output:
	// >=1.2, <2.0, !=1.5
	// semver: invalid spec "~1.2": item 1 "~1.2": unknown operator "~" (want one of =, ==, !=, >, >=, <, <=)
}

func ExampleSpec_Matches() {
	// "1" never admits a release candidate of 2; an operator compares by
	// plain precedence, and 2.0.0-rc.1 < 2.0.0.
	for _, s := range []string{"1.2", ">=1.2,<2.0,!=1.5", "", "*", "1", "<2.0.0"} {
		spec, err := semver.ParseSpec(s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-18q", s)
		for _, name := range []string{"0.9.0", "1.2.7", "1.5.0", "1.5.1", "2.0.0-rc.1", "2.0.0"} {
			v, _ := semver.Parse(name)
			fmt.Printf(" %s:%v", name, spec.Matches(v))
		}
		fmt.Println()
	}
	// Output:
	// "1.2"              0.9.0:false 1.2.7:true 1.5.0:false 1.5.1:false 2.0.0-rc.1:false 2.0.0:false
	// ">=1.2,<2.0,!=1.5" 0.9.0:false 1.2.7:true 1.5.0:false 1.5.1:true 2.0.0-rc.1:true 2.0.0:false
	// ""                 0.9.0:true 1.2.7:false 1.5.0:false 1.5.1:false 2.0.0-rc.1:false 2.0.0:false
	// "*"                0.9.0:true 1.2.7:true 1.5.0:true 1.5.1:true 2.0.0-rc.1:true 2.0.0:true
	// "1"                0.9.0:false 1.2.7:true 1.5.0:true 1.5.1:true 2.0.0-rc.1:false 2.0.0:false
	// "<2.0.0"           0.9.0:true 1.2.7:true 1.5.0:true 1.5.1:true 2.0.0-rc.1:true 2.0.0:false
}

// parseAll parses versions the example knows to be valid.
func parseAll(names ...string) []semver.Version {
	versions := make([]semver.Version, len(names))
	for i, name := range names {
		v, err := semver.Parse(name)
		if err != nil {
			panic(err)
		}
		versions[i] = v
	}
	return versions
}

func ExampleResolve() {
	available := parseAll("1.0.0", "1.2.0", "1.2.5", "1.4.1", "2.0.0")
	for _, requested := range parseAll("1.2.0", "1.2.3", "1.3.0", "3.0.0") {
		v, err := semver.Resolve(requested, available)
		if err != nil {
			fmt.Println(requested, "->", err)
			fmt.Println(errors.Is(err, semver.ErrNoCompatibleVersion))
			continue
		}
		fmt.Println(requested, "->", v)
	}
	// Output:
	// 1.2.0 -> 1.2.0
	// 1.2.3 -> 1.2.5
	// 1.3.0 -> 1.4.1
	// 3.0.0 -> semver: no compatible version for 3.0.0: none of 3.0.0, 3.0.x or 3.x.x is available; available: 1.0.0, 1.2.0, 1.2.5, 1.4.1, 2.0.0
	// true
}

func ExampleResolveAll() {
	available := parseAll("1.1.0", "1.2.0", "1.2.4", "1.3.0", "2.0.0-rc.1", "2.0.0")
	specs := func(texts ...string) []semver.Spec {
		var specs []semver.Spec
		for _, text := range texts {
			s, err := semver.ParseSpec(text)
			if err != nil {
				panic(err)
			}
			specs = append(specs, s)
		}
		return specs
	}

	// The latest version one spec matches: "1" keeps out 2.0.0-rc.1.
	v, err := semver.ResolveAll(specs("1"), available)
	fmt.Println(v, err)

	// One consumer needs 1.2.x, another any 1.x: the newest 1.2.x wins.
	v, err = semver.ResolveAll(specs("1.2", "1"), available)
	fmt.Println(v, err)

	// A consumer needing >=2.0 conflicts with the others. The error names a
	// smallest conflicting group and what each spec matches.
	_, err = semver.ResolveAll(specs("1", "1.2", ">=2.0"), available)
	fmt.Println(errors.Is(err, semver.ErrNoCompatibleVersion))
	fmt.Println(err)
	// Output:
	// 1.3.0 <nil>
	// 1.2.4 <nil>
	// true
	// semver: no compatible version for "1", "1.2", ">=2.0": "1" and ">=2.0" match no available version together; "1" matches 1.1.0, 1.2.0, 1.2.4, 1.3.0; "1.2" matches 1.2.0, 1.2.4; ">=2.0" matches 2.0.0; available: 1.1.0, 1.2.0, 1.2.4, 1.3.0, 2.0.0-rc.1, 2.0.0
}
