package webhook

import (
	"fmt"
	"regexp"
	"time"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/prometheus/client_golang/prometheus"
	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

// The conversion metrics, registered with controller-runtime's registry
// (metrics.Registry), which a manager serves on its metrics endpoint.
var (
	conversionsTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "hubspoke_conversions_total",
		Help: "Objects converted by the hubspoke conversion webhook, by resource, source version and destination version.",
	}, []string{"resource", "from", "to"})
	conversionFailures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "hubspoke_conversion_failures_total",
		Help: "Failed conversions (whole reviews or single objects) of the hubspoke conversion webhook, by resource and reason.",
	}, []string{"resource", "reason"})
	conversionSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "hubspoke_conversion_duration_seconds",
		Help:    "Time to convert one object (decoding and encoding excluded), by resource, source version and destination version.",
		Buckets: prometheus.ExponentialBuckets(1e-6, 4, 10), // 1 µs to 262 ms
	}, []string{"resource", "from", "to"})
	bagsAnnotationBytes = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "hubspoke_bags_annotation_bytes",
		Help:    "Size of the property-bags annotation (" + boundary.Annotation + ") of converted objects that carry one, by resource and version.",
		Buckets: prometheus.ExponentialBuckets(64, 4, 8), // 64 B to 1 MiB
	}, []string{"resource", "version"})
)

func init() {
	metrics.Registry.MustRegister(conversionsTotal, conversionFailures, conversionSeconds, bagsAnnotationBytes)
}

// The reasons of hubspoke_conversion_failures_total.
const (
	reasonReview     = "malformed_review" // not a ConversionReview, no request, too large
	reasonObject     = "unknown_object"   // an object of another resource or version, or without one
	reasonDecode     = "decode"           // an object that does not decode into its type
	reasonVersion    = "unserved_version" // desiredAPIVersion not served, or the object's own
	reasonConversion = "conversion"       // the Converter failed
	reasonBags       = "bags_too_large"   // the size guard (Options.ConversionBagsLimit)
	reasonEncode     = "encode"           // a converted object that does not encode
	reasonPanic      = "panic"            // a panic outside the Converter
	defaultBagsLimit = 192 << 10          // Options.ConversionBagsLimit when 0
	annotationsLimit = apimachineryvalidation.TotalAnnotationSizeLimitB
)

// observer records the conversions of one resource: metrics, a log line
// for every failure, and the size guard of the bags annotation.
type observer struct {
	resource  string
	log       logr.Logger
	bagsLimit int
}

func newObserver(gk schema.GroupKind, log logr.Logger, bagsLimit int) (*observer, error) {
	if bagsLimit == 0 {
		bagsLimit = defaultBagsLimit
	}
	if bagsLimit < 0 || bagsLimit >= annotationsLimit {
		return nil, fmt.Errorf("webhook: %s: conversion bags limit %d bytes: want more than 0 and less than the API server's %d", gk, bagsLimit, annotationsLimit)
	}
	return &observer{resource: gk.String(), log: log, bagsLimit: bagsLimit}, nil
}

// pair holds the metrics of one source and destination version, looked
// up once per review rather than once per object.
type pair struct {
	from, to  string
	converted prometheus.Counter
	seconds   prometheus.Observer
	bags      prometheus.Observer
}

func (o *observer) pair(from, to string) *pair {
	return &pair{
		from: from, to: to,
		converted: conversionsTotal.WithLabelValues(o.resource, from, to),
		seconds:   conversionSeconds.WithLabelValues(o.resource, from, to),
		bags:      bagsAnnotationBytes.WithLabelValues(o.resource, to),
	}
}

// converted records one successful conversion to p.to that took d, and
// checks the bags annotation of dst against the guard; the error names
// hubspoke, the resource, the object and the size.
func (o *observer) converted(p *pair, dst runtime.Object, d time.Duration) error {
	p.seconds.Observe(d.Seconds())
	if m, ok := dst.(metav1.Object); ok {
		if annotations := m.GetAnnotations(); len(annotations) > 0 {
			if err := o.guard(p, m, annotations); err != nil {
				return err
			}
		}
	}
	p.converted.Inc()
	return nil
}

// guard checks the annotations of m, just converted to p.to: its bags
// annotation must be at most o.bagsLimit bytes, and all its annotations
// together within the API server's limit, which would otherwise refuse the
// object with an error that does not say where the annotation comes from.
func (o *observer) guard(p *pair, m metav1.Object, annotations map[string]string) error {
	bags, ok := annotations[boundary.Annotation]
	if !ok {
		return nil
	}
	p.bags.Observe(float64(len(bags)))
	if len(bags) > o.bagsLimit {
		return fmt.Errorf("hubspoke: converting %s %s from %s to %s: its property-bags annotation %s would be %d bytes, more than the limit of %d bytes (webhook.Options.ConversionBagsLimit; the API server allows %d for all annotations together): the values only other versions have fields for are too large for version %s",
			o.resource, objectName(m), p.from, p.to, boundary.Annotation, len(bags), o.bagsLimit, annotationsLimit, p.to)
	}
	total := 0
	for k, v := range annotations {
		total += len(k) + len(v)
	}
	if total > annotationsLimit {
		return fmt.Errorf("hubspoke: converting %s %s from %s to %s: its annotations would be %d bytes, more than the API server's limit of %d, of which the property-bags annotation %s is %d bytes",
			o.resource, objectName(m), p.from, p.to, total, annotationsLimit, boundary.Annotation, len(bags))
	}
	return nil
}

// failed records a failed conversion and logs it, naming the object (when
// known) and the step that failed.
func (o *observer) failed(reason string, obj metav1.Object, kind, from, to string, err error) {
	conversionFailures.WithLabelValues(o.resource, reason).Inc()
	logFailure(o.log, o.resource, reason, obj, kind, from, to, err)
}

// chainStep finds the step of the chain that an error of the Converter
// names ("converting v3storage.Person to v4storage.Person: ...").
var chainStep = regexp.MustCompile(`converting (\S+) to (\S+?):`)

func logFailure(log logr.Logger, resource, reason string, obj metav1.Object, kind, from, to string, err error) {
	kv := []any{"resource", resource, "reason", reason}
	if kind != "" {
		kv = append(kv, "kind", kind)
	}
	if obj != nil {
		kv = append(kv, "namespace", obj.GetNamespace(), "name", obj.GetName())
	}
	if from != "" || to != "" {
		kv = append(kv, "from", from, "to", to)
	}
	step := reason
	// The first match: the Converter names the step once, before the
	// step's own message, which may read like another.
	if m := chainStep.FindStringSubmatch(err.Error()); reason == reasonConversion && m != nil {
		step = m[1] + " to " + m[2]
	}
	kv = append(kv, "step", step)
	log.Error(err, "conversion failed", kv...)
}

// objectName is "namespace/name", or "name" for a cluster-scoped object,
// quoted; it says so for an object without metadata (nil).
func objectName(m metav1.Object) string {
	if m == nil {
		return "(an object without metadata)"
	}
	if m.GetNamespace() == "" {
		return fmt.Sprintf("%q", m.GetName())
	}
	return fmt.Sprintf("%q", m.GetNamespace()+"/"+m.GetName())
}
