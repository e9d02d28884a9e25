package webhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	kjson "sigs.k8s.io/json"
)

// defaultMaxReviewBytes is Options.MaxReviewBytes when 0.
const defaultMaxReviewBytes = 64 << 20

// reviewAPIVersion and reviewKind are the type of the reviews the handler
// reads and writes.
const (
	reviewAPIVersion = "apiextensions.k8s.io/v1"
	reviewKind       = "ConversionReview"
)

// resource is what the handler knows of one resource it converts.
type resource struct {
	gk        schema.GroupKind
	converter *convert.Converter
	observer  *observer
	// types holds the Go type of every version of the chain; desired
	// the versions a review may ask for (those the CRD lists).
	types   map[string]reflect.Type
	desired map[string]bool
}

// newResource describes the resource of crd, whose Converter is c; a nil
// crd lists every version of the chain.
func newResource(scheme *runtime.Scheme, c *convert.Converter, crd *apiextensionsv1.CustomResourceDefinition, o *observer) (*resource, error) {
	r := &resource{gk: c.GroupKind(), converter: c, observer: o, types: map[string]reflect.Type{}, desired: map[string]bool{}}
	for _, v := range c.Graph().Versions() {
		obj, err := scheme.New(r.gk.WithVersion(v))
		if err != nil {
			return nil, fmt.Errorf("webhook: %s: creating version %s: %w", r.gk, v, err)
		}
		r.types[v] = reflect.TypeOf(obj).Elem()
	}
	if crd == nil { // every version of the chain (in tests)
		for v := range r.types {
			r.desired[v] = true
		}
		return r, nil
	}
	for _, v := range crd.Spec.Versions {
		if r.types[v.Name] != nil {
			r.desired[v.Name] = true
		}
	}
	return r, nil
}

func (r *resource) new(version string) runtime.Object {
	return reflect.New(r.types[version]).Interface().(runtime.Object)
}

// handler is hubspoke's conversion webhook handler: it serves
// apiextensions.k8s.io/v1 ConversionReviews for the resources it was built
// for, converting each object with their *convert.Converter.
//
// It reads the review once, finds each object's apiVersion and kind with a
// scan of its top-level keys, decodes the object once, straight into the
// Go type of its version (with the API machinery's case-sensitive JSON
// decoder), converts it with ConvertOwned (the handler owns the decoded
// object, so the Converter need not copy it) and encodes the result
// straight into the response. Every review it cannot convert is answered
// with HTTP 200 and a ConversionReview whose result is a Failure with a
// message that names what is wrong; one failing object fails the review,
// as the API server expects.
//
// A review whose first object is of a resource the handler was not built
// for, but that the scheme knows, goes to fallback (controller-runtime's
// handler, which converts with the manager's converter registry or the
// types' Hub and Convertible methods), so that other resources of the
// operator still convert on the same path.
type handler struct {
	resources map[schema.GroupKind]*resource
	scheme    *runtime.Scheme
	fallback  http.Handler
	maxBytes  int64
	log       logr.Logger
}

var _ http.Handler = (*handler)(nil)

// buffers holds response (and request) buffers between reviews.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// largestPooled is the largest buffer kept for the next review.
const largestPooled = 8 << 20

func putBuffer(b *bytes.Buffer) {
	if b.Cap() <= largestPooled {
		b.Reset()
		buffers.Put(b)
	}
}

// failure is a review the handler cannot convert: the reason (a label of
// hubspoke_conversion_failures_total) and the error.
type failure struct {
	reason string
	err    error
}

