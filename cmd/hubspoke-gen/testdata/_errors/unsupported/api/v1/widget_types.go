// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"encoding/json"
	"strings"

	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion

// Widget is the resource of this case.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`

	// The name of a method of every kind.
	// +optional
	Link string `json:"link,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widget.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// +optional
	Any interface{} `json:"any,omitempty"`

	// +optional
	Pair [2]string `json:"pair,omitempty"`

	// +optional
	Inline struct{ A string } `json:"inline,omitempty"`

	// +optional
	ByTier map[Tier]string `json:"byTier,omitempty"`

	// +optional
	ByRank map[Rank]string `json:"byRank,omitempty"`

	// +optional
	Pairs Pairs `json:"pairs,omitempty"`

	// +optional
	Tree Tree `json:"tree,omitempty"`

	// +optional
	Notify Notify `json:"notify,omitempty"`

	// +optional
	Csv Csv `json:"csv,omitempty"`

	// +optional
	Default *Raw `json:"default,omitempty"`

	// +optional
	Level Level `json:"level,omitempty"`

	// +optional
	Dotted *Spot `json:"at.spot,omitempty"`

	// +optional
	Bracketed []Spot `json:"spots[0],omitempty"`

	// encoding/json writes no bool, float or complex keys, nor complex
	// values.
	// +optional
	ByFlag map[bool]string `json:"byFlag,omitempty"`

	// +optional
	ByRatio map[float64]string `json:"byRatio,omitempty"`

	// +optional
	Phase complex128 `json:"phase,omitempty"`

	// Not embedded: encoding/json writes "Flat" and "Unnamed", controller-gen
	// inlines them in the schema.
	// +optional
	Flat Spot `json:",inline"`

	// +optional
	Unnamed string `json:",omitempty"`

	// ",string" quotes a number or a bool in JSON, where controller-gen's
	// schema says integer, boolean or number: refused.
	// +optional
	Quoted int32 `json:"quoted,string"`

	// +optional
	QuotedFlag *bool `json:"quotedFlag,omitempty,string"`

	// +optional
	QuotedCount Count `json:"quotedCount,string"`

	// With the schema's type string, the API server takes the quoted
	// value: fine. So is ",string" on a string (a JSON string inside
	// the string, which the schema takes) or a list (ignored).
	// +kubebuilder:validation:Type=string
	// +optional
	QuotedAsString int64 `json:"quotedAsString,string"`

	// +optional
	QuotedText string `json:"quotedText,string"`

	// +optional
	QuotedList []int32 `json:"quotedList,string"`

	// A dot in the name of a plain value names no bag: fine.
	// +optional
	Plain string `json:"plain.value,omitempty"`
}

// Spot is a struct of the version, with a bag in its storage twin.
type Spot struct {
	// +optional
	Name string `json:"name,omitempty"`

	// The name of a method the conversions declare on Spot.
	// +optional
	AssignProperties_To_Spot string `json:"to,omitempty"`

	// Not in the status of a kind: nothing would convert it.
	// +optional
	Carried propertybag.Bags `json:"carried,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`

	// +optional
	MoreBags propertybag.Bags `json:"moreBags,omitempty"`
}

// Tier is a level: a string type of the version keys a map as a string
// does.
type Tier string

// Rank is a level by number: no map key.
type Rank int32

// Pairs is a named array (named slices and maps are supported).
type Pairs [2]string

// Tree holds itself, through maps alone.
type Tree map[string]Tree

// Notify is a channel.
type Notify chan string

// Csv is a list written as one string.
type Csv []string

// MarshalJSON writes the list as one string.
func (c Csv) MarshalJSON() ([]byte, error) { return json.Marshal(strings.Join(c, ",")) }

// Raw is any JSON, kept as its text in a field encoding/json skips.
type Raw struct {
	Bytes []byte `json:"-"`
}

// MarshalJSON writes the text.
func (r Raw) MarshalJSON() ([]byte, error) { return r.Bytes, nil }

// UnmarshalJSON keeps the text.
func (r *Raw) UnmarshalJSON(b []byte) error {
	r.Bytes = append([]byte(nil), b...)
	return nil
}

// Level is a number written as its name.
type Level int

// MarshalText writes the name.
func (l Level) MarshalText() ([]byte, error) { return []byte([]string{"low", "high"}[l]), nil }

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// Gadget is a root type that writes its own JSON: its storage twin would not.
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Setting           string `json:"-"`
}

// MarshalJSON writes the setting in place of the object.
func (g Gadget) MarshalJSON() ([]byte, error) { return json.Marshal(g.Setting) }

// Count is an integer of the version.
type Count int32
