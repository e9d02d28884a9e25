package webhook_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-logr/logr"
	"github.com/go-logr/logr/funcr"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert/webhook"
	dto "github.com/prometheus/client_model/go"
	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// The metrics, logs and size guard of the conversion, through Setup, on
// Widget (testdata/widgets.yaml).

// logLines is a logr sink that keeps every line.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) logger() logr.Logger {
	return funcr.New(func(prefix, args string) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.lines = append(l.lines, args)
	}, funcr.Options{})
}

func (l *logLines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

// setupWidgets returns the handler of the webhook server Setup serves
// Widget on, with opts.
func setupWidgets(t *testing.T, opts webhook.Options) http.Handler {
	t.Helper()
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, opts, widgetCRD(t)); err != nil {
		t.Fatal(err)
	}
	return mgr.GetWebhookServer().WebhookMux()
}

// metricValue is the value of a counter, or the sample count of a
// histogram, of controller-runtime's registry with the given labels
// (0 when there is none).
func metricValue(t *testing.T, name string, labels map[string]string) float64 {
	t.Helper()
	families, err := metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if hasLabels(m, labels) {
				if h := m.GetHistogram(); h != nil {
					return float64(h.GetSampleCount())
				}
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}

func hasLabels(m *dto.Metric, want map[string]string) bool {
	found := 0
	for _, l := range m.GetLabel() {
		if v, ok := want[l.GetName()]; ok {
			if v != l.GetValue() {
				return false
			}
			found++
		}
	}
	return found == len(want)
}

const widgetResource = "Widget.crm.hubspoke.test"

// widgets returns n widgets at version, named gizmo-0, gizmo-1, ...
func widgets(t *testing.T, version string, n int) []runtime.Object {
	out := make([]runtime.Object, n)
	for i := range out {
		w := widgetAt(t, version)
		w.(metav1.Object).SetName("gizmo-" + string(rune('0'+i)))
		out[i] = w
	}
	return out
}

func TestConversionMetrics(t *testing.T) {
	h := setupWidgets(t, webhook.Options{Logger: logr.Discard()})
	pair := map[string]string{"resource": widgetResource, "from": "v2storage", "to": "v1"}
	bags := map[string]string{"resource": widgetResource, "version": "v1"}
	failed := map[string]string{"resource": widgetResource, "reason": "conversion"}
	converted0 := metricValue(t, "hubspoke_conversions_total", pair)
	timed0 := metricValue(t, "hubspoke_conversion_duration_seconds", pair)
	bags0 := metricValue(t, "hubspoke_bags_annotation_bytes", bags)
	failed0 := metricValue(t, "hubspoke_conversion_failures_total", failed)

	if resp := convertReview(t, h, reviewOf(t, "m", group+"/v1", widgets(t, "v2storage", 3)...)); resp.Result.Status != metav1.StatusSuccess {
		t.Fatalf("%+v", resp.Result)
	}
	if got := metricValue(t, "hubspoke_conversions_total", pair) - converted0; got != 3 {
		t.Errorf("hubspoke_conversions_total%v grew by %v, want 3", pair, got)
	}
	if got := metricValue(t, "hubspoke_conversion_duration_seconds", pair) - timed0; got != 3 {
		t.Errorf("hubspoke_conversion_duration_seconds%v has %v more samples, want 3", pair, got)
	}
	// Every widget at v1 carries the hub's other values in its
	// annotation.
	if got := metricValue(t, "hubspoke_bags_annotation_bytes", bags) - bags0; got != 3 {
		t.Errorf("hubspoke_bags_annotation_bytes%v has %v more samples, want 3", bags, got)
	}

	bad := widgetAt(t, "v1")
	bad.(metav1.Object).SetAnnotations(map[string]string{boundary.Annotation: "{not json"})
	if msg := failure(t, h, "f", reviewOf(t, "f", group+"/v2", bad)); !strings.Contains(msg, boundary.Annotation) {
		t.Errorf("malformed annotation: %q", msg)
	}
	if got := metricValue(t, "hubspoke_conversion_failures_total", failed) - failed0; got != 1 {
		t.Errorf("hubspoke_conversion_failures_total%v grew by %v, want 1", failed, got)
	}

}

// TestReviewFailureMetrics: hubspoke's handler counts every review it
// refuses, by reason.
func TestReviewFailureMetrics(t *testing.T) {
	h := setupWidgets(t, webhook.Options{Logger: logr.Discard()})
	for _, c := range []struct {
		resource, reason string
		body             []byte
	}{
		{"", "malformed_review", []byte("{not json")},
		{"", "malformed_review", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`)},
		{"", "unknown_object", reviewOf(t, "g", group+"/v1", &teamV1{TypeMeta: metav1.TypeMeta{APIVersion: "other.example.com/v1", Kind: "Team"}})},
		{widgetResource, "unserved_version", reviewOf(t, "v", group+"/v9", widgetAt(t, "v1"))},
		// After a widget, an object of another kind of the same group, and a
		// widget of another group: neither is converted as a widget.
		{widgetResource, "unknown_object", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"k","desiredAPIVersion":"crm.hubspoke.test/v2",
			"objects":[{"apiVersion":"crm.hubspoke.test/v1","kind":"Widget","spec":{"name":"a"}},{"apiVersion":"crm.hubspoke.test/v1","kind":"Gadget","spec":{"name":"b"}}]}}`)},
		{widgetResource, "unknown_object", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"k","desiredAPIVersion":"crm.hubspoke.test/v2",
			"objects":[{"apiVersion":"crm.hubspoke.test/v1","kind":"Widget","spec":{"name":"a"}},{"apiVersion":"other.example.com/v1","kind":"Widget","spec":{"name":"b"}}]}}`)},
		{widgetResource, "decode", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"d","desiredAPIVersion":"crm.hubspoke.test/v2",
			"objects":[{"apiVersion":"crm.hubspoke.test/v1","kind":"Widget","spec":{"name":7}}]}}`)},
	} {
		labels := map[string]string{"resource": c.resource, "reason": c.reason}
		before := metricValue(t, "hubspoke_conversion_failures_total", labels)
		resp := convertReview(t, h, c.body)
		if resp.Result.Status != metav1.StatusFailure || !strings.HasPrefix(resp.Result.Message, "hubspoke: ") {
			t.Errorf("%s: %+v", c.reason, resp.Result)
		}
		if got := metricValue(t, "hubspoke_conversion_failures_total", labels) - before; got != 1 {
			t.Errorf("hubspoke_conversion_failures_total%v grew by %v, want 1", labels, got)
		}
	}
}