func (h *handler) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body := buffers.Get().(*bytes.Buffer)
	defer putBuffer(body)
	out := buffers.Get().(*bytes.Buffer)
	defer putBuffer(out)

	var review reviewIn
	var f *failure
	if err := h.read(body, req); err != nil {
		f = h.reviewFailure(err)
	} else if f = h.decodeReview(body.Bytes(), &review); f == nil {
		if r, delegate := h.resourceOf(review.Request.Objects); delegate && review.Request.Dropped > 0 {
			// An object the review holds is not one (see scanner.objects):
			// refused here, rather than handing all of it to a handler
			// that would decode every value first.
			f = h.dropped(review.Request.Objects)
		} else if delegate {
			req.Body = io.NopCloser(bytes.NewReader(body.Bytes()))
			h.fallback.ServeHTTP(w, req)
			return
		} else if r != nil {
			f = h.convert(out, r, review.Request.UID, review.Request.DesiredAPIVersion, review.Request.Objects)
		} else {
			f = h.convertNone(out, review.Request.UID, review.Request.DesiredAPIVersion, review.Request.Objects)
		}
	}
	if f != nil {
		out.Reset()
		uid := types.UID("")
		if review.Request != nil {
			uid = review.Request.UID
		}
		writeFailure(out, uid, f.err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(out.Bytes()); err != nil {
		h.log.Error(err, "writing the ConversionReview response")
	}
}

// read reads the request body into body, refusing more than h.maxBytes.
func (h *handler) read(body *bytes.Buffer, req *http.Request) error {
	if req.Body == nil {
		return errors.New("hubspoke: the request has no body, want a ConversionReview")
	}
	if n := req.ContentLength; n > h.maxBytes {
		return fmt.Errorf("hubspoke: the ConversionReview is %d bytes, more than the limit of %d (webhook.Options.MaxReviewBytes)", n, h.maxBytes)
	} else if n > 0 {
		body.Grow(int(n) + bytes.MinRead)
	}
	n, err := body.ReadFrom(io.LimitReader(req.Body, h.maxBytes+1))
	if err != nil {
		return fmt.Errorf("hubspoke: reading the ConversionReview: %w", err)
	}
	if n > h.maxBytes {
		return fmt.Errorf("hubspoke: the ConversionReview is more than the limit of %d bytes (webhook.Options.MaxReviewBytes)", h.maxBytes)
	}
	return nil
}

// decodeReview reads the review in text and checks its type and request.
func (h *handler) decodeReview(text []byte, review *reviewIn) *failure {
	if len(bytes.TrimSpace(text)) == 0 {
		return h.reviewFailure(errors.New("hubspoke: the request body is empty, want a ConversionReview"))
	}
	if err := parseReview(text, review); err != nil {
		return h.reviewFailure(fmt.Errorf("hubspoke: the request body is not a ConversionReview: %w", err))
	}
	if review.APIVersion != reviewAPIVersion || review.Kind != reviewKind {
		return h.reviewFailure(fmt.Errorf("hubspoke: the request body is a %q of %q, want a %s of %s", review.Kind, review.APIVersion, reviewKind, reviewAPIVersion))
	}
	if review.Request == nil {
		return h.reviewFailure(errors.New("hubspoke: the ConversionReview has no request"))
	}
	return nil
}

func (h *handler) reviewFailure(err error) *failure {
	conversionFailures.WithLabelValues("", reasonReview).Inc()
	logFailure(h.log, "", reasonReview, nil, "", "", "", err)
	return &failure{reasonReview, err}
}

// resourceOf returns the resource of the review's first object, or
// delegate when it is another resource that the scheme knows.
func (h *handler) resourceOf(objects [][]byte) (r *resource, delegate bool) {
	if len(objects) == 0 {
		return nil, false
	}
	apiVersion, kind, err := typeOf(objects[0])
	if err != nil {
		return nil, false
	}
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, false
	}
	gvk := gv.WithKind(kind)
	if r := h.resources[gvk.GroupKind()]; r != nil {
		return r, false
	}
	return nil, h.fallback != nil && h.scheme.Recognizes(gvk)
}

// convertNone answers a review whose first object is of no resource the
// handler knows: with Success when there are no objects, else a Failure.
func (h *handler) convertNone(out *bytes.Buffer, uid types.UID, desired string, objects [][]byte) *failure {
	if len(objects) == 0 {
		if _, err := schema.ParseGroupVersion(desired); err != nil || desired == "" {
			return h.reviewFailure(fmt.Errorf("hubspoke: desiredAPIVersion %q is not an apiVersion", desired))
		}
		writeSuccessStart(out, uid)
		out.WriteString("]}}\n")
		return nil
	}
	apiVersion, kind, err := typeOf(objects[0])
	if err == nil {
		err = fmt.Errorf("hubspoke: object 0 has kind %s and apiVersion %s, which this webhook does not convert (it converts %s)", kind, apiVersion, h.names())
	} else {
		err = fmt.Errorf("hubspoke: object 0: %w", err)
	}
	conversionFailures.WithLabelValues("", reasonObject).Inc()
	logFailure(h.log, "", reasonObject, nil, kind, "", "", err)
	return &failure{reasonObject, err}
}

