// Package shared holds a type both versions use, not a version.
//
// +kubebuilder:object:generate=true
package shared

// Ref names something. The JSON name of Dash is "-": the comma after it
// makes encoding/json write the field under that name, not skip it.
type Ref struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Dash string `json:"-,"`
}

// Owner names who owns something.
type Owner struct {
	// +optional
	Name string `json:"name,omitempty"`
}