// TestFailedConversionsAreLogged: one line for every failed conversion,
// naming the object, its kind, the versions and the step of the chain.
func TestFailedConversionsAreLogged(t *testing.T) {
	var log logLines
	h := setupWidgets(t, webhook.Options{Logger: log.logger()})
	bad := widgetAt(t, "v1")
	bad.(metav1.Object).SetAnnotations(map[string]string{boundary.Annotation: "{not json"})
	failure(t, h, "f", reviewOf(t, "f", group+"/v2", bad))
	lines := log.all()
	if len(lines) != 1 {
		t.Fatalf("%d log lines, want 1: %q", len(lines), lines)
	}
	for _, want := range []string{
		`"msg"="conversion failed"`, `"resource"="Widget.crm.hubspoke.test"`, `"reason"="conversion"`,
		`"kind"="Widget"`, `"namespace"="shop"`, `"name"="gizmo"`, `"from"="v1"`,
		`"step"="webhook_test.widgetV1 to webhook_test.widgetV1Storage"`, boundary.Annotation,
	} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("log line %s lacks %s", lines[0], want)
		}
	}
	// A successful review logs nothing.
	convertReview(t, h, reviewOf(t, "ok", group+"/v1", widgetAt(t, "v2")))
	if got := log.all(); len(got) != 1 {
		t.Errorf("a successful review logged %q", got[1:])
	}
	// A review that is not one is logged too, and one of an object this
	// webhook does not convert.
	failure(t, h, "", []byte("{not json"))
	if got := log.all(); len(got) != 2 || !strings.Contains(got[1], `"reason"="malformed_review"`) {
		t.Errorf("a malformed review logged %q", got[1:])
	}
	failure(t, h, "g", reviewOf(t, "g", group+"/v1", &teamV1{TypeMeta: metav1.TypeMeta{APIVersion: "other.example.com/v1", Kind: "Team"}}))
	if got := log.all(); len(got) != 3 || !strings.Contains(got[2], `"reason"="unknown_object"`) || !strings.Contains(got[2], `"kind"="Team"`) {
		t.Errorf("a review of an unknown object logged %q", got[1:])
	}

}

