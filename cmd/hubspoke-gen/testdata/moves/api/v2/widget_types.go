package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is the resource of this case. v2 flattens v1's spec: every one
// of its fields moved, so its removal needs no +hubspoke:removed.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Engine names the engine: a flatten with a rename.
	// +hubspoke:movedFrom=spec.engineName
	Engine string `json:"engine"`
	// Limits of the engine: a whole struct, flattened.
	// +hubspoke:movedFrom=spec.limits
	// +optional
	Limits *Limits `json:"limits,omitempty"`
	// Settings are new in v2.
	// +optional
	Settings WidgetSettings `json:"settings,omitempty"`
	// Tuning is new in v2.
	// +optional
	Tuning *Tuning `json:"tuning,omitempty"`
	// Gear is new in v2.
	// +optional
	Gear   *Gear        `json:"gear,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widget.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSettings are settings.
type WidgetSettings struct {
	// Notes about the widget: moved from the old spec to a sibling.
	// +hubspoke:movedFrom=spec.notes
	// +optional
	Notes string `json:"notes,omitempty"`
	// Config is free-form.
	// +optional
	Config map[string]string `json:"config,omitempty"`
}

// Tuning holds knobs.
type Tuning struct {
	// +optional
	Level int32 `json:"level,omitempty"`
	// +optional
	Turbo bool `json:"turbo,omitempty"`
}

// Gear holds a gearbox.
type Gear struct {
	// +optional
	Box *GearBox `json:"box,omitempty"`
}

// GearBox is a gearbox.
type GearBox struct {
	// +optional
	Ratio int32 `json:"ratio,omitempty"`
	// +optional
	Teeth int32 `json:"teeth,omitempty"`
}

// Limits are resource limits.
type Limits struct {
	// +optional
	CPU string `json:"cpu,omitempty"`
	// +optional
	Memory string `json:"memory,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
