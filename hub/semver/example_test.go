package semver_test

import (
	"errors"
	"fmt"

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
	// semver: invalid semantic version "1.02.3": minor version "02" has a leading zero
	// true
}

func ExampleVersion_Compare() {
	chain := []string{"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0"}
	for i := 0; i+1 < len(chain); i++ {
		a, b := semver.MustParse(chain[i]), semver.MustParse(chain[i+1])
		fmt.Printf("%s vs %s: %d\n", a, b, a.Compare(b))
	}
	// Build metadata does not affect precedence.
	a, b := semver.MustParse("1.0.0+linux"), semver.MustParse("1.0.0+darwin")
	fmt.Println(a.Compare(b), a.Equal(b))
	// Output:
	// 1.0.0-alpha vs 1.0.0-alpha.1: -1
	// 1.0.0-alpha.1 vs 1.0.0-beta.2: -1
	// 1.0.0-beta.2 vs 1.0.0-beta.11: -1
	// 1.0.0-beta.11 vs 1.0.0: -1
	// 0 true
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
	// semver: invalid version spec "~1.2": item 1 "~1.2": unknown operator "~" (want one of =, ==, !=, >, >=, <, <=)
}

func ExampleSpec_Matches() {
	for _, s := range []string{"1.2", ">=1.2,<2.0,!=1.5", "", "*"} {
		spec := semver.MustParseSpec(s)
		fmt.Printf("%-18q", s)
		for _, v := range []string{"0.9.0", "1.2.7", "1.5.0", "1.5.1", "2.0.0"} {
			fmt.Printf(" %s:%v", v, spec.Matches(semver.MustParse(v)))
		}
		fmt.Println()
	}
	// "1" never admits a release candidate of 2; an operator compares by
	// plain precedence, and 2.0.0-rc.1 < 2.0.0.
	fmt.Println(semver.MustParseSpec("1").Matches(semver.MustParse("2.0.0-rc.1")))
	fmt.Println(semver.MustParseSpec("<2.0.0").Matches(semver.MustParse("2.0.0-rc.1")))
	// Output:
	// "1.2"              0.9.0:false 1.2.7:true 1.5.0:false 1.5.1:false 2.0.0:false
	// ">=1.2,<2.0,!=1.5" 0.9.0:false 1.2.7:true 1.5.0:false 1.5.1:true 2.0.0:false
	// ""                 0.9.0:true 1.2.7:false 1.5.0:false 1.5.1:false 2.0.0:false
	// "*"                0.9.0:true 1.2.7:true 1.5.0:true 1.5.1:true 2.0.0:true
	// false
	// true
}

func ExampleResolve() {
	available := []semver.Version{
		semver.MustParse("1.0.0"),
		semver.MustParse("1.2.0"),
		semver.MustParse("1.2.5"),
		semver.MustParse("1.4.1"),
		semver.MustParse("2.0.0"),
	}
	for _, req := range []string{"1.2.0", "1.2.3", "1.3.0", "3.0.0"} {
		v, err := semver.Resolve(semver.MustParse(req), available)
		if err != nil {
			fmt.Println(req, "->", err)
			fmt.Println(errors.Is(err, semver.ErrNoCompatibleVersion))
			continue
		}
		fmt.Println(req, "->", v)
	}
	// Output:
	// 1.2.0 -> 1.2.0
	// 1.2.3 -> 1.2.5
	// 1.3.0 -> 1.4.1
	// 3.0.0 -> semver: no compatible version: requested 3.0.0, but none of 3.0.0, 3.0.x or 3.x.x is available; available: 1.0.0, 1.2.0, 1.2.5, 1.4.1, 2.0.0
	// true
}

func ExampleResolveAll() {
	available := []semver.Version{
		semver.MustParse("1.1.0"),
		semver.MustParse("1.2.0"),
		semver.MustParse("1.2.4"),
		semver.MustParse("1.3.0"),
		semver.MustParse("2.0.0"),
	}
	// One consumer needs 1.2.x, another any 1.x: the newest 1.2.x wins.
	v, err := semver.ResolveAll([]semver.Spec{semver.MustParseSpec("1.2"), semver.MustParseSpec("1")}, available)
	fmt.Println(v, err)

	// A consumer needing >=2.0 conflicts with the others. The error names a
	// smallest conflicting group and what each requirement allows.
	_, err = semver.ResolveAll([]semver.Spec{
		semver.MustParseSpec("1"),
		semver.MustParseSpec("1.2"),
		semver.MustParseSpec(">=2.0"),
	}, available)
	fmt.Println(errors.Is(err, semver.ErrConflictingRequirements))
	var conflict *semver.ConflictError
	if errors.As(err, &conflict) {
		fmt.Println("conflict:", conflict.Conflict)
	}
	fmt.Println(err)
	// Output:
	// 1.2.4 <nil>
	// true
	// conflict: [1 >=2.0]
	// semver: conflicting requirements: no available version satisfies all of "1", "1.2", ">=2.0"; conflict: "1" and ">=2.0" share no available version; "1" allows 1.1.0, 1.2.0, 1.2.4, 1.3.0; "1.2" allows 1.2.0, 1.2.4; ">=2.0" allows 2.0.0; available: 1.1.0, 1.2.0, 1.2.4, 1.3.0, 2.0.0
}

func ExampleLatest() {
	available := []semver.Version{
		semver.MustParse("1.4.0"),
		semver.MustParse("1.9.2"),
		semver.MustParse("2.0.0-rc.1"),
		semver.MustParse("2.0.0"),
	}
	v, _ := semver.Latest(semver.MustParseSpec(">=1.0.0, <2.0.0-0"), available)
	fmt.Println(v)
	_, err := semver.Latest(semver.MustParseSpec("3"), available)
	fmt.Println(err)
	// Output:
	// 1.9.2
	// semver: no compatible version: no available version satisfies "3"; available: 1.4.0, 1.9.2, 2.0.0-rc.1, 2.0.0
}