// TestFailedConversionsGoToTheManagersLogger: with the zero
// Options.Logger, a failed conversion is logged by the manager's logger,
// named hubspoke-conversion.
func TestFailedConversionsGoToTheManagersLogger(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	logger := funcr.New(func(prefix, args string) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, prefix+" "+args)
	}, funcr.Options{})
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err != nil {
		t.Fatal(err)
	}
	bad := widgetAt(t, "v1")
	bad.(metav1.Object).SetAnnotations(map[string]string{boundary.Annotation: "{not json"})
	failure(t, mgr.GetWebhookServer().WebhookMux(), "f", reviewOf(t, "f", group+"/v2", bad))
	mu.Lock()
	defer mu.Unlock()
	var found bool
	for _, line := range lines {
		found = found || strings.Contains(line, "hubspoke-conversion") && strings.Contains(line, `"msg"="conversion failed"`) && strings.Contains(line, `"name"="gizmo"`)
	}
	if !found {
		t.Errorf("the manager's logger has no line of the failed conversion: %q", lines)
	}
}

// TestBagsAnnotationGuard: a conversion whose bags annotation exceeds
// ConversionBagsLimit, or whose annotations together exceed the API
// server's limit, fails with an error naming hubspoke, the object and the
// size, and is counted and logged.
func TestBagsAnnotationGuard(t *testing.T) {
	var log logLines
	h := setupWidgets(t, webhook.Options{BagsBudget: 100, ConversionBagsLimit: 100, Logger: log.logger()})
	labels := map[string]string{"resource": widgetResource, "reason": "bags_too_large"}
	before := metricValue(t, "hubspoke_conversion_failures_total", labels)
	hub := widgetAt(t, "v2storage")
	msg := failure(t, h, "g", reviewOf(t, "g", group+"/v1", hub))
	at := widgetAt(t, "v1").(metav1.Object).GetAnnotations()[boundary.Annotation]
	for _, want := range []string{
		`hubspoke: converting Widget.crm.hubspoke.test "shop/gizmo" from v2storage to v1`,
		"property-bags annotation " + boundary.Annotation, "would be " + strconv.Itoa(len(at)) + " bytes, more than the limit of 100 bytes",
		"the values only other versions have fields for are too large for version v1",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if got := metricValue(t, "hubspoke_conversion_failures_total", labels) - before; got != 1 {
		t.Errorf("hubspoke_conversion_failures_total%v grew by %v, want 1", labels, got)
	}
	if lines := log.all(); len(lines) != 1 || !strings.Contains(lines[0], `"name"="gizmo"`) || !strings.Contains(lines[0], `"reason"="bags_too_large"`) {
		t.Errorf("log: %q", lines)
	}
	// Within the limit, the same conversion goes through.
	if len(at) > 100 {
		h = setupWidgets(t, webhook.Options{BagsBudget: len(at), ConversionBagsLimit: len(at), Logger: logr.Discard()})
		if resp := convertReview(t, h, reviewOf(t, "g", group+"/v1", hub)); resp.Result.Status != metav1.StatusSuccess {
			t.Errorf("limit %d: %+v", len(at), resp.Result)
		}
	} else {
		t.Fatalf("the widget's annotation at v1 is %d bytes, too small for the test", len(at))
	}

	// Annotations together beyond the API server's limit.
	h = setupWidgets(t, webhook.Options{Logger: logr.Discard()})
	big := widgetAt(t, "v2storage")
	big.(metav1.Object).SetAnnotations(map[string]string{"big": strings.Repeat("x", 256<<10-100)})
	msg = failure(t, h, "b", reviewOf(t, "b", group+"/v1", big))
	if !strings.Contains(msg, `hubspoke: converting Widget.crm.hubspoke.test "shop/gizmo" from v2storage to v1: its annotations would be`) ||
		!strings.Contains(msg, "more than the API server's limit of 262144") {
		t.Errorf("annotations beyond the API server's limit: %q", msg)
	}

}

func TestSetupRejectsBadLimits(t *testing.T) {
	for _, c := range []struct {
		opts webhook.Options
		want string
	}{
		{webhook.Options{ConversionBagsLimit: -1}, "conversion bags limit -1 bytes"},
		{webhook.Options{ConversionBagsLimit: 256 << 10}, "less than the API server's 262144"},
		{webhook.Options{MaxReviewBytes: -1}, "MaxReviewBytes -1"},
	} {
		mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
		if err != nil {
			t.Fatal(err)
		}
		if err := webhook.Setup(mgr, c.opts, widgetCRD(t)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error containing %q", c.opts, err, c.want)
		}
	}
}

// TestReviewSizeLimit: a review beyond MaxReviewBytes is refused with a
// Failure naming the limit, whether or not it declares its length.
func TestReviewSizeLimit(t *testing.T) {
	h := setupWidgets(t, webhook.Options{MaxReviewBytes: 1000, Logger: logr.Discard()})
	labels := map[string]string{"resource": "", "reason": "malformed_review"}
	before := metricValue(t, "hubspoke_conversion_failures_total", labels)
	defer func() {
		if got := metricValue(t, "hubspoke_conversion_failures_total", labels) - before; got != 2 {
			t.Errorf("hubspoke_conversion_failures_total%v grew by %v, want 2", labels, got)
		}
	}()
	body := reviewOf(t, "big", group+"/v1", widgets(t, "v2", 5)...)
	if len(body) <= 1000 {
		t.Fatalf("review of %d bytes, want more than 1000", len(body))
	}
	if msg := failure(t, h, "", body); !strings.Contains(msg, "more than the limit of 1000") || !strings.Contains(msg, "MaxReviewBytes") {
		t.Errorf("%q", msg)
	}
	// Without a Content-Length, the handler stops reading at the limit.
	req := httptest.NewRequest(http.MethodPost, "/convert", io.MultiReader(bytes.NewReader(body)))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if req.ContentLength != -1 || rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"message":"hubspoke: the ConversionReview is more than the limit of 1000 bytes`) {
		t.Errorf("content length %d: HTTP %d %s", req.ContentLength, rec.Code, rec.Body)
	}
	small := reviewOf(t, "small", group+"/v1", widgetAt(t, "v2"))
	if len(small) > 1000 {
		t.Fatalf("review of %d bytes, want at most 1000", len(small))
	}
	if resp := convertReview(t, h, small); resp.Result.Status != metav1.StatusSuccess {
		t.Errorf("%+v", resp.Result)
	}
	// The limit is inclusive: a review of exactly MaxReviewBytes, whose
	// length is not declared, is read whole.
	exact := setupWidgets(t, webhook.Options{MaxReviewBytes: int64(len(small)), Logger: logr.Discard()})
	req = httptest.NewRequest(http.MethodPost, "/convert", io.MultiReader(bytes.NewReader(small)))
	rec = httptest.NewRecorder()
	exact.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"status":"Success"`) {
		t.Errorf("a review of exactly the limit: HTTP %d %s", rec.Code, rec.Body)
	}
}

// TestAdmittedBagsStayReadable: a bags annotation the admission webhook
// lets a write give an object at a version, the conversion webhook Setup
// serves beside it returns there. A BagsBudget above the default
// ConversionBagsLimit raises the limit with it (with the limit left at
// 192 KiB, a write at v2 of notes v1 carries in its annotation, within a
// budget of 200 KiB, was admitted and then failed every read at v1); a
// ConversionBagsLimit set below the budget is refused.
func TestAdmittedBagsStayReadable(t *testing.T) {
	const budget = 200 << 10
	h := setupWidgets(t, webhook.Options{BagsBudget: budget, Logger: logr.Discard()})
	w := widgetAt(t, "v2").(*widgetV2)
	w.Spec.Notes = strings.Repeat("n", budget-1000)
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, w, nil)))
	hub, err := widgetConverter(t).ToVersion(w, "v2storage")
	if err != nil {
		t.Fatal(err)
	}
	if resp := convertReview(t, h, reviewOf(t, "r", group+"/v1", hub)); resp.Result.Status != metav1.StatusSuccess {
		t.Errorf("admitted within a budget of %d bytes, not readable at v1: %s", budget, resp.Result.Message)
	}

	for _, opts := range []webhook.Options{
		{ConversionBagsLimit: 64 << 10},
		{BagsBudget: 1000, ConversionBagsLimit: 999},
	} {
		mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("conversion bags limit %d bytes is below the bags budget", opts.ConversionBagsLimit)
		if err := webhook.Setup(mgr, opts, widgetCRD(t)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: %v, want an error containing %q", opts, err, want)
		}
	}
}
