// Command person demonstrates the hubspoke conversion chain on the Person
// resource: it takes Mickey, the sample person of the versioning design, at
// v5, prints him as the hub stores him and as every other API version reads
// him (so you can see values travel in the property bags), does the same
// for Mickey as v3 describes him, and converts every version to every
// other.
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
	"github.com/hubspoke/hubspoke/hub"
	yamlv2 "go.yaml.in/yaml/v2"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

// legend says how to read the YAML.
const legend = `# How to read it

  hubspoke.dev/property-bags    annotation on an API version: every bag of
                                its storage twin outside status, by path
                                (spec, spec.birthDate, ...), so a client that
                                reads and writes back at that version loses
                                nothing
  status.$propertyBags          on an API version: the status bags, which only
                                writers of the status subresource can change
`

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	// Long values (the bags annotation) on one line each, not folded.
	yamlv2.FutureLineWrap()
	scheme, err := api.NewScheme()
	if err != nil {
		return err
	}
	converter, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s\n# The conversion graph\n\n%s\n", legend, converter.Graph())

	// Each Mickey as the hub stores him, then at every other API version.
	hubVersion := converter.Graph().Hub()
	for _, start := range []runtime.Object{samples.MickeyV5(), samples.MickeyV3()} {
		from := start.GetObjectKind().GroupVersionKind().Version
		fmt.Fprintf(w, "\n# Mickey created at %s, stored at the hub and read at every other API version\n", from)
		for _, version := range append([]string{hubVersion}, apiVersions(converter.Graph().Versions())...) {
			if version == from {
				continue
			}
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

	fmt.Fprintf(w, "\n# Every version (API and storage) to every other (from Mickey at v5)\n\n")
	versions := converter.Graph().Versions()
	width := 0
	for _, v := range versions {
		width = max(width, len(v))
	}
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
		fmt.Fprintf(w, "%-*s → all %d versions ok; → hub → %-*s %s\n", width, from, len(versions), width, from, back)
	}
	return nil
}

// apiVersions returns the versions that are not storage twins.
func apiVersions(versions []string) []string {
	var out []string
	for _, name := range versions {
		if v, err := hub.ParseVersion(name); err == nil && !v.IsStorage() {
			out = append(out, name)
		}
	}
	return out
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
