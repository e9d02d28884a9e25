package webhook

import (
	"net/http"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// The ways of wiring that Setup combines, for the tests of package
// webhook_test.
var (
	NewHubSpokeConverter = newHubSpokeConverter
	Register             = register
	NewHandler           = newHandler
	NewAdmissionHandler  = newAdmissionHandler
)

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
