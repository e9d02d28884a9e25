// Hand-written: v2beta1 holds some quantities by value that v2beta2 and v2
// hold as optional pointers. When the storage version has none, v2beta1
// shows zero; these hooks mark that in the bag, so that writing the object
// back unchanged restores "none" (see v2beta1storage.MarkUnset).

package v2beta1

import "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"

// AssignPropertiesFrom marks an unset targetValue.
func (s *ObjectMetricSource) AssignPropertiesFrom(src *v2beta1storage.ObjectMetricSource) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "TargetValue", src.TargetValue == nil)
}

// AssignPropertiesFrom marks an unset targetAverageValue.
func (s *PodsMetricSource) AssignPropertiesFrom(src *v2beta1storage.PodsMetricSource) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "TargetAverageValue", src.TargetAverageValue == nil)
}

// AssignPropertiesFrom marks an unset currentValue.
func (s *ObjectMetricStatus) AssignPropertiesFrom(src *v2beta1storage.ObjectMetricStatus) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "CurrentValue", src.CurrentValue == nil)
}

// AssignPropertiesFrom marks an unset currentAverageValue.
func (s *PodsMetricStatus) AssignPropertiesFrom(src *v2beta1storage.PodsMetricStatus) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "CurrentAverageValue", src.CurrentAverageValue == nil)
}

// AssignPropertiesFrom marks an unset currentAverageValue.
func (s *ResourceMetricStatus) AssignPropertiesFrom(src *v2beta1storage.ResourceMetricStatus) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "CurrentAverageValue", src.CurrentAverageValue == nil)
}

// AssignPropertiesFrom marks an unset currentAverageValue.
func (s *ContainerResourceMetricStatus) AssignPropertiesFrom(src *v2beta1storage.ContainerResourceMetricStatus) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "CurrentAverageValue", src.CurrentAverageValue == nil)
}

// AssignPropertiesFrom marks an unset currentValue.
func (s *ExternalMetricStatus) AssignPropertiesFrom(src *v2beta1storage.ExternalMetricStatus) error {
	return v2beta1storage.MarkUnset(&src.PropertyBag, "CurrentValue", src.CurrentValue == nil)
}
