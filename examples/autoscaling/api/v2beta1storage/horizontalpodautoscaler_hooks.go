// Hand-written: v2beta2 restructured the metric sources. v2beta1's flat
// fields (metricName, selector, targetValue, targetAverageUtilization, ...)
// became a MetricIdentifier (metric), a MetricTarget (target) and, in the
// status, a MetricValueStatus (current). The generated copy moves what has
// no counterpart through the property bags; these hooks then say what the
// fields mean on the other side, and drop from the bags what the other side
// now holds, so that nothing is kept twice.
//
// The rules: towards v2beta2, start from what the bag recalled (a
// MetricTarget written at v2 keeps its type and the values v2beta1 cannot
// show) and write over it the values v2beta1 has fields for. Towards
// v2beta1, read those values, and keep the v2beta2 structure in the bag only
// when rebuilding it from the v2beta1 fields would not give it back.

package v2beta1storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"

	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// unsetSuffix marks, in a bag, a property that was unset (nil) in the
// storage version when an API version that holds it by value showed it as
// its zero value (see MarkUnset).
const unsetSuffix = "@unset"

// MarkUnset is called by the hooks of API version v2beta1: v2beta1 holds
// some quantities by value (targetValue, currentValue, ...) that v2beta2
// holds as optional pointers. When the storage version has none, the API
// version shows zero; the mark in the bag lets the way back restore "none"
// if the client left the zero alone. The $twin entry package boundary
// writes beside it restores "none" by itself today; the mark stays for
// the objects read at v2beta1 before those entries existed, which carry
// only the mark, and for a rollback to a build that reads only the mark
// (TestV2beta1UnsetQuantities in package autoscaling).
func MarkUnset(bag *propertybag.PropertyBag, name string, unset bool) error {
	if !unset {
		return nil
	}
	return propertybag.Add(bag, name+unsetSuffix, ptr.To(true))
}

// takeUnset removes the mark of MarkUnset for name from bag and returns q,
// or nil when the mark was there and q is still zero.
func takeUnset(bag *propertybag.PropertyBag, name string, q *resource.Quantity) (*resource.Quantity, error) {
	marked, err := propertybag.Pull[bool](bag, name+unsetSuffix)
	if err != nil {
		return nil, err
	}
	if marked != nil && *marked && (q == nil || q.IsZero()) {
		return nil, nil
	}
	return q, nil
}

// keepIfLost removes name from bag when the value kept there under that
// name (was) is what the other direction rebuilds from the fields
// (rebuilt), compared as JSON. Values that same finds equal (field by
// field, which holds only of values with the same JSON) are not
// marshalled: the usual case, a structure the fields rebuild whole, needs
// no JSON at all.
func keepIfLost[T any](bag *propertybag.PropertyBag, name string, was, rebuilt *T, same func(a, b *T) bool) error {
	if (was == nil && rebuilt == nil) || (was != nil && rebuilt != nil && same(was, rebuilt)) {
		bag.Remove(name)
		return nil
	}
	a, err := json.Marshal(was)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	b, err := json.Marshal(rebuilt)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if bytes.Equal(a, b) {
		bag.Remove(name)
	}
	return nil
}

// forget removes from bag the values of v2beta1 fields that v2beta2 now
// holds in its own structure.
func forget(bag *propertybag.PropertyBag, names ...string) {
	for _, n := range names {
		bag.Remove(n)
	}
}

// identifier returns base (or a new MetricIdentifier) with v2beta1's metric
// name and selector.
func identifier(base *v2beta2storage.MetricIdentifier, name *string, selector *metav1.LabelSelector) *v2beta2storage.MetricIdentifier {
	if base == nil {
		base = &v2beta2storage.MetricIdentifier{}
	}
	base.Name, base.Selector = name, selector
	return base
}

// target returns base, or a new MetricTarget of type typ.
func target(base *v2beta2storage.MetricTarget, typ v2beta2storage.MetricTargetType) *v2beta2storage.MetricTarget {
	if base == nil {
		base = &v2beta2storage.MetricTarget{Type: &typ}
	}
	return base
}

