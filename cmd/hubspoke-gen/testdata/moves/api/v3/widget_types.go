package v3

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is the resource of this case. v3 nests v2's engine and limits
// into runtime, and makes a key of settings.config a field.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Runtime WidgetRuntime `json:"runtime,omitempty"`
	// +optional
	Settings WidgetSettings `json:"settings,omitempty"`
	// Ratio was gear.box.ratio: moved out of two nested structs both
	// versions have, which the way back makes when absent.
	// +hubspoke:movedFrom=gear.box.ratio
	// +optional
	Ratio int32 `json:"ratio,omitempty"`
	// Turbo was tuning.turbo: moved out of a struct both versions have,
	// which the way back makes when absent.
	// +hubspoke:movedFrom=tuning.turbo
	// +optional
	Turbo bool `json:"turbo,omitempty"`
	// +optional
	Tuning *Tuning `json:"tuning,omitempty"`
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

// WidgetRuntime gathers what v2 had at the top.
type WidgetRuntime struct {
	// Engine names the engine: nested.
	// +hubspoke:movedFrom=engine
	Engine string `json:"engine"`
	// Limits of the engine: a whole struct, nested.
	// +hubspoke:movedFrom=limits
	// +optional
	Limits *Limits `json:"limits,omitempty"`
}

// WidgetSettings are settings.
type WidgetSettings struct {
	// +optional
	Notes string `json:"notes,omitempty"`
	// Config is free-form.
	// +optional
	Config map[string]string `json:"config,omitempty"`
	// NotifyEvents was the key notify-events of config.
	// +hubspoke:movedFrom=settings.config[notify-events]
	// +optional
	NotifyEvents string `json:"notify-events,omitempty"`
}

// Tuning holds knobs.
type Tuning struct {
	// +optional
	Level int32 `json:"level,omitempty"`
}

// Gear holds a gearbox.
type Gear struct {
	// +optional
	Box *GearBox `json:"box,omitempty"`
}

// GearBox is a gearbox.
type GearBox struct {
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
