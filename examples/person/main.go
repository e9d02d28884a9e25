// Command person demonstrates the hubspoke conversion chain on the Person
// resource: it takes Mickey, the sample person of the versioning design, at
// v5 and at v3, converts him to every version, prints the YAML at each (so
// you can see values travel in the property bags of the storage versions),
// and converts every version to every other.
//
//	go -C examples run ./person
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	scheme, err := api.NewScheme()
	if err != nil {
		return err
	}
	converter, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# The conversion graph\n\n%s\n", converter.Graph())

	for _, start := range []runtime.Object{samples.MickeyV5(), samples.MickeyV3()} {
		from := start.GetObjectKind().GroupVersionKind().Version
		fmt.Fprintf(w, "\n# Mickey created at %s, read at every version\n", from)
		for _, version := range converter.Graph().Versions() {
			obj, err := converter.ToVersion(start, version)
			if err != nil {
				return err
			}
			text, err := yaml.Marshal(obj)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "\n## %s → %s\n\n%s", from, version, text)
		}
	}

	fmt.Fprintf(w, "\n# Every version to every other (from Mickey at v5)\n\n")
	versions := converter.Graph().Versions()
	for _, from := range versions {
		src, err := converter.ToVersion(samples.MickeyV5(), from)
		if err != nil {
			return err
		}
		for _, to := range versions {
			if _, err := converter.ToVersion(src, to); err != nil {
				return err
			}
		}
		back, err := roundTrip(converter, src, from)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-10s → all %d versions ok; %s → hub → %s %s\n", from, len(versions), from, from, back)
	}
	return nil
}

// roundTrip converts src (at version from) to the hub and back, and reports
// "unchanged" when the object came back equal.
func roundTrip(c *convert.Converter, src runtime.Object, from string) (string, error) {
	there, err := c.ToVersion(src, c.Graph().Hub())
	if err != nil {
		return "", err
	}
	back, err := c.ToVersion(there, from)
	if err != nil {
		return "", err
	}
	a, _ := yaml.Marshal(src)
	b, _ := yaml.Marshal(back)
	if string(a) != string(b) {
		return "", fmt.Errorf("%s → hub → %s changed the object:\n%s\n---\n%s", from, from, a, b)
	}
	return "unchanged", nil
}
