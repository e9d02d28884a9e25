// Package common holds a type both versions use that writes its own JSON,
// as Tekton's ParamValue: a string, a list or an object of strings. Its
// zero value is written as "", which reads back as a string param, not as
// the zero value.
//
// +kubebuilder:object:generate=true
package common

import (
	"encoding/json"
	"fmt"
)

// ParamType is the type of a param's value.
type ParamType string

// The types of a param's value.
const (
	ParamTypeString ParamType = "string"
	ParamTypeArray  ParamType = "array"
	ParamTypeObject ParamType = "object"
)

// ParamValue is a string, a list of strings or an object of strings.
type ParamValue struct {
	Type      ParamType
	StringVal string
	ArrayVal  []string
	ObjectVal map[string]string
}

// UnmarshalJSON reads a string, a list or an object.
func (p *ParamValue) UnmarshalJSON(b []byte) error {
	*p = ParamValue{}
	switch {
	case len(b) == 0 || string(b) == "null":
		p.Type = ParamTypeString
		return nil
	case b[0] == '[':
		p.Type = ParamTypeArray
		return json.Unmarshal(b, &p.ArrayVal)
	case b[0] == '{':
		p.Type = ParamTypeObject
		return json.Unmarshal(b, &p.ObjectVal)
	case b[0] == '"':
		p.Type = ParamTypeString
		return json.Unmarshal(b, &p.StringVal)
	}
	return fmt.Errorf("param value %s: not a string, a list or an object", b)
}

// MarshalJSON writes the value of its type: a string unless it says
// otherwise.
func (p ParamValue) MarshalJSON() ([]byte, error) {
	switch p.Type {
	case ParamTypeArray:
		if p.ArrayVal == nil {
			return []byte("[]"), nil
		}
		return json.Marshal(p.ArrayVal)
	case ParamTypeObject:
		if p.ObjectVal == nil {
			return []byte("{}"), nil
		}
		return json.Marshal(p.ObjectVal)
	}
	return json.Marshal(p.StringVal)
}
