package webhook

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-logr/logr/funcr"
)

// TestLogFailureNamesTheChainStep: the step logged for a failed conversion
// is the one the Converter's error names (once, right after its prefix),
// not text further on in a hook's message that reads like one.
func TestLogFailureNamesTheChainStep(t *testing.T) {
	var lines []string
	log := funcr.New(func(prefix, args string) { lines = append(lines, args) }, funcr.Options{})
	err := errors.New(`hubspoke: converting Widget.crm.hubspoke.test from v1 to v2: converting webhook_test.widgetV1 to webhook_test.widgetV1Storage: the hook says: converting address to v2: no street (object 0 of the review, "shop/gizmo")`)
	logFailure(log, "Widget.crm.hubspoke.test", reasonConversion, nil, "Widget", "v1", "v2", err)
	if len(lines) != 1 || !strings.Contains(lines[0], `"step"="webhook_test.widgetV1 to webhook_test.widgetV1Storage"`) {
		t.Errorf("log %q, want the step webhook_test.widgetV1 to webhook_test.widgetV1Storage", lines)
	}
}
