package convert_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// keptName returns what the nickname of o, which every hook of a keeping
// walk points at its source's name, reads.
func keptName(o object) string {
	if p := o.spec().Nickname; p != nil {
		return *p
	}
	return "<nil>"
}

// TestStepsMayKeepPointersIntoTheirSource: a step (here its hook) may keep
// a pointer into the memory of its source, such as the address of one of
// its fields, rather than copy the value: after a walk of any length, in
// either direction, through ToHub, FromHub and the Converter, the result
// still reads what the source held, and no other conversion changes it.
func TestStepsMayKeepPointersIntoTheirSource(t *testing.T) {
	hooks.keep.Store(true)
	defer hooks.keep.Store(false)
	for _, hops := range []int{1, 2, 4, 8} {
		src := sample(chainObjects(hops)[0])
		h := &hubNode{}
		if err := src.(conversion.Convertible).ConvertTo(h); err != nil {
			t.Fatal(err)
		}
		if got := keptName(h); got != "Mickey" {
			t.Errorf("ToHub over %d hops: the hub's kept pointer reads %q, want %q", hops, got, "Mickey")
		}
		back := chainObjects(hops)[0]
		if err := back.(conversion.Convertible).ConvertFrom(h); err != nil {
			t.Fatal(err)
		}
		if got := keptName(back); got != "Mickey" {
			t.Errorf("FromHub over %d hops: the kept pointer reads %q, want %q", hops, got, "Mickey")
		}
	}

	s := chainScheme(4) // v1 .. v4 spokes, v5 hub
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	versions := c.Graph().Versions()
	for _, from := range versions {
		for _, to := range versions {
			if from == to {
				continue // no step runs
			}
			src, _ := s.New(testGK.WithVersion(from))
			sample(src.(object))
			dst, err := c.ToVersion(src, to)
			if err != nil {
				t.Fatalf("%s → %s: %v", from, to, err)
			}
			if got := keptName(dst.(object)); got != "Mickey" {
				t.Errorf("%s → %s: the kept pointer reads %q, want %q", from, to, got, "Mickey")
			}
		}
	}

	// Conversions at the same time, each of its own name, hub and back
	// (v1 → v4 passes through the hub): none reads another's.
	hooks.quiet.Store(true)
	defer hooks.quiet.Store(false)
	const workers, each = 4, 200
	var wg sync.WaitGroup
	errs := make(chan string, workers*each)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				name := fmt.Sprintf("w%d-%d", w, i)
				src, _ := s.New(testGK.WithVersion("v1"))
				sample(src.(object)).spec().Name = name
				dst, err := c.ToVersion(src, "v4")
				if err != nil {
					errs <- err.Error()
					return
				}
				if got := keptName(dst.(object)); got != name {
					errs <- fmt.Sprintf("v1 → v4 of %s: the kept pointer reads %q", name, got)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for e := range errs {
		if n++; n <= 5 {
			t.Error(e)
		}
	}
	if n > 5 {
		t.Errorf("... and %d more", n-5)
	}
}
