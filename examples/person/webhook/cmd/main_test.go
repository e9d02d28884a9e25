package main

import (
	"errors"
	"flag"
	"strings"
	"testing"
)

// TestRunRejectsBadArguments checks the flags, which run checks before
// anything connects or listens.
func TestRunRejectsBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-strategy", "stock"}, "flag provided but not defined"},
		{[]string{"-port", "nine"}, "invalid value"},
		{[]string{"serve"}, "unexpected arguments"},
		{[]string{"-crd", "no-such-file.yaml"}, "reading the CRD"},
		{[]string{"-crd", "main.go"}, "decoding the CRD in main.go"},
	} {
		if err := run(c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("run(%q) = %v, want an error containing %q", c.args, err, c.want)
		}
	}
	if err := run([]string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("run(-h) = %v, want flag.ErrHelp", err)
	}
}