// current returns base or a new MetricValueStatus.
func current(base *v2beta2storage.MetricValueStatus) *v2beta2storage.MetricValueStatus {
	if base == nil {
		base = &v2beta2storage.MetricValueStatus{}
	}
	return base
}

// valueOrAverage is the type of target Kubernetes gives a v2beta1 source
// with a value and an average value: AverageValue when the average is set.
func valueOrAverage(average *resource.Quantity) v2beta2storage.MetricTargetType {
	if average != nil {
		return "AverageValue"
	}
	return "Value"
}

// utilizationOrAverage is the type of target of a v2beta1 resource source:
// Utilization when a utilisation is set, AverageValue otherwise.
func utilizationOrAverage(utilization *int32) v2beta2storage.MetricTargetType {
	if utilization != nil {
		return "Utilization"
	}
	return "AverageValue"
}

// AssignPropertiesTo: metricName and selector become metric, targetValue
// and averageValue become target.
func (s *ObjectMetricSource) AssignPropertiesTo(dst *v2beta2storage.ObjectMetricSource) error {
	value, err := takeUnset(&dst.PropertyBag, "TargetValue", s.TargetValue)
	if err != nil {
		return err
	}
	dst.Metric = identifier(dst.Metric, s.MetricName, s.Selector)
	dst.Target = target(dst.Target, valueOrAverage(s.AverageValue))
	dst.Target.Value, dst.Target.AverageValue = value, s.AverageValue
	forget(&dst.PropertyBag, "MetricName", "Selector", "TargetValue", "AverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ObjectMetricSource) AssignPropertiesFrom(src *v2beta2storage.ObjectMetricSource) error {
	s.MetricName, s.Selector = metricName(src.Metric)
	s.TargetValue, s.AverageValue = nil, nil
	if t := src.Target; t != nil {
		s.TargetValue, s.AverageValue = copyQuantity(t.Value), copyQuantity(t.AverageValue)
	}
	var back v2beta2storage.ObjectMetricSource
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepBoth(&s.PropertyBag, src.Metric, back.Metric, "Target", src.Target, back.Target, sameTarget)
}

// AssignPropertiesTo: metricName and selector become metric,
// targetAverageValue becomes target.
func (s *PodsMetricSource) AssignPropertiesTo(dst *v2beta2storage.PodsMetricSource) error {
	average, err := takeUnset(&dst.PropertyBag, "TargetAverageValue", s.TargetAverageValue)
	if err != nil {
		return err
	}
	dst.Metric = identifier(dst.Metric, s.MetricName, s.Selector)
	dst.Target = target(dst.Target, "AverageValue")
	dst.Target.AverageValue = average
	forget(&dst.PropertyBag, "MetricName", "Selector", "TargetAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *PodsMetricSource) AssignPropertiesFrom(src *v2beta2storage.PodsMetricSource) error {
	s.MetricName, s.Selector = metricName(src.Metric)
	s.TargetAverageValue = nil
	if t := src.Target; t != nil {
		s.TargetAverageValue = copyQuantity(t.AverageValue)
	}
	var back v2beta2storage.PodsMetricSource
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepBoth(&s.PropertyBag, src.Metric, back.Metric, "Target", src.Target, back.Target, sameTarget)
}

// AssignPropertiesTo: targetAverageUtilization and targetAverageValue
// become target.
func (s *ResourceMetricSource) AssignPropertiesTo(dst *v2beta2storage.ResourceMetricSource) error {
	dst.Target = target(dst.Target, utilizationOrAverage(s.TargetAverageUtilization))
	dst.Target.AverageUtilization, dst.Target.AverageValue = s.TargetAverageUtilization, s.TargetAverageValue
	forget(&dst.PropertyBag, "TargetAverageUtilization", "TargetAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ResourceMetricSource) AssignPropertiesFrom(src *v2beta2storage.ResourceMetricSource) error {
	s.TargetAverageUtilization, s.TargetAverageValue = nil, nil
	if t := src.Target; t != nil {
		s.TargetAverageUtilization, s.TargetAverageValue = copyInt(t.AverageUtilization), copyQuantity(t.AverageValue)
	}
	var back v2beta2storage.ResourceMetricSource
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepIfLost(&s.PropertyBag, "Target", src.Target, back.Target, sameTarget)
}

// AssignPropertiesTo: as for ResourceMetricSource.
func (s *ContainerResourceMetricSource) AssignPropertiesTo(dst *v2beta2storage.ContainerResourceMetricSource) error {
	dst.Target = target(dst.Target, utilizationOrAverage(s.TargetAverageUtilization))
	dst.Target.AverageUtilization, dst.Target.AverageValue = s.TargetAverageUtilization, s.TargetAverageValue
	forget(&dst.PropertyBag, "TargetAverageUtilization", "TargetAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ContainerResourceMetricSource) AssignPropertiesFrom(src *v2beta2storage.ContainerResourceMetricSource) error {
	s.TargetAverageUtilization, s.TargetAverageValue = nil, nil
	if t := src.Target; t != nil {
		s.TargetAverageUtilization, s.TargetAverageValue = copyInt(t.AverageUtilization), copyQuantity(t.AverageValue)
	}
	var back v2beta2storage.ContainerResourceMetricSource
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepIfLost(&s.PropertyBag, "Target", src.Target, back.Target, sameTarget)
}

// AssignPropertiesTo: metricName and metricSelector become metric,
// targetValue and targetAverageValue become target.
func (s *ExternalMetricSource) AssignPropertiesTo(dst *v2beta2storage.ExternalMetricSource) error {
	typ := v2beta2storage.MetricTargetType("AverageValue")
	if s.TargetValue != nil {
		typ = "Value"
	}
	dst.Metric = identifier(dst.Metric, s.MetricName, s.MetricSelector)
	dst.Target = target(dst.Target, typ)
	dst.Target.Value, dst.Target.AverageValue = s.TargetValue, s.TargetAverageValue
	forget(&dst.PropertyBag, "MetricName", "MetricSelector", "TargetValue", "TargetAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ExternalMetricSource) AssignPropertiesFrom(src *v2beta2storage.ExternalMetricSource) error {
	s.MetricName, s.MetricSelector = metricName(src.Metric)
	s.TargetValue, s.TargetAverageValue = nil, nil
	if t := src.Target; t != nil {
		s.TargetValue, s.TargetAverageValue = copyQuantity(t.Value), copyQuantity(t.AverageValue)
	}
	var back v2beta2storage.ExternalMetricSource
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepBoth(&s.PropertyBag, src.Metric, back.Metric, "Target", src.Target, back.Target, sameTarget)
}

// AssignPropertiesTo: metricName and selector become metric, currentValue
// and averageValue become current.
func (s *ObjectMetricStatus) AssignPropertiesTo(dst *v2beta2storage.ObjectMetricStatus) error {
	value, err := takeUnset(&dst.PropertyBag, "CurrentValue", s.CurrentValue)
	if err != nil {
		return err
	}
	dst.Metric = identifier(dst.Metric, s.MetricName, s.Selector)
	dst.Current = current(dst.Current)
	dst.Current.Value, dst.Current.AverageValue = value, s.AverageValue
	forget(&dst.PropertyBag, "MetricName", "Selector", "CurrentValue", "AverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ObjectMetricStatus) AssignPropertiesFrom(src *v2beta2storage.ObjectMetricStatus) error {
	s.MetricName, s.Selector = metricName(src.Metric)
	s.CurrentValue, s.AverageValue = nil, nil
	if c := src.Current; c != nil {
		s.CurrentValue, s.AverageValue = copyQuantity(c.Value), copyQuantity(c.AverageValue)
	}
	var back v2beta2storage.ObjectMetricStatus
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepBoth(&s.PropertyBag, src.Metric, back.Metric, "Current", src.Current, back.Current, sameCurrent)
}

// AssignPropertiesTo: metricName and selector become metric,
// currentAverageValue becomes current.
func (s *PodsMetricStatus) AssignPropertiesTo(dst *v2beta2storage.PodsMetricStatus) error {
	average, err := takeUnset(&dst.PropertyBag, "CurrentAverageValue", s.CurrentAverageValue)
	if err != nil {
		return err
	}
	dst.Metric = identifier(dst.Metric, s.MetricName, s.Selector)
	dst.Current = current(dst.Current)
	dst.Current.AverageValue = average
	forget(&dst.PropertyBag, "MetricName", "Selector", "CurrentAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *PodsMetricStatus) AssignPropertiesFrom(src *v2beta2storage.PodsMetricStatus) error {
	s.MetricName, s.Selector = metricName(src.Metric)
	s.CurrentAverageValue = nil
	if c := src.Current; c != nil {
		s.CurrentAverageValue = copyQuantity(c.AverageValue)
	}
	var back v2beta2storage.PodsMetricStatus
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepBoth(&s.PropertyBag, src.Metric, back.Metric, "Current", src.Current, back.Current, sameCurrent)
}

// AssignPropertiesTo: currentAverageUtilization and currentAverageValue
// become current.
func (s *ResourceMetricStatus) AssignPropertiesTo(dst *v2beta2storage.ResourceMetricStatus) error {
	average, err := takeUnset(&dst.PropertyBag, "CurrentAverageValue", s.CurrentAverageValue)
	if err != nil {
		return err
	}
	dst.Current = current(dst.Current)
	dst.Current.AverageUtilization, dst.Current.AverageValue = s.CurrentAverageUtilization, average
	forget(&dst.PropertyBag, "CurrentAverageUtilization", "CurrentAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ResourceMetricStatus) AssignPropertiesFrom(src *v2beta2storage.ResourceMetricStatus) error {
	s.CurrentAverageUtilization, s.CurrentAverageValue = nil, nil
	if c := src.Current; c != nil {
		s.CurrentAverageUtilization, s.CurrentAverageValue = copyInt(c.AverageUtilization), copyQuantity(c.AverageValue)
	}
	var back v2beta2storage.ResourceMetricStatus
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepIfLost(&s.PropertyBag, "Current", src.Current, back.Current, sameCurrent)
}

// AssignPropertiesTo: as for ResourceMetricStatus.
func (s *ContainerResourceMetricStatus) AssignPropertiesTo(dst *v2beta2storage.ContainerResourceMetricStatus) error {
	average, err := takeUnset(&dst.PropertyBag, "CurrentAverageValue", s.CurrentAverageValue)
	if err != nil {
		return err
	}
	dst.Current = current(dst.Current)
	dst.Current.AverageUtilization, dst.Current.AverageValue = s.CurrentAverageUtilization, average
	forget(&dst.PropertyBag, "CurrentAverageUtilization", "CurrentAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ContainerResourceMetricStatus) AssignPropertiesFrom(src *v2beta2storage.ContainerResourceMetricStatus) error {
	s.CurrentAverageUtilization, s.CurrentAverageValue = nil, nil
	if c := src.Current; c != nil {
		s.CurrentAverageUtilization, s.CurrentAverageValue = copyInt(c.AverageUtilization), copyQuantity(c.AverageValue)
	}
	var back v2beta2storage.ContainerResourceMetricStatus
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepIfLost(&s.PropertyBag, "Current", src.Current, back.Current, sameCurrent)
}

// AssignPropertiesTo: metricName and metricSelector become metric,
// currentValue and currentAverageValue become current.
func (s *ExternalMetricStatus) AssignPropertiesTo(dst *v2beta2storage.ExternalMetricStatus) error {
	value, err := takeUnset(&dst.PropertyBag, "CurrentValue", s.CurrentValue)
	if err != nil {
		return err
	}
	dst.Metric = identifier(dst.Metric, s.MetricName, s.MetricSelector)
	dst.Current = current(dst.Current)
	dst.Current.Value, dst.Current.AverageValue = value, s.CurrentAverageValue
	forget(&dst.PropertyBag, "MetricName", "MetricSelector", "CurrentValue", "CurrentAverageValue")
	return nil
}

// AssignPropertiesFrom is the inverse of AssignPropertiesTo.
func (s *ExternalMetricStatus) AssignPropertiesFrom(src *v2beta2storage.ExternalMetricStatus) error {
	s.MetricName, s.MetricSelector = metricName(src.Metric)
	s.CurrentValue, s.CurrentAverageValue = nil, nil
	if c := src.Current; c != nil {
		s.CurrentValue, s.CurrentAverageValue = copyQuantity(c.Value), copyQuantity(c.AverageValue)
	}
	var back v2beta2storage.ExternalMetricStatus
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return keepBoth(&s.PropertyBag, src.Metric, back.Metric, "Current", src.Current, back.Current, sameCurrent)
}

// metricName reads v2beta1's metric name and selector from a v2beta2
// MetricIdentifier.
func metricName(m *v2beta2storage.MetricIdentifier) (*string, *metav1.LabelSelector) {
	if m == nil {
		return nil, nil
	}
	return copyString(m.Name), m.Selector.DeepCopy()
}

// keepBoth applies keepIfLost to "Metric" and to name, the other
// structure of a source or status ("Target" or "Current").
func keepBoth[T any](bag *propertybag.PropertyBag, metric, backMetric *v2beta2storage.MetricIdentifier, name string, other, backOther *T, same func(a, b *T) bool) error {
	if err := keepIfLost(bag, "Metric", metric, backMetric, sameIdentifier); err != nil {
		return err
	}
	return keepIfLost(bag, name, other, backOther, same)
}

// sameIdentifier reports whether a and b hold the same values, and so have
// the same JSON. (A false answer may still be the same JSON, which
// keepIfLost then finds out.)
func sameIdentifier(a, b *v2beta2storage.MetricIdentifier) bool {
	return maps.Equal(a.PropertyBag, b.PropertyBag) && samePointer(a.Name, b.Name) &&
		(a.Selector == b.Selector || (a.Selector != nil && b.Selector != nil && reflect.DeepEqual(a.Selector, b.Selector)))
}

// sameTarget is sameIdentifier for MetricTargets.
func sameTarget(a, b *v2beta2storage.MetricTarget) bool {
	return maps.Equal(a.PropertyBag, b.PropertyBag) && samePointer(a.Type, b.Type) &&
		samePointer(a.Value, b.Value) && samePointer(a.AverageValue, b.AverageValue) &&
		samePointer(a.AverageUtilization, b.AverageUtilization)
}

// sameCurrent is sameIdentifier for MetricValueStatuses.
func sameCurrent(a, b *v2beta2storage.MetricValueStatus) bool {
	return maps.Equal(a.PropertyBag, b.PropertyBag) && samePointer(a.Value, b.Value) &&
		samePointer(a.AverageValue, b.AverageValue) && samePointer(a.AverageUtilization, b.AverageUtilization)
}

// samePointer reports whether a and b are both nil or point to equal
// values (a resource.Quantity compares its fields: the same number in the
// same format, cached text included).
func samePointer[T comparable](a, b *T) bool {
	return a == b || (a != nil && b != nil && *a == *b)
}

func copyString(p *string) *string {
	if p == nil {
		return nil
	}
	return ptr.To(*p)
}

func copyInt(p *int32) *int32 {
	if p == nil {
		return nil
	}
	return ptr.To(*p)
}

func copyQuantity(p *resource.Quantity) *resource.Quantity {
	if p == nil {
		return nil
	}
	return ptr.To(p.DeepCopy())
}
