package hub_test

import (
	"errors"
	"fmt"

	"github.com/hubspoke/hubspoke/hub"
)

func ExampleParseSemVer() {
	v, err := hub.ParseSemVer("v1.4.0-rc.1+build.7")
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Major, v.Minor, v.Patch, v.Pre, v.Build)
	fmt.Println(v) // canonical form, without the leading "v"

	_, err = hub.ParseSemVer("1.02.3")
	fmt.Println(err)
	fmt.Println(errors.Is(err, hub.ErrInvalidSemVer))
	// Output:
	// 1 4 0 [rc 1] [build 7]
	// 1.4.0-rc.1+build.7
	// hub: invalid semantic version "1.02.3": minor version "02" has a leading zero
	// true
}

func ExampleSemVer_Compare() {
	chain := []string{"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0"}
	for i := 0; i+1 < len(chain); i++ {
		a, b := hub.MustParseSemVer(chain[i]), hub.MustParseSemVer(chain[i+1])
		fmt.Printf("%s vs %s: %d\n", a, b, a.Compare(b))
	}
	// Build metadata does not affect precedence.
	a, b := hub.MustParseSemVer("1.0.0+linux"), hub.MustParseSemVer("1.0.0+darwin")
	fmt.Println(a.Compare(b), a.Equal(b))
	// Output:
	// 1.0.0-alpha vs 1.0.0-alpha.1: -1
	// 1.0.0-alpha.1 vs 1.0.0-beta.2: -1
	// 1.0.0-beta.2 vs 1.0.0-beta.11: -1
	// 1.0.0-beta.11 vs 1.0.0: -1
	// 0 true
}

func ExampleParseSpec() {
	spec, err := hub.ParseSpec(" >= 1.2 , <2.0,!=1.5 ")
	if err != nil {
		panic(err)
	}
	fmt.Println(spec)

	_, err = hub.ParseSpec("~1.2")
	fmt.Println(err)
	// Output:
	// >=1.2, <2.0, !=1.5
	// hub: invalid version spec "~1.2": item 1 "~1.2": unknown operator "~" (want one of =, ==, !=, >, >=, <, <=)
}

func ExampleSpec_Matches() {
	for _, s := range []string{"1.2", ">=1.2,<2.0,!=1.5", "", "*"} {
		spec := hub.MustParseSpec(s)
		fmt.Printf("%-18q", s)
		for _, v := range []string{"0.9.0", "1.2.7", "1.5.0", "1.5.1", "2.0.0"} {
			fmt.Printf(" %s:%v", v, spec.Matches(hub.MustParseSemVer(v)))
		}
		fmt.Println()
	}
	// "1" never admits a release candidate of 2; an operator compares by
	// plain precedence, and 2.0.0-rc.1 < 2.0.0.
	fmt.Println(hub.MustParseSpec("1").Matches(hub.MustParseSemVer("2.0.0-rc.1")))
	fmt.Println(hub.MustParseSpec("<2.0.0").Matches(hub.MustParseSemVer("2.0.0-rc.1")))
	// Output:
	// "1.2"              0.9.0:false 1.2.7:true 1.5.0:false 1.5.1:false 2.0.0:false
	// ">=1.2,<2.0,!=1.5" 0.9.0:false 1.2.7:true 1.5.0:false 1.5.1:true 2.0.0:false
	// ""                 0.9.0:true 1.2.7:false 1.5.0:false 1.5.1:false 2.0.0:false
	// "*"                0.9.0:true 1.2.7:true 1.5.0:true 1.5.1:true 2.0.0:true
	// false
	// true
}

func ExampleResolve() {
	available := []hub.SemVer{
		hub.MustParseSemVer("1.0.0"),
		hub.MustParseSemVer("1.2.0"),
		hub.MustParseSemVer("1.2.5"),
		hub.MustParseSemVer("1.4.1"),
		hub.MustParseSemVer("2.0.0"),
	}
	for _, req := range []string{"1.2.0", "1.2.3", "1.3.0", "3.0.0"} {
		v, err := hub.Resolve(hub.MustParseSemVer(req), available)
		if err != nil {
			fmt.Println(req, "->", err)
			fmt.Println(errors.Is(err, hub.ErrNoCompatibleVersion))
			continue
		}
		fmt.Println(req, "->", v)
	}
	// Output:
	// 1.2.0 -> 1.2.0
	// 1.2.3 -> 1.2.5
	// 1.3.0 -> 1.4.1
	// 3.0.0 -> hub: no compatible version: requested 3.0.0, but none of 3.0.0, 3.0.x or 3.x.x is available; available: 1.0.0, 1.2.0, 1.2.5, 1.4.1, 2.0.0
	// true
}

func ExampleResolveAll() {
	available := []hub.SemVer{
		hub.MustParseSemVer("1.1.0"),
		hub.MustParseSemVer("1.2.0"),
		hub.MustParseSemVer("1.2.4"),
		hub.MustParseSemVer("1.3.0"),
		hub.MustParseSemVer("2.0.0"),
	}
	// One consumer needs 1.2.x, another any 1.x: the newest 1.2.x wins.
	v, err := hub.ResolveAll([]hub.Spec{hub.MustParseSpec("1.2"), hub.MustParseSpec("1")}, available)
	fmt.Println(v, err)

	// A consumer needing >=2.0 conflicts with the others. The error names a
	// smallest conflicting group and what each requirement allows.
	_, err = hub.ResolveAll([]hub.Spec{
		hub.MustParseSpec("1"),
		hub.MustParseSpec("1.2"),
		hub.MustParseSpec(">=2.0"),
	}, available)
	fmt.Println(errors.Is(err, hub.ErrConflictingRequirements))
	var conflict *hub.ConflictError
	if errors.As(err, &conflict) {
		fmt.Println("conflict:", conflict.Conflict)
	}
	fmt.Println(err)
	// Output:
	// 1.2.4 <nil>
	// true
	// conflict: [1 >=2.0]
	// hub: conflicting requirements: no available version satisfies all of "1", "1.2", ">=2.0"; conflict: "1" and ">=2.0" share no available version; "1" allows 1.1.0, 1.2.0, 1.2.4, 1.3.0; "1.2" allows 1.2.0, 1.2.4; ">=2.0" allows 2.0.0; available: 1.1.0, 1.2.0, 1.2.4, 1.3.0, 2.0.0
}

func ExampleLatest() {
	available := []hub.SemVer{
		hub.MustParseSemVer("1.4.0"),
		hub.MustParseSemVer("1.9.2"),
		hub.MustParseSemVer("2.0.0-rc.1"),
		hub.MustParseSemVer("2.0.0"),
	}
	v, _ := hub.Latest(hub.MustParseSpec(">=1.0.0, <2.0.0-0"), available)
	fmt.Println(v)
	_, err := hub.Latest(hub.MustParseSpec("3"), available)
	fmt.Println(err)
	// Output:
	// 1.9.2
	// hub: no compatible version: no available version satisfies "3"; available: 1.4.0, 1.9.2, 2.0.0-rc.1, 2.0.0
}
