package convtest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// goldenHeader starts every golden file.
const goldenHeader = "# Golden file of package convtest: the %s exemplar %s.\n" +
	"# Regenerate with " + envUpdateGolden + "=1 go test (or -args -hubspoke.update-golden).\n"

// goldenASOLine follows the header of a file written in Azure Service
// Operator's string format, whose bags hold strings as they are: the same
// exemplar gives other bytes in the default format, and a failure then
// says so rather than asking for the file to be written again.
const goldenASOLine = "# The bags hold strings in Azure Service Operator's format: written by a build with -tags hubspoke_aso.\n"

// formatOf names a build's string format.
func formatOf(aso bool) string {
	if aso {
		return "with -tags hubspoke_aso"
	}
	return "without -tags hubspoke_aso"
}

// checkGolden returns the files it wrote in update mode.
func checkGolden(scheme *runtime.Scheme, gk schema.GroupKind, exemplar runtime.Object, cfg *config) ([]string, error) {
	gen, err := newGenerator(scheme, gk, cfg)
	if err != nil {
		return nil, err
	}
	conv := gen.conv
	if exemplar == nil {
		return nil, errors.New("convtest: Golden needs an exemplar object")
	}
	gvks, _, err := scheme.ObjectKinds(exemplar)
	if err != nil {
		return nil, fmt.Errorf("convtest: exemplar: %w", err)
	}
	var from string
	for _, gvk := range gvks {
		if gvk.GroupKind() == gk {
			from = gvk.Version
		}
	}
	if from == "" {
		return nil, fmt.Errorf("convtest: exemplar %T is not a version of %s", exemplar, gk)
	}
	to := cfg.target
	if to == "" {
		to = conv.Graph().Hub()
	}
	if from == to {
		return nil, fmt.Errorf("convtest: exemplar is already of the target version %s; pass an older version", to)
	}
	// The objects pass through JSON as they would on their way in and out
	// of the API server.
	source, p := fromJSON(exemplar, "the exemplar")
	if p != "" {
		return nil, fmt.Errorf("convtest: golden %s: %s", gk.Kind, p)
	}
	forward, err := conv.ToVersion(source, to)
	if err != nil {
		return nil, fmt.Errorf("convtest: golden %s: converting the exemplar from %s to %s: %w", gk.Kind, from, to, err)
	}
	if forward, p = viaJSON(forward, fmt.Sprintf("the exemplar converted to %s", to)); p != "" {
		return nil, fmt.Errorf("convtest: golden %s: %s", gk.Kind, p)
	}
	back, err := conv.ToVersion(forward, from)
	if err != nil {
		return nil, fmt.Errorf("convtest: golden %s: converting the exemplar from %s to %s and back to %s: %w", gk.Kind, from, to, from, err)
	}
	if back, p = viaJSON(back, fmt.Sprintf("the exemplar converted to %s and back", to)); p != "" {
		return nil, fmt.Errorf("convtest: golden %s: %s", gk.Kind, p)
	}
	if err := checkLosses(source, back, cfg, fmt.Sprintf("%s %s → %s → %s", gk.Kind, from, to, from)); err != nil {
		return nil, err
	}
	base := gk.Kind
	if cfg.variant != "" {
		base += "_" + cfg.variant
	}
	base += "_" + from + "_to_" + to
	base, err = goldenBase(cfg.goldenDir, base, exemplar)
	if err != nil {
		return nil, fmt.Errorf("convtest: golden %s: %w", gk.Kind, err)
	}
	files := []struct {
		name, what, path string
		obj              runtime.Object
		version          string
	}{
		{base + ".yaml", "(" + from + ") converted to " + to, from + " → " + to, forward, to},
		{base + "_to_" + from + ".yaml", "(" + from + ") converted to " + to + " and back", from + " → " + to + " → " + from, back, from},
	}
	var written []string
	var errs []error
	for _, file := range files {
		body, err := toYAML(file.obj, gk.WithVersion(file.version))
		if err != nil {
			return nil, fmt.Errorf("convtest: golden %s: rendering %s as YAML: %w", gk.Kind, file.name, err)
		}
		header := fmt.Sprintf(goldenHeader, gk.Kind, file.what)
		if propertybag.ASOStrings {
			header += goldenASOLine
		}
		got := header + body
		path := filepath.Join(cfg.goldenDir, file.name)
		if cfg.updating() {
			if err := os.MkdirAll(cfg.goldenDir, 0o755); err != nil {
				return nil, fmt.Errorf("convtest: %w", err)
			}
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				return nil, fmt.Errorf("convtest: %w", err)
			}
			written = append(written, path)
			continue
		}
		want, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, fmt.Errorf("convtest: golden file %s does not exist; create it with %s=1 go test %s (or -args -hubspoke.update-golden)",
				path, envUpdateGolden, packageDir()))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("convtest: %w", err)
		}
		if wantASO := strings.Contains(string(want), goldenASOLine); string(want) != got && wantASO != propertybag.ASOStrings {
			errs = append(errs, fmt.Errorf("convtest: golden %s %s: %s was written by a build %s, and this test runs %s: "+
				"the bags' strings are in another format (see hubspoke's docs/aso-adopters.md); run the test as the file was written, "+
				"or, if the format changes on purpose, regenerate with %s=1 go test %s (-golden +got):\n%s",
				gk.Kind, file.path, path, formatOf(wantASO), formatOf(propertybag.ASOStrings), envUpdateGolden, packageDir(),
				strings.TrimRight(cmp.Diff(string(want), got), "\n")))
		} else if string(want) != got {
			errs = append(errs, fmt.Errorf("convtest: golden %s %s no longer matches %s (-golden +got):\n%s\nIf the change is intended, regenerate with %s=1 go test %s (or -args -hubspoke.update-golden) and review the diff",
				gk.Kind, file.path, path, strings.TrimRight(cmp.Diff(string(want), got), "\n"), envUpdateGolden, packageDir()))
		}
	}
	return written, errors.Join(errs...)
}
