// Package fixtures is the root of the module of hubspoke-gen's fixtures
// (see go.mod): it imports every package outside the module that the
// cases' packages import, so that go mod tidy, which does not see the
// cases (go.mod ignores their api directories), keeps the requirements
// they need. A case that imports a new package adds it here.
package fixtures

import (
	_ "github.com/hubspoke/hubspoke/augment"
	_ "github.com/hubspoke/hubspoke/compat"
	_ "github.com/hubspoke/hubspoke/convert"
	_ "github.com/hubspoke/hubspoke/convert/convtest"
	_ "github.com/hubspoke/hubspoke/genruntime"
	_ "github.com/hubspoke/hubspoke/propertybag"
	_ "k8s.io/api/batch/v1"
	_ "k8s.io/api/core/v1"
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	_ "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	_ "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	_ "k8s.io/apimachinery/pkg/api/equality"
	_ "k8s.io/apimachinery/pkg/api/resource"
	_ "k8s.io/apimachinery/pkg/apis/meta/v1"
	_ "k8s.io/apimachinery/pkg/runtime"
	_ "k8s.io/apimachinery/pkg/runtime/schema"
	_ "k8s.io/apimachinery/pkg/util/intstr"
	_ "k8s.io/apimachinery/pkg/util/json"
	_ "k8s.io/apimachinery/pkg/util/validation/field"
	_ "k8s.io/apiserver/pkg/apis/cel"
	_ "k8s.io/utils/ptr"
	_ "sigs.k8s.io/controller-runtime/pkg/conversion"
	_ "sigs.k8s.io/controller-runtime/pkg/scheme"
	_ "sigs.k8s.io/yaml"
)
