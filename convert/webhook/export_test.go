package webhook

import (
	"bytes"
	"errors"
	"net/http"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// DefaultBagsBudget is Options.BagsBudget when 0, for the tests.
const DefaultBagsBudget = defaultBagsBudget

// NewAdmissionHandler returns the validating admission webhook that Setup
// serves for the resource of crd, without a manager.
func NewAdmissionHandler(scheme *runtime.Scheme, crd *apiextensionsv1.CustomResourceDefinition, opts Options) (http.Handler, error) {
	v, err := newValidator(scheme, crd, opts)
	if err != nil {
		return nil, err
	}
	return &admission.Webhook{Handler: v}, nil
}

// NewConversionHandler returns hubspoke's conversion handler for the
// resources gks of scheme, which may be asked for any version of their
// chains, handing other resources of the scheme to controller-runtime's
// handler with an empty registry.
func NewConversionHandler(scheme *runtime.Scheme, opts Options, gks ...schema.GroupKind) (http.Handler, error) {
	if opts.Logger.GetSink() == nil {
		opts.Logger = logr.Discard()
	}
	var converters []*convert.Converter
	for _, gk := range gks {
		c, err := newConverter(scheme, gk)
		if err != nil {
			return nil, err
		}
		converters = append(converters, c)
	}
	fallback := conversion.NewWebhookHandler(scheme, conversion.NewRegistry())
	return newConversionHandler(scheme, fallback, opts, converters, make([]*apiextensionsv1.CustomResourceDefinition, len(gks)))
}

// ConvertInto converts the ConversionReview body with h, a handler from
// NewConversionHandler, writing the response into out as ServeHTTP writes
// it into the buffer it takes from its pool, and returns the room
// (responseRoom) the handler makes in a new buffer for it.
func ConvertInto(h http.Handler, out *bytes.Buffer, body []byte) (room int, err error) {
	hh := h.(*handler)
	var review reviewIn
	if f := hh.decodeReview(body, &review); f != nil {
		return 0, f.err
	}
	r, _ := hh.resourceOf(review.Request.Objects)
	if r == nil {
		return 0, errors.New("no resource of the handler's in the review")
	}
	if f := hh.convert(out, r, review.Request.UID, review.Request.DesiredAPIVersion, review.Request.Objects); f != nil {
		return 0, f.err
	}
	return responseRoom(review.Request.Objects), nil
}
