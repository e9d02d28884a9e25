package convtest

import (
	"fmt"
	"strings"
	"testing"
)

// TestTrimStack: a panic's stack keeps the frames of the code under test,
// from the panicking one down to the kit, without the runtime's and the
// kit's own frames, and at most maxFrames of them.
func TestTrimStack(t *testing.T) {
	frame := func(fn, at string) string { return fn + "\n\t" + at }
	user := []string{
		frame("example.com/user.(*T).ConvertFrom(...)", "/u/user.go:10"),
		frame("example.com/user.helper()", "/u/user.go:20"),
	}
	stack := strings.Join([]string{
		"goroutine 1 [running]:",
		frame("runtime/debug.Stack()", "/go/debug/stack.go:26 +0x5e"),
		frame(kitPackage+".call.func1()", "/k/check.go:301 +0x4a"),
		frame("panic({0x1, 0x2})", "/go/runtime/panic.go:770 +0x132"),
		frame("runtime.panicmem(...)", "/go/runtime/panic.go:261"),
		user[0], user[1],
		frame(kitPackage+".call(...)", "/k/check.go:304"),
		frame("example.com/caller.Test()", "/c/caller_test.go:1"),
	}, "\n") + "\n"
	if got, want := trimStack([]byte(stack)), strings.Join(user, "\n"); got != want {
		t.Errorf("trimStack kept\n%s\nwant\n%s", got, want)
	}

	var deep, kept []string
	for i := range maxFrames + 3 {
		f := frame(fmt.Sprintf("example.com/user.f%d()", i), fmt.Sprintf("/u/user.go:%d", i))
		deep = append(deep, f)
		if i < maxFrames {
			kept = append(kept, f)
		}
	}
	stack = "goroutine 1 [running]:\n" + frame("panic({0x1, 0x2})", "/go/runtime/panic.go:770") + "\n" + strings.Join(deep, "\n") + "\n"
	if got, want := trimStack([]byte(stack)), strings.Join(kept, "\n")+"\n\t..."; got != want {
		t.Errorf("trimStack of a deep stack kept\n%s\nwant\n%s", got, want)
	}
}

// TestRunPattern: the replay command's -run pattern selects exactly the
// failing test, whose subtest name may hold characters a regular
// expression reads otherwise (a table's "a_(b)+c"). Mutation testing:
// quoting nothing survived the other tests, whose names have none.
func TestRunPattern(t *testing.T) {
	for name, want := range map[string]string{
		"TestWidgetRoundTrip/v1":   "^TestWidgetRoundTrip$/^v1$",
		"TestX/a_(b)+c":            `^TestX$/^a_\(b\)\+c$`,
		"TestY/v1.2_to_v2[beta]?*": `^TestY$/^v1\.2_to_v2\[beta\]\?\*$`,
	} {
		if got := runPattern(name); got != want {
			t.Errorf("runPattern(%q) = %q, want %q", name, got, want)
		}
	}
}