// dropped refuses a review, of another resource, whose last object (as
// scanner.objects keeps them) is not an object with an apiVersion and a
// kind.
func (h *handler) dropped(objects [][]byte) *failure {
	i := len(objects) - 1
	_, _, err := typeOf(objects[i])
	err = fmt.Errorf("hubspoke: object %d: %w", i, err)
	conversionFailures.WithLabelValues("", reasonObject).Inc()
	logFailure(h.log, "", reasonObject, nil, "", "", "", err)
	return &failure{reasonObject, err}
}

func (h *handler) names() string {
	var names []string
	for gk := range h.resources {
		names = append(names, gk.String())
	}
	return strings.Join(names, ", ")
}

// convert converts objects, all of resource r, to desired and writes the
// successful review to out.
func (h *handler) convert(out *bytes.Buffer, r *resource, uid types.UID, desired string, objects [][]byte) (f *failure) {
	o := r.observer
	var current metav1.Object // the object being converted, for the log
	var kind, from string
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("hubspoke: converting %s to %s: panic: %v", r.gk, desired, p)
			o.failed(reasonPanic, current, kind, from, desired, err)
			f = &failure{reasonPanic, err}
		}
	}()
	fail := func(reason string, err error) *failure {
		o.failed(reason, current, kind, from, desired, err)
		return &failure{reason, err}
	}
	gv, err := schema.ParseGroupVersion(desired)
	if err != nil || desired == "" {
		return fail(reasonVersion, fmt.Errorf("hubspoke: converting %s: desiredAPIVersion %q is not an apiVersion", r.gk, desired))
	}
	if gv.Group != r.gk.Group || !r.desired[gv.Version] {
		return fail(reasonVersion, fmt.Errorf("hubspoke: converting %s: desiredAPIVersion %s is not a version of %s the CRD lists (%s)", r.gk, desired, r.gk, r.versions()))
	}
	to := gv.Version
	if out.Cap() == 0 { // a new buffer: make the room at once
		out.Grow(responseRoom(objects))
	}
	writeSuccessStart(out, uid)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var p *pair
	for i, raw := range objects {
		current, kind, from = nil, "", ""
		apiVersion, k, err := typeOf(raw)
		kind = k
		if err != nil {
			return fail(reasonObject, fmt.Errorf("hubspoke: converting %s: object %d: %w", r.gk, i, err))
		}
		ogv, err := schema.ParseGroupVersion(apiVersion)
		if err != nil || ogv.Group != r.gk.Group || kind != r.gk.Kind {
			return fail(reasonObject, fmt.Errorf("hubspoke: converting %s: object %d has kind %s and apiVersion %s, not those of %s", r.gk, i, kind, apiVersion, r.gk))
		}
		from = ogv.Version
		if r.types[from] == nil || !r.desired[from] {
			// The API server sends only objects of the versions the CRD
			// lists: an intermediate storage twin, whose values no schema
			// checked, is not one of them.
			return fail(reasonObject, fmt.Errorf("hubspoke: converting %s: object %d is at version %s, which is not a version of %s the CRD lists (%s)", r.gk, i, from, r.gk, r.versions()))
		}
		src := r.new(from)
		if err := kjson.UnmarshalCaseSensitivePreserveInts(raw, src); err != nil {
			return fail(reasonDecode, fmt.Errorf("hubspoke: converting %s: decoding object %d as %s: %w", r.gk, i, apiVersion, err))
		}
		current, _ = src.(metav1.Object)
		if got := src.GetObjectKind().GroupVersionKind(); got != ogv.WithKind(kind) {
			return fail(reasonObject, fmt.Errorf("hubspoke: converting %s: object %d names its apiVersion and kind twice (%s of %s, then %s)", r.gk, i, kind, apiVersion, got))
		}
		if from == to {
			return fail(reasonVersion, fmt.Errorf("hubspoke: converting %s %s: it is at %s already, the same version as desiredAPIVersion (the API server never asks for that)", r.gk, objectName(current), desired))
		}
		if p == nil || p.from != from {
			p = o.pair(from, to)
		}
		dst := r.new(to)
		start := time.Now()
		if err := r.converter.ConvertOwned(src, dst); err != nil {
			return fail(reasonConversion, fmt.Errorf("%w (object %d of the review, %s)", err, i, objectName(current)))
		}
		if err := o.converted(p, dst, time.Since(start)); err != nil {
			return fail(reasonBags, err)
		}
		if i > 0 {
			out.WriteByte(',')
		}
		if err := enc.Encode(dst); err != nil {
			return fail(reasonEncode, fmt.Errorf("hubspoke: converting %s %s: encoding it at %s: %w", r.gk, objectName(current), to, err))
		}
	}
	out.WriteString("]}}\n")
	return nil
}

// responseRoom is the room to make in a new response buffer for the
// converted objects: the size of their text in the request and a quarter
// more (a version that carries another's values in its annotation or
// status is larger), and room for the envelope. Made at once, it spares the
// response the doublings of a growing buffer, which allocate about twice
// its size. A buffer from the pool, which an earlier review sized, is used
// as it is; but the pool often has none to give: it drops its buffers at
// the second garbage collection, and a buffer put back on one processor is
// often out of another's reach.
func responseRoom(objects [][]byte) int {
	n := 0
	for _, o := range objects {
		n += len(o) + 1 // and its comma
	}
	return n + n/4 + 512
}

func (r *resource) versions() string {
	var vs []string
	for _, v := range r.converter.Graph().Versions() {
		if r.desired[v] {
			vs = append(vs, v)
		}
	}
	return strings.Join(vs, ", ")
}

// writeSuccessStart writes a successful review up to its first converted
// object.
func writeSuccessStart(out *bytes.Buffer, uid types.UID) {
	out.WriteString(`{"apiVersion":"` + reviewAPIVersion + `","kind":"` + reviewKind + `","response":{"uid":`)
	quoted, _ := json.Marshal(string(uid)) // a string always encodes
	out.Write(quoted)
	out.WriteString(`,"result":{"metadata":{},"status":"Success"},"convertedObjects":[`)
}

// writeFailure writes a review answering uid with a Failure and err's
// message.
func writeFailure(out *bytes.Buffer, uid types.UID, err error) {
	review := apiextensionsv1.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: reviewAPIVersion, Kind: reviewKind},
		Response: &apiextensionsv1.ConversionResponse{
			UID:              uid,
			ConvertedObjects: []runtime.RawExtension{},
			Result:           metav1.Status{Status: metav1.StatusFailure, Message: err.Error()},
		},
	}
	_ = json.NewEncoder(out).Encode(review) // these types always encode
}

// newConversionHandler returns hubspoke's handler for the resources of
// crds, given their Converters (in the same order).
func newConversionHandler(scheme *runtime.Scheme, fallback http.Handler, opts Options, converters []*convert.Converter, crds []*apiextensionsv1.CustomResourceDefinition) (*handler, error) {
	maxBytes := opts.MaxReviewBytes
	if maxBytes == 0 {
		maxBytes = defaultMaxReviewBytes
	}
	if maxBytes < 0 {
		return nil, fmt.Errorf("webhook: MaxReviewBytes %d: want more than 0", maxBytes)
	}
	h := &handler{resources: map[schema.GroupKind]*resource{}, scheme: scheme, fallback: fallback, maxBytes: maxBytes, log: opts.Logger}
	for i, c := range converters {
		o, err := newObserver(c.GroupKind(), opts.Logger, opts.ConversionBagsLimit)
		if err != nil {
			return nil, err
		}
		r, err := newResource(scheme, c, crds[i], o)
		if err != nil {
			return nil, err
		}
		h.resources[r.gk] = r
	}
	return h, nil
}
